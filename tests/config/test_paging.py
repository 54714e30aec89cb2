"""Cursors from the attacker's side: a cursor belongs to the list (and filters) that issued it.

Every paginated list on both doors is fed a real, validly signed cursor taken from every other
list. Each must answer 400 naming `cursor` on REST (a tool error naming `cursor` on MCP): never
a 500, never a page read from a position that means something else there.
"""

import json
from datetime import UTC, datetime, timedelta

import pytest
from django.core import signing
from django.utils import timezone

import ingestion
from billing.models import ApiKey
from config.paging import ListScope
from records.models import StateTransition
from registry import services
from registry.models import Event, SourceReading, TripwireAlert
from tests.factories import (
    EventFactory,
    MarketQuestionFactory,
    OutletFactory,
    PrimarySourceFactory,
    VerticalFactory,
)
from watches import tasks
from watches.models import WatchVersion

pytestmark = pytest.mark.django_db
TOPIC = "rate-decision-fed-dec"
QUIET, ACTIVE = "no-active-systems", "active-advisories"

# name: (REST path, its MCP twin, the twin's arguments); each asked with limit=1.
LISTS = {
    "records": ("/api/v1/records", "list_topics", {}),
    "history": (f"/api/v1/records/{TOPIC}/history", "get_topic_history", {"topic": TOPIC}),
    "reporting": (f"/api/v1/records/{TOPIC}/reporting", "get_reporting", {"topic": TOPIC}),
    "entities": ("/api/v1/entities?q=federal", "search_entities", {"q": "federal"}),
    "corroborated": ("/api/v1/corroborated", "get_corroborated", {}),
    "sources": ("/api/v1/sources", "get_primary_sources", {}),
    "tripwires": ("/api/v1/tripwires", "get_tripwire_alerts", {}),
    "markets": ("/api/v1/markets", "get_market_questions", {}),
    "documents": ("/api/v1/documents?q=rate", "search_reporting", {"q": "rate"}),
    "readings": ("/api/v1/watches/{watch}/readings", "get_watch_readings", {"watchId": "{watch}"}),
    "signals": ("/api/v1/signals", "get_signals", {}),
}


def ingest(outlet, titles, *, hours_ago=1):
    now = timezone.now()
    ingestion.documents_ingest(items=[
        ingestion.IncomingDocument(url=f"https://{outlet.domain}/{n}-{hours_ago}", title=title,
                                  outlet=outlet, vertical=VerticalFactory(slug="markets"),
                                  fetched_at=now, published_at=now - timedelta(hours=hours_ago))
        for n, title in enumerate(titles)
    ])  # fmt: skip


def flip(source, at):
    before = SourceReading.objects.create(
        source=source,
        attempted_at=at - timedelta(hours=1),
        ok=True,
        http_status=200,
        observed_state=QUIET,
    )
    after = SourceReading.objects.create(
        source=source, attempted_at=at, ok=True, http_status=200, observed_state=ACTIVE
    )
    TripwireAlert.objects.create(source=source, from_state=QUIET, to_state=ACTIVE, at=at,
                                 previous_reading=before, reading=after)  # fmt: skip


def registry_with_two_pages_everywhere():
    """At least two rows in every list, so each gives a `nextCursor` at limit=1."""
    fed = services.entity_upsert(slug="federal-reserve", name="Federal Reserve")
    services.entity_upsert(slug="federal-court", name="Federal Court")
    topic = services.event_upsert(subject=TOPIC, title="Fed decision", lead_entity=fed,
                                  subject_terms=["rate decision"],
                                  question_terms=["rate", "cut"])  # fmt: skip
    EventFactory(subject="rate-decision-ecb-dec")
    for n, (before, after) in enumerate((("new", "steady"), ("steady", "rising"))):
        StateTransition.objects.create(event=topic, field="coverage state", from_value=before,
                                       to_value=after,
                                       at=timezone.now() - timedelta(days=2 - n))  # fmt: skip
    wire, paper = OutletFactory(), OutletFactory()
    for outlet in (wire, paper):  # two known origins per story: two corroborated clusters
        ingest(outlet, ["Federal Reserve rate decision lifts the dollar in early trade"])
        ingest(outlet, ["Hurricane Tavia makes landfall in Jamaica with storm surge"], hours_ago=2)
    ingest(wire, [f"Federal Reserve rate decision, take {n}" for n in range(3)], hours_ago=3)
    for n in range(2):
        source = PrimarySourceFactory(slug=f"issuer-{n}")
        flip(source, datetime(2026, 11, 10 + n, 12, tzinfo=UTC))
        MarketQuestionFactory()
    Event.objects.update(wire_tier="flagged")  # both topics signalled


@pytest.fixture
def key(api):
    secret = api.post("/api/keys").json()["key"]
    ApiKey.objects.filter(prefix=secret[:13]).update(
        email="ada@example.org", email_verified_at=timezone.now()
    )
    return {"HTTP_X_API_KEY": secret}


@pytest.fixture
def watch(api, key):
    watch_id = api.post(
        "/api/v1/watches", {"base": "current-signals"}, format="json", **key
    ).json()["watchId"]
    version = WatchVersion.objects.get()
    for hour in (10, 11):
        tasks.run_watch(version.pk, datetime(2026, 11, 22, hour, tzinfo=UTC).isoformat())
    return watch_id


@pytest.fixture
def lists(api, key, watch):
    registry_with_two_pages_everywhere()
    return {
        name: (path.format(watch=watch), tool, {k: v.format(watch=watch) for k, v in args.items()})
        for name, (path, tool, args) in LISTS.items()
    }


def rest(api, path, key, **query):
    joiner = "&" if "?" in path else "?"
    suffix = "&".join(f"{name}={value}" for name, value in query.items())
    return api.get(f"{path}{joiner}{suffix}", **key)


def mcp(api, tool, arguments, key):
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": tool, "arguments": arguments}}  # fmt: skip
    return api.post("/api/mcp", json.dumps(body), content_type="application/json", **key)


@pytest.fixture
def cursors(api, key, lists):
    """A real `nextCursor` from the first page of every list."""
    found = {}
    for name, (path, _, _) in lists.items():
        response = rest(api, path, key, limit=1)
        assert response.status_code == 200, (name, response.content)
        found[name] = response.json()["nextCursor"]
        assert found[name], f"{name} gave no second page"
    return found


def assert_refused_naming_cursor(response, label):
    assert response.status_code == 400, (label, response.status_code, response.content[:300])
    assert response.json()["field"] == "cursor", label


@pytest.mark.parametrize("target", list(LISTS))
def test_a_cursor_from_another_list_is_400_naming_cursor_on_rest(api, key, lists, cursors,
                                                                 target):  # fmt: skip
    path = lists[target][0]
    assert rest(api, path, key, limit=1, cursor=cursors[target]).status_code == 200
    answered = {
        source: rest(api, path, key, limit=1, cursor=cursor)
        for source, cursor in cursors.items()
        if source != target
    }
    wrong = {s: r.status_code for s, r in answered.items() if r.status_code != 400}
    assert not wrong, f"into {target}: {wrong}"
    assert {r.json()["field"] for r in answered.values()} == {"cursor"}


@pytest.mark.parametrize("target", list(LISTS))
def test_a_cursor_from_another_list_is_a_tool_error_naming_cursor_on_mcp(
    api, key, lists, cursors, target
):
    _, tool, arguments = lists[target]
    own = mcp(api, tool, {**arguments, "limit": 1, "cursor": cursors[target]}, key)
    assert own.json()["result"]["isError"] is False, own.content[:300]
    wrong = {}
    for source, cursor in cursors.items():
        if source == target:
            continue
        response = mcp(api, tool, {**arguments, "limit": 1, "cursor": cursor}, key)
        result = response.json().get("result") if response.status_code == 200 else None
        if not (
            result and result["isError"] and result["content"][0]["text"].startswith("cursor:")
        ):
            wrong[source] = response.status_code if result is None else "served a page"
    assert not wrong, f"into {tool}: {wrong}"


def test_a_cursor_is_bound_to_the_filters_of_its_list(api, key, lists, cursors):
    first = rest(api, "/api/v1/entities?q=fed", key, limit=1).json()["nextCursor"]
    assert_refused_naming_cursor(
        rest(api, "/api/v1/entities?q=federal", key, cursor=first), "q changed"
    )
    assert rest(api, "/api/v1/entities?q=fed", key, limit=5, cursor=first).status_code == 200


def test_a_signed_cursor_whose_shape_does_not_fit_is_400(api, key, lists):
    """Signed by us yet unfit: an earlier release's bare list, or a position of the wrong shape
    or type under a list's own name and filters (what a change of sort order would leave)."""
    records = ListScope.of("records", action_class=None, tier=None, coverage_state=None,
                           wire_tier=None, q=None)  # fmt: skip
    history = ListScope.of("history", topic=TOPIC)
    at = "2026-11-20T12:00:00+00:00"
    forged = {
        "records": [records.cursor(v) for v in (["a", 1], [None], [["nested"]], [True])],
        "history": [history.cursor(v) for v in (["not a time", 1], [at, 2**70], [at, "x"])],
    }
    stale = signing.dumps(["x"], salt="svc.cursor", compress=True)
    for name, cursors in forged.items():
        for n, cursor in enumerate([stale, *cursors]):
            response = rest(api, lists[name][0], key, cursor=cursor)
            assert response.status_code == 400, (name, n, response.content[:200])
            assert response.json()["field"] == "cursor"


def test_a_cursor_of_this_list_and_filters_still_pages(api, key, lists):
    first = rest(api, "/api/v1/records", key, limit=1).json()
    second = rest(api, "/api/v1/records", key, limit=1, cursor=first["nextCursor"]).json()
    assert [r["topic"] for r in first["records"] + second["records"]] == [
        "rate-decision-ecb-dec",
        TOPIC,
    ]


@pytest.mark.parametrize("rolled", [False, True])
def test_signals_page_like_every_other_list(api, rolled):
    """`total` counts every flagged topic; `nextCursor` walks to each of them once, in the
    order of the whole list, from the window's topic-days or (PostgreSQL, rolled) the pace."""
    from aggregates import pace

    registry_with_two_pages_everywhere()
    for n in range(3):
        EventFactory(subject=f"quiet-topic-{n}", wire_tier="flagged")
    if rolled and not pace.roll():
        pytest.skip("the pace is kept on PostgreSQL")
    whole = api.get("/api/v1/signals?limit=200").json()
    assert whole["nextCursor"] is None
    walked, cursor = [], None
    while True:
        page = api.get("/api/v1/signals", {"limit": 2, **({"cursor": cursor} if cursor else {})})
        body = page.json()
        assert body["total"] == whole["total"] == 5
        walked += [signal["topic"] for signal in body["signals"]]
        cursor = body["nextCursor"]
        if cursor is None:
            break
    assert walked == [signal["topic"] for signal in whole["signals"]]
    assert walked[0] == TOPIC  # the busiest first
