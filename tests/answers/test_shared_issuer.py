"""An issuer guarding several topics speaks of one at a time (issue 51): its reading is cited for
the topic it is about, never as the first word on another topic it also guards, and a reading of
another topic never makes that topic's answer a disagreement.

The registry is this file's own: a harbour board that publishes both its cargo figures and its
berth-fee decision from one newsroom.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from registry import services
from registry.models import PrimarySource, SourceReading
from tests.answers.test_figures_asked import SENTENCE, _reports, _topic, answered

pytestmark = pytest.mark.django_db
CARGO_READING = "October cargo throughput reaches 2.4 million tonnes at Keswin Harbour"


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    cargo = _topic("cargo-keswin-harbour", "Keswin Harbour cargo throughput",
                   ("keswin-harbour-board", "Keswin Harbour Board", "organization"),
                   ["cargo throughput", "tonnes"], "statistical-release")  # fmt: skip
    fees = _topic("berth-fees-keswin-harbour", "Keswin Harbour berth fee decision",
                  ("keswin-harbour-board", "Keswin Harbour Board", "organization"),
                  ["berth fee", "berth fees"], "policy-decision")  # fmt: skip
    source = services.source_upsert(
        slug="keswin-newsroom", name="Newsroom", issuer="Keswin Harbour Board", cadence="Daily",
        parser="central-bank-rss", fetch_url="https://keswin.example/news", events=[cargo, fees],
        links=[{"label": "Newsroom", "url": "https://keswin.example/news"}],
    )  # fmt: skip
    at = timezone.now() - timedelta(days=1)
    SourceReading.objects.create(source=source, attempted_at=at, ok=True, http_status=200,
                                 observed_words=CARGO_READING, observed_date=at.date())  # fmt: skip
    PrimarySource.objects.filter(pk=source.pk).update(
        observed=CARGO_READING, observed_date=at.date(), observed_read_at=at, read_state="read",
        last_success=at, last_attempt=at)  # fmt: skip
    _reports([
        (4, "The Keswin Harbour Board raised berth fees by 8% from January."),
        (3, "Shipping lines criticised the Keswin Harbour Board's 8% berth fee rise."),
        (2, "Keswin Harbour handled 2.1 million tonnes of cargo in September."),
    ])  # fmt: skip


def ask(api, question: str) -> dict:
    body = answered(api, question)
    assert body["grounded"], body["answer"]
    return body


@pytest.mark.usefixtures("registry")
def test_a_reading_of_another_topic_is_not_this_topics_first_word(api):
    body = ask(api, "What did the Keswin Harbour Board decide on berth fees?")
    first = SENTENCE.split(body["answer"])[0]
    assert "cargo" not in first.lower(), first
    assert "8%" in first, first
    assert all(CARGO_READING not in c["snippet"] for c in body["citations"]), body["citations"]


@pytest.mark.usefixtures("registry")
def test_the_reading_is_still_cited_for_the_topic_it_is_about(api):
    body = ask(api, "What was Keswin Harbour cargo throughput in October?")
    assert any(c["source"] == "Keswin Harbour Board" and "2.4 million" in c["snippet"]
               for c in body["citations"]), body["citations"]  # fmt: skip
