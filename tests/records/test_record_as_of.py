"""GET /api/record/{topic}?asOf= and get_topic_record's `as_of`: the record as the service
held it at an instant, whatever arrived since.

The world is the demo, loaded at a set instant; a record is read at a later one and kept; then
documents, prices, a state transition and a source reading arrive; the record as of the kept
instant must be the record read then, layer for layer, from the rows (no checkpoint) and from a
checkpoint plus the rows after it.
"""

import json
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from jsonschema import Draft202012Validator

import ingestion
from config.cachekeys import forget_local
from records import known
from records import services as record_services
from records.builder import build_record
from records.models import RecordCheckpoint, StateTransition
from records.services import record_checkpoints_take, records_transition
from registry import services
from registry.models import Document, EntityMention, Event, EventMention, MarketQuestion

pytestmark = pytest.mark.django_db
SCHEMA = json.loads(
    (Path(__file__).parents[2] / "records" / "schemas" / "svc.record.v1.json").read_text()
)
VALIDATOR = Draft202012Validator(SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER)
FED = "rate-decision-federal-reserve-december-2026"  # full tier: claims, markets, a source
LOADED = datetime(2026, 11, 22, 8, tzinfo=UTC)
READ = datetime(2026, 11, 22, 9, 30, tzinfo=UTC)
LATER = datetime(2026, 11, 23, 10, tzinfo=UTC)
# The layers an instant fixes. `primarySources` and `judgment` read the demo's sources, whose
# current words were laid out beside their readings, not by them: tested on real fetches in
# tests/registry/test_sources_as_of.py.
HELD = ("reporting", "record", "coverageMetric", "market", "consensus", "stateHistory")


@pytest.fixture
def demo(time_machine):
    time_machine.move_to(LOADED, tick=False)
    call_command("load_demo")
    records_transition()


def record(api, subject=FED, **query):
    cache.clear()  # what arrived is invalidated after its commit, which a test never reaches
    forget_local()
    response = api.get(f"/api/record/{subject}", query)
    assert response.status_code == 200, response.content
    return response.json()


def arrivals(time_machine) -> None:
    """A day later: new reporting on the Fed, a new price for its open question, a state move
    and a new reading of its source."""
    time_machine.move_to(LATER, tick=False)
    fed = Event.objects.get(subject=FED)
    outlet = services.outlet_upsert(domain="late.example", name="Late Wire")
    vertical = fed.documents.first().vertical
    ingestion.documents_ingest(items=[
        ingestion.IncomingDocument(
            url=f"https://late.example/fed/{n}", outlet=outlet, vertical=vertical,
            title=f"Federal Reserve signals a December rate cut, officials say ({n})",
            summary="Federal Reserve officials said a rate cut in December is likely.",
            fetched_at=LATER, published_at=LATER - timedelta(hours=n),
        )
        for n in range(1, 4)
    ])  # fmt: skip
    question = MarketQuestion.objects.filter(events=fed, deadline__gt=LATER).first()
    ingestion.market_price_record(question=question, captured_at=LATER, probability_pct=91.0)
    last = fed.transitions.filter(field=StateTransition.Field.COVERAGE_STATE).last()
    StateTransition.objects.create(
        event=fed, field=last.field, from_value=last.to_value,
        to_value="fading" if last.to_value != "fading" else "steady", at=LATER,
        held_since=last.at,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("checkpoints", "kept"),
    [(False, 50), (True, 50), (True, 2)],
    ids=["from rows", "from a checkpoint", "from a checkpoint too short for the co-mentions"],
)
def test_a_record_as_of_an_instant_is_the_record_read_then(
    api, demo, time_machine, monkeypatch, checkpoints, kept
):
    monkeypatch.setattr(known, "TOP_KEPT", kept)
    if checkpoints:  # one every 20 stored documents, the last well before the instant read
        monkeypatch.setattr(record_services, "SPACING", 20)
        assert record_checkpoints_take(now=READ, history=True) > 0
        assert RecordCheckpoint.objects.filter(event__subject=FED).exists()
    time_machine.move_to(READ, tick=False)
    then = record(api)
    arrivals(time_machine)
    if checkpoints:  # and more, after it: none of them may be read as of the earlier instant
        record_checkpoints_take(now=LATER + timedelta(minutes=5), history=True)
    now = record(api)
    assert now["layers"]["record"]["documents"] == then["layers"]["record"]["documents"] + 3
    assert now["layers"]["stateHistory"] != then["layers"]["stateHistory"]
    assert now["layers"]["market"]["current"] != then["layers"]["market"]["current"]
    held = record(api, asOf=READ.isoformat())
    assert not list(VALIDATOR.iter_errors(held))
    assert {layer: held["layers"][layer] for layer in HELD} == {
        layer: then["layers"][layer] for layer in HELD
    }
    assert (held["state"], held["subjectBinding"]) == (then["state"], then["subjectBinding"])
    assert (held["asOf"], held["asOfInstant"]) == ("2026-11-22", READ.isoformat())
    assert held["generatedAt"] == LATER.isoformat()  # when it was built, not the instant
    assert now["asOfInstant"] == LATER.isoformat()


def test_a_settled_instant_is_cacheable_for_a_day_a_fresh_one_for_the_refresh_window(
    api, demo, time_machine
):
    time_machine.move_to(LATER, tick=False)
    settled = api.get(f"/api/record/{FED}", {"asOf": READ.isoformat()})
    assert settled["Cache-Control"] == "public, max-age=86400, immutable"
    again = api.get(
        f"/api/record/{FED}", {"asOf": READ.isoformat()}, HTTP_IF_NONE_MATCH=settled["ETag"]
    )
    assert again.status_code == 304
    fresh = api.get(f"/api/record/{FED}", {"asOf": (LATER - timedelta(seconds=5)).isoformat()})
    assert fresh["Cache-Control"] == "public, max-age=300, stale-while-revalidate=60"


def test_the_instant_is_read_in_any_zone_and_one_spelling_per_instant(api, demo, time_machine):
    time_machine.move_to(LATER, tick=False)
    utc = record(api, asOf="2026-11-22T09:30:00Z")
    zoned = record(api, asOf="2026-11-22T04:30:00-05:00")
    # A `+` the caller did not escape arrives as a space: read as the `+` it was.
    plus = api.get(f"/api/record/{FED}?asOf=2026-11-22T10:30:00+01:00").json()
    assert utc["asOfInstant"] == zoned["asOfInstant"] == plus["asOfInstant"] == READ.isoformat()
    assert utc["layers"]["record"] == zoned["layers"]["record"] == plus["layers"]["record"]


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("2026-11-24T10:00:00Z", "is in the future"),
        ("2026-11-21T23:59:59Z", "is before the topic"),
        ("2026-11-22", "RFC 3339 instant"),
        ("2026-11-22T09:30:00", "RFC 3339 instant"),
        ("yesterday", "RFC 3339 instant"),
        ("2026-11-22T09:30:00+15:00", "RFC 3339 instant"),
    ],
)
def test_an_instant_it_cannot_answer_is_a_400_naming_asOf(api, demo, time_machine, value, said):
    time_machine.move_to(LATER, tick=False)
    body = api.get(f"/api/record/{FED}", {"asOf": value}).json()
    assert (body["status"], body["field"], body["state"]) == (400, "asOf", "invalid-field")
    assert said in body["error"]


def test_the_earlier_path_takes_asOf_too_and_other_parameters_stay_refused(api, demo):
    alias = api.get(f"/api/truth/{FED}", {"asOf": LOADED.isoformat()})
    assert alias.status_code == 200
    assert alias.json()["asOfInstant"] == LOADED.isoformat()
    body = api.get(f"/api/record/{FED}", {"asof": LOADED.isoformat()}).json()
    assert (body["status"], body["field"]) == (400, "asof")


def call(client, name, arguments):
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": name, "arguments": arguments}}  # fmt: skip
    response = client.post("/api/mcp", json.dumps(body), content_type="application/json")
    assert response.status_code == 200, response.content[:300]
    return response.json()["result"]


def test_get_topic_record_takes_as_of_and_answers_as_rest_does(api, client, demo, time_machine):
    time_machine.move_to(READ, tick=False)
    arrivals(time_machine)
    rest = record(api, asOf=READ.isoformat())
    tool = call(client, "get_topic_record", {"topic": FED, "as_of": READ.isoformat()})
    assert tool["isError"] is False
    assert tool["structuredContent"]["layers"] == rest["layers"]
    assert tool["structuredContent"]["asOfInstant"] == READ.isoformat()
    future = call(client, "get_topic_record", {"topic": FED, "as_of": "2027-01-01T00:00:00Z"})
    assert future["isError"] is True
    assert future["content"][0]["text"].startswith("as_of:")
    listed = call_list(client)["get_topic_record"]["inputSchema"]["properties"]["as_of"]
    assert (listed["type"], listed["format"]) == ("string", "date-time")


def call_list(client) -> dict:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    response = client.post("/api/mcp", json.dumps(body), content_type="application/json")
    tools = response.json()["result"]["tools"]
    assert len(tools) == 29
    return {tool["name"]: tool for tool in tools}


def test_a_document_records_when_it_was_stored_and_its_mentions_carry_it(fed, time_machine):
    time_machine.move_to(LATER, tick=False)
    event = Event.objects.create(subject="rate-decision-fed-stamps", title="Fed", lead_entity=fed,
                                 subject_terms=["rate decision"])  # fmt: skip
    outlet = services.outlet_upsert(domain="wire.example", name="Wire")
    vertical = services.vertical_upsert(slug="markets", name="Markets")
    ingestion.documents_ingest(items=[
        ingestion.IncomingDocument(
            url="https://wire.example/1", title="Federal Reserve nears its rate decision",
            outlet=outlet, vertical=vertical, fetched_at=READ, published_at=LOADED,
        )
    ])  # fmt: skip
    document = Document.objects.get()
    assert (document.published_at, document.fetched_at, document.ingested_at) == (
        LOADED, READ, LATER)  # fmt: skip
    mention = EventMention.objects.get(event=event)
    assert (mention.ingested_at, mention.counted) == (LATER, True)
    assert EntityMention.objects.get(entity=fed).ingested_at == LATER


def test_a_record_as_of_an_instant_costs_the_same_queries_however_many_documents(
    demo, time_machine
):
    fed = Event.objects.select_related("lead_entity", "kind").get(subject=FED)
    time_machine.move_to(READ, tick=False)
    with CaptureQueriesContext(connection) as few:
        build_record(fed, as_of=LOADED + timedelta(minutes=1))
    arrivals(time_machine)
    with CaptureQueriesContext(connection) as more:
        build_record(fed, as_of=LATER)
    assert len(more.captured_queries) == len(few.captured_queries)


def test_a_checkpoint_bounds_the_entities_it_does_not_keep():
    kept = known.Tally(entities=Counter({1: 90, 2: 40, 3: 30}), bound=20)
    later = known.Tally(entities=Counter({2: 5, 4: 7}))
    merged = kept.plus(later)
    assert merged.entities == Counter({1: 90, 2: 45, 3: 30})  # 4 may have up to 27: unlisted
    assert merged.bound == 27
    assert not merged.ranks(lead=1)  # fewer than ten listed above the bound: counted afresh
    many = known.Tally(entities=Counter({pk: 100 - pk for pk in range(1, 13)}), bound=20)
    assert many.ranks(lead=1)
    assert not known.Tally(entities=Counter({pk: 100 - pk for pk in range(1, 13)}), bound=89).ranks(
        lead=1
    )
    assert known.Tally(entities=Counter({2: 1})).ranks(lead=1)  # no bound: every entity listed


def test_checkpoints_hold_the_exact_counts_of_the_documents_stored_by_them(
    demo, time_machine, monkeypatch
):
    monkeypatch.setattr(record_services, "SPACING", 2)
    assert record_checkpoints_take(now=READ, history=True) > 0
    arrivals(time_machine)
    assert record_checkpoints_take(now=LATER + timedelta(minutes=5)) > 0  # as the beat takes one
    fed = Event.objects.get(subject=FED)
    claimed = known.claimed_by(fed)
    points = list(RecordCheckpoint.objects.filter(event=fed).order_by("at"))
    assert [p.at for p in points] == [LOADED, LATER + timedelta(minutes=4)]
    for point in points:
        exact = known.tally_span(fed, None, point.at, claimed)
        assert point.counts == exact.kept()
        assert point.documents == sum(exact.days.values())
