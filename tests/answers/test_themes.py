"""What a question is about, kept in the registry (issue 51): a theme's words (`registry.Theme`)
tell a question about something a topic never speaks of from one about the topic; a theme a
curator adds changes the answer, with no code changed.

The registry is this file's own: a port authority reported on its dredging, and nothing else.
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

import ingestion
from registry import services
from registry.models import Theme

pytestmark = pytest.mark.django_db
ASKED = "What did the Corvel Port Authority say about bycatch this week?"


def _world() -> None:
    outlet = services.outlet_upsert(domain="harbours.example", name="Harbour Notes")
    vertical = services.vertical_upsert(slug="world", name="World")
    lead = services.entity_upsert(slug="corvel-port-authority", name="Corvel Port Authority",
                                  kind="organization")  # fmt: skip
    services.event_upsert(subject="corvel-dredging", title="Corvel Port Authority dredging",
                          lead_entity=lead, entities=[lead], subject_terms=["dredging"],
                          identity={"kind": "place-bound-event"})  # fmt: skip
    now = timezone.now()
    ingestion.documents_ingest(items=[ingestion.IncomingDocument(
        url=f"https://harbours.example/corvel-{n}", title=title, summary=title, outlet=outlet,
        vertical=vertical, published_at=now - timedelta(hours=6 + n), fetched_at=now)
        for n, title in enumerate([
            "Corvel Port Authority extends dredging of the outer channel by two weeks",
            "Corvel Port Authority says dredging keeps the channel at 14 metres"])])  # fmt: skip


def ask(api, question: str) -> dict:
    answer = api.post("/api/ask", {"question": question, "mode": "sync"}, format="json")
    assert answer.status_code == 200, answer.content[:300]
    return answer.json()


def test_a_seeded_theme_the_topic_never_speaks_of_is_another_subject(api, settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 100
    _world()
    assert ask(api, "What is the latest on Corvel Port Authority dredging?")["grounded"]
    answer = ask(api, "What did the Corvel Port Authority say about layoffs?")
    assert not answer["grounded"], answer["answer"]
    assert "layoffs" in answer["answer"].split(".")[0].lower()


def test_a_theme_a_curator_adds_changes_the_answer(
    api, settings, django_capture_on_commit_callbacks, time_machine
):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 100
    settings.SVC_REGISTRY_CHECK_SECONDS = 0
    # A Wednesday noon: "this week" holds the reports of six hours before, whatever the day the
    # suite runs (early on a Monday they fell in the week before).
    time_machine.move_to(datetime(2026, 11, 25, 12, tzinfo=UTC))
    _world()
    assert ask(api, ASKED)["grounded"]  # "bycatch" names no theme yet: the authority's topic
    with django_capture_on_commit_callbacks(execute=True):
        Theme.objects.create(slug="fisheries", name="Fisheries",
                             words={"en": ["bycatch", "fish stocks"]})  # fmt: skip
    answer = ask(api, ASKED)
    assert not answer["grounded"], answer["answer"]
    first = answer["answer"].split(".")[0]
    assert "bycatch" in first.lower(), first
    assert "Corvel Port Authority dredging" in answer["answer"]  # the neighbour, as a pointer
