"""A topic's own name, a possessive however typed, and the measure a comparison is said of
(issue 51).

A report that names a topic by its own curated name ("the <Tour>") and never its lead is the
topic's; a possessive typed with a typographic apostrophe reads as one typed with a straight
one; a curated quantity's word ("attendance") that the topic's rows say in other words
("spectators") asks the topic's figure, never another subject; a comparative said of a measure
("more shows", "more merchandise sales") is answered only by figures of that measure, on both
sides; two parts of one topic told apart by an ordinal ("its first week or its second week")
each take the row that says theirs.

The registry is this file's own: two touring productions and a cast recording.
"""

from datetime import UTC, datetime

import pytest

from registry import services
from registry.models import Quantity
from tests.answers.test_figures_asked import SENTENCE, _reports, answered

pytestmark = pytest.mark.django_db


def _topic(subject: str, title: str, lead: tuple, terms: list[str], identity: dict,
           aliases: tuple = ()):  # fmt: skip
    slug, name, kind = lead
    entity = services.entity_upsert(slug=slug, name=name, kind=kind, aliases=list(aliases))
    return services.event_upsert(subject=subject, title=title, lead_entity=entity,
                                 entities=[entity], subject_terms=terms, question_terms=terms,
                                 identity=identity)  # fmt: skip


@pytest.fixture
def registry(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 11, 25, 12, tzinfo=UTC))
    for slug, words in (("attendance", ["attendance", "attended", "spectators"]),
                        ("gross", ["gross", "grossed", "takings"]),
                        ("ticket-price", ["average ticket price", "ticket price"]),
                        ("copies", ["copies sold", "copies"])):  # fmt: skip
        Quantity.objects.create(slug=slug, name=slug, words={"en": words})
    _topic("lantern-year-tour-2026", "The Brindle Players' Lantern Year Tour",
           ("brindle-players", "The Brindle Players", "organization"), ["tour", "performances"],
           {"kind": "place-bound-event", "name": "Lantern Year Tour", "period": "2026"},
           ("Brindle Players",))  # fmt: skip
    _topic("copper-gate-tour-2026", "Ines Marlow's Copper Gate Tour",
           ("ines-marlow", "Ines Marlow", "person"), ["tour", "performances"],
           {"kind": "place-bound-event", "name": "Copper Gate Tour", "period": "2026"})  # fmt: skip
    _topic("saltmarsh-ii-cast-recording", "Saltmarsh II cast recording",
           ("saltmarsh-ii", "Saltmarsh II", "other"), ["cast recording", "copies"],
           {"kind": "product", "edition": "II"})  # fmt: skip
    _reports([
        (9, "The Brindle Players' Lantern Year Tour drew 236,000 spectators across 41 "
            "performances and grossed $27.4 million."),
        (8, "Ines Marlow's Copper Gate Tour grossed $19.8 million from 171,000 spectators."),
        (7, "The Lantern Year Tour's average ticket price was $116, its promoter said."),
        (6, "The Copper Gate Tour's average ticket price was $124."),
        (5, "Saltmarsh II sold 52,000 copies in its first week."),
        (4, "Saltmarsh II sold 23,000 copies in its second week, down from 52,000."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_a_report_naming_the_topic_by_its_own_name_alone_is_the_topic_s(api):
    body = answered(api, "What was the Copper Gate Tour's average ticket price?")
    assert body["grounded"], body["answer"]
    assert body["topics"][0]["topic"] == "copper-gate-tour-2026"
    assert "$124" in SENTENCE.split(body["answer"])[0], body["answer"]


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize("apostrophe", ["'", "\u2019"])
def test_a_possessive_reads_alike_however_typed_and_its_measure_is_the_topic_s(api, apostrophe):
    """ "Attendance" is a curated quantity's word and a curated theme's: the topic's rows say
    it as "spectators", so it asks the topic's figure, not another subject."""
    question = f"What was The Brindle Players{apostrophe} Lantern Year Tour attendance?"
    body = answered(api, question)
    assert body["grounded"], body["answer"]
    assert body["topics"][0]["topic"] == "lantern-year-tour-2026"
    assert "236,000" in SENTENCE.split(body["answer"])[0], body["answer"]
    assert body["question"] == question  # the caller's words kept as asked


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "Which tour gave more performances, the Lantern Year Tour or the Copper Gate Tour?",
        "Did the Lantern Year Tour have more merchandise sales than the Copper Gate Tour?",
    ],
)
def test_a_comparative_said_of_a_measure_is_never_answered_by_another(api, question):
    body = answered(api, question)
    verdict = SENTENCE.split(body["answer"])[0].split(";")[0]  # the rows follow the verdict
    for word in (" is higher", " is lower", "$116", "$124"):
        assert word not in verdict, body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_comparative_said_of_a_measure_both_hold_gets_its_verdict(api):
    body = answered(api, "Which tour had the lower average ticket price, the Lantern Year Tour "
                         "or the Copper Gate Tour?")  # fmt: skip
    first = SENTENCE.split(body["answer"])[0]
    assert "Lantern Year Tour is lower" in first, first
    assert "$116" in first, first
    assert "$124" in first, first


@pytest.mark.usefixtures("registry")
def test_two_parts_told_by_an_ordinal_take_the_rows_that_say_theirs(api):
    body = answered(api, "Did Saltmarsh II sell more copies in its first week or its second "
                         "week?")  # fmt: skip
    first = SENTENCE.split(body["answer"])[0]
    assert "first week is higher" in first, first
    assert "52,000 [1] against 23,000 [2]" in first, first
    cited = {c["n"]: c["snippet"] for c in body["citations"]}
    assert "first week" in cited[1], cited
    assert "second week" in cited[2], cited
