"""Feeds end to end: real RSS 2.0 and Atom served by a real local HTTP server.

Every bad input gives a clear error recorded on that feed, stores nothing, moves no stamp and
loses nothing stored before.
"""

import time
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from django.core.management import call_command
from werkzeug import Response

import ingestion
from registry.models import Document, EntityDay, EventMention, Feed, Story
from registry.tasks import ingest_feeds
from tests.factories import EventFactory, FeedFactory, OutletFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("local_fetches")]
FIXTURES = Path(__file__).parent.parent / "fixtures"
RSS = (FIXTURES / "reuters_markets.rss").read_bytes()
ATOM = (FIXTURES / "science_atom.xml").read_bytes()


@pytest.fixture
def feed(httpserver):
    return FeedFactory(
        url=httpserver.url_for("/rss/markets.xml"), outlet=OutletFactory(is_wire=True)
    )


def serve(httpserver, body, **kwargs):
    httpserver.expect_request("/rss/markets.xml").respond_with_data(body, **kwargs)


def test_rss_items_become_documents(httpserver, feed, fed):
    decision = EventFactory(lead_entity=fed, subject_terms=["interest rates"])
    serve(httpserver, RSS, content_type="application/rss+xml")
    run = ingestion.feed_fetch(feed_id=feed.pk)
    assert (run.error, run.report.new) == (None, 3)
    first = Document.objects.get(title__startswith="Federal Reserve holds")
    assert first.url == "https://wire.example/markets/fed-holds-2026-11-20/"
    assert first.published_at == datetime(2026, 11, 20, 13, 30, tzinfo=UTC)
    assert first.day == date(2026, 11, 20)
    assert (
        first.summary
        == "The Federal Reserve kept its benchmark rate unchanged on Friday, officials said."
    )
    assert first.guid == "wire-2026-11-20-0001"
    assert set(first.verbs) >= {"rate-decision", "utterance"}
    assert EventMention.objects.filter(document=first, event=decision).exists()
    assert Document.objects.get(title__startswith="Oil").url.endswith("/opec-cuts-2026-11-19/")
    assert EntityDay.objects.filter(entity=fed).count() == 2  # the 19th and the 20th


def test_atom_entries_become_documents(httpserver, feed):
    serve(httpserver, ATOM, content_type="application/atom+xml")
    run = ingestion.feed_fetch(feed_id=feed.pk)
    assert run.report.new == 2
    rehearsal = Document.objects.get(title__contains="rehearsal")
    assert rehearsal.published_at == datetime(2026, 11, 20, 21, 45, tzinfo=UTC)  # -05:00 -> UTC
    assert rehearsal.summary == "The four astronauts completed the countdown rehearsal."


def test_reading_again_stores_nothing_twice(httpserver, feed):
    serve(httpserver, RSS)
    ingestion.feed_fetch(feed_id=feed.pk)
    again = ingestion.feed_fetch(feed_id=feed.pk)
    assert (again.report.new, again.report.duplicates) == (0, 3)
    assert Document.objects.count() == 3


def test_not_modified_feed_is_confirmed_without_parsing(httpserver, feed):
    httpserver.expect_ordered_request("/rss/markets.xml").respond_with_data(
        RSS, headers={"ETag": '"r1"'}
    )
    httpserver.expect_ordered_request(
        "/rss/markets.xml", headers={"If-None-Match": '"r1"'}
    ).respond_with_data("", status=304)
    ingestion.feed_fetch(feed_id=feed.pk)
    run = ingestion.feed_fetch(feed_id=feed.pk)
    assert run.not_modified
    assert run.error is None


def test_feed_with_no_dates_uses_the_fetch_day(httpserver, feed):
    undated = RSS.replace(b"<pubDate>", b"<!--").replace(b"</pubDate>", b"-->")
    serve(httpserver, undated)
    ingestion.feed_fetch(feed_id=feed.pk)
    feed.refresh_from_db()
    assert {d.published_at for d in Document.objects.all()} == {None}
    assert {d.day for d in Document.objects.all()} == {feed.last_success.date()}


def test_duplicate_guids_store_one_document(httpserver, feed):
    item = RSS.split(b"<item>")[1].split(b"</item>")[0]
    twice = RSS.replace(b"</channel>", b"<item>" + item + b"</item></channel>")
    serve(httpserver, twice)
    run = ingestion.feed_fetch(feed_id=feed.pk)
    assert (run.report.new, run.report.duplicates) == (3, 1)


def test_syndicated_copies_share_a_story_with_one_known_origin(httpserver, feed):
    serve(httpserver, RSS)
    ingestion.feed_fetch(feed_id=feed.pk)
    copy = OutletFactory(upstream=feed.outlet)
    copy_feed = FeedFactory(url=httpserver.url_for("/copy.xml"), outlet=copy)
    copied = RSS.replace(b"https://wire.example/", b"https://copy.example/")
    httpserver.expect_request("/copy.xml").respond_with_data(copied)
    ingestion.feed_fetch(feed_id=copy_feed.pk)
    story = Story.objects.get(title__startswith="Federal Reserve holds")
    assert (story.documents, story.publisher_count) == (2, 2)
    assert (story.origin_count, story.known_origin_count) == (1, 1)


def prior_state(feed):
    return {
        "documents": sorted(Document.objects.values_list("url", flat=True)),
        "feed": Feed.objects.filter(pk=feed.pk).values(
            "last_success", "last_change", "signature", "etag", "baseline_established"
        )[0],
    }


def first_good_read(httpserver, feed):
    httpserver.expect_ordered_request("/rss/markets.xml").respond_with_data(
        RSS, headers={"ETag": '"good"'}
    )
    assert not ingestion.feed_fetch(feed_id=feed.pk).error
    return prior_state(feed)


def truncated():
    return Response(RSS[: len(RSS) // 2], content_type="application/rss+xml")


def slow(request):
    time.sleep(1.5)
    return Response(RSS)


def fifty_megabytes(request):
    return Response((b"<!-- padding -->" * 65536 for _ in range(50)), direct_passthrough=True)


BAD_INPUTS = {
    "malformed XML": (lambda r: truncated(), "malformed XML"),
    "HTML served as a feed": (
        lambda r: Response("<html><body><h1>Sign in</h1></body></html>", content_type="text/html"),
        "not an RSS or Atom feed (an HTML page was served)",
    ),
    "JSON served as a feed": (lambda r: Response('{"items": []}'), "not a JSON Feed"),
    "empty body": (lambda r: Response(b"", content_type="application/rss+xml"), "empty body"),
    "whitespace only": (lambda r: Response(b" \n ", content_type="text/xml"), "empty body"),
    "server error": (lambda r: Response("oops", status=500), "HTTP 500"),
    "timeout": (slow, "timed out"),
    "redirect to a private address": (
        lambda r: Response("", status=302, headers={"Location": "http://10.0.0.9/feed"}),
        "refused: 10.0.0.9 is an address on a private network",
    ),
    "redirect to an IPv4 address written in octal": (
        lambda r: Response("", status=302, headers={"Location": "http://0177.0.0.1/feed"}),
        "IPv4 address",
    ),
    "50 MB body": (fifty_megabytes, "byte cap"),
}


@pytest.mark.parametrize("case", BAD_INPUTS)
def test_bad_input_is_recorded_and_loses_nothing(httpserver, feed, settings, case):
    handler, message = BAD_INPUTS[case]
    before = first_good_read(httpserver, feed)
    settings.SVC_FETCH_TIMEOUT_SECONDS = 1  # after the good read: a loaded host may take 1 s to it
    httpserver.expect_ordered_request("/rss/markets.xml").respond_with_handler(handler)
    run = ingestion.feed_fetch(feed_id=feed.pk)
    assert message in run.error
    assert prior_state(feed) == before
    failed = Feed.objects.get(pk=feed.pk)
    assert failed.consecutive_failures == 1
    assert message in failed.last_error


def test_ingest_feeds_command_reads_every_active_feed(httpserver, capsys):
    good = FeedFactory(url=httpserver.url_for("/good.xml"))
    broken = FeedFactory(url=httpserver.url_for("/broken.xml"))
    FeedFactory(url=httpserver.url_for("/inactive.xml"), active=False)
    httpserver.expect_request("/good.xml").respond_with_data(ATOM)
    httpserver.expect_request("/broken.xml").respond_with_data("nope", status=503)
    call_command("ingest_feeds")
    out, err = capsys.readouterr()
    assert "2 new" in out
    assert "1 failed" in out
    assert f"{broken.url}: HTTP 503" in err
    assert Document.objects.filter(feed=good).count() == 2
    assert "inactive" not in "".join(str(entry) for entry in httpserver.log)


@pytest.mark.parametrize("odd", ["http://0177.0.0.1/rss", "http://2130706433/", "http://0x7f.1/"])
def test_a_stored_feed_at_an_odd_ipv4_form_fails_alone_and_the_command_goes_on(
    httpserver, capsys, odd
):
    # Saved before validation refused such URLs (or written around it): a failure on that row.
    odd_feed = FeedFactory(url=odd)
    good = FeedFactory(url=httpserver.url_for("/good.xml"))
    httpserver.expect_request("/good.xml").respond_with_data(ATOM)
    call_command("ingest_feeds")
    out, err = capsys.readouterr()
    assert "1 failed" in out
    assert f"{odd}: refused:" in err
    odd_feed.refresh_from_db()
    assert odd_feed.consecutive_failures == 1
    assert "IPv4 address" in odd_feed.last_error
    assert Document.objects.filter(feed=good).count() == 2


def test_beat_task_fans_out_one_fetch_per_active_feed(httpserver):
    for n in range(3):
        FeedFactory(url=httpserver.url_for(f"/f{n}.xml"))
        httpserver.expect_request(f"/f{n}.xml").respond_with_data(
            ATOM.replace(b"artemis", f"a{n}".encode())
        )
    assert ingest_feeds.delay().get() == 3
    assert len(httpserver.log) == 3


def test_a_failed_read_logs_one_warning_naming_the_feed_and_its_error(httpserver, feed, caplog):
    from registry.tasks import fetch_feed

    httpserver.expect_request("/rss/markets.xml").respond_with_data("gone", status=410)
    with caplog.at_level("WARNING", logger="ingestion.fetching"):
        outcome = fetch_feed.delay(feed.pk).get()
    warnings = [
        r.getMessage()
        for r in caplog.records
        if r.levelname == "WARNING" and r.name.startswith("ingestion")
    ]
    assert len(warnings) == 1
    assert str(feed) in warnings[0]
    assert "410" in warnings[0]
    assert outcome.startswith(f"feed {feed.pk}: failed:")
    assert "410" in outcome
