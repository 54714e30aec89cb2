"""A row about a neighbour is not the topic's (issue 51): an issuer's reading or a report that
numbers the topic's name with another number or model, and never with the topic's own ("the
K8" beside a topic of the K7; "Route 12" beside Route 11), speaks of a thing the registry does not
track, whichever topic it came in under; it never leads or answers the topic's questions.

The registry is this file's own: a tractor maker's K7 model with the maker's own press feed,
which also announces the K8; a city's bus route 11, whose operator's reports also speak of
route 12; and a regatta's fourth edition (numbered by an ordinal word, no digit), whose
organisers' page has since moved on to the fifth.
"""

import pytest

from registry import services
from tests.answers.test_figures_asked import _issuer, _reports, _topic, answered

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    maker = services.entity_upsert(slug="brassmoor", name="Brassmoor Tractors", kind="company")
    k7 = services.event_upsert(subject="brassmoor-k7-tractor", title="Brassmoor K7 tractor",
                               lead_entity=maker, entities=[maker],
                               subject_terms=["tractor", "K7"], question_terms=["tractor"],
                               identity={"kind": "product", "edition": "K7"})  # fmt: skip
    _issuer("brassmoor-press", "Brassmoor Tractors", [
        "The Brassmoor K7 tractor is priced at €148,000 and ships from March.",
        "The Brassmoor K8 tractor is priced at €171,000; deliveries of the K8 begin in June.",
    ], k7)  # fmt: skip
    _topic("ferrow-bus-route-11", "Ferrow bus route 11 ridership",
           ("ferrow-transit", "Ferrow Transit", "organization"), ["route", "bus"],
           "statistical-release")  # fmt: skip
    _reports([
        (6, "Ferrow Transit said bus route 11 carried 41,000 passengers in October."),
        (2, "Ferrow Transit said bus route 12 carried 58,000 passengers in October."),
    ])  # fmt: skip
    club = services.entity_upsert(slug="marrow-bay-club", name="Marrow Bay Sailing Club",
                                  kind="organization")  # fmt: skip
    regatta = services.event_upsert(subject="fourth-marrow-bay-regatta",
                                    title="Fourth Marrow Bay Regatta", lead_entity=club,
                                    entities=[club], subject_terms=["regatta"],
                                    question_terms=["regatta", "boats"],
                                    identity={"kind": "place-bound-event"})  # fmt: skip
    _issuer("marrow-regatta", "Marrow Bay Sailing Club", [
        "The fourth Marrow Bay Regatta closed with 212 boats entered.",
        "Entries for the fifth Marrow Bay Regatta open in May; 260 boats are expected.",
    ], regatta)  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_an_issuers_reading_of_a_sibling_model_does_not_answer_for_the_model(api):
    body = answered(api, "What does the Brassmoor K7 tractor cost?")
    assert body["grounded"], body["answer"]
    assert "148,000" in body["answer"], body["answer"]
    assert "K8" not in body["answer"], body["answer"]
    assert "171,000" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_report_of_another_numbered_route_does_not_answer_for_the_route(api):
    body = answered(api, "How many passengers did Ferrow bus route 11 carry in October?")
    assert body["grounded"], body["answer"]
    assert "41,000" in body["answer"], body["answer"]
    assert "58,000" not in body["answer"], body["answer"]
    assert "disagree" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_an_issuers_reading_of_the_next_ordinal_edition_does_not_answer_for_this_one(api):
    body = answered(api, "How many boats were entered in the fourth Marrow Bay Regatta?")
    assert body["grounded"], body["answer"]
    assert "212" in body["answer"], body["answer"]
    assert "260" not in body["answer"], body["answer"]
