"""Identity read from the registry (issue 51): what a topic is, as curators keep it, decides what
the engine answers. A name called by another kind's noun, or a sibling's model, is declined as
untracked with the neighbour as a pointer; the topic's own kind, aliases and former names are
answered; and a curator's edit of a kind or a topic changes the answer, with no code changed.

Every question here is built from this file's own registry (names no world uses), through
`POST /api/ask` as a caller asks.
"""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

import ingestion
from registry import services
from registry.models import Event, TopicKind

pytestmark = pytest.mark.django_db
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")

# subject: (title, lead (name, entity kind), identity, reports)
TOPICS = {
    "disaster-cyclone-marenko": (
        "Cyclone Marenko", ("Cyclone Marenko", "storm", ["Marenko"]),
        {"kind": "storm", "name": "Cyclone Marenko", "place": "Ostrava Bay",
         "outcome": "made landfall"},
        ["{lead} made landfall near Ostrava Bay with winds of 150 km/h, forecasters said.",
         "{lead} weakened to a tropical storm after landfall, the weather office said."],
    ),
    "product-quillon-x7-release": (
        "Quillon X7 release", ("Quillon", "company", []),
        {"kind": "product", "name": "Quillon X7", "edition": "X7", "organisation": "Quillon",
         "outcome": "released", "former_names": ["Quillon Prime"]},
        ["Quillon released the X7 handset in eleven countries, the company said.",
         "The Quillon X7 sold 400,000 units in its first week, Quillon said."],
    ),
}  # fmt: skip


def _load() -> None:
    now = timezone.now()
    outlet = services.outlet_upsert(domain="wire.example", name="Example Wire", is_wire=True)
    vertical = services.vertical_upsert(slug="world", name="World")
    market = services.entity_upsert(slug="dravonia", name="Dravonia", kind="country")
    # A company of the storm's record (its network went down), never of the handset's.
    carrier = services.entity_upsert(slug="tarsis-telecom", name="Tarsis Telecom", kind="company")
    for subject, (title, (lead, kind, aliases), identity, reports) in TOPICS.items():
        entity = services.entity_upsert(
            slug=subject.split("-", 1)[1], name=lead, kind=kind, aliases=aliases
        )
        attached = [entity, market] if kind == "company" else [entity, carrier]
        services.event_upsert(
            subject=subject, title=title, lead_entity=entity, entities=attached,
            subject_terms=[title.split()[-1].lower()], identity=identity,
        )  # fmt: skip
        items = [
            ingestion.IncomingDocument(
                url=f"https://wire.example/{subject}/{n}", title=text.format(lead=lead)[:80],
                summary=text.format(lead=lead), outlet=outlet, vertical=vertical,
                published_at=now - timedelta(hours=3 + n), fetched_at=now,
            )
            for n, text in enumerate(reports)
        ]  # fmt: skip
        ingestion.documents_ingest(items=items)


@pytest.fixture
def registry(db):
    _load()


def ask(api, question: str) -> dict:
    answer = api.post("/api/ask", {"question": question, "mode": "sync"}, format="json")
    assert answer.status_code == 200, answer.content[:500]
    return answer.json()


def _declined_naming(body: dict, asked: str, neighbour: str) -> None:
    first = SENTENCE.split(body["answer"])[0]
    assert body["grounded"] is False, body["answer"]
    assert body["citations"] == []
    assert asked.lower() in first.lower(), first
    assert "does not track" in first, first
    assert neighbour in body["answer"], body["answer"]


def _answered_from(body: dict, subject: str) -> None:
    assert body["grounded"] is True, body["answer"]
    assert [t["topic"] for t in body["topics"]][:1] == [subject], body["topics"]


def _english_nouns(slug: str) -> list[str]:
    return [n for n in TopicKind.objects.get(slug=slug).nouns["en"] if n.isalpha()]


def test_a_storm_s_name_called_by_a_noun_of_another_kind_is_another_thing(api, registry):
    for slug in ("person", "place", "company"):
        noun = _english_nouns(slug)[1]
        body = ask(api, f"What did the {noun} Marenko do this week?")
        _declined_naming(body, f"{noun} Marenko", "Cyclone Marenko")


def test_a_storm_called_by_its_own_kind_s_nouns_is_answered(api, registry):
    for noun in _english_nouns("storm")[:3]:
        _answered_from(ask(api, f"Where did the {noun} Marenko make landfall?"),
                       "disaster-cyclone-marenko")  # fmt: skip


def test_a_sibling_model_is_declined_and_the_tracked_one_answered(api, registry):
    body = ask(api, "How many Quillon X8 handsets were sold?")
    _declined_naming(body, "X8", "Quillon X7")
    _answered_from(ask(api, "How many Quillon X7 handsets were sold?"),
                   "product-quillon-x7-release")  # fmt: skip


def test_a_wrong_place_beside_the_named_subject_is_corrected_not_declined(api, registry):
    """The subject is tracked and named: another place in the premise is named first as not
    held, and the rest is answered from the topic."""
    body = ask(api, "Why did Cyclone Marenko hit Dravonia?")
    _answered_from(body, "disaster-cyclone-marenko")
    first = SENTENCE.split(body["answer"])[0]
    assert "does not support the premise" in first
    assert "Dravonia" in first
    assert "Ostrava Bay" in body["answer"]  # what the record holds instead


def test_a_tracked_actor_of_another_topic_beside_the_named_subject_is_a_premise(api, registry):
    body = ask(api, "How many Quillon X7 handsets has Tarsis Telecom sold?")
    _answered_from(body, "product-quillon-x7-release")
    first = SENTENCE.split(body["answer"])[0]
    assert "does not support the premise" in first
    assert "Tarsis Telecom" in first


def test_a_former_name_is_answered_as_the_topic(api, registry):
    _answered_from(ask(api, "When was the Quillon Prime released?"), "product-quillon-x7-release")


@pytest.fixture
def edits_seen_at_once(settings, django_capture_on_commit_callbacks):
    """A curator's edit committed (the generation moved) and the engine's copy checked anew on
    every question, as any machine sees it within SVC_REGISTRY_CHECK_SECONDS."""
    settings.SVC_REGISTRY_CHECK_SECONDS = 0
    return lambda: django_capture_on_commit_callbacks(execute=True)


def test_a_noun_a_curator_adds_to_a_kind_changes_the_answer(api, registry, edits_seen_at_once):
    """Knowledge kept as data: "skipper" names no kind until a curator says it names a person."""
    _answered_from(ask(api, "What did the skipper Marenko say?"), "disaster-cyclone-marenko")
    person = TopicKind.objects.get(slug="person")
    person.nouns = {**person.nouns, "en": [*person.nouns["en"], "skipper"]}
    with edits_seen_at_once():
        person.save()
    body = ask(api, "What did the skipper Marenko say?")
    _declined_naming(body, "skipper Marenko", "Cyclone Marenko")


def test_a_topic_s_edition_a_curator_corrects_changes_the_answer(api, registry,
                                                                 edits_seen_at_once):  # fmt: skip
    topic = Event.objects.get(subject="product-quillon-x7-release")
    topic.edition, topic.name, topic.title = "X8", "Quillon X8", "Quillon X8 release"
    with edits_seen_at_once():
        topic.save()
    _answered_from(ask(api, "How many Quillon X8 handsets were sold?"),
                   "product-quillon-x7-release")  # fmt: skip
