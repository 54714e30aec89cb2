"""What a figure measures, kept in the registry (issue 51): a cost and a budget are one quantity
because a curated row says so, and a comparison of them has its verdict first; a word a curator
adds to a quantity changes the answer, with no code changed.

The registry is this file's own: two bridge projects, one reported by its budget, the other by
its cost (and by a word no quantity lists until a curator adds it).
"""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

import ingestion
from registry import services
from registry.models import Quantity

pytestmark = pytest.mark.django_db
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
QUESTION = "Which will cost more, the Oskel Bridge or the Varrow Crossing?"


def _world(oskel_said: str) -> None:
    outlet = services.outlet_upsert(domain="spans.example", name="Spans Weekly")
    vertical = services.vertical_upsert(slug="world", name="World")
    now = timezone.now()
    for slug, name, said in (
        ("oskel-bridge", "Oskel Bridge", oskel_said),
        ("varrow-crossing", "Varrow Crossing", "The Varrow Crossing will cost EUR 3.0 billion, "
         "the transport ministry said."),
    ):  # fmt: skip
        lead = services.entity_upsert(slug=slug, name=name)
        services.event_upsert(subject=f"project-{slug}", title=f"{name} construction",
                              lead_entity=lead, entities=[lead], subject_terms=["construction"],
                              identity={"kind": "place-bound-event", "name": name})  # fmt: skip
        ingestion.documents_ingest(items=[ingestion.IncomingDocument(
            url=f"https://spans.example/{slug}", title=f"{name} construction update",
            summary=f"{name} construction: {said}", outlet=outlet, vertical=vertical,
            published_at=now - timedelta(hours=6), fetched_at=now)])  # fmt: skip


def ask(api, question: str) -> str:
    answer = api.post("/api/ask", {"question": question, "mode": "sync"}, format="json")
    assert answer.status_code == 200, answer.content[:300]
    return SENTENCE.split(answer.json()["answer"])[0]


def test_a_cost_and_a_budget_are_compared_as_one_quantity(api, settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 100
    _world("The Oskel Bridge has a budget of EUR 2.4 billion, its builder said.")
    first = ask(api, QUESTION)
    assert first.startswith("Varrow Crossing construction is higher"), first
    assert "3.0 billion" in first
    assert "2.4 billion" in first


def test_a_word_a_curator_adds_to_a_quantity_changes_the_answer(
    api, settings, django_capture_on_commit_callbacks
):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 100
    settings.SVC_REGISTRY_CHECK_SECONDS = 0
    # Two sums, neither named by a quantity: no single sum stands for the bridge.
    _world("The Oskel Bridge has an envelope of EUR 2.4 billion, its builder said, after "
           "EUR 0.3 billion of early works.")  # fmt: skip
    assert "is higher" not in ask(api, QUESTION)  # "envelope" names no quantity yet
    cost = Quantity.objects.get(slug="cost")
    cost.words = {**cost.words, "en": [*cost.words["en"], "envelope"]}
    with django_capture_on_commit_callbacks(execute=True):
        cost.save()
    first = ask(api, QUESTION)
    assert first.startswith("Varrow Crossing construction is higher"), first
