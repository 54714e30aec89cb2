"""Signals, entities, comparison, acceleration and verticals over REST, from the rollups."""

from datetime import timedelta

import pytest
from django.utils import timezone

from registry.models import EntityAlias, EntityDay
from tests.factories import EntityFactory, EventDayFactory, EventFactory, VerticalFactory

pytestmark = pytest.mark.django_db


def ago(days: int):
    return timezone.now().date() - timedelta(days=days)


def attention(entity, per_day: dict[int, int], vertical=None):
    """Documents naming `entity`, keyed by days ago."""
    vertical = vertical or VerticalFactory(slug="markets")
    for back, n in per_day.items():
        EntityDay.objects.create(entity=entity, vertical=vertical, day=ago(back), documents=n)


def current_docs(item) -> int:
    return item["counts"]["attention"]["current"]["documents"]["count"]


def current_verticals(item) -> int:
    return item["counts"]["attention"]["current"]["verticals"]["count"]


def flagged(**kwargs):
    return EventFactory(wire_tier="flagged", coverage_state="rising", **kwargs)


# --- signals -----------------------------------------------------------------------------------


def test_signals_are_the_flagged_topics_busiest_first_with_counts_and_aliases(api):
    markets, energy = VerticalFactory(slug="markets"), VerticalFactory(slug="energy")
    quiet, busy, watched = flagged(), flagged(), EventFactory(wire_tier="watch")
    EventDayFactory(event=quiet, vertical=markets, day=ago(1), mentions=2)
    EventDayFactory(event=busy, vertical=markets, day=ago(0), mentions=5)
    EventDayFactory(event=busy, vertical=energy, day=ago(2), mentions=4)
    EventDayFactory(event=busy, vertical=markets, day=ago(10), mentions=3)  # baseline window
    EventDayFactory(event=watched, vertical=markets, day=ago(0), mentions=50)

    response = api.get("/api/v1/signals")
    assert response.status_code == 200
    assert response["access-control-allow-origin"] == "*"
    assert "max-age=60" in response["cache-control"]
    body = response.json()
    assert body["schema"] == "svc.signals.v1"
    assert [s["topic"] for s in body["signals"]] == [busy.subject, quiet.subject]
    top = body["signals"][0]
    assert (current_docs(top), current_verticals(top)) == (9, 2)
    assert top["counts"]["attention"]["baseline"]["documents"]["count"] == 3
    assert (top["signalCount"], top["verticalCount"]) == (9, 2)
    assert top["lead"]["slug"] == busy.lead_entity.slug
    assert top["wireTier"] == "flagged"


def test_signals_filter_by_vertical_tier_and_limit(api):
    markets, energy = VerticalFactory(slug="markets"), VerticalFactory(slug="energy")
    full, standard = flagged(tier="full"), flagged()
    EventDayFactory(event=full, vertical=energy, day=ago(0), mentions=1)
    EventDayFactory(event=standard, vertical=markets, day=ago(0), mentions=3)
    topics = lambda url: [s["topic"] for s in api.get(url).json()["signals"]]  # noqa: E731
    assert topics("/api/v1/signals?vertical=energy") == [full.subject]
    assert topics("/api/v1/signals?tier=full") == [full.subject]
    assert topics("/api/v1/signals?limit=1") == [standard.subject]
    energy_only = api.get("/api/v1/signals?vertical=energy").json()["signals"][0]
    assert current_verticals(energy_only) == 1


def test_a_page_of_signals_counts_every_flagged_topic_and_names_its_own_entities(api):
    busy, quiet = flagged(), flagged()
    busy.entities.add(EntityFactory(name="Port Authority"), EntityFactory(name="Dock Union"))
    quiet.entities.add(EntityFactory(name="Harbour Board"))
    EventDayFactory(event=busy, day=ago(0), mentions=4)
    EventDayFactory(event=quiet, day=ago(0), mentions=1)
    body = api.get("/api/v1/signals?limit=1").json()
    assert body["total"] == 2
    assert [s["topic"] for s in body["signals"]] == [busy.subject]
    names = [e["name"] for e in body["signals"][0]["entities"]]
    assert names == sorted(e.name for e in busy.entities.all())  # by name, each once
    assert {"Port Authority", "Dock Union"} <= set(names)
    bare = flagged()  # no entities: an empty list, not a missing one
    EventDayFactory(event=bare, day=ago(0), mentions=9)
    first = api.get("/api/v1/signals?limit=1&tier=" + bare.tier).json()["signals"][0]
    assert (first["topic"], first["entities"]) == (bare.subject, [])


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("vertical=no-such", "vertical"),
        ("tier=gold", "tier"),
        ("limit=0", "limit"),
        ("limit=201", "limit"),
        ("colour=red", "colour"),
    ],
)
def test_bad_signal_filters_name_the_field(api, query, field):
    response = api.get(f"/api/v1/signals?{query}")
    assert response.status_code == 400
    assert response["content-type"].startswith("application/problem+json")
    assert response.json()["field"] == field


def test_signals_cost_the_same_queries_for_three_or_thirty_topics(
    api, django_assert_max_num_queries
):
    def grow(n):
        for _ in range(n):
            EventDayFactory(event=flagged(), day=ago(0), mentions=1)

    grow(3)
    # whether the pace is counted, the flagged topics and their counts, their entities
    with django_assert_max_num_queries(4) as few:
        api.get("/api/v1/signals")
    grow(27)
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert len(api.get("/api/v1/signals?limit=200").json()["signals"]) == 30


# --- entities ----------------------------------------------------------------------------------


def test_entity_search_matches_names_and_aliases_with_counts(api):
    fed = EntityFactory(slug="federal-reserve", name="Federal Reserve")
    EntityAlias.objects.create(entity=fed, alias="The Fed")
    fedex = EntityFactory(slug="fedex", name="FedEx")
    EntityFactory(slug="ecb", name="European Central Bank")
    attention(fed, {0: 4, 1: 2})
    body = api.get("/api/v1/entities?q=fed").json()
    assert body["schema"] == "svc.entity-search.v1"
    assert [m["slug"] for m in body["matches"]] == ["fedex", "federal-reserve"]
    assert body["matches"][1]["signals"] == current_docs(body["matches"][1]) == 6
    assert body["matches"][1]["verticals"] == current_verticals(body["matches"][1]) == 1
    by_alias = api.get("/api/v1/entities?q=the%20fed").json()["matches"]
    assert [m["slug"] for m in by_alias] == ["federal-reserve"]
    assert fedex.slug in {m["slug"] for m in body["matches"]}


def test_entity_search_pages_with_cursors_without_repeats(api):
    for n in range(7):
        EntityFactory(slug=f"storm-{n}", name=f"Storm {n % 3}")  # names repeat: ids break ties
    seen, url = [], "/api/v1/entities?q=storm&limit=3"
    while url:
        body = api.get(url).json()
        seen += [m["slug"] for m in body["matches"]]
        cursor = body["nextCursor"]
        url = f"/api/v1/entities?q=storm&limit=3&cursor={cursor}" if cursor else None
    assert sorted(seen) == sorted(f"storm-{n}" for n in range(7))
    assert len(seen) == len(set(seen))


def test_a_forged_cursor_is_refused_naming_cursor(api):
    response = api.get("/api/v1/entities?q=x&cursor=WyJhIiwxXQ")
    assert response.status_code == 400
    assert response.json()["field"] == "cursor"


def test_entity_search_needs_q(api):
    response = api.get("/api/v1/entities")
    assert response.status_code == 400
    assert response.json()["field"] == "q"


@pytest.mark.parametrize("name", ["federal-reserve", "Federal Reserve", "fed"])
def test_entity_detail_resolves_slug_name_or_alias(api, name):
    fed = EntityFactory(slug="federal-reserve", name="Federal Reserve")
    EntityAlias.objects.create(entity=fed, alias="Fed")
    topic = EventFactory(lead_entity=fed)
    attention(fed, {0: 3, 20: 7})
    body = api.get(f"/api/v1/entities/{name}").json()
    assert body["schema"] == "svc.entity.v1"
    assert body["slug"] == "federal-reserve"
    assert body["signals"] == current_docs(body) == 3
    assert body["counts"]["attention"]["baseline"]["documents"]["count"] == 7
    assert body["aliases"] == ["Fed"]
    assert body["topics"] == [
        {"topic": topic.subject, "title": topic.title, "role": "lead", "wireTier": "watch",
         "coverageState": "new"},
    ]  # fmt: skip
    assert len(body["daily"]) == 28
    assert body["daily"][-1]["documents"] == 3


def test_unknown_entity_is_404_naming_slug(api):
    response = api.get("/api/v1/entities/nobody-at-all")
    assert response.status_code == 404
    assert response.json()["field"] == "slug"


def test_compare_lines_entities_up_over_the_same_days(api):
    a = EntityFactory(name="Alpha")
    EntityFactory(name="Beta")
    attention(a, {0: 5})
    body = api.get(f"/api/v1/entities/compare?names={a.slug},Beta").json()
    assert body["schema"] == "svc.entity-compare.v1"
    assert [current_docs(e) for e in body["entities"]] == [5, 0]
    assert [d["date"] for d in body["entities"][0]["daily"]] == [
        d["date"] for d in body["entities"][1]["daily"]
    ]


@pytest.mark.parametrize("names", ["only-one", "known,unknown-name", ""])
def test_compare_refuses_bad_names_naming_names(api, names):
    EntityFactory(slug="known", name="Known")
    EntityFactory(slug="only-one", name="Only")
    response = api.get(f"/api/v1/entities/compare?names={names}")
    assert response.status_code == 400
    assert response.json()["field"] == "names"


# --- acceleration ------------------------------------------------------------------------------


def test_accelerating_ranks_by_rate_against_baseline(api):
    rising, steady, thin = EntityFactory(), EntityFactory(), EntityFactory()
    untracked = EntityFactory(tracked=False)
    attention(rising, {0: 10, 1: 10, 10: 3})  # 20 now against 3 over 21 days
    attention(steady, {0: 3, 1: 3, 8: 6, 9: 6, 10: 6})  # 6 now against 18
    attention(thin, {0: 2})  # below minDocuments
    attention(untracked, {0: 50})
    body = api.get("/api/v1/accelerating").json()
    assert body["schema"] == "svc.accelerating.v1"
    assert [e["slug"] for e in body["entities"]] == [rising.slug, steady.slug]
    top = body["entities"][0]
    assert top["rank"] == 1
    assert top["acceleration"]["ratio"] == pytest.approx((20 / 7) / (3 / 21), abs=0.001)
    assert top["signals"] == current_docs(top) == 20
    assert top["verticals"] == current_verticals(top) == 1
    lowered = api.get("/api/v1/accelerating?minDocuments=2").json()["entities"]
    assert thin.slug in {e["slug"] for e in lowered}


def test_accelerating_window_sets_both_windows(api):
    entity = EntityFactory()
    attention(entity, {0: 5, 2: 5, 5: 1})
    body = api.get("/api/v1/accelerating?window=2&minDocuments=1").json()
    assert (body["window"]["currentDays"], body["window"]["baselineDays"]) == (2, 6)
    counts = body["entities"][0]["counts"]["attention"]
    assert (counts["current"]["documents"]["count"], counts["baseline"]["documents"]["count"]) == (
        5,
        6,
    )


def test_accelerating_costs_the_same_queries_for_any_number_of_entities(
    api, django_assert_max_num_queries
):
    for _ in range(3):
        attention(EntityFactory(), {0: 6})
    with django_assert_max_num_queries(4) as few:
        api.get("/api/v1/accelerating")
    for _ in range(30):
        attention(EntityFactory(), {0: 6})
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert len(api.get("/api/v1/accelerating?limit=50").json()["entities"]) == 33


def test_verticals_list_their_entities_and_current_mentions(api):
    markets = VerticalFactory(slug="markets")
    VerticalFactory(slug="energy")
    entity = EntityFactory()
    entity.verticals.add(markets)
    attention(entity, {0: 4}, markets)
    body = api.get("/api/v1/verticals").json()
    assert body["schema"] == "svc.verticals.v1"
    rows = {v["slug"]: v for v in body["verticals"]}
    assert rows["markets"]["entities"] == 1
    assert rows["markets"]["current"] == {"entityMentions": 4, "entitiesNamed": 1}
    assert rows["energy"]["current"]["entityMentions"] == 0


def test_reads_answer_304_to_their_etag(api):
    first = api.get("/api/v1/verticals")
    again = api.get("/api/v1/verticals", HTTP_IF_NONE_MATCH=first["etag"])
    assert again.status_code == 304
    assert again["etag"] == first["etag"]
