"""Plans, compounds, months and abbreviations (issue 51), on this file's own registry: a figure a
future verb aims at by a year ("will lift capacity from 240,000 TEU to about 330,000 TEU by
2029") is planned, and the one it starts from is the reading now; a year after a month ("from
January 2027") says when, never which edition; a capitalised word joined to the topic's own
by a hyphen ("Wasser-Abgabe", "Levy-Plan") is a compound, not another edition's prefix; a full
stop after an abbreviation ("the No. 2 station") ends no sentence; an ordinal in figures ("the
41st <regatta>") of a topic curated as another edition ("42nd") is another edition.

The registry: two container lines' fleets, a water board's 2026 levy decision, a regatta's
42nd edition.
"""

import pytest

from registry import services
from tests.answers.test_figures_asked import (
    _issuer,
    _reports,
    _topic,
    answered,
    ask,
    assert_verdict,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("company-arven-line", "Arven Line", ("arven-line", "Arven Line", "company"),
           ["container line", "fleet"], "company")  # fmt: skip
    _topic("company-corso-line", "Corso Line", ("corso-line", "Corso Line", "company"),
           ["container line", "fleet"], "company")  # fmt: skip
    levy = _topic("policy-orrin-water-levy-2026", "Orrin water levy 2026",
                  ("orrin-water-board", "Orrin Water Board", "organization"),
                  ["water levy", "levy"], "policy-decision")  # fmt: skip
    _issuer("orrin-board", "Orrin Water Board", [
        "Orrin Water Board: the water levy is set at 4.5% from 1 January 2027."], levy)  # fmt: skip
    club = services.entity_upsert(slug="orrin-sailing-club", name="Orrin Sailing Club",
                                  kind="organization")  # fmt: skip
    services.event_upsert(subject="regatta-orrin-2026", title="Orrin regatta 2026",
                          lead_entity=club, entities=[club], subject_terms=["regatta"],
                          question_terms=["regatta", "boats"],
                          identity={"kind": "place-bound-event", "edition": "42nd"})  # fmt: skip
    _reports([
        (5, "The 42nd Orrin regatta of the Orrin Sailing Club drew 310 boats."),
        (4, "The 41st Orrin regatta of the Orrin Sailing Club had drawn 280 boats."),
        (3, "Arven Line operates 52 ships with a fleet capacity of 310,000 TEU."),
        (2, "The new order will lift Corso Line's fleet capacity from 240,000 TEU across 40 ships "
            "to about 330,000 TEU by 2029."),
        (1, "The Orrin Water Board said pumping at the No. 2 station resumed after 18 hours."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_a_planned_figure_is_no_reading_and_its_start_is_the_reading_now(api):
    first = ask(api, "Which has the larger fleet capacity, Arven Line or Corso Line?")
    assert_verdict(first, "310,000", "240,000", "by 70,000")


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "What rate will the Orrin water levy be from January 2027?",
        "Wie hoch ist die neue Wasser-Levy der Orrin Water Board und ab wann gilt sie?",
    ],
)
def test_a_month_before_a_year_and_a_compound_name_no_other_subject(api, question):
    assert "4.5%" in ask(api, question)


@pytest.mark.usefixtures("registry")
def test_an_abbreviations_stop_ends_no_sentence(api):
    first = ask(api, "How long was pumping stopped at the Orrin Water Board's No. 2 station?")
    assert "No. 2 station resumed after 18 hours" in first, first


@pytest.mark.usefixtures("registry")
def test_an_ordinal_in_figures_of_another_edition_is_another_subject(api):
    body = answered(api, "How many boats did the 41st Orrin regatta draw?")
    assert not body["grounded"], body["answer"]
    assert "310 boats" in ask(api, "How many boats did the 42nd Orrin regatta draw?")
