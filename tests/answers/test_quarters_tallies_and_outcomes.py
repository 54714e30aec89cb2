"""Quarters in other words, tallies that grow, another month's edition, another thing at a
tracked place, another outcome (issue 51, the twenty-ninth blind check's classes):

- "third-quarter 2026" and "Q3 2026" name one quarter, and "1.64 million" is a figure, not an
  edition numbered 1: the tracked release is answered, never declined as another one;
- the issuer's "April to June" is the second quarter: a report giving another second-quarter
  figure disputes it, and asked whether reports agree with the issuer, the dispute is said;
- a comparison takes the issuer's reading of a side, not a newer report at odds with it;
- a count a report gives as it stands ("has now burned") is read anew by a later count: an
  update, never a disagreement; a figure of last year's occasion is an earlier one;
- the month's edition of a monthly release asked ("the index for October 2026" of the
  September one) and another thing of the tracked thing's kind at its place ("<county>
  flood" of the "<name> Fire (<county>)") are declined with the tracked one named; so is
  another thing the title's head is of ("<port>'s oyster landings" of its fish landings),
  never answered from a topic that only shares the place;
- a sentence giving a sibling's figure ("<Smelter> 3, which has 180,000 tonnes") never answers
  for the tracked sibling;
- asked whether a state held on a day the record gives another for, the answer opens "No";
- an outcome the question claims that the record states otherwise ("revoke" of a licence the
  regulator suspended, the topic's curated outcome) is named first.

The registry is this file's own: a port's quarterly landings, a county fire, a monthly freight
index, a wool auction, a suspended licence and a smelter.
"""

from datetime import timedelta

import pytest

from tests.answers.test_figures_asked import PREMISE, _issuer, _reports
from tests.answers.test_other_periods_and_parties import _topic
from tests.answers.test_series_months_and_revisions_asked import first

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    landings = _topic("econ-release-vessmark-landings-q2-2026", "Vessmark fish landings, Q2 2026",
                      ("vessmark-statistics-office", "Vessmark Statistics Office",
                       "organization"), ["fish landings", "landings"],
                      {"kind": "statistical-release", "period": "Q2 2026"},
                      ("vessmark", "Vessmark"))  # fmt: skip
    _issuer("vessmark-stats", "Vessmark Statistics Office", [
        "Fish landed at Vessmark ports in the second quarter of 2026 (April to June): 1.82 "
        "million tonnes."], landings, step=timedelta(days=3))  # fmt: skip
    # A fire at the same port: found by the place alone, it is no answer to its landings.
    _topic("disaster-vessmark-harbour-fire-2026", "Vessmark harbour fire",
           ("vessmark-fire-service", "Vessmark Fire Service", "organization"),
           ["harbour fire", "blaze"], {"kind": "place-bound-event", "period": "2026"},
           ("vessmark", "Vessmark"))  # fmt: skip
    dunlow = _topic("econ-release-dunlow-landings-q2-2026", "Dunlow fish landings, Q2 2026",
                    ("dunlow-harbour-board", "Dunlow Harbour Board", "organization"),
                    ["fish landings", "landings"],
                    {"kind": "statistical-release", "period": "Q2 2026"},
                    ("dunlow", "Dunlow"))  # fmt: skip
    _issuer("dunlow-harbour", "Dunlow Harbour Board", [
        "Fish landed at Dunlow ports in the second quarter of 2026: 1.70 million tonnes."],
        dunlow, step=timedelta(days=4))  # fmt: skip
    fire = _topic("disaster-drennick-fire-2026", "Drennick Fire (Oslan County, 2026)",
                  ("oslan-fire-service", "Oslan Fire Service", "organization"),
                  ["drennick fire", "wildfire"],
                  {"kind": "place-bound-event", "period": "2026", "outcome": "contained"},
                  ("oslan-county", "Oslan County"))  # fmt: skip
    _issuer("oslan-fire", "Oslan Fire Service", [
        "The Drennick Fire in Oslan County was fully contained on 20 November 2026 after "
        "burning 12,400 hectares."], fire)  # fmt: skip
    index = _topic("econ-release-orlen-freight-index-september-2026",
                   "Orlen Freight Rate Index, September 2026",
                   ("orlen-shipping-board", "Orlen Shipping Board", "organization"),
                   ["freight rate index"], {"kind": "statistical-release",
                                            "period": "September 2026"})  # fmt: skip
    _issuer(
        "orlen-board",
        "Orlen Shipping Board",
        ["The Orlen Freight Rate Index stood at 311.4 points in September 2026."],
        index,
    )
    auction = _topic("auction-tessary-wool-2026", "Tessary wool auction 2026",
                     ("tessary-wool-board", "Tessary Wool Board", "organization"),
                     ["wool auction", "bales"],
                     {"kind": "policy-decision", "period": "2026"})  # fmt: skip
    _issuer("tessary-wool", "Tessary Wool Board", [
        "The Tessary wool auction 2026 sold 4,200 bales at an average of $8.10 a kilo."],
        auction)  # fmt: skip
    licence = _topic(
        "decision-marrow-quarry-licence-2026",
        "Marrow quarry licence decision",
        ("stonefield-mining-regulator", "Stonefield Mining Regulator", "organization"),
        ["quarry licence", "licence"],
        {"kind": "policy-decision", "period": "2026", "outcome": "suspended"},
    )
    _issuer("stonefield-regulator", "Stonefield Mining Regulator", [
        "The Stonefield Mining Regulator suspended the Marrow quarry licence for 90 days "
        "after dust limits were breached."], licence)  # fmt: skip
    _topic(
        "facility-corrin-smelter-2",
        "Corrin Smelter 2",
        ("corrin-metals", "Corrin Metals", "company"),
        ["smelter", "capacity"],
        {"kind": "product", "edition": "2"},
    )
    _reports([
        (2, "Fish landings at Vessmark ports in the second quarter of 2026 came to 1.64 "
            "million tonnes, port records show, below what the Vessmark Statistics Office "
            "counts."),
        (1, "Second-quarter 2026 fish landings at Vessmark totalled 1.64 million tonnes, the "
            "harbour masters said, against the Vessmark Statistics Office's tally."),
        (9, "The Drennick Fire has burned 2,100 hectares of Oslan County, the Oslan Fire "
            "Service said."),
        (5, "The Drennick Fire has now burned 9,800 hectares and is 70 percent contained, the "
            "Oslan Fire Service said."),
        (1, "Buyers at the Tessary wool auction 2026 paid an average of $8.10 a kilo, up from "
            "$7.40 at last year's auction, which sold 3,900 bales, the Tessary Wool Board "
            "said."),
        (3, "Corrin Metals restarted Corrin Smelter 2 after a rebuild. The smelter can make "
            "240,000 tonnes of aluminium a year. Corrin Smelter 3, which has 180,000 tonnes of "
            "capacity, remains shut."),
    ])  # fmt: skip


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    "question",
    [
        "Were Vessmark's Q2 2026 fish landings 1.64 million tonnes?",
        "Has the Vessmark Statistics Office revised its second-quarter 2026 landings figure?",
    ],
)
def test_a_quarter_in_other_words_and_a_decimal_are_no_other_edition(api, question):
    _, body = first(api, question)
    assert body["grounded"], body["answer"]
    assert "does not track" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    "question",
    [
        "Do news reports agree with the Vessmark Statistics Office on the second-quarter 2026 "
        "fish landings?",
        "How many tonnes of fish were landed at Vessmark ports in the second quarter of 2026?",
    ],
)
def test_a_second_quarter_said_as_months_is_disputed_issuer_first(api, question):
    said, body = first(api, question)
    assert "disagree" in said, said
    assert said.index("1.82 million") < body["answer"].index("1.64 million"), body["answer"]


@pytest.mark.usefixtures("world")
def test_a_comparison_takes_the_issuers_reading_not_a_report_at_odds(api):
    said, _ = first(api, "Were Dunlow's second-quarter 2026 fish landings lower than "
                            "Vessmark's?")  # fmt: skip
    assert said.startswith("Yes, "), said
    assert "1.82 million" in said, said
    assert "1.64" not in said, said


@pytest.mark.usefixtures("world")
def test_a_tally_that_grows_is_updated_not_disputed(api):
    said, body = first(api, "How many hectares did the Drennick Fire burn?")
    assert body["grounded"], body["answer"]
    assert "12,400" in said, said
    assert "disagree" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_state_asked_of_another_day_is_answered_no_first(api):
    said, body = first(api, "Was the Drennick Fire fully contained on 12 November 2026?")
    assert said.startswith("No, "), said
    assert "20 November" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_last_years_figure_is_no_dispute_of_this_years(api):
    said, body = first(api, "After the Tessary wool auction 2026 sold 4,200 bales, what was the "
                            "average price?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert "disagree" not in body["answer"], body["answer"]
    assert "$8.10" in said, said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "untracked", "tracked"),
    [
        (
            "What was the Orlen Freight Rate Index for October 2026?",
            "October 2026",
            "Orlen Freight Rate Index, September 2026",
        ),
        (
            "How many homes did the Oslan County flood damage?",
            "Oslan County flood",
            "Drennick Fire",
        ),
        (
            "How many tonnes did Vessmark's oyster landings reach in 2026?",
            "oyster landings",
            "Vessmark fish landings",
        ),
    ],
)
def test_another_edition_thing_or_head_is_declined_with_the_tracked_one(
    api, question, untracked, tracked
):
    said, body = first(api, question)
    assert not body["grounded"], body["answer"]
    assert untracked in said, said
    assert tracked in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_siblings_figure_never_answers_for_the_tracked_one(api):
    said, body = first(api, "What is the capacity of Corrin Smelter 2?")
    assert body["grounded"], body["answer"]
    assert "180,000" not in said, said


@pytest.mark.usefixtures("world")
def test_another_outcome_than_the_record_states_is_named_first(api):
    said, body = first(api, "Why did the Stonefield Mining Regulator revoke the Marrow quarry "
                            "licence?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert said.startswith(PREMISE), said
    assert "revoke" in said, said
    assert "suspended" in body["answer"], body["answer"]
