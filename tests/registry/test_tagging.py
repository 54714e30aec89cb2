"""Tagging: entities by name and alias as whole words, event attachment, assertion verbs."""

import pytest

from ingestion.lexicon import LEXICON
from ingestion.tagging import EventTerms, Tagger, current_tagger
from registry import services
from registry.models import AssertionVerb, Entity

FED, TREASURY, BRAZIL = 1, 2, 3
DECISION = EventTerms(
    event_id=10,
    lead_id=FED,
    subject_terms=frozenset({"rate decision"}),
    question_terms=frozenset({"rate", "cut", "december"}),
)


@pytest.fixture
def tagger():
    names = [("Federal Reserve", FED), ("Fed", FED), ("FOMC", FED), ("US Treasury", TREASURY),
             ("Brazil", BRAZIL)]  # fmt: skip
    return Tagger(names=names, events=[DECISION])


def test_names_and_aliases_are_found(tagger):
    tags = tagger.tag("The FOMC and the US Treasury met; Federal Reserve officials spoke.")
    assert tags.entity_ids == {FED, TREASURY}


@pytest.mark.parametrize(
    "text", ["Fans are fed up with delays", "Brazilian coffee", "Fedora sales", "FEDERAL reserves"]
)
def test_only_whole_words_and_exact_case_short_aliases_match(tagger, text):
    assert FED not in tagger.tag(text).entity_ids
    assert BRAZIL not in tagger.tag(text).entity_ids


def test_long_names_match_any_case_and_possessives(tagger):
    assert tagger.tag("federal reserve's chair; BRAZIL's vote").entity_ids == {FED, BRAZIL}


def test_event_attaches_with_lead_and_a_subject_term(tagger):
    assert tagger.tag("Fed nears its rate decision").event_ids == {10}


def test_event_attaches_with_lead_and_two_question_terms(tagger):
    assert tagger.tag("Fed: a December cut is priced").event_ids == {10}


@pytest.mark.parametrize(
    "text",
    [
        "Fed publishes supervision report",  # lead, no term
        "Fed says cut unlikely",  # lead, one question term
        "Markets eye a rate decision in December",  # terms, no lead
    ],
)
def test_event_does_not_attach_otherwise(tagger, text):
    assert tagger.tag(text).event_ids == frozenset()


def test_verbs_come_from_the_lexicon(tagger):
    tags = tagger.tag("Fed holds rates, officials said; troops clash at the border")
    assert tags.verbs == ("military-action", "rate-decision", "utterance")


def test_lexicon_covers_exactly_the_eighteen_verbs():
    assert set(LEXICON) == set(AssertionVerb.values)
    assert len(LEXICON) == 18
    for verb, phrases in LEXICON.items():
        assert phrases, verb
        assert all(phrase == phrase.lower() for phrase in phrases), verb


def test_a_term_curated_in_capitals_attaches_as_written_or_in_any_case():
    trial = EventTerms(event_id=12, lead_id=BRAZIL, subject_terms=frozenset({"BRIGHTWATER"}),
                       question_terms=frozenset({"XR-204", "Phase 3"}))  # fmt: skip
    tagger = Tagger(names=[("Brazil", BRAZIL)], events=[trial])
    assert tagger.tag("Brazil's BRIGHTWATER trial read out").event_ids == {12}
    assert tagger.tag("Brazil: the Brightwater readout").event_ids == {12}
    assert tagger.tag("Brazil's xr-204 passed phase 3").event_ids == {12}
    assert tagger.tag("Brazil's XR-2045 passed").event_ids == frozenset()


def test_a_topic_s_own_name_names_its_subject_as_its_lead_does():
    """A report of "the <Tour>" that never names the band is the tour topic's, held to the
    same rule of terms; a name it does not carry is not."""
    tour = EventTerms(event_id=11, lead_id=BRAZIL, subject_terms=frozenset({"tour"}),
                      question_terms=frozenset({"tickets", "shows"}),
                      names=frozenset({"lantern year tour", "lantern year"}))  # fmt: skip
    tagger = Tagger(names=[("Brazil", BRAZIL)], events=[DECISION, tour])
    assert tagger.tag("The Lantern Year Tour's ticket price was $116").event_ids == {11}
    assert tagger.tag("Lantern Year: tickets for 41 shows sold out").event_ids == {11}
    assert tagger.tag("Lantern Year was a hit").event_ids == frozenset()  # no term
    assert tagger.tag("A new tour by another band").event_ids == frozenset()


@pytest.mark.django_db
def test_current_tagger_reads_topics_own_names():
    band = services.entity_upsert(slug="brindle-players", name="The Brindle Players")
    services.event_upsert(subject="lantern-year-tour", title="The Brindle Players' tour",
                          lead_entity=band, entities=[band], subject_terms=["tour"],
                          identity={"kind": "place-bound-event", "name": "Lantern Year Tour"},
                          question_terms=["tour"])  # fmt: skip
    tags = current_tagger(max_age=0).tag("The Lantern Year Tour adds a date")
    assert len(tags.event_ids) == 1
    assert not tags.entity_ids


@pytest.mark.django_db
def test_current_tagger_follows_registry_edits():
    entity = services.entity_upsert(slug="northwind", name="Northwind Robotics")
    assert entity.pk in current_tagger(max_age=0).tag("Northwind Robotics raises").entity_ids
    renamed = Entity.objects.get(pk=entity.pk)
    renamed.name = "Northwind Automation"
    renamed.save()  # as the admin's change form does
    assert entity.pk in current_tagger().tag("Northwind Robotics raises").entity_ids  # cached
    tagger = current_tagger(max_age=0)
    assert tagger.tag("Northwind Robotics raises").entity_ids == frozenset()
    assert entity.pk in tagger.tag("Northwind Automation raises").entity_ids


@pytest.mark.parametrize("topics", [1, 2_000])
def test_a_term_many_topics_share_is_matched_once(topics):
    """Tagging cost must not grow with how many topics share a term: "rate" is one match, held
    once in the automaton, whether one topic or two thousand name it (ingest had slowed to
    470 documents/s on the 2,000-topic synthetic registry)."""
    events = [
        EventTerms(event_id=100 + n, lead_id=1000 + n, subject_terms=frozenset({"rate"}),
                   question_terms=frozenset({"rate", "cut"}))
        for n in range(topics)
    ]  # fmt: skip
    tagger = Tagger(names=[("Federal Reserve", FED)], events=[DECISION, *events])
    _, payloads = tagger._folded.get("rate")
    assert len(payloads) == 1
    assert tagger.tag("Federal Reserve rate cut in december").event_ids == {10}


CORVANE, HALVARD = 21, 22


@pytest.fixture
def bodies():
    """Two companies, each known by a short name that begins its full one."""
    names = [("Corvane Aerospace", CORVANE), ("Corvane", CORVANE), ("Halvard Air", HALVARD),
             ("Halvard", HALVARD)]  # fmt: skip
    return Tagger(names=names, events=[], bodies=[CORVANE, HALVARD])


@pytest.mark.parametrize(
    "text",
    [
        "Corvane Motors, the carmaker, delivered 12,400 cars in the quarter.",
        "Halvard Airways, a regional carrier abroad, carried 610,000 passengers.",
        "The footballer Jonas Corvane scored twice on Sunday.",  # a person's surname
    ],
)
def test_a_short_name_that_begins_another_bodys_name_tags_nothing_in_a_document(bodies, text):
    assert bodies.tag(text, namesakes=True).entity_ids == frozenset()
    assert bodies.tag(text).entity_ids  # a question's words are read by `identity` instead


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Corvane delivered 56 jets.", {CORVANE}),
        ("Corvane Chief Executive Ana Lind said demand held.", {CORVANE}),  # a role
        ("Corvane Sees Record Deliveries In Third Quarter", {CORVANE}),  # title case
        ("Corvane CV-480 will seek certification in 2028.", {CORVANE}),  # a model's mark
        ("Corvane November deliveries rose.", {CORVANE}),  # a month
        ("On Monday Corvane said demand held.", {CORVANE}),  # a day before it
        ("Halvard Air's rival Corvane Aerospace grew.", {CORVANE, HALVARD}),  # names in turn
        ("Corvane Motors cut output; Corvane itself delivered 56 jets.", {CORVANE}),
        ("The Halvard Air Pilots Association called a strike.", {HALVARD}),  # the full name
    ],
)
def test_a_short_name_still_names_its_body_otherwise(bodies, text, named):
    assert bodies.tag(text, namesakes=True).entity_ids == named
