"""The engine: grounded answers citing retrieved rows, labelled kinds, honest declines."""

import hashlib
import re

import pytest

from answers import engine
from registry.demo import demo_load
from registry.models import Event

pytestmark = pytest.mark.django_db
MARKERS = re.compile(r"\[(\d+)\]")


@pytest.fixture
def demo():
    demo_load()


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=\.)\s+(?=[A-Z])", text) if s]


def test_a_grounded_answer_cites_every_sentence_and_only_retrieved_rows(demo):
    result = engine.answer("Is Hurricane Tavia still active?")
    assert result["schema"] == "svc.answer.v1"
    assert result["grounded"] is True
    assert result["topics"][0]["topic"] == "disaster-hurricane-tavia"
    numbers = {c["n"] for c in result["citations"]}
    for sentence in sentences(result["answer"]):
        cited = {int(n) for n in MARKERS.findall(sentence)}
        assert cited, sentence
        assert cited <= numbers
    for cited in result["citations"]:
        assert set(cited) == {
            "n",
            "title",
            "url",
            "source",
            "date",
            "layer",
            "snippet",
            "snippetSha256",
        }
        assert cited["snippetSha256"] == hashlib.sha256(cited["snippet"].encode()).hexdigest()
    assert result["sourceCheck"]["dropped"] == 0
    assert "not investment" in result["disclaimer"]


def test_kinds_are_labelled_apart_and_markets_are_belief(demo):
    result = engine.answer("What will the Federal Reserve decide in December?")
    layers = {c["layer"] for c in result["citations"]}
    assert {"reporting", "market"} <= layers
    for sentence in sentences(result["answer"]):
        if "Market belief" in sentence:
            assert "not fact" in sentence
            assert not re.search(r"\bwill (rise|fall|cut|hold)\b", sentence)
        if "Reporting" in sentence:
            assert "not verified" in sentence
    assert result["unknowns"]


def test_facts_of_record_come_from_primary_sources(demo):
    result = engine.answer(
        "hurricane tavia", topic=Event.objects.get(subject="disaster-hurricane-tavia")
    )
    facts = [c for c in result["citations"] if c["layer"] == "primarySources"]
    assert facts
    assert result["answer"].index("Fact of record") < result["answer"].index("Reporting")


def test_a_question_the_registry_cannot_ground_is_declined_honestly(demo):
    result = engine.answer("Who won the 1998 chess olympiad in Elista?")
    assert result["grounded"] is False
    assert result["citations"] == []
    assert "not in the record" in result["answer"]
    assert result["suggestions"]


def test_the_source_check_drops_sentences_citing_what_was_not_retrieved():
    kept, dropped = engine.source_check(
        ["Cited [1].", "Invented [7].", "No marker at all.", "Both [1] [2]."], retrieved=2
    )
    assert kept == ["Cited [1].", "Both [1] [2]."]
    assert dropped == 2


def test_a_generator_phrases_under_the_same_check(demo):
    def inventive(question, evidence):
        return ["Tavia is a storm [1].", "It will hit Florida tomorrow [99].", "Trust me."]

    result = engine.answer("Is Hurricane Tavia still active?", generator=inventive)
    assert result["answer"] == "Tavia is a storm [1]."
    assert result["sourceCheck"] == {"sentences": 3, "kept": 1, "dropped": 2}
    assert [c["n"] for c in result["citations"]] == [1]
