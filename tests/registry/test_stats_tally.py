"""/api/v1/stats counts documents and clusters exactly without scanning the history.

What a reader of stats sees is compared with the rows themselves after every way rows come and
go: the ingest pipeline, a bulk SQL insert (as COPY loads), deletes, a cluster crossing the
corroboration line and back, a rolled-back write, TRUNCATE. On PostgreSQL the read must not
touch the history tables at all (its counts are kept by triggers, `aggregates.tally`).
"""

import threading
from datetime import UTC, datetime

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from aggregates import tally
from config.cachekeys import forget_local
from registry.models import Document, Outlet, Story, Vertical
from registry.selectors.clusters import CORROBORATED_AT
from worlds.demo import demo_load

AT = datetime(2026, 11, 20, 12, tzinfo=UTC)
POSTGRES = connection.vendor == "postgresql"
HISTORY = ('"registry_document"', '"registry_story"', "registry_document ", "registry_story ")


def stats(api) -> dict:
    cache.clear()
    forget_local()
    response = api.get("/api/v1/stats")
    assert response.status_code == 200
    return response.json()


def truth() -> dict:
    return {
        "documents": Document.objects.filter(is_market_question_page=False).count(),
        "marketQuestionPages": Document.objects.filter(is_market_question_page=True).count(),
        "clusters": Story.objects.count(),
        "corroborated": Story.objects.filter(known_origin_count__gte=CORROBORATED_AT).count(),
    }


def seen(body: dict) -> dict:
    return {
        "documents": body["documents"],
        "marketQuestionPages": body["marketQuestionPages"],
        "clusters": body["clusters"]["total"],
        "corroborated": body["clusters"]["corroborated"],
    }


def bulk_insert(n: int, prefix: str, every: int = 5) -> None:
    """n documents in one INSERT ... SELECT, as a bulk load writes them; one in `every` a
    market question page."""
    outlet, vertical = Outlet.objects.first(), Vertical.objects.first()
    with connection.cursor() as cursor:
        cursor.execute(
            "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < %s) "
            "INSERT INTO registry_document (url, title, summary, outlet_id, vertical_id, "
            "fetched_at, ingested_at, day, verbs, is_market_question_page) "
            "SELECT %s || n, 'bulk ' || n, '', %s, %s, %s, %s, %s, '[]', n %% %s = 0 FROM s",
            [n, f"https://example.org/{prefix}/", outlet.pk, vertical.pk, AT, AT, AT.date(), every],
        )


def story(known: int) -> Story:
    return Story.objects.create(
        title="s",
        signature=b"",
        first_seen=AT,
        last_seen=AT,
        origin_count=3,
        known_origin_count=known,
    )


def write_then_fail() -> None:
    with transaction.atomic():
        bulk_insert(40, "rolled-back")
        story(2)
        raise RuntimeError("rolled back")


@pytest.mark.django_db
def test_stats_stay_exact_through_every_kind_of_write(api):
    demo_load()
    assert seen(stats(api)) == truth()
    bulk_insert(250, "a")
    singles = [story(1), story(2), story(0)]
    assert seen(stats(api)) == truth()
    Story.objects.filter(pk=singles[0].pk).update(known_origin_count=2)  # now corroborated
    Story.objects.filter(pk=singles[1].pk).update(known_origin_count=1)  # no longer
    Document.objects.filter(url__startswith="https://example.org/a/1").delete()
    assert seen(stats(api)) == truth()
    with pytest.raises(RuntimeError, match="rolled back"):
        write_then_fail()
    singles[2].delete()
    tally.fold()
    body = seen(stats(api))
    assert body == truth()
    assert body["documents"] > 250
    assert body["marketQuestionPages"] > 0


@pytest.mark.skipif(not POSTGRES, reason="the triggers are PostgreSQL's; SQLite counts")
@pytest.mark.django_db
def test_stats_read_no_history_table(api):
    demo_load()
    bulk_insert(500, "b")
    cache.clear()
    forget_local()
    with CaptureQueriesContext(connection) as captured:
        assert api.get("/api/v1/stats").status_code == 200
    read = [q["sql"] for q in captured.captured_queries if any(t in q["sql"] for t in HISTORY)]
    assert read == []


@pytest.mark.skipif(not POSTGRES, reason="the triggers are PostgreSQL's; SQLite counts")
@pytest.mark.django_db(transaction=True)
def test_concurrent_loads_and_folds_count_every_row_once(api):
    demo_load()
    errors = []

    def load(prefix: str) -> None:
        try:
            for batch in range(5):
                bulk_insert(100, f"{prefix}-{batch}")
                tally.fold()
        except Exception as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=load, args=(f"t{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert seen(stats(api)) == truth()
    assert truth()["documents"] >= 4 * 5 * 80
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE registry_document CASCADE")
    assert seen(stats(api))["documents"] == 0 == truth()["documents"]


def test_the_trigger_sql_uses_the_corroboration_line_reads_use():
    assert tally.CORROBORATED_AT == CORROBORATED_AT
