"""A primary source as of an instant: replayed from its readings, it is the source as it stood.

Every fetch goes to a real local HTTP server, through `source_fetch`, at an instant the test
sets; after each, the source's stamps are kept, and the source as of that instant, read later
from the readings alone, must hold exactly those stamps.
"""

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from werkzeug import Response

from ingestion import source_fetch
from registry.models import PrimarySource
from registry.selectors import source_automation, source_freshness, sources_as_of
from tests.factories import PrimarySourceFactory

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parent.parent / "fixtures"
QUIET_RSS = (FIXTURES / "nhc_atlantic_quiet.xml").read_bytes()
ACTIVE_RSS = (FIXTURES / "nhc_atlantic_active.xml").read_bytes()
START = datetime(2026, 11, 20, 6, 15, tzinfo=UTC)
# Every stamp the record's primary-sources layer shows (`registry.selectors.source_object`).
STAMPS = (
    "last_attempt", "last_success", "consecutive_failures", "last_error", "etag",
    "last_modified", "signature", "baseline_established", "last_change", "last_read",
    "last_read_ref", "consecutive_unread", "last_unread_at", "observed_state", "observed",
    "observed_ref", "observed_date", "observed_read_at", "verified_as_of", "read_state",
    "read_state_note",
)  # fmt: skip


@pytest.fixture(autouse=True)
def _timeouts(local_fetches):
    local_fetches.SVC_FETCH_TIMEOUT_SECONDS = 10  # every read here is a good one


def stamps(source: PrimarySource) -> dict:
    return {name: getattr(source, name) for name in STAMPS}


def test_a_source_as_of_each_instant_holds_the_stamps_it_had_then(httpserver, time_machine):
    source = PrimarySourceFactory(fetch_url=httpserver.url_for("/issuer"))
    issuer = httpserver.expect_ordered_request
    issuer("/issuer").respond_with_data(QUIET_RSS, headers={"ETag": '"q"'})
    issuer("/issuer", headers={"If-None-Match": '"q"'}).respond_with_data("", status=304)
    issuer("/issuer").respond_with_data("down", status=503)
    issuer("/issuer").respond_with_data("<html>maintenance</html>", content_type="text/html")
    issuer("/issuer").respond_with_data("down", status=503)
    issuer("/issuer").respond_with_data(ACTIVE_RSS)
    issuer("/issuer").respond_with_data(QUIET_RSS)
    then = {START - timedelta(hours=1): stamps(PrimarySource.objects.get(pk=source.pk))}
    for day in range(7):
        at = START + timedelta(days=day)
        time_machine.move_to(at, tick=False)
        source_fetch(source_id=source.pk)
        then[at + timedelta(minutes=30)] = stamps(PrimarySource.objects.get(pk=source.pk))
    assert len({str(kept) for kept in then.values()}) == len(then)  # each step moved a stamp
    current = PrimarySource.objects.get(pk=source.pk)
    for at, kept in then.items():
        assert stamps(sources_as_of([current], as_of=at)[0]) == kept, at


def test_freshness_and_automation_as_of_an_instant_read_the_readings(httpserver, time_machine):
    source = PrimarySourceFactory(fetch_url=httpserver.url_for("/issuer"))
    httpserver.expect_ordered_request("/issuer").respond_with_data(QUIET_RSS)
    httpserver.expect_ordered_request("/issuer").respond_with_handler(
        lambda request: Response("down", status=503)
    )
    time_machine.move_to(START, tick=False)
    source_fetch(source_id=source.pk)
    time_machine.move_to(START + timedelta(days=1), tick=False)
    source_fetch(source_id=source.pk)
    time_machine.move_to(START + timedelta(days=5), tick=False)
    before_failure = START + timedelta(hours=2)
    held = sources_as_of([PrimarySource.objects.get(pk=source.pk)], as_of=before_failure)
    freshness = source_freshness(held, as_of=before_failure)
    assert freshness["sourcesFailing"] == 0
    assert freshness["failingSince"] is None
    assert freshness["sourcesConfirmedLatestRun"] == 1
    assert freshness["latestConfirmedFetch"] == "2026-11-20"
    automation = source_automation(as_of=before_failure)
    assert automation["status"] == "operational"
    assert automation["lastAttempt"] == automation["lastSuccess"] == START.isoformat()
    after_failure = START + timedelta(days=1, hours=2)
    held = sources_as_of([PrimarySource.objects.get(pk=source.pk)], as_of=after_failure)
    freshness = source_freshness(held, as_of=after_failure)
    assert (freshness["sourcesFailing"], freshness["failingSince"]) == (1, "2026-11-21")
    assert source_automation(as_of=START - timedelta(days=1))["status"] == "not-yet-run"
    assert source_automation(as_of=START + timedelta(days=3))["status"] == "overdue"
