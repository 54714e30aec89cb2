"""accelerating and signals read only their window: a year of attention stored, weeks read.

On PostgreSQL, 200,000 entity-day rows over 400 days (500 entities), then the service's own
accelerating SQL for a two-week window explained (the default week ranks from the kept pace,
`test_pace`): its rows come from the window index (`entity_day_window`, index
only: the rollup's counts are carried in it), never from a scan of all the history. Planner
statistics and the visibility map are what a bulk load leaves (`rebuild_rollups`).
"""

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from aggregates import pace
from config.cachekeys import forget_local
from registry.models import Entity, EntityDay, Event, Vertical
from tests.plans import explained, scans
from worlds.demo import demo_load

pytestmark = pytest.mark.skipif(
    "postgres" not in connection.settings_dict["ENGINE"], reason="PostgreSQL's planner"
)
ENTITIES, DAYS = 500, 400


@pytest.mark.django_db(transaction=True)
def test_accelerating_reads_the_window_not_the_history():
    demo_load()
    vertical = Vertical.objects.first()
    Entity.objects.bulk_create(
        Entity(slug=f"bulk-{n}", name=f"Bulk {n}", tracked=True) for n in range(ENTITIES)
    )
    ids = list(Entity.objects.filter(slug__startswith="bulk-").values_list("pk", flat=True))
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO registry_entityday (entity_id, vertical_id, day, documents) "
            "SELECT e, %s, current_date - d, 1 + (e + d) %% 7 "
            "FROM unnest(%s::bigint[]) AS e, generate_series(1, %s) AS d",
            [vertical.pk, ids, DAYS],
        )
    call_command("rebuild_rollups", "--since", "2100-01-01")  # a bulk load's upkeep, no rows
    assert EntityDay.objects.count() >= ENTITIES * DAYS
    with CaptureQueriesContext(connection) as queries:
        response = APIClient().get("/api/v1/accelerating", {"window": 14})
    assert response.status_code == 200, response.content
    assert response.json()["entities"]
    ranked = [q["sql"] for q in queries.captured_queries if "registry_entityday" in q["sql"]]
    plan = explained(ranked[0])
    on_days = scans(plan, "registry_entityday")
    assert on_days, plan
    assert {s["Node Type"] for s in on_days} == {"Index Only Scan"}, plan
    assert {s.get("Index Name") for s in on_days} == {"entity_day_window"}, plan


@pytest.mark.django_db(transaction=True)
def test_signals_read_the_window_of_their_topics_not_their_history(monkeypatch):
    """400 days of event-days for 200 flagged topics: the signals' counts come from the
    (event, day) index alone, the window's rows only (no heap visit for the older days)."""
    demo_load()
    vertical = Vertical.objects.first()
    lead = Entity.objects.first()
    Event.objects.bulk_create(
        Event(subject=f"bulk-topic-{n}", title=f"Bulk {n}", lead_entity=lead, wire_tier="flagged")
        for n in range(200)
    )
    ids = list(Event.objects.filter(subject__startswith="bulk-").values_list("pk", flat=True))
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO registry_eventday (event_id, vertical_id, day, mentions, with_verbs) "
            "SELECT e, %s, current_date - d, 1 + (e + d) %% 5, 0 "
            "FROM unnest(%s::bigint[]) AS e, generate_series(0, %s) AS d",
            [vertical.pk, ids, DAYS],
        )
    call_command("rebuild_rollups", "--since", "2100-01-01")  # rolls the kept pace too
    with monkeypatch.context() as patched:  # before the first roll: the window aggregated
        patched.setattr(pace, "ready", lambda day: False)
        aggregated, queries = signals_page()
    (counted,) = [sql for sql in queries if "registry_eventday" in sql]
    plan = explained(counted, analyze=True)
    on_days = scans(plan, "registry_eventday")
    assert {s["Node Type"] for s in on_days} == {"Index Only Scan"}, plan
    assert sum(s["Actual Rows"] for s in on_days) <= 200 * 28 + len(ids), plan

    kept, queries = signals_page()  # once rolled: ranked in SQL from the topics' pace
    assert kept == aggregated
    assert not [sql for sql in queries if "registry_eventday" in sql]
    (ranked,) = [sql for sql in queries if "registry_topicpace" in sql and "ORDER BY" in sql]
    plan = explained(ranked, analyze=True)
    read = sum(s["Actual Rows"] * s["Actual Loops"] for s in scans(plan, "registry_topicpace"))
    flagged = Event.objects.filter(wire_tier="flagged").count()
    assert read <= flagged, plan  # a row per flagged topic at most, whatever the history


def signals_page() -> tuple[dict, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        response = APIClient().get("/api/v1/signals", {"limit": 5})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["total"] >= 200
    body.pop("generatedAt")
    body["nextCursor"] = body["nextCursor"].split(":")[0]  # its position, not its signing time
    cache.clear()
    forget_local()
    return body, [q["sql"] for q in queries.captured_queries]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("vertical", [None, "weather"])
def test_the_default_week_ranks_by_walking_the_pace_index_to_the_page(vertical):
    """5,000 entities named this week and before: a page of accelerating entities is the first
    rows of the kept pace's ranking index (`entity_pace_rank_*`), never a sort of all of them."""
    demo_load()
    weather = Vertical.objects.get(slug="weather")
    Entity.objects.bulk_create(
        Entity(slug=f"bulk-{n}", name=f"Bulk {n}", tracked=True) for n in range(5000)
    )
    ids = list(Entity.objects.filter(slug__startswith="bulk-").values_list("pk", flat=True))
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO registry_entityday (entity_id, vertical_id, day, documents) "
            "SELECT e, %s, current_date - d, 1 + (e * d) %% 11 "
            "FROM unnest(%s::bigint[]) AS e, generate_series(0, 27, 3) AS d",
            [weather.pk, ids],
        )
    call_command("rebuild_rollups", "--since", "2100-01-01")  # rolls the kept pace too
    query = {"limit": 20, **({"vertical": vertical} if vertical else {})}
    with CaptureQueriesContext(connection) as queries:
        response = APIClient().get("/api/v1/accelerating", query)
    assert response.status_code == 200, response.content
    ranked = response.json()["entities"]
    assert len(ranked) == 20
    ratios = [row["acceleration"]["ratio"] for row in ranked]
    assert ratios == sorted(ratios, reverse=True)
    (ranking,) = [
        q["sql"]
        for q in queries.captured_queries
        if "registry_entitypace" in q["sql"] and "ORDER BY" in q["sql"]
    ]
    plan = explained(ranking, analyze=True)
    on_pace = scans(plan, "registry_entitypace")
    index = "entity_pace_rank_vertical" if vertical else "entity_pace_rank_all"
    assert {s.get("Index Name") for s in on_pace} == {index}, plan
    read = sum(s["Actual Rows"] * s["Actual Loops"] for s in on_pace)
    assert read < 500, plan  # the page and the rows its filters pass over, not 5,000
