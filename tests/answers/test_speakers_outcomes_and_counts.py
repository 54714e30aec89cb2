"""Whose figure, what was asked counted, an outcome still to come, a party reporting names
(issue 51, the 37th blind check's classes on a world of this file's own).

- "Whose figure is higher, the company's or the drivers' union's?" of one topic compares the
  lead's newest count with the union's own, never the count of a neighbour named inside the
  topic's name; "the company" is the lead a topic of its kind is led by, not a body whose own
  name holds the word.
- "according to two people familiar with the terms" is who says, never a count of people;
  "the one given by people familiar with the terms" names that speaker's figure.
- "now than the original" sets the newest reading against the first, not the one before.
- An outcome the topic tracks, taken as done in other words ("received its certificate") while
  every row says it is still to come, is a premise named first; so is a figure in a participle
  clause before a comparison ("After carrying 4.5 million passengers, how did ...").
- An untracked buyer whose name ends in a word of another tracked name is a wrong party,
  named, the deal answered; a racehorse sharing a place's name is another thing; a fine on a
  firm only reporting names, or the topic's thing in a place only its reports name ("the depot
  in <a neighbouring town>"), is another occasion, declined.
- A wrong figure is set against a reading held as it is ("stood at 64%"), never a bound a
  newer row gives ("more than 50%").
- "How many drivers", "how many staff" lead with the sentence that counts them; a dispute about
  the fine does not lead an answer that asks for something else.
"""

from datetime import UTC, datetime

import pytest

from registry.models import Quantity
from tests.answers.test_counts_versions_and_parties import _topic
from tests.answers.test_figures_asked import PREMISE, SENTENCE, _issuer, _reports, answered

pytestmark = pytest.mark.django_db

COMPANY = ("corvane-rail", "Corvane Rail", "company", [])


@pytest.fixture
def world(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 11, 25, 12, tzinfo=UTC))
    Quantity.objects.get_or_create(
        slug="cancellations",
        defaults={"name": "cancellations", "words": {"en": ["cancelled trains", "cancellations"]}},
    )
    strike = _topic("strike-corvane-rail-drivers-2026", "Corvane Rail drivers' strike",
                    [COMPANY], ["strike", "walkout", "drivers"],
                    {"kind": "place-bound-event", "name": "Corvane Rail drivers' strike",
                     "period": "2026"})  # fmt: skip
    _issuer(
        "corvane-ops",
        "Corvane Rail",
        [
            "Corvane Rail has cancelled 820 trains since the drivers' strike began.",
            "Corvane Rail has cancelled 905 trains since the drivers' strike began.",
        ],
        strike,
    )
    ridership = _topic("corvane-rail-ridership-october-2026", "Corvane Rail ridership",
                       [COMPANY], ["ridership", "passengers"],
                       {"kind": "statistical-release", "period": "October 2026"})  # fmt: skip
    _issuer("corvane-ridership", "Corvane Rail", [
        "Corvane Rail carried 3.1 million passengers in October 2026, up from 2.9 million in "
        "October 2025."], ridership)  # fmt: skip
    deal = _topic("deal-halbeck-marrow", "Halbeck Foods acquisition of Marrow Dairies",
                  [("halbeck-foods", "Halbeck Foods", "company", ["Halbeck"]),
                   ("marrow-dairies", "Marrow Dairies", "company", [])],
                  ["acquisition", "takeover", "deal"],
                  {"kind": "agreement", "period": "2026", "outcome": "signed"})  # fmt: skip
    _issuer(
        "halbeck-news",
        "Halbeck Foods",
        ["Halbeck Foods will pay $410 million to acquire Marrow Dairies."],
        deal,
    )
    _topic("recall-kellan-foods-2026", "Kellan Foods recall",
           [("kellan-foods", "Kellan Foods", "company", [])], ["recall"],
           {"kind": "place-bound-event", "period": "2026"})  # fmt: skip
    depot = _topic("hollin-vale-depot", "Hollin Vale depot",
                   [("hollin-vale", "Hollin Vale", "place", [])], ["depot", "budget"],
                   {"kind": "place-bound-event", "place": "Hollin Vale"})  # fmt: skip
    _issuer(
        "hollin-depot",
        "Hollin Vale Depot Board",
        [
            "Hollin Vale depot budget set at $300 million.",
            "Hollin Vale depot budget revised to $340 million, from $300 million.",
            "Hollin Vale depot budget revised to $365 million, from $340 million.",
        ],
        depot,
    )
    train = _topic("corvane-c20-certification", "Corvane C-20 certification",
                   [("corvane-c20", "Corvane C-20", "other", [])], ["certification"],
                   {"kind": "product", "edition": "C-20", "outcome": "certified"})  # fmt: skip
    _issuer(
        "c20-programme",
        "Corvane Rail",
        ["Corvane C-20: type certification is expected in March 2027."],
        train,
    )
    fine = _topic("fine-rsb-corvane-2026", "RSB fine on Corvane Rail",
                  [("rail-safety-board", "Rail Safety Board", "organization", ["RSB"]), COMPANY],
                  ["fine", "fined", "penalty"],
                  {"kind": "policy-decision", "period": "2026", "outcome": "fined"})  # fmt: skip
    _issuer(
        "rsb-decisions",
        "Rail Safety Board",
        ["The Rail Safety Board has fined Corvane Rail £2.2 million over signal faults."],
        fine,
    )
    _reports([
        (6, "The Corvane Rail Drivers Union said its own count showed 1,240 trains cancelled "
            "since the drivers' strike began, far more than Corvane Rail has acknowledged."),
        (5, "About 1,800 drivers joined the Corvane Rail drivers' strike, the union said."),
        (5, "In the 2023 Corvane Rail signal workers' strike, 150 trains were cancelled."),
        (4, "Halbeck Foods agreed to pay $380 million for Marrow Dairies, according to two "
            "people familiar with the final terms, below the $410 million announced."),
        (4, "Marrow Dairies, the Halbeck Foods takeover target, employs 1,900 people."),
        (3, "The Kellan Foods recall covers 40,000 jars of baby food."),
        (3, "Hollin Vale residents welcomed the depot, whose budget is now $365 million."),
        (2, "The Rail Safety Board fined Corvane Rail £2.2 million over signal faults; 12 staff "
            "were disciplined after the Rail Safety Board fine."),
        (2, "Corvane Rail said the Rail Safety Board fine amounted to £1.8 million after a "
            "reduction, not the £2.2 million announced."),
        (1, "Last year the Rail Safety Board fined Dunmore Trains £400,000 over signal faults."),
        (1, "More than 50% of Hollin Vale residents sent support letters to the depot "
            "consultation."),
        (4, "Support for the Hollin Vale depot stood at 64% in the council's survey."),
        (2, "In neighbouring Ashgrove, a depot like the Hollin Vale depot was shelved over "
            "its cost."),
    ])  # fmt: skip


def lead_of(api, question: str) -> tuple[dict, str]:
    body = answered(api, question)
    return body, SENTENCE.split(body["answer"])[0]


@pytest.mark.usefixtures("world")
def test_whose_figure_compares_the_lead_s_newest_with_the_named_speaker_s(api):
    asked = (
        "Whose figure for cancelled trains in the Corvane Rail drivers' strike is higher, "
        "the company's or the drivers' union's?"
    )
    body, first = lead_of(api, asked)
    assert " is higher: " in first, first
    assert first.index("1,240") < first.index("905"), first
    assert "150" not in first, first
    assert [t["topic"] for t in body["topics"]] == ["strike-corvane-rail-drivers-2026"]


@pytest.mark.usefixtures("world")
def test_people_a_report_cites_are_its_speaker_never_a_count(api):
    _, first = lead_of(api, "Whose figure for the price of Marrow Dairies is larger: Halbeck's "
                            "announced price or the one given by people familiar with the "
                            "final terms?")  # fmt: skip
    assert " is higher: " in first, first
    assert first.index("$410 million") < first.index("$380 million"), first
    assert "two people" not in first, first


@pytest.mark.usefixtures("world")
def test_now_against_the_original_is_the_newest_against_the_first(api):
    _, first = lead_of(api, "How much higher is the Hollin Vale depot budget now than the "
                            "original budget?")  # fmt: skip
    assert " is higher: " in first, first
    assert first.index("$365 million") < first.index("$300 million"), first
    assert "$340 million" not in first, first


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(("question", "named"), [
    ("Since the Corvane C-20 received its type certificate last month, when will it enter "
     "service?", "received its type certificate"),
    ("After carrying 4.5 million passengers in October 2026, how did Corvane Rail compare "
     "with October 2025?", "4.5 million"),
    ("How much did Pellham Foods agree to pay for Marrow Dairies?", "Pellham Foods"),
])  # fmt: skip
def test_a_premise_said_in_passing_is_named_first(api, question, named):
    body, first = lead_of(api, question)
    assert body["grounded"], body["answer"]
    assert first.startswith(PREMISE), first
    assert named in first, first


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(("question", "untracked"), [
    ("How much prize money did the racehorse Hollin Vale win?", "Hollin Vale"),
    ("How much did the Rail Safety Board fine Dunmore Trains?", "Dunmore Trains"),
    ("How much will the new depot in Ashgrove cost?", "Ashgrove"),
])  # fmt: skip
def test_another_thing_or_another_occasion_of_the_deed_is_declined(api, question, untracked):
    body, first = lead_of(api, question)
    assert not body["grounded"], body["answer"]
    assert untracked in first, first


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(("question", "count"), [
    ("How many drivers are taking part in Corvane Rail's strike?", "1,800"),
    ("How many staff were disciplined after the Rail Safety Board fine on Corvane Rail?", "12"),
])  # fmt: skip
def test_how_many_leads_with_the_sentence_that_counts_it(api, question, count):
    _, first = lead_of(api, question)
    assert count in first, first
    assert "disagrees" not in first, first


@pytest.mark.usefixtures("world")
def test_a_wrong_figure_is_set_against_a_held_reading_never_a_bound(api):
    _, first = lead_of(api, "Why did support for the Hollin Vale depot reach 71%?")
    assert first.startswith(PREMISE), first
    assert "64%" in first, first
