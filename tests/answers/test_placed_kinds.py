"""A place a topic carries, asked with another kind's noun (issue 51): "<the port of a strike>
berth auction" is an auction at that port, which the registry does not track; the
strike at the port, a thing the strike carries (its union) and the topic's own word for itself
are answered. The kinds' nouns are curated rows (`TopicKind`).

The registry is this file's own: a dockworkers' strike at a port, and an election elsewhere (so
an election is a kind the registry knows, just not at that port).
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

import ingestion
from registry import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    # A Wednesday noon: "this week" holds the reports of five hours before whatever the day
    # the suite runs (early on a Monday they fell in the week before).
    time_machine.move_to(datetime(2026, 11, 25, 12, tzinfo=UTC))
    vertical = services.vertical_upsert(slug="world", name="World")
    outlet = services.outlet_upsert(domain="docks.example", name="Dock News")
    port = services.entity_upsert(slug="port-of-brisca", name="Port of Brisca", kind="place")
    union = services.entity_upsert(slug="brisca-dockers-union", name="Brisca Dockers Union",
                                   kind="organization")  # fmt: skip
    services.event_upsert(subject="strike-port-of-brisca", title="Port of Brisca dock strike",
                          lead_entity=port, entities=[port, union],
                          subject_terms=["strike", "walkout"],
                          identity={"kind": "place-bound-event"})  # fmt: skip
    country = services.entity_upsert(slug="osterland", name="Osterland", kind="country")
    services.event_upsert(subject="election-osterland-2027", title="Osterland election 2027",
                          lead_entity=country, entities=[country], subject_terms=["election"],
                          identity={"kind": "election"})  # fmt: skip
    now = timezone.now()
    ingestion.documents_ingest(items=[ingestion.IncomingDocument(
        url=f"https://docks.example/{n}", title=title, summary=title, outlet=outlet,
        vertical=vertical, published_at=now - timedelta(hours=5 + n), fetched_at=now)
        for n, title in enumerate([
            "Brisca Dockers Union extends walkout at the Port of Brisca into a third week",
            "Port of Brisca strike leaves 30 ships at anchor",
            "Osterland election 2027: polls open in March"])])  # fmt: skip


def ask(api, question: str) -> dict:
    answer = api.post("/api/ask", {"question": question, "mode": "sync"}, format="json")
    assert answer.status_code == 200, answer.content[:300]
    return answer.json()


@pytest.mark.usefixtures("registry")
def test_another_kind_at_a_tracked_place_is_declined_naming_it(api):
    answer = ask(api, "Any news about the Port of Brisca berth auction?")
    assert not answer["grounded"], answer["answer"]
    assert answer["citations"] == []
    first = answer["answer"].split(". ")[0]
    assert "Port of Brisca berth auction" in first, first
    assert "Port of Brisca dock strike" in answer["answer"]  # the neighbour, as a pointer


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "What is the latest on the Port of Brisca strike?",
        "What did the Port of Brisca dockers union say this week?",  # a thing it carries
        "Any news about the Port of Brisca walkout?",  # its own word
    ],
)
def test_the_topics_own_kind_and_things_at_the_place_are_answered(api, question):
    answer = ask(api, question)
    assert answer["grounded"], answer["answer"]
    assert [t["topic"] for t in answer["topics"]][:1] == ["strike-port-of-brisca"]
