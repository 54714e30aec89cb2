"""Registry services: scheduled-job runs, fetch health, documents and rollups, upserts."""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

import aggregates
import ingestion
from ingestion import documents as documents_module
from ingestion import origins
from ingestion.canonical import canonical_url
from registry import services
from registry.jobs import scheduled_job_run
from registry.models import (
    Document,
    Entity,
    EntityDay,
    EntityMention,
    EventClaim,
    EventDay,
    EventEntity,
    EventMention,
    EventOutlet,
    EventVerb,
    Feed,
    PrimarySource,
    ScheduledJob,
    StoryBand,
)
from tests.factories import (
    EventFactory,
    FeedFactory,
    OutletFactory,
    VerticalFactory,
)
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db


def test_success_moves_both_stamps():
    with scheduled_job_run(name="verify-sources"):
        pass
    job = ScheduledJob.objects.get(name="verify-sources")
    assert job.last_attempt is not None
    assert job.last_success >= job.last_attempt
    assert job.consecutive_failures == 0


def test_failure_is_recorded_and_reraised_and_success_stamp_stays():
    with scheduled_job_run(name="verify-sources"):
        pass
    first_success = ScheduledJob.objects.get(name="verify-sources").last_success
    for _ in range(2):
        with (
            pytest.raises(ValueError, match="feed broke"),
            scheduled_job_run(name="verify-sources"),
        ):
            raise ValueError("feed broke")
    job = ScheduledJob.objects.get(name="verify-sources")
    assert job.last_success == first_success
    assert job.consecutive_failures == 2
    assert "feed broke" in job.last_error


# --- fetch health -------------------------------------------------------------------------
FEED_V1 = b"<rss version='2.0'><channel><item><title>one</title></item></channel></rss>"
FEED_V2 = b"<rss version='2.0'><channel><item><title>two</title></item></channel></rss>"


@pytest.fixture
def local_feed(httpserver, local_fetches):
    return FeedFactory(url=httpserver.url_for("/feed.xml"))


def test_first_fetch_establishes_the_baseline(httpserver, local_feed):
    httpserver.expect_request("/feed.xml").respond_with_data(FEED_V1, headers={"ETag": '"a"'})
    ingestion.feed_fetch(feed_id=local_feed.pk)
    feed = Feed.objects.get(pk=local_feed.pk)
    assert feed.last_attempt == feed.last_success == feed.baseline_established == feed.last_change
    assert feed.etag == '"a"'
    assert feed.signature.startswith("sha256:")
    assert (feed.consecutive_failures, feed.last_error) == (0, None)


def test_304_is_a_confirmed_fetch_with_unchanged_content(httpserver, local_feed):
    httpserver.expect_ordered_request("/feed.xml").respond_with_data(
        FEED_V1, headers={"ETag": '"a"'}
    )
    httpserver.expect_ordered_request(
        "/feed.xml", headers={"If-None-Match": '"a"'}
    ).respond_with_data("", status=304)
    ingestion.feed_fetch(feed_id=local_feed.pk)
    first = Feed.objects.get(pk=local_feed.pk)
    ingestion.feed_fetch(feed_id=local_feed.pk)
    second = Feed.objects.get(pk=local_feed.pk)
    assert second.last_success > first.last_success
    assert second.last_change == first.last_change
    assert second.signature == first.signature


def test_changed_content_moves_last_change(httpserver, local_feed):
    httpserver.expect_ordered_request("/feed.xml").respond_with_data(FEED_V1)
    httpserver.expect_ordered_request("/feed.xml").respond_with_data(FEED_V2)
    ingestion.feed_fetch(feed_id=local_feed.pk)
    first = Feed.objects.get(pk=local_feed.pk)
    ingestion.feed_fetch(feed_id=local_feed.pk)
    second = Feed.objects.get(pk=local_feed.pk)
    assert second.last_change > first.last_change
    assert second.signature != first.signature
    assert second.baseline_established == first.baseline_established


def test_failed_fetch_changes_nothing_but_failure_fields(httpserver, local_feed):
    httpserver.expect_ordered_request("/feed.xml").respond_with_data(
        FEED_V1, headers={"ETag": '"a"'}
    )
    httpserver.expect_ordered_request("/feed.xml").respond_with_data("down", status=500)
    httpserver.expect_ordered_request("/feed.xml").respond_with_data("down", status=503)
    ingestion.feed_fetch(feed_id=local_feed.pk)
    good = Feed.objects.get(pk=local_feed.pk)
    ingestion.feed_fetch(feed_id=local_feed.pk)
    ingestion.feed_fetch(feed_id=local_feed.pk)
    bad = Feed.objects.get(pk=local_feed.pk)
    assert bad.consecutive_failures == 2
    assert bad.last_error.startswith("HTTP 503")
    assert bad.last_attempt > good.last_attempt
    for stamp in ("last_success", "last_change", "baseline_established", "signature", "etag"):
        assert getattr(bad, stamp) == getattr(good, stamp), stamp


# --- documents and rollups ----------------------------------------------------------------
AT = datetime(2026, 11, 20, 9, tzinfo=UTC)


@pytest.fixture
def fed_decision(fed):
    return EventFactory(
        lead_entity=fed, subject_terms=["rate decision"], question_terms=["rate", "cut"]
    )


def incoming(url, title, *, vertical=None, outlet=None, summary="", at=AT, **extra):
    return ingestion.IncomingDocument(
        url=url,
        title=title,
        summary=summary,
        outlet=outlet or OutletFactory(),
        vertical=vertical or VerticalFactory(slug="markets"),
        fetched_at=at,
        published_at=at,
        **extra,
    )


def ingest(*items):
    return ingestion.documents_ingest(items=list(items))


def test_document_is_stored_once_and_counted_once(fed, fed_decision):
    item = incoming("https://news.example/a?utm_source=x", "Federal Reserve nears rate decision")
    first = ingest(item)
    again = ingest(incoming("https://NEWS.example/a#top", "Federal Reserve nears rate decision"))
    assert (first.new, again.new, again.duplicates) == (1, 0, 1)
    assert Document.objects.get().url == "https://news.example/a"
    assert EntityDay.objects.get(entity=fed, day=date(2026, 11, 20)).documents == 1
    assert EventDay.objects.get(event=fed_decision, day=date(2026, 11, 20)).mentions == 1


def test_rollups_count_per_entity_vertical_and_day(fed):
    markets, energy = VerticalFactory(slug="markets"), VerticalFactory(slug="energy")
    ingest(
        incoming("https://news.example/1", "Federal Reserve minutes", vertical=markets),
        incoming("https://news.example/2", "Fed officials speak on banks", vertical=markets),
        incoming("https://news.example/3", "Federal Reserve and oil prices", vertical=energy),
    )
    counts = dict(EntityDay.objects.filter(entity=fed).values_list("vertical__slug", "documents"))
    assert counts == {"markets": 2, "energy": 1}


def test_rollups_add_across_batches(fed):
    ingest(incoming("https://news.example/1", "Federal Reserve minutes"))
    ingest(incoming("https://news.example/2", "Federal Reserve testimony"))
    assert EntityDay.objects.get(entity=fed).documents == 2


def test_market_question_pages_are_kept_but_never_counted(fed):
    report = ingest(
        incoming("https://polymarket.com/event/fed-cut", "Will the Federal Reserve cut in March?")
    )
    doc = Document.objects.get()
    assert report.new == 1
    assert doc.is_market_question_page
    assert doc.story_id is None
    assert not EntityDay.objects.filter(entity=fed).exists()


def test_deleting_a_document_or_story_takes_what_ingest_wrote_for_it(fed, fed_decision):
    """Mentions and bands have no database constraint on the rows ingest wrote beside them:
    Django's cascade is what removes them, and nothing may be left pointing at nothing."""
    report = ingest(
        incoming("https://news.example/1", "Federal Reserve nears rate decision"),
        incoming("https://news.example/2", "Federal Reserve minutes show rate debate"),
    )
    gone, kept = Document.objects.filter(pk__in=report.document_ids).order_by("pk")
    assert EntityMention.objects.filter(document=gone).exists()
    assert EventMention.objects.filter(document=gone).exists()
    gone.delete()
    assert not EntityMention.objects.filter(document_id=gone.pk).exists()
    assert not EventMention.objects.filter(document_id=gone.pk).exists()
    assert EntityMention.objects.filter(document=kept).exists()
    story = kept.story
    assert story.bands.count() == origins.BANDS
    story.delete()
    assert not StoryBand.objects.filter(story_id=story.pk).exists()
    kept.refresh_from_db()
    assert kept.story_id is None


def test_unusable_items_are_skipped_and_counted():
    report = ingest(
        incoming("ftp://files.example/a", "Not http"),
        incoming("https://news.example/ok", "A title"),
        incoming("https://news.example/blank", "   "),
    )
    assert (report.new, report.skipped) == (1, 2)


def test_future_publication_dates_are_not_trusted():
    item = incoming("https://news.example/f", "A title")
    ahead = ingestion.IncomingDocument(**{**item.__dict__, "published_at": AT + timedelta(days=10)})
    ingest(ahead)
    doc = Document.objects.get()
    assert doc.published_at is None
    assert doc.day == AT.date()


ROLLUPS = {
    "entityDays": (EntityDay, ["entity_id", "vertical_id", "day", "documents"]),
    "eventDays": (EventDay, ["event_id", "vertical_id", "day", "mentions", "with_verbs"]),
    "eventOutlets": (EventOutlet, ["event_id", "outlet_id", "documents"]),
    "eventVerbs": (EventVerb, ["event_id", "verb", "documents"]),
    "eventEntities": (EventEntity, ["event_id", "entity_id", "documents"]),
    "eventClaims": (EventClaim, ["event_id", "entity_id", "verb", "outlet_id", "documents"]),
}


def rollup_rows():
    return {
        name: sorted(model.objects.values_list(*fields))
        for name, (model, fields) in ROLLUPS.items()
    }


def test_rebuild_reproduces_incremental_rollups():
    demo_load(today=date(2026, 11, 22))
    incremental = rollup_rows()
    assert all(incremental.values()), "the demo exercises every rollup"
    assert any(row[3] for row in incremental["eventDays"]), "some mentions carry verbs"
    counts = aggregates.rollups_rebuild()
    assert rollup_rows() == incremental
    assert counts == {name: len(rows) for name, rows in incremental.items()}


def test_rebuild_since_a_day_keeps_earlier_days_and_recounts_totals():
    demo_load(today=date(2026, 11, 22))
    incremental = rollup_rows()
    EventVerb.objects.all().delete()  # a lost total comes back whole
    aggregates.rollups_rebuild(since=date(2026, 11, 20))
    assert rollup_rows() == incremental


def test_event_totals_count_each_document_once_per_key():
    vertical = services.vertical_upsert(slug="markets", name="Markets")
    fed = services.entity_upsert(slug="federal-reserve", name="Federal Reserve", aliases=["Fed"])
    ecb = services.entity_upsert(slug="european-central-bank", name="European Central Bank",
                                 aliases=["ECB"])  # fmt: skip
    event = services.event_upsert(subject="fed-rate-decision", title="Fed decision",
                                  lead_entity=fed, subject_terms=["rate"])  # fmt: skip
    wire, outlet = OutletFactory(is_wire=True), OutletFactory()
    titles = [
        (wire, "Fed rate decision due, ECB officials said"),  # rate-decision, utterance
        (outlet, "Fed rate decision: ECB warned of delays"),  # rate-decision, utterance
        (outlet, "Fed rate path unclear"),  # no verb, no ECB
        (outlet, "ECB rate decision said to be close"),  # not about the Fed event
    ]
    ingestion.documents_ingest(items=[
        ingestion.IncomingDocument(url=f"https://{source.domain}/{n}", title=title, outlet=source,
                                  vertical=vertical, fetched_at=AT, published_at=AT)
        for n, (source, title) in enumerate(titles)
    ])  # fmt: skip
    of_event = {"event": event}
    assert dict(EventOutlet.objects.filter(**of_event).values_list("outlet", "documents")) == {
        wire.pk: 1, outlet.pk: 2,
    }  # fmt: skip
    assert dict(EventEntity.objects.filter(**of_event).values_list("entity", "documents")) == {
        fed.pk: 3, ecb.pk: 2,
    }  # fmt: skip
    assert dict(EventVerb.objects.filter(**of_event).values_list("verb", "documents")) == {
        "rate-decision": 2, "utterance": 2,
    }  # fmt: skip
    assert EventDay.objects.filter(**of_event).values_list("mentions", "with_verbs").get() == (3, 2)
    claims = EventClaim.objects.filter(**of_event, entity=ecb, verb="utterance")
    assert dict(claims.values_list("outlet", "documents")) == {wire.pk: 1, outlet.pk: 1}


def test_upserts_are_idempotent_and_validated():
    vertical = services.vertical_upsert(slug="markets", name="Markets")
    fed = services.entity_upsert(slug="federal-reserve", name="Federal Reserve", aliases=["Fed"])
    again = services.entity_upsert(slug="federal-reserve", name="Federal Reserve", aliases=["Fed"])
    assert again.pk == fed.pk
    assert list(fed.aliases.values_list("alias", flat=True)) == ["Fed"]
    with pytest.raises(ValidationError, match="lowercase"):
        services.event_upsert(subject="Bad Subject", title="x", lead_entity=again)
    with pytest.raises(ValidationError, match="cannot be fetched"):
        services.feed_upsert(url="http://10.0.0.1/rss", outlet=OutletFactory(), vertical=vertical)


def test_rebuild_rollups_command_keeps_earlier_days(capsys):
    demo_load(today=date(2026, 11, 22))
    before = sorted(EntityDay.objects.values_list("entity_id", "vertical_id", "day", "documents"))
    call_command("rebuild_rollups", "--since", "2026-11-15")
    assert "entityDays" in capsys.readouterr().out
    after = sorted(EntityDay.objects.values_list("entity_id", "vertical_id", "day", "documents"))
    assert after == before


def test_ingest_retries_once_when_another_worker_stored_the_url_first(monkeypatch, fed):
    # The race: our look-up of stored URLs ran before another worker's insert committed.
    ingest(incoming("https://news.example/raced", "Federal Reserve minutes"))
    real_fresh = documents_module._fresh
    calls = []

    def stale_first_lookup(items, report):
        calls.append(1)
        if len(calls) == 1:
            return [(canonical_url(item.url), item) for item in items]
        return real_fresh(items, report)

    monkeypatch.setattr(documents_module, "_fresh", stale_first_lookup)
    report = ingest(
        incoming("https://news.example/raced", "Federal Reserve minutes"),
        incoming("https://news.example/new", "Federal Reserve testimony"),
    )
    assert len(calls) == 2
    assert (report.new, report.duplicates) == (1, 1)
    assert Document.objects.count() == 2
    assert EntityDay.objects.get(entity=fed).documents == 2


def test_rebuild_runs_in_the_database_whatever_the_number_of_rows():
    """No row crosses into Python: the statements are the same for 1 or 1,000,000 rows, so
    memory stays flat (bulk_create had held every rebuilt row at once: 1 GB at 1M documents)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    demo_load(today=date(2026, 11, 22))
    with CaptureQueriesContext(connection) as small:
        aggregates.rollups_rebuild()
    EntityMention.objects.bulk_create(  # many more (entity, vertical, day) rows to rebuild
        EntityMention(document=doc, entity=entity, day=doc.day, ingested_at=doc.ingested_at)
        for doc in Document.objects.all()[:300]
        for entity in Entity.objects.exclude(documents=doc)[:5]
    )
    with CaptureQueriesContext(connection) as large:
        counts = aggregates.rollups_rebuild()
    assert counts["entityDays"] == EntityDay.objects.count() > 0
    assert len(large.captured_queries) == len(small.captured_queries)
    inserts = [q["sql"] for q in large.captured_queries if q["sql"].startswith("INSERT")]
    rows = [sql for sql in inserts if "registry_pacewindow" not in sql]  # that is one day
    assert rows
    assert all("SELECT" in sql for sql in rows)  # INSERT ... SELECT, never VALUES


SOURCE = {"name": "Harbour authority", "issuer": "Port", "cadence": "Daily",
          "fetch_url": "https://port.example/notices.xml", "parser": "hurricane-feed"}  # fmt: skip


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(document.cookie)",
        "JavaScript:void(0)",
        "data:text/html;base64,PHNjcmlwdD4=",
        "vbscript:msgbox",
        "ftp://port.example/notices",
        "//port.example/notices",  # scheme-relative: the page's own scheme, not ours to choose
        "https:port.example",  # no host
        "https://port.example/a b",
        "/notices",
        42,
    ],
)
def test_a_source_link_is_an_http_or_https_url(url):
    with pytest.raises(ValidationError) as refused:
        services.source_upsert(slug="harbour", links=[{"label": "Notices", "url": url}], **SOURCE)
    assert "http or https" in refused.value.message_dict["links"][0]
    assert not PrimarySource.objects.filter(slug="harbour").exists()


def test_http_and_https_source_links_are_kept():
    links = [{"label": "Notices", "url": "https://port.example/notices"},
             {"label": "Archive", "url": "http://archive.port.example/2026?page=2"}]  # fmt: skip
    source = services.source_upsert(slug="harbour", links=links, **SOURCE)
    assert source.links == links
