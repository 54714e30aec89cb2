"""Acceleration and the verticals rank from the kept pace, an entity's counts are read from
it, and all answer exactly what the entity-days say, through every way counts come and go.

The oracle is the same request answered with the pace hidden (the service then aggregates the
entity-days of the window itself, as it did before the pace existed): after the demo's ingest,
ingest about today, an earlier week, a day outside the window and the future, a rolled-back
ingest, a rollup rebuild, the day turning, and concurrent ingests racing a roll. On PostgreSQL
the ranking must not aggregate the window's entity-days at all: the only entity-day reads left
are the ranked page's own counts (by entity id).
"""

import threading
from datetime import datetime, timedelta

import pytest
import time_machine
from django.core.cache import cache
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

import aggregates
import ingestion
from aggregates import pace
from aggregates.rollups import Counted, rollups_add
from config.cachekeys import forget_local
from registry.models import (
    Entity,
    EntityDay,
    EntityPace,
    Event,
    EventDay,
    Outlet,
    PaceWindow,
    TopicPace,
    Vertical,
    VerticalPace,
)
from registry.selectors import attention
from worlds.demo import demo_load

POSTGRES = connection.vendor == "postgresql"
postgres_only = pytest.mark.skipif(not POSTGRES, reason="the pace is kept on PostgreSQL")
READS = [
    "/api/v1/accelerating",
    "/api/v1/accelerating?minDocuments=1",
    "/api/v1/accelerating?minDocuments=1&vertical=weather",
    "/api/v1/accelerating?minDocuments=1&vertical=world&limit=3",
    "/api/v1/verticals",
    # An entity's counts (search, detail, comparison) come from its pace rows per vertical.
    "/api/v1/entities?q=a",
    "/api/v1/entities/jamaica",
    "/api/v1/entities/compare?names=jamaica,cuba,mexico",
    # Signals rank the flagged topics by the topics' pace (TopicPace), kept beside it.
    "/api/v1/signals",
    "/api/v1/signals?limit=2",
    "/api/v1/signals?vertical=world",
    "/api/v1/signals?vertical=weather&limit=1",
    "/api/v1/signals?tier=full",
]


def answers(api) -> dict[str, dict]:
    seen = {}
    for url in READS:
        cache.clear()
        forget_local()
        response = api.get(url)
        assert response.status_code == 200, (url, response.content)
        body = response.json()
        body.pop("generatedAt")
        if body.get("nextCursor"):  # the position it carries, without its signing time
            body["nextCursor"] = body["nextCursor"].split(":")[0]
        seen[url] = body
    return seen


def truth(api, monkeypatch) -> dict[str, dict]:
    """The same answers with the pace hidden: aggregated from the entity-days."""
    with monkeypatch.context() as patched:
        patched.setattr(pace, "ready", lambda day: False)
        return answers(api)


def assert_exact(api, monkeypatch) -> dict[str, dict]:
    kept = answers(api)
    assert kept == truth(api, monkeypatch)
    return kept


def window_scans(api) -> list[str]:
    """Entity-day reads of the default reads that are not about named entities, and every
    topic-day read (a signal's counts come from its own pace rows)."""
    with CaptureQueriesContext(connection) as queries:
        answers(api)
    return [
        q["sql"]
        for q in queries.captured_queries
        if ("registry_entityday" in q["sql"] and '"entity_id" IN' not in q["sql"])
        or "registry_eventday" in q["sql"]
    ]


def incoming(url: str, title: str, at: datetime, vertical: str = "weather"):
    return ingestion.IncomingDocument(
        url=url,
        title=title,
        summary="",
        outlet=Outlet.objects.order_by("pk").first(),
        vertical=Vertical.objects.get(slug=vertical),
        fetched_at=timezone.now(),
        published_at=at,
    )


TITLES = [
    ("Hurricane Tavia strengthens", "weather"),
    ("Jamaica braces for Tavia", "world"),
    ("Cuba and Mexico talks", "world"),
]
DAYS_BACK = {"today": 0, "yesterday": 1, "week": 9, "baseline": 20, "gone": 40}


def busy_week(prefix: str) -> None:
    """Documents about Tavia, Jamaica, Cuba and Mexico on days in, before and outside the
    window."""
    now = timezone.now()
    ingestion.documents_ingest(
        items=[
            incoming(
                f"https://news.example/{prefix}/{name}/{n}",
                title,
                now - timedelta(days=back),
                vertical,
            )
            for name, back in DAYS_BACK.items()
            for n, (title, vertical) in enumerate(TITLES)
        ]
    )


def flag_all() -> None:
    """Every topic flagged, so the signals rank them all (the demo's documents are dated days
    ago, too old for the record states' own flags)."""
    Event.objects.update(wire_tier="flagged")


def failed_ingest() -> None:
    with transaction.atomic():
        busy_week("lost")
        raise RuntimeError("the ingest failed after counting")


@postgres_only
@pytest.mark.django_db
def test_the_ranking_reads_the_pace_and_answers_what_the_entity_days_say(api, monkeypatch):
    demo_load()
    flag_all()
    assert window_scans(api), "before the first roll the window is aggregated"
    assert pace.roll()
    assert not pace.roll(), "a second roll the same day has nothing to do"
    assert EntityPace.objects.exists()
    kept = assert_exact(api, monkeypatch)
    assert kept["/api/v1/accelerating?minDocuments=1"]["entities"], "the demo ranks someone"
    assert kept["/api/v1/signals?vertical=world"]["signals"], "the demo flags someone"
    assert kept["/api/v1/signals?limit=2"]["total"] > 2, "a page short of the flagged topics"
    assert window_scans(api) == []

    busy_week("first")  # ingest after the roll: added to the pace in its own transaction
    after = assert_exact(api, monkeypatch)
    assert after != kept, "the new documents moved the answers"
    assert window_scans(api) == []

    # The verticals' ledger holds the ingest's deltas beside the roll's rows until a fold
    # sums them to one row per vertical, answering the same.
    ledger = list(VerticalPace.objects.values_list("vertical_id", flat=True))
    assert len(ledger) > len(set(ledger))
    pace.fold()
    folded = list(VerticalPace.objects.values_list("vertical_id", flat=True))
    assert sorted(folded) == sorted(set(ledger))
    assert assert_exact(api, monkeypatch) == after


@postgres_only
@pytest.mark.django_db
def test_a_failed_ingest_counts_nothing_and_a_rebuild_recounts(api, monkeypatch):
    demo_load()
    flag_all()
    pace.roll()
    before = assert_exact(api, monkeypatch)
    with pytest.raises(RuntimeError):
        failed_ingest()
    assert answers(api) == before

    busy_week("kept")
    EntityPace.objects.update(current=0, baseline=0)  # whatever the pace held, a rebuild
    TopicPace.objects.update(current=0, baseline=0)
    aggregates.rollups_rebuild(since=timezone.now().date() - timedelta(days=3))
    assert_exact(api, monkeypatch)
    assert window_scans(api) == []


@postgres_only
@pytest.mark.django_db
def test_when_the_day_turns_reads_aggregate_until_the_pace_is_rolled(api, monkeypatch):
    demo_load()
    flag_all()
    pace.roll()
    busy_week("first")
    with time_machine.travel(timezone.now() + timedelta(days=8), tick=False):
        assert window_scans(api), "a pace counted as of another day is never read"
        stale = assert_exact(api, monkeypatch)
        busy_week("later")  # counted in the pace's old window, which no read trusts
        assert pace.roll()
        assert PaceWindow.objects.get().today == timezone.now().date()
        assert window_scans(api) == []
        rolled = assert_exact(api, monkeypatch)
        assert rolled != stale


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_concurrent_ingests_racing_rolls_lose_no_document():
    """Four writers add entity-days (as ingest does, each batch its own transaction) while the
    day is turned back and the pace rolled again and again; then every pace row must equal the
    sums of the entity-days it stands for."""
    demo_load()
    assert pace.roll()
    entities = list(Entity.objects.values_list("pk", flat=True))
    topics = list(Event.objects.values_list("pk", flat=True))
    verticals = list(Vertical.objects.values_list("pk", flat=True))
    outlet = Outlet.objects.first().pk
    today = timezone.now().date()
    errors, rolled, done = [], [], threading.Event()

    def counted(seed: int, batch: int, n: int) -> Counted:
        vertical = verticals[(seed + n) % len(verticals)]
        day = today - timedelta(days=(seed * 7 + batch + n) % 35)
        named = entities[(batch + n) % len(entities) :][:3]
        about = topics[(seed + batch + n) % len(topics) :][:2]
        return Counted(outlet, vertical, day, named, about, [])

    def writer(seed: int) -> None:
        try:
            for batch in range(25):
                with transaction.atomic():
                    rollups_add(counted(seed, batch, n) for n in range(12))
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    def roller() -> None:
        try:
            while not done.is_set():
                PaceWindow.objects.update(today=today - timedelta(days=1))
                rolled.append(pace.roll())
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    writers = [threading.Thread(target=writer, args=(seed,)) for seed in range(4)]
    rolling = threading.Thread(target=roller)
    for thread in [*writers, rolling]:
        thread.start()
    for thread in writers:
        thread.join()
    done.set()
    rolling.join()
    assert errors == []
    assert any(rolled), "a roll got through while the writers wrote"
    if PaceWindow.objects.get().today != today:
        assert pace.roll()
    assert kept_pace(EntityPace, "entity_id") == pace_from_days(today, EntityDay, "entity_id")
    assert kept_pace(TopicPace, "event_id") == pace_from_days(today, EventDay, "event_id")


def kept_pace(model, key: str) -> dict:
    return {
        (getattr(row, key), row.vertical_id): (row.current, row.baseline)
        for row in model.objects.all()
        if row.current or row.baseline
    }


def pace_from_days(today, model, key: str) -> dict:
    sums: dict = {}
    start = today - timedelta(days=pace.CURRENT_DAYS - 1)
    base = start - timedelta(days=pace.BASELINE_DAYS)
    for row in model.objects.filter(day__gte=base, day__lte=today):
        n = row.documents if model is EntityDay else row.mentions
        current, baseline = sums.get((getattr(row, key), row.vertical_id), (0, 0))
        if row.day >= start:
            current += n
        else:
            baseline += n
        sums[getattr(row, key), row.vertical_id] = (current, baseline)
    for (entity, _), (current, baseline) in list(sums.items()):  # all verticals: vertical None
        was = sums.get((entity, None), (0, 0))
        sums[entity, None] = (was[0] + current, was[1] + baseline)
    return {key: value for key, value in sums.items() if any(value)}


def test_the_pace_window_is_the_default_window():
    window = attention.window_now()
    assert (window.current_days, window.baseline_days) == (pace.CURRENT_DAYS, pace.BASELINE_DAYS)
    assert (window.today - window.baseline_start).days + 1 == 28
