"""The topics listing and a topic's history, reporting and coverage over REST."""

from datetime import timedelta

import pytest
from django.utils import timezone

import ingestion
from records.models import StateTransition
from records.services import records_transition
from registry import services
from tests.factories import (
    EntityFactory,
    EventDayFactory,
    EventFactory,
    OutletFactory,
    VerticalFactory,
)

pytestmark = pytest.mark.django_db


def subjects(api, url):
    return [r["topic"] for r in api.get(url).json()["records"]]


def test_records_list_filters_on_current_states_tier_class_and_text(api):
    rising = EventFactory(subject="rate-decision-fed", title="Fed decision", tier="full",
                          coverage_state="rising", wire_tier="flagged")  # fmt: skip
    EventFactory(subject="disaster-storm-x", title="Storm X", action_class="disaster")
    body = api.get("/api/v1/records").json()
    assert body["schema"] == "svc.records.v1"
    assert [r["topic"] for r in body["records"]] == ["disaster-storm-x", "rate-decision-fed"]
    assert body["records"][1]["lead"]["slug"] == rising.lead_entity.slug
    assert subjects(api, "/api/v1/records?wireTier=flagged") == ["rate-decision-fed"]
    assert subjects(api, "/api/v1/records?coverageState=rising") == ["rate-decision-fed"]
    assert subjects(api, "/api/v1/records?tier=full") == ["rate-decision-fed"]
    assert subjects(api, "/api/v1/records?actionClass=disaster") == ["disaster-storm-x"]
    assert subjects(api, "/api/v1/records?q=storm") == ["disaster-storm-x"]


def test_records_list_pages_in_subject_order(api):
    for n in range(5):
        EventFactory(subject=f"topic-{n}")
    first = api.get("/api/v1/records?limit=3").json()
    second = api.get(f"/api/v1/records?limit=3&cursor={first['nextCursor']}").json()
    assert [r["topic"] for r in first["records"] + second["records"]] == [
        f"topic-{n}" for n in range(5)
    ]
    assert second["nextCursor"] is None


@pytest.mark.parametrize(
    ("query", "field"),
    [("coverageState=up", "coverageState"), ("wireTier=red", "wireTier"),
     ("actionClass=party", "actionClass"), ("limit=500", "limit"), ("cursor=abc", "cursor")],
)  # fmt: skip
def test_bad_listing_filters_name_the_field(api, query, field):
    response = api.get(f"/api/v1/records?{query}")
    assert response.status_code == 400
    assert response.json()["field"] == field


@pytest.mark.parametrize("part", ["history", "reporting", "coverage"])
def test_topic_surfaces_answer_404_and_400_naming_topic(api, part):
    missing = api.get(f"/api/v1/records/no-such-topic/{part}")
    assert missing.status_code == 404
    assert missing.json()["field"] == "topic"
    assert "/api/v1/records" in missing.json()["error"]
    malformed = api.get(f"/api/v1/records/Not_A_Slug/{part}")
    assert malformed.status_code == 400
    assert malformed.json()["field"] == "topic"


def test_history_lists_transitions_oldest_first_with_held_since(api):
    topic = EventFactory()
    now = timezone.now()
    for back, days_ago in ((2, 10), (1, 3)):
        EventDayFactory(event=topic, day=now.date() - timedelta(days=days_ago), mentions=1)
        records_transition(now=now - timedelta(days=back))
    transitions = StateTransition.objects.filter(event=topic).order_by("at", "id")
    body = api.get(f"/api/v1/records/{topic.subject}/history").json()
    assert body["schema"] == "svc.record-history.v1"
    assert [(t["field"], t["to"]) for t in body["transitions"]] == [
        (t.field, t.to_value) for t in transitions
    ]
    assert (
        body["current"]["coverageState"]
        == transitions.filter(field="coverage state").last().to_value
    )


def reporting_topic():
    """A tracked lead named in seven documents: four carry the subject-line term."""
    fed = services.entity_upsert(slug="federal-reserve", name="Federal Reserve")
    topic = services.event_upsert(subject="rate-decision-fed-dec", title="Fed decision",
                                  lead_entity=fed, subject_terms=["rate decision"],
                                  question_terms=["rate", "cut"])  # fmt: skip
    outlet, now = OutletFactory(), timezone.now()
    titles = [f"Federal Reserve rate decision, take {n}" for n in range(4)]
    titles += [f"Federal Reserve chair visits school {n}" for n in range(3)]
    ingestion.documents_ingest(items=[
        ingestion.IncomingDocument(url=f"https://{outlet.domain}/{n}", title=title, outlet=outlet,
                                  vertical=VerticalFactory(slug="markets"), fetched_at=now,
                                  published_at=now)
        for n, title in enumerate(titles)
    ])  # fmt: skip
    return topic


def test_reporting_pages_through_served_rows_only_newest_first(api):
    topic = reporting_topic()
    url = f"/api/v1/records/{topic.subject}/reporting?limit=3"
    first = api.get(url).json()
    assert first["schema"] == "svc.record-reporting.v1"
    assert first["status"] == "observed"
    second = api.get(f"{url}&cursor={first['nextCursor']}").json()
    titles = [i["title"] for i in first["items"] + second["items"]]
    # Newest day first, and within a day the most recently stored first.
    assert titles == [f"Federal Reserve rate decision, take {n}" for n in (3, 2, 1, 0)]
    assert all(i["relevance"] == "subject-line-term" for i in first["items"])
    assert second["nextCursor"] is None
    assert first["scanned"] + second["scanned"] == 7


def test_reporting_of_an_untracked_lead_is_unmeasured(api):
    topic = EventFactory(lead_entity=EntityFactory(tracked=False))
    body = api.get(f"/api/v1/records/{topic.subject}/reporting").json()
    assert body["status"] == "subject-not-in-tracked-entity-set"
    assert body["items"] == []


def test_coverage_gives_the_recorded_direction_and_daily_mentions(api):
    topic = EventFactory()
    today = timezone.now().date()
    EventDayFactory(event=topic, day=today, mentions=4)
    EventDayFactory(event=topic, vertical=VerticalFactory(slug="energy"), day=today, mentions=1)
    EventDayFactory(event=topic, day=today - timedelta(days=30), mentions=2)
    body = api.get(f"/api/v1/records/{topic.subject}/coverage?days=14").json()
    assert body["schema"] == "svc.record-coverage.v1"
    assert len(body["daily"]) == 14
    assert body["daily"][-1] == {"date": today.isoformat(), "mentions": 5}
    assert body["coverage"]["eventMentions"] == 7
    assert body["coverage"]["direction"] == "insufficient_history"
    assert body["currentByVertical"] == [
        {"vertical": "news", "mentions": 4},
        {"vertical": "energy", "mentions": 1},
    ]
    assert api.get(f"/api/v1/records/{topic.subject}/coverage?days=3").json()["field"] == "days"
