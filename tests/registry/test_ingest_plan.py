"""What ingest costs PostgreSQL, read from the database, never timed.

An ingest batch finds the stories its documents may join through the band index, at a size
where the planner would rather read the whole band table (read from the transaction's own scan
counters), and the tables it writes keep no index that another already stands in for.

200,000 stored bands (generated in SQL, analysed) and a batch of 200 documents, one of them
another outlet's copy of a stored story: 3,200 hashes to look up, which the planner prices as
random reads and answers with a sequential scan unless told otherwise.
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

import ingestion
from aggregates.rollups import ROLLUPS
from ingestion import origins
from registry.models import (
    Document,
    EntityMention,
    Event,
    EventClaim,
    EventDay,
    EventMention,
    Outlet,
    Story,
    StoryBand,
    Vertical,
)
from worlds.demo import demo_load

BANDS = 200_000
AT = datetime(2026, 11, 20, 9, tzinfo=UTC)

pytestmark = pytest.mark.skipif(
    "postgres" not in connection.settings_dict["ENGINE"], reason="PostgreSQL's planner"
)


def band_scans() -> tuple[int, int]:
    """(sequential, index) scans of the band table so far in this transaction."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT seq_scan, idx_scan FROM pg_stat_xact_user_tables WHERE relid = %s::regclass",
            [StoryBand._meta.db_table],
        )
        return cursor.fetchone()


def incoming(n: int, title: str, outlet, vertical, summary: str = ""):
    return ingestion.IncomingDocument(
        url=f"https://plan-{n}.example/story/{n}", title=title, outlet=outlet, vertical=vertical,
        summary=summary or f"report {n} on item {n * 7919} for desk {n % 13}",
        published_at=AT, fetched_at=AT,
    )  # fmt: skip


@pytest.mark.django_db
def test_a_batch_finds_its_stories_through_the_band_index_at_any_size():
    demo_load()
    outlets, vertical = list(Outlet.objects.all()[:2]), Vertical.objects.first()
    stored = "Harbour authority fines the operator of the grain terminal after the spill"
    lede = "The fine follows a week of clean-up along the northern quay, officials said."
    first = ingestion.documents_ingest(items=[incoming(0, stored, outlets[0], vertical, lede)])
    story = Story.objects.get(members__pk=first.document_ids[0])
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {StoryBand._meta.db_table} (story_id, band, hash) "  # noqa: S608
            "SELECT %s, n %% 16, (random() * 9e18)::bigint FROM generate_series(1, %s) n",
            [story.pk, BANDS],
        )
        cursor.execute(f"ANALYZE {StoryBand._meta.db_table}")
    batch = [incoming(n, f"Desk {n} notes item {n * 7919} in passing", outlets[1], vertical)
             for n in range(1, 200)]  # fmt: skip
    batch.append(incoming(200, stored, outlets[1], vertical, lede))  # another outlet's copy
    sequential, indexed = band_scans()

    report = ingestion.documents_ingest(items=batch)

    assert report.new == 200
    assert band_scans()[0] == sequential  # the band table was never read whole
    assert band_scans()[1] > indexed
    rewrite = Story.objects.get(members__url="https://plan-200.example/story/200")
    assert rewrite.pk == story.pk  # the probe found the stored story's bands
    assert rewrite.documents == 2
    new_stories = Story.objects.filter(members__pk__in=report.document_ids).exclude(pk=story.pk)
    assert StoryBand.objects.filter(story__in=new_stories).count() == origins.BANDS * 199


INGEST_WRITES = [Document, EntityMention, EventMention, Story, StoryBand, *ROLLUPS]


@pytest.mark.django_db
def test_no_table_ingest_writes_keeps_an_index_another_index_already_leads_with():
    """Every index is a write per ingested row: one on a column that already leads another
    index (a foreign key's own index beside a unique key starting with it) buys no read."""
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT a.indrelid::regclass::text, ca.relname, cb.relname
            FROM pg_index a JOIN pg_class ca ON ca.oid = a.indexrelid
            JOIN pg_index b ON b.indrelid = a.indrelid AND b.indexrelid <> a.indexrelid
            JOIN pg_class cb ON cb.oid = b.indexrelid
            WHERE a.indnatts = 1 AND a.indpred IS NULL AND b.indpred IS NULL
              AND b.indnkeyatts > 1 AND a.indkey[0] = b.indkey[0]
              AND a.indrelid::regclass::text = ANY(%s)
            """,
            [[model._meta.db_table for model in INGEST_WRITES]],
        )
        assert cursor.fetchall() == []


def writes_for(batch) -> list[str]:
    """The write statements of one ingest, each as its kind and table."""
    with CaptureQueriesContext(connection) as queries:
        report = ingestion.documents_ingest(items=batch)
    assert report.new == len(batch)
    words = [q["sql"].replace('"', "").split() for q in queries.captured_queries]
    return [" ".join(w[:3]) for w in words if w[0] in ("INSERT", "COPY", "UPDATE")]


@pytest.mark.django_db
def test_a_batch_costs_the_same_writes_at_any_size():
    """Rollups are upserted with one statement per table, however many rows a batch adds:
    multi-row VALUES took one statement per 180 rows, each parsed anew by the driver."""
    demo_load()
    events = list(Event.objects.exclude(subject_terms=[]).select_related("lead_entity")[:6])
    outlets, vertical = list(Outlet.objects.all()[:3]), Vertical.objects.first()

    def item(i: int) -> ingestion.IncomingDocument:
        event = events[i % len(events)]
        return ingestion.IncomingDocument(
            url=f"https://sizes.example/{i}", outlet=outlets[i % 3], vertical=vertical,
            title=f"{event.lead_entity.name} {event.subject_terms[0]}: officials confirmed "
            f"item {i}, a spokesperson says",
            summary=f"filed {i} {i * 31} {i * 97}",
            published_at=AT - timedelta(days=i), fetched_at=AT,
        )  # fmt: skip

    def batch(start: int, n: int):
        return [item(i) for i in range(start, start + n)]

    small = writes_for(batch(0, 6))
    large = writes_for(batch(1000, 400))  # 400 days: hundreds of rows in each day rollup

    assert EventDay.objects.filter(day__lt=AT.date() - timedelta(days=999)).count() >= 400
    assert EventClaim.objects.exists()
    assert "INSERT INTO registry_eventclaim" in large
    assert large == small
