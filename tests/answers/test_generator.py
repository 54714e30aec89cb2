"""The optional phrasing model is an outbound call like any other: a deadline and a read cap."""

import time

import pytest

from answers.compose.generator import phrase
from answers.compose.phrasing import Fact
from tests.receivers import drip, elapsed, flood

EVIDENCE = [Fact(1, "Reuters reported on 2026-11-05: The Federal Reserve held its range", 1)]


@pytest.mark.parametrize("head_too", [False, True], ids=["body", "headers"])
def test_a_dripping_model_cannot_hold_an_answer_past_its_deadline(raw_receiver, settings, head_too):
    server = raw_receiver(drip(30, head_too=head_too))
    settings.SVC_ANSWER_GENERATOR_URL = server.url_for("/v1")
    settings.SVC_ANSWER_GENERATOR_TIMEOUT = 2
    started = time.monotonic()
    assert phrase("What did the Fed decide?", EVIDENCE) is None  # the composed answer stands
    assert elapsed(started) < 10  # a bound, not a measurement: the drip lasts 30 s
    assert not server.finished.is_set()


def test_a_flooding_model_is_read_no_further_than_the_cap(raw_receiver, settings):
    server = raw_receiver(flood(50))
    settings.SVC_ANSWER_GENERATOR_URL = server.url_for("/v1")
    assert phrase("What did the Fed decide?", EVIDENCE) is None
    assert not server.finished.is_set()
    assert server.sent < 4 * 1024 * 1024
