"""GET /api/record/{topic}: every field of the spec's record, computed from the registry."""

import json
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import ingestion
from registry import services
from registry.models import Event
from tests.conftest import DEMO_HOUR, load_demo_at_its_hour, loaded_once
from tests.factories import EventFactory
from worlds.demo import EVENTS

pytestmark = pytest.mark.django_db
SCHEMA = json.loads(
    (Path(__file__).parents[2] / "records" / "schemas" / "svc.record.v1.json").read_text()
)
VALIDATOR = Draft202012Validator(SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER)


demo_once = loaded_once(load_demo_at_its_hour)


@pytest.fixture
def demo(demo_once, time_machine):
    time_machine.move_to(DEMO_HOUR)


def get_record(api, subject, **headers):
    response = api.get(f"/api/record/{subject}", **headers)
    return response, (response.json() if response.status_code == 200 else None)


@pytest.mark.parametrize("subject", [demo.subject for demo in EVENTS])
def test_every_demo_record_validates_against_the_schema(api, demo, subject):
    response, record = get_record(api, subject)
    assert response.status_code == 200
    errors = sorted(VALIDATOR.iter_errors(record), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]
    reporting = record["layers"]["reporting"]
    assert (
        reporting["served"] + reporting["withheldNotEventRelevant"]
        == reporting["sampledForSubject"]
    )
    assert len(reporting["items"]) == reporting["served"]


def test_versioned_names_ride_beside_their_successors(api, demo):
    _, record = get_record(api, "disaster-hurricane-tavia")
    assert record["schema"] == "svc.record.v1"
    assert record["schemaAliases"] == ["svc.truth.v1"]
    assert record["recordState"] == record["state"]
    assert record["maintainedRecord"] == record["record"]
    assert list(record["layers"]) == [
        "primarySources", "reporting", "record", "coverageMetric", "market", "judgment",
        "consensus", "stateHistory",
    ]  # fmt: skip


def test_truth_alias_answers_the_same_body_and_names_the_current_path(api, demo):
    current = api.get("/api/record/disaster-hurricane-tavia")
    alias = api.get("/api/truth/disaster-hurricane-tavia")
    assert alias.status_code == 200
    assert alias.content == current.content
    assert alias["Link"] == "</api/record/disaster-hurricane-tavia>; rel=canonical"
    assert alias["x-svc-current-path"] == "/api/record/disaster-hurricane-tavia"
    assert "Link" not in current


def test_cache_control_etag_and_304(api, demo):
    response, _ = get_record(api, "election-brazil-general-2026")
    assert response["Cache-Control"].startswith("public, max-age=300")
    etag = response["ETag"]
    assert etag.startswith('"')
    again = api.get("/api/record/election-brazil-general-2026", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag


def test_a_cached_read_asks_the_database_nothing(api, demo, django_assert_num_queries):
    get_record(api, "election-brazil-general-2026")
    with django_assert_num_queries(0):
        assert api.get("/api/record/election-brazil-general-2026").status_code == 200


def test_a_change_to_the_topic_is_served_at_once(api, demo, django_capture_on_commit_callbacks):
    _, before = get_record(api, "election-brazil-general-2026")
    event = Event.objects.get(subject="election-brazil-general-2026")
    with django_capture_on_commit_callbacks(execute=True):
        services.event_upsert(subject=event.subject, title="Brazil general election (runoff)",
                              lead_entity=event.lead_entity, action_class="election")  # fmt: skip
    _, after = get_record(api, "election-brazil-general-2026")
    assert after["title"] == "Brazil general election (runoff)" != before["title"]


def test_new_reporting_invalidates_the_record(api, demo, django_capture_on_commit_callbacks):
    _, before = get_record(api, "election-brazil-general-2026")
    event = Event.objects.get(subject="election-brazil-general-2026")
    outlet = services.outlet_upsert(domain="late.example", name="Late Wire")
    item = ingestion.IncomingDocument(
        url="https://late.example/brazil-runoff", title="Brazil runoff ballot count resumes",
        outlet=outlet, vertical=event.documents.first().vertical,
        fetched_at=datetime(2026, 11, 22, 7, tzinfo=UTC),
    )  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        ingestion.documents_ingest(items=[item])
    _, after = get_record(api, "election-brazil-general-2026")
    assert after["layers"]["record"]["documents"] == before["layers"]["record"]["documents"] + 1


def test_malformed_slug_is_400_naming_topic(api):
    body = api.get("/api/record/Not_A_Slug").json()
    assert (body["status"], body["field"], body["state"]) == (400, "topic", "invalid-field")


def test_unknown_topic_is_404_naming_it_and_how_to_list(api):
    body = api.get("/api/record/no-such-topic").json()
    assert body["status"] == 404
    assert "no-such-topic" in body["error"]
    assert "/api/v1/records" in body["error"]


def test_untracked_lead_is_unmeasured_not_zero(api, demo):
    _, record = get_record(api, "election-nauru-parliamentary-2026")
    assert record["tracked"] is False
    assert record["layers"]["reporting"]["status"] == "subject-not-in-tracked-entity-set"
    assert record["layers"]["market"]["rowsStatus"] == "subject-not-in-tracked-entity-set"
    assert record["layers"]["primarySources"]["status"] == "absent"
    assert record["layers"]["primarySources"]["sources"] == []


def test_relevance_rule_serves_and_withholds(api, fed):
    event = EventFactory(
        subject="rate-decision-fed-test",
        lead_entity=fed,
        subject_terms=["rate decision"],
        question_terms=["cut", "december"],
    )
    outlet, vertical = (
        services.outlet_upsert(domain="wire.example", name="Wire"),
        (services.vertical_upsert(slug="markets", name="Markets")),
    )
    at = datetime(2026, 11, 20, 9, tzinfo=UTC)
    titles = {
        "subject": "Federal Reserve nears its rate decision",
        "questions": "Federal Reserve: a December cut is priced",
        "withheld": "Federal Reserve publishes annual supervision report",
        "one-question-term": "Federal Reserve officials doubt a cut",
    }
    ingestion.documents_ingest(items=[
        ingestion.IncomingDocument(url=f"https://wire.example/{key}", title=title, outlet=outlet,
                                  vertical=vertical, fetched_at=at, published_at=at)
        for key, title in titles.items()
    ])  # fmt: skip
    reporting = api.get(f"/api/record/{event.subject}").json()["layers"]["reporting"]
    served = {item["title"]: item for item in reporting["items"]}
    assert (reporting["sampledForSubject"], reporting["served"]) == (4, 2)
    assert reporting["withheldNotEventRelevant"] == 2
    assert served[titles["subject"]]["relevance"] == "subject-line-term"
    assert served[titles["subject"]]["eventTerms"] == ["rate decision"]
    assert served[titles["questions"]]["relevance"] == "question-set-terms"
    assert served[titles["questions"]]["eventTerms"] == ["cut", "december"]


def test_no_relevant_row_is_a_measured_zero(api, fed):
    EventFactory(subject="rate-decision-quiet", lead_entity=fed, subject_terms=["rate decision"])
    reporting = api.get("/api/record/rate-decision-quiet").json()["layers"]["reporting"]
    assert reporting["status"] == "none-event-relevant"
    assert reporting["served"] == 0


def test_direction_equals_the_latest_recorded_coverage_state(api, demo):
    for subject in (
        "disaster-hurricane-tavia",
        "election-brazil-general-2026",
        "artemis-ii-launch",
    ):
        _, record = get_record(api, subject)
        history = record["layers"]["stateHistory"]
        latest = [t for t in history["transitions"] if t["field"] == "coverage state"][-1]
        assert record["layers"]["coverageMetric"]["direction"] == latest["to"]
        assert record["state"]["coverageState"] == latest["to"]


def test_coverage_periods_count_by_year_and_month(api, demo):
    metric = get_record(api, "disaster-hurricane-tavia")[1]["layers"]["coverageMetric"]
    periods = {p["period"]: p["mentions"] for p in metric["periods"]}
    assert periods["2026"] == metric["eventMentions"]
    assert periods["2026"] == sum(v for k, v in periods.items() if len(k) == 7)


def test_market_layer_keeps_belief_apart_and_passed_deadlines_in_the_arc(api, demo):
    market = get_record(api, "rate-decision-federal-reserve-december-2026")[1]["layers"]["market"]
    assert market["rowsStatus"] == "observed"
    assert [row["deadlinePassed"] for row in market["current"]] == [False]
    (passed,) = market["arc"]
    assert passed["deadlinePassed"] is True
    assert "kept as recorded" in passed["status"]
    for row in market["current"] + market["arc"]:
        assert "not a fact" in row["reading"]
    assert market["eventArc"]["questionCount"] == 2


def test_full_tier_computes_the_claims_ledger_standard_tier_is_pending(api, demo):
    full = get_record(api, "rate-decision-federal-reserve-december-2026")[1]["layers"]["consensus"]
    standard = get_record(api, "election-brazil-general-2026")[1]["layers"]["consensus"]
    assert standard["pending"] is True
    assert full["pending"] is False
    top = full["claims"][0]
    assert (top["entity"], top["status"]) == ("Federal Reserve", "corroborated")
    assert all(claim["knownOrigins"] <= claim["origins"] for claim in full["claims"])


def test_each_claim_counts_what_its_rows_say_under_the_origin_rule(api, demo):
    """The ledger against its own rows: per (entity, verb) the documents summed, and origins
    and known origins as `origin_counts` (the clusters' rule) counts them from the outlets."""
    from collections import defaultdict

    from django.core.cache import cache

    from ingestion.origins import origin_counts
    from registry.models import EventClaim, Outlet

    subject = "rate-decision-federal-reserve-december-2026"
    event = Event.objects.get(subject=subject)
    ours = {event.lead_entity_id, *event.entities.values_list("pk", flat=True)}
    # Every kind of origin: one outlet an aggregator (unknown provenance), one a syndicated
    # copy of another (its upstream is its origin), the rest outlets of record and wires.
    first, second, third = Outlet.objects.filter(
        pk__in=EventClaim.objects.filter(event=event).values("outlet")
    ).order_by("pk")[:3]
    Outlet.objects.filter(pk=first.pk).update(tier=Outlet.Tier.SOCIAL_AGGREGATOR, is_wire=False)
    Outlet.objects.filter(pk=second.pk).update(upstream=third, is_wire=False)
    cache.clear()
    members, documents = defaultdict(list), defaultdict(int)
    for claim in EventClaim.objects.filter(event=event, entity_id__in=ours).select_related(
        "entity", "outlet"
    ):
        key = (claim.entity.name, claim.verb)
        outlet = claim.outlet
        members[key].append((outlet.pk, outlet.pk, outlet.upstream_id, outlet.is_wire,
                             outlet.tier))  # fmt: skip
        documents[key] += claim.documents
    truth = {key: (documents[key], *origin_counts(rows)[2:]) for key, rows in members.items()}
    assert any(known < origins for _, origins, known in truth.values())
    ledger = get_record(api, subject)[1]["layers"]["consensus"]
    assert ledger["claimsTotal"] == len(truth)
    seen = {
        (c["entity"], c["verb"]): (c["documents"], c["origins"], c["knownOrigins"])
        for c in ledger["claims"]
    }
    assert seen == {key: truth[key] for key in seen}
    assert len(seen) == min(len(truth), 50)
    order = [
        (-c["knownOrigins"], -c["documents"], c["entity"], c["verb"]) for c in ledger["claims"]
    ]
    assert order == sorted(order)


def test_primary_sources_layer_reads_the_issuer(api, demo):
    layer = get_record(api, "disaster-eastern-pacific-hurricane-season-2026")[1]["layers"][
        "primarySources"
    ]
    (source,) = layer["sources"]
    assert layer["status"] == "observed"
    assert source["observedState"] == "no-active-systems"
    assert source["readState"] == "read-nothing-active"
    assert source["observed"].startswith("There are no tropical cyclones at this time.")
    assert layer["freshness"]["sourcesTotal"] == 1
    assert layer["automation"]["nextScheduledUtc"] == "06:15"


def test_subject_binding_says_who_leads_and_who_is_not_bound(api, demo):
    binding = get_record(api, "disaster-hurricane-tavia")[1]["subjectBinding"]
    assert (binding["entity"], binding["bound"]) == ("Hurricane Tavia", True)
    assert set(binding["rejected"]) == {"Cuba", "Jamaica", "National Hurricane Center"}
    assert "Cuba" in binding["statement"]
    congo = get_record(api, "ceasefire-deal-eastern-congo")[1]["subjectBinding"]
    assert congo["bound"] is True  # "congo" names the Democratic Republic of the Congo


def test_query_count_does_not_grow_with_the_registry(api, demo, django_assert_max_num_queries):
    with django_assert_max_num_queries(20) as small:
        api.get("/api/record/disaster-hurricane-tavia")
    from worlds.synth import synth_generate

    synth_generate(events=20, entities=300, documents=3000, seed=1,
                   anchor=date(2026, 11, 22))  # fmt: skip
    from django.core.cache import cache

    from config.cachekeys import forget_local

    cache.clear()
    forget_local()
    with django_assert_max_num_queries(len(small.captured_queries)):
        api.get("/api/record/disaster-hurricane-tavia")
