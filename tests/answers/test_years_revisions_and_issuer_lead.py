"""Readings of another year, revisions a row states itself, the issuer's count and a row naming
its own edition beside a neighbour's (issue 51), on this file's own registry: what a council did
in another year's decision ("in its 2025 decision the council held the fare") is no state at
odds with this year's; a revised figure whose own sentence gives the figure it replaced, under
another name ("against the approved budget of £40 million"), revises it; asked how many, the
issuer's reading that gives the count leads a report that gives another; an issuer's reading
that names the topic's own edition is the topic's, though it names a neighbour's beside it.

The registry: a transit council's 2026 fare decision and a drivers' strike, a bridge repair
re-estimated, and a recall of one e-bike model.
"""

from datetime import timedelta

import pytest

from registry import services
from tests.answers.test_figures_asked import SENTENCE, _issuer, _reports, _topic, answered, ask

pytestmark = pytest.mark.django_db
DISAGREE = ("The held rows disagree", "The issuer's own reading comes first, and a report")


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    council = services.entity_upsert(
        slug="harwick-transit-council", name="Harwick Transit Council", kind="organization"
    )
    terms, identity = ["bus fare", "fare cut"], {"kind": "policy-decision", "period": "2026"}
    fares = services.event_upsert(subject="transport-harwick-fares-2026",
                                  title="Harwick bus fare decision 2026", lead_entity=council,
                                  entities=[council], subject_terms=terms, question_terms=terms,
                                  identity=identity)  # fmt: skip
    _issuer("harwick-council", "Harwick Transit Council", [
        "Harwick Transit Council: the single bus fare is set at £2.10 from 1 January 2027, down "
        "from £2.40."], fares)  # fmt: skip
    strike = _topic("labour-harwick-drivers-strike", "Harwick bus drivers strike",
                    ("harwick-bus-company", "Harwick Bus Company", "organization"),
                    ["drivers strike"], "place-bound-event")  # fmt: skip
    _issuer(
        "harwick-bus",
        "Harwick Bus Company",
        ["Harwick Bus Company: 1,050 drivers took part in the strike on 3 November."],
        strike,
    )
    bridge = _topic("works-orlen-bridge-repair", "Orlen bridge repair",
                    ("orlen-bridge-authority", "Orlen Bridge Authority", "organization"),
                    ["bridge repair"], "policy-decision")  # fmt: skip
    _issuer("orlen-bridge", "Orlen Bridge Authority", [
        "Orlen Bridge Authority: revised cost estimate £48 million (November 2026), against the "
        "approved budget of £40 million."], bridge)  # fmt: skip
    bike = services.entity_upsert(slug="velo-v4", name="Velo V4", kind="other")
    recall = services.event_upsert(subject="recall-velo-v4", title="Velo V4 e-bike recall",
                                   lead_entity=bike, entities=[bike],
                                   subject_terms=["e-bike recall"], question_terms=["e-bikes"],
                                   identity={"kind": "product", "edition": "V4"})  # fmt: skip
    _issuer("velo-recalls", "Velo Cycles", [
        "Recall in progress.",
        "Recall in progress: 3,200 Velo V4 e-bikes with faulty brakes are recalled. Velo V5 "
        "e-bikes are not affected."], recall, step=timedelta(minutes=5))  # fmt: skip
    _reports([
        (4, "In its 2025 decision the Harwick Transit Council held the bus fare at £2.40, "
            "rejecting a proposed 5% cut; this year's decision cut it to £2.10."),
        (3, "The Harwick Transit Council said its decision to cut the bus fare to £2.10 will "
            "cost £3 million a year."),
        (2, "About 1,300 members of the Harwick Drivers Union took part in the strike at the "
            "Harwick Bus Company, the union said."),
        (1, "The Orlen Bridge Authority's approved budget for the bridge repair is £40 million."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_a_state_of_another_years_decision_is_no_dispute_with_this_years(api):
    first = ask(api, "How much will the Harwick bus fare cut cost each year?")
    assert not first.startswith(DISAGREE), first
    assert "£3 million" in first, first


@pytest.mark.usefixtures("registry")
def test_a_revision_that_names_the_figure_it_replaced_is_no_dispute(api):
    first = ask(api, "What is the cost of the Orlen bridge repair?")
    assert not first.startswith(DISAGREE), first
    assert "£48 million" in first, first


@pytest.mark.usefixtures("registry")
def test_asked_how_many_the_issuers_count_leads(api):
    first = ask(api, "How many drivers took part in the Harwick bus drivers strike?")
    assert first.startswith("Harwick Bus Company said on"), first
    assert "1,050" in first, first


@pytest.mark.usefixtures("registry")
def test_a_reading_naming_its_own_edition_beside_a_neighbours_is_its_own(api):
    body = answered(api, "How many Velo V4 e-bikes are being recalled?")
    first = SENTENCE.split(body["answer"])[0]
    assert "3,200" in first, body["answer"]
