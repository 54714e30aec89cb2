"""Primary sources: parsers, read states, the tripwire, automation and freshness.

Every fetch goes to a real local HTTP server. A failed or unreadable read records a clear error,
flips nothing and moves no stamp.
"""

import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from django.core.management import call_command
from werkzeug import Response

from ingestion import source_fetch, sources_verify
from registry.models import PrimarySource, ScheduledJob, SourceReading, TripwireAlert
from registry.selectors import source_automation, source_freshness
from tests.factories import PrimarySourceFactory

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parent.parent / "fixtures"
QUIET_RSS = (FIXTURES / "nhc_atlantic_quiet.xml").read_bytes()
ACTIVE_RSS = (FIXTURES / "nhc_atlantic_active.xml").read_bytes()
STORMS_ACTIVE = (FIXTURES / "nhc_current_storms_active.json").read_bytes()
FED_RSS = (FIXTURES / "fed_press_monetary.xml").read_bytes()
State = PrimarySource.ReadState


@pytest.fixture(autouse=True)
def _timeouts(local_fetches):
    """Good reads get a deadline a loaded host meets; the hang case shortens it to 1 s itself."""
    local_fetches.SVC_FETCH_TIMEOUT_SECONDS = 10


def source_at(httpserver, parser="hurricane-feed", **extra):
    return PrimarySourceFactory(fetch_url=httpserver.url_for("/issuer"), parser=parser, **extra)


def serve(httpserver, *answers):
    """Answer successive requests to /issuer: bytes are a 200 body, functions are handlers."""
    for answer in answers:
        handler = answer if callable(answer) else reply(answer)
        httpserver.expect_ordered_request("/issuer").respond_with_handler(handler)


def fresh(source):
    return PrimarySource.objects.get(pk=source.pk)


def test_quiet_hurricane_feed_is_a_reading_not_an_absence(httpserver):
    source = source_at(httpserver)
    serve(httpserver, QUIET_RSS)
    reading = source_fetch(source_id=source.pk)
    source = fresh(source)
    assert reading.ok
    assert source.observed_state == "no-active-systems"
    assert source.observed == "There are no tropical cyclones at this time."
    assert source.observed_date == date(2026, 11, 21)
    assert source.read_state == State.READ_NOTHING_ACTIVE
    assert source.verified_as_of == source.last_success.date()
    assert source.last_read == source.observed_read_at == source.last_success


def test_storm_advisories_are_active_with_the_issuers_words(httpserver):
    source = source_at(httpserver)
    serve(httpserver, ACTIVE_RSS)
    source_fetch(source_id=source.pk)
    source = fresh(source)
    assert source.observed_state == "active-advisories"
    assert source.observed == "Hurricane Tavia Public Advisory Number 14"
    assert source.observed_ref.endswith("220900.shtml")
    assert source.read_state == State.READ


@pytest.mark.parametrize(
    ("body", "state", "words"),
    [
        (b'{"activeStorms": []}', "no-active-systems", "activeStorms: [] (the issuer lists no"),
        (STORMS_ACTIVE, "active-advisories", "Hurricane Tavia, advisory 014"),
    ],
)
def test_current_storms_json(httpserver, body, state, words):
    source = source_at(httpserver, parser="storms-json")
    serve(httpserver, body)
    source_fetch(source_id=source.pk)
    assert fresh(source).observed_state == state
    assert fresh(source).observed.startswith(words)


def test_central_bank_latest_statement_is_the_observed_words(httpserver):
    source = source_at(httpserver, parser="central-bank-rss")
    serve(httpserver, FED_RSS)
    source_fetch(source_id=source.pk)
    source = fresh(source)
    assert source.observed == "Minutes of the Federal Open Market Committee, October 27-28, 2026"
    assert source.observed_date == date(2026, 11, 18)
    assert source.observed_state is None
    assert source.read_state == State.READ


@pytest.mark.parametrize(
    ("page", "state"),
    [
        (
            b"<p>The Employment Situation for November 2026 is released Friday.</p>",
            "active-advisories",
        ),
        (b"<p>No release scheduled this week.</p>", "no-active-systems"),
    ],
)
def test_text_pattern_parser(httpserver, page, state):
    source = source_at(
        httpserver, parser="text-pattern",
        active_pattern=r"Employment Situation for \w+ \d{4}", quiet_pattern="No release scheduled",
    )  # fmt: skip
    serve(httpserver, page)
    source_fetch(source_id=source.pk)
    assert fresh(source).observed_state == state


RELEASE = """<html><head><title>Policy statement</title></head><body>
<h1>Monetary policy decision</h1><p>Published 14 November 2026</p>
<div>The Board met today. The policy rate was held at 4.50% for the month of November,
as in October. The next meeting is on 12 December 2026.</div></body></html>"""


def test_a_text_pattern_keeps_the_sentence_it_matched_in_and_the_day_the_page_states(httpserver):
    """The issuer's words are its whole sentence, the figure and the period in it (the match
    alone, "held", said neither), not the heading above; the day is the page's own."""
    source = source_at(httpserver, parser="text-pattern", active_pattern=r"\bheld\b",
                       quiet_pattern="no decision")  # fmt: skip
    serve(httpserver, RELEASE.encode())
    source_fetch(source_id=source.pk)
    source = fresh(source)
    said = "The policy rate was held at 4.50% for the month of November, as in October."
    assert (source.observed, source.observed_date) == (said, date(2026, 11, 14))
    assert source.readings.get().observed_words == said


@pytest.mark.parametrize(
    ("head", "day"),
    [
        (
            '<meta property="article:modified_time" content="2026-11-02T09:00:00Z">',
            date(2026, 11, 2),
        ),
        ('<time datetime="2026-10-30">30 Oct</time>', date(2026, 10, 30)),
        ("<p>Figures for September 2026</p>", None),  # a month is no day
        ("<p>The next release: 9 December 2099.</p>", None),  # nor the future
        ("<p>Updated 1 November 2026</p>", date(2026, 11, 1)),
    ],
)
def test_the_day_of_a_text_pattern_page_is_one_it_writes(httpserver, head, day):
    source = source_at(httpserver, parser="text-pattern", active_pattern="landed",
                       quiet_pattern="no landings")  # fmt: skip
    serve(httpserver, f"{head}<p>Vessels landed 3,400 tonnes. Prices fell.</p>".encode())
    source_fetch(source_id=source.pk)
    assert (fresh(source).observed, fresh(source).observed_date) == (
        "Vessels landed 3,400 tonnes.",
        day,
    )


STAMPS = ("last_success", "verified_as_of", "last_read", "observed_state", "observed",
          "observed_read_at", "observed_date", "signature", "etag")  # fmt: skip


def slow(request):
    time.sleep(1.5)
    return Response(QUIET_RSS)


def reply(*args, **kwargs):
    return lambda request: Response(*args, **kwargs)


NOTHING_SAID = QUIET_RSS.replace(b"There are no tropical cyclones at this time.", b"Check later.")
BAD = {
    "timeout": (slow, "timed out", False),
    "server error": (reply("down", status=503), "HTTP 503", False),
    "rate limited": (reply("wait", status=429, headers={"Retry-After": "60"}), "HTTP 429", False),
    "redirect to a private address": (
        reply("", status=302, headers={"Location": "http://192.168.1.20/outlook.xml"}),
        "private network",
        False,
    ),
    "HTML error page served with 200": (
        reply("<html><body><h1>Service Unavailable</h1></body></html>", content_type="text/html"),
        "unreadable: not an RSS or Atom feed",
        True,
    ),
    "truncated XML": (reply(QUIET_RSS[: len(QUIET_RSS) // 2]), "unreadable: malformed XML", True),
    "wording matches neither pattern": (
        reply(NOTHING_SAID),
        "unreadable: the feed names no storm advisory",
        True,
    ),
}


@pytest.mark.parametrize("case", BAD)
def test_bad_read_records_an_error_flips_nothing_and_moves_no_stamp(httpserver, settings, case):
    handler, message, unreadable = BAD[case]
    source = source_at(httpserver)
    serve(httpserver, QUIET_RSS, handler)
    assert source_fetch(source_id=source.pk).ok
    before = {name: getattr(fresh(source), name) for name in STAMPS}
    settings.SVC_FETCH_TIMEOUT_SECONDS = 1  # the hang case's server sleeps 1.5 s
    reading = source_fetch(source_id=source.pk)
    after = fresh(source)
    assert not reading.ok
    assert message in reading.error
    assert message in after.last_error
    assert {name: getattr(after, name) for name in STAMPS} == before
    assert after.consecutive_failures == 1
    assert not TripwireAlert.objects.exists()
    if unreadable:  # fetched but unreadable: a silence of its own, never "quiet"
        assert after.read_state == State.UNREADABLE
        assert (after.consecutive_unread, after.last_unread_at) == (1, reading.attempted_at)
    else:  # never fetched this time: the last read state stands
        assert after.read_state == State.READ_NOTHING_ACTIVE
        assert after.consecutive_unread == 0


def test_quiet_active_fail_active_is_exactly_one_flip(httpserver):
    source = source_at(httpserver)
    serve(httpserver, QUIET_RSS, ACTIVE_RSS, reply("down", status=500), ACTIVE_RSS)
    readings = [source_fetch(source_id=source.pk) for _ in range(4)]
    assert [r.ok for r in readings] == [True, True, False, True]
    flip = TripwireAlert.objects.get()
    assert (flip.from_state, flip.to_state) == ("no-active-systems", "active-advisories")
    assert (flip.previous_reading, flip.reading) == (readings[0], readings[1])
    assert flip.at == readings[1].attempted_at


def test_active_unreadable_quiet_flips_once_across_the_unreadable_read(httpserver):
    source = source_at(httpserver)
    serve(httpserver, ACTIVE_RSS, reply("<html>maintenance</html>"), QUIET_RSS)
    readings = [source_fetch(source_id=source.pk) for _ in range(3)]
    flip = TripwireAlert.objects.get()
    assert (flip.previous_reading, flip.reading) == (readings[0], readings[2])
    assert fresh(source).read_state == State.READ_NOTHING_ACTIVE
    assert fresh(source).consecutive_unread == 0


def test_304_confirms_the_standing_reading(httpserver):
    source = source_at(httpserver)
    httpserver.expect_ordered_request("/issuer").respond_with_data(
        QUIET_RSS, headers={"ETag": '"q"'}
    )
    httpserver.expect_ordered_request(
        "/issuer", headers={"If-None-Match": '"q"'}
    ).respond_with_data("", status=304)
    first = source_fetch(source_id=source.pk)
    read_at = fresh(source).observed_read_at
    second = source_fetch(source_id=source.pk)
    after = fresh(source)
    assert second.ok
    assert second.http_status == 304
    assert second.observed_state == first.observed_state == "no-active-systems"
    assert after.last_success == second.attempted_at
    assert after.observed_read_at == read_at  # the words were not read again
    assert not TripwireAlert.objects.exists()


def test_never_fetched_is_its_own_state():
    assert PrimarySourceFactory().read_state == State.NEVER_FETCHED


def test_daily_run_stamps_automation_and_freshness(httpserver, time_machine):
    time_machine.move_to(datetime(2026, 11, 22, 6, 15, tzinfo=UTC))
    good = source_at(httpserver)
    broken = PrimarySourceFactory(fetch_url=httpserver.url_for("/broken"))
    serve(httpserver, QUIET_RSS)
    httpserver.expect_request("/broken").respond_with_data("gone", status=404)
    assert sources_verify() == {"confirmed": 1, "failed": 1}
    automation = source_automation()
    assert automation["status"] == "operational"
    assert automation["nextScheduledUtc"] == "06:15"
    assert automation["lastSuccess"].startswith("2026-11-22T06:15")
    freshness = source_freshness([fresh(good), fresh(broken)])
    assert freshness == {
        "sourcesTotal": 2,
        "sourcesConfirmedLatestRun": 1,
        "sourcesFailing": 1,
        "latestConfirmedFetch": "2026-11-22",
        "failingSince": "2026-11-22",
    }


def test_failing_since_is_the_first_failure_after_the_last_success(httpserver, time_machine):
    source = source_at(httpserver)
    serve(
        httpserver,
        QUIET_RSS,
        lambda r: Response("", status=500),
        lambda r: Response("", status=500),
    )
    time_machine.move_to(datetime(2026, 11, 18, 6, tzinfo=UTC))
    source_fetch(source_id=source.pk)
    time_machine.move_to(datetime(2026, 11, 19, 6, tzinfo=UTC))
    source_fetch(source_id=source.pk)
    time_machine.move_to(datetime(2026, 11, 20, 6, tzinfo=UTC))
    source_fetch(source_id=source.pk)
    assert source_freshness([fresh(source)])["failingSince"] == "2026-11-19"


def test_automation_before_any_run_and_when_overdue(time_machine):
    assert source_automation()["status"] == "not-yet-run"
    stale = datetime(2026, 11, 18, 6, 15, tzinfo=UTC)
    ScheduledJob.objects.create(name="verify-sources", last_attempt=stale, last_success=stale)
    time_machine.move_to(stale + timedelta(days=2))
    assert source_automation()["status"] == "overdue"


def test_verify_sources_command(httpserver, capsys):
    source_at(httpserver)
    serve(httpserver, QUIET_RSS)
    call_command("verify_sources")
    assert "1 confirmed, 0 failed" in capsys.readouterr().out
    assert SourceReading.objects.count() == 1
