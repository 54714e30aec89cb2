"""A series' issue, a month's edition, a lower side, a verb spelled as a noun and a revision asked
for yes or no (issue 51, the twenty-sixth blind check's classes):

- a topic curated as a series' issue ("2026-1") is told from its sibling ("2026-2") in a question
  (declined, the sibling named with its name) and in a row (never cited for it);
- a topic curated for a month ("March 2027") is told from the same release for another month named
  as the occasion ("the September 2026 auction"), in a question and in a row;
- "Which is lower?" gets the lower side first; "Did it improve in 2026 against 2025?" opens "Yes"
  when a row says it improved, the year named first leading the verdict;
- a word a question's order makes a verb ("When did <storm> strike <place>?") is no kind of thing;
- "Was it revised?" opens "Yes" when a row says it revised a figure, "No" when the issuer's readings
  revise none;
- a state word after a verb of showing ("show prices rising") is the claim, and the row saying the
  opposite comes right after the premise.

The registry is this file's own: a port's green bond series, a grain exchange's monthly wheat
auction, two shipyards' order books, a storm, and a harbour dues decision.
"""

from datetime import timedelta

import pytest

from tests.answers.test_figures_asked import PREMISE, SENTENCE, _issuer, _reports, answered
from tests.answers.test_other_periods_and_parties import _topic

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    bond = _topic("bond-corvel-port-green-2026-1", "Corvel Port green bond 2026-1",
                  ("corvel-port", "Corvel Port", "organization"), ["green bond", "coupon"],
                  {"kind": "product", "edition": "2026-1"})  # fmt: skip
    _issuer("corvel-port", "Corvel Port", [
        "Corvel Port green bond 2026-1 priced at 180 million euros with a coupon of 3.4%."],
        bond)  # fmt: skip
    auction = _topic("auction-tessaly-wheat-march-2027", "Tessaly wheat auction, March 2027",
                     ("tessaly-grain-exchange", "Tessaly Grain Exchange", "organization"),
                     ["wheat auction", "clearing price"],
                     {"kind": "statistical-release", "period": "March 2027"})  # fmt: skip
    _issuer("tessaly-grain", "Tessaly Grain Exchange", [
        "The Tessaly wheat auction for March 2027 delivery cleared at 214 euros per tonne.",
        "The Tessaly Grain Exchange has revised the clearing price of its wheat auction for March "
        "2027 delivery to 209 euros per tonne, from 214 euros."], auction,
        step=timedelta(days=3))  # fmt: skip
    dues = _topic("decision-orsk-harbour-dues-2027", "Orsk harbour dues for 2027",
                  ("orsk-harbour-board", "Orsk Harbour Board", "organization"),
                  ["harbour dues", "dues"],
                  {"kind": "policy-decision", "period": "2027"})  # fmt: skip
    _issuer("orsk-harbour", "Orsk Harbour Board", [
        "The Orsk Harbour Board will charge harbour dues of 1.8% of cargo value in 2027, "
        "up from 1.5% in 2026."], dues)  # fmt: skip
    _topic("results-brannik-yard-2026", "Brannik Yard 2026 order book",
           ("brannik-yard", "Brannik Yard", "company"), ["order book", "orders"],
           {"kind": "company", "period": "2026"})  # fmt: skip
    _topic("results-helmsund-yard-2026", "Helmsund Yard 2026 order book",
           ("helmsund-yard", "Helmsund Yard", "company"), ["order book", "orders"],
           {"kind": "company", "period": "2026"})  # fmt: skip
    _topic("storm-gale-maren-2026", "Gale Maren damage",
           ("gale-maren", "Gale Maren", "storm"), ["storm damage", "landfall", "gale"],
           {"kind": "storm", "period": "2026", "place": "Orsk"}, ("orsk", "Orsk"))  # fmt: skip
    _reports([
        (4, "Corvel Port green bond 2026-2 launched at 120 million euros with guidance of 4.1%, "
            "Corvel Port said."),
        (3, "The Tessaly wheat auction for September 2026 delivery cleared at 236 euros per "
            "tonne, the Tessaly Grain Exchange said."),
        (2, "Brannik Yard's 2026 order book stood at 1.9 billion euros, the shipbuilder said."),
        (2, "Helmsund Yard's 2026 order book stood at 2.6 billion euros, the yard said."),
        (2, "Brannik Yard said its average repair time improved to 12 days in 2026 from 19 "
            "days in 2025."),
        (1, "Gale Maren made landfall on the Orsk coast on 12 November, its gusts felling "
            "trees across the harbour district."),
    ])  # fmt: skip


def first(api, question: str) -> tuple[str, dict]:
    body = answered(api, question)
    return SENTENCE.split(body["answer"])[0], body


@pytest.mark.usefixtures("world")
def test_a_series_sibling_asked_is_declined_with_its_name(api):
    said, body = first(api, "At what guidance did Corvel Port green bond 2026-2 launch?")
    assert not body["grounded"], body["answer"]
    assert "Corvel Port green bond 2026-2" in said, said
    assert "2026-1" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_series_issue_asked_is_answered_without_its_siblings_row(api):
    said, body = first(api, "What coupon did the Corvel Port green bond 2026-1 pay?")
    assert body["grounded"], body["answer"]
    assert "3.4%" in said, said
    assert "2026-2" not in body["answer"], body["answer"]
    assert "4.1%" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_another_months_edition_is_declined_and_its_row_never_leads(api):
    said, body = first(api, "What did the Tessaly wheat auction clear at for the September 2026 "
                            "delivery?")  # fmt: skip
    assert not body["grounded"], body["answer"]
    assert "September 2026" in said, said
    said, body = first(api, "What did the Tessaly wheat auction for March 2027 clear at?")
    assert body["grounded"], body["answer"]
    assert "236" not in body["answer"], body["answer"]
    assert "209" in said, said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    "question",
    [
        "Which had the smaller 2026 order book, Brannik Yard or Helmsund Yard?",
        "Was Brannik Yard's 2026 order book lower than Helmsund Yard's?",
    ],
)
def test_which_is_lower_gets_the_lower_side_first(api, question):
    said, _ = first(api, question)
    assert " is lower: " in said, said
    assert said.index("1.9 billion") < said.index("2.6 billion"), said
    assert said.startswith("Yes, ") == question.startswith("Was"), said


@pytest.mark.usefixtures("world")
def test_a_verb_spelled_as_a_kind_noun_is_no_other_thing(api):
    said, body = first(api, "When did Gale Maren strike Orsk?")
    assert body["grounded"], body["answer"]
    assert "12 November" in said, said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "opens", "figure"),
    [
        ("Did the Tessaly Grain Exchange revise its March 2027 wheat auction price?", "Yes, ",
         "209"),
        ("Has the Orsk Harbour Board revised its harbour dues for 2027?", "No, ", "1.8%"),
    ],
)  # fmt: skip
def test_a_revision_asked_for_yes_or_no_opens_with_the_answer(api, question, opens, figure):
    said, body = first(api, question)
    assert body["grounded"], body["answer"]
    assert said.startswith(opens), said
    assert figure in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_state_after_a_verb_of_showing_is_the_claim_and_its_opposite_follows(api):
    question = "Why did the Orsk Harbour Board show harbour dues falling for 2027?"
    said, _ = first(api, question)
    assert said.startswith(PREMISE[1]), said  # contradicted: "up from 1.5%"
    assert "1.8%" in said, said


@pytest.mark.usefixtures("world")
def test_a_wrong_figure_is_corrected_with_the_figure_held_in_the_rows_words(api):
    said, _ = first(api, "Why did the Orsk harbour dues rise to 2.5% for 2027?")
    assert said.startswith(PREMISE[1]), said
    assert "it holds harbour dues at 1.8%" in said, said


@pytest.mark.usefixtures("world")
def test_a_wrong_figure_in_a_clause_after_the_question_is_named_first(api):
    said, body = first(api, "What coupon did the Corvel Port green bond 2026-1 pay after it was "
                            "priced at 250 million euros?")  # fmt: skip
    assert said.startswith(PREMISE), said
    assert "250 million" in said, said
    assert "3.4%" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_state_asked_of_two_years_opens_yes_and_the_year_named_first_leads(api):
    said, _ = first(api, "Did Brannik Yard's average repair time improve in 2026 compared "
                         "with 2025?")  # fmt: skip
    assert said.startswith("Yes, "), said
    assert " in 2026 is lower: " in said, said
    assert said.index("12") < said.index("19"), said


@pytest.mark.usefixtures("world")
def test_a_month_said_of_a_deed_no_row_dates_is_a_premise_and_the_deed_follows(api):
    said, _ = first(api, "Why did the Orsk Harbour Board raise harbour dues in March 2026?")
    assert said.startswith(PREMISE[0]), said
    assert "March 2026" in said, said
    assert "1.8%" in said, said


@pytest.mark.usefixtures("world")
def test_a_wrong_party_is_quoted_with_the_deed_it_is_said_to_have_done(api):
    said, body = first(api, "Why did Orsk Harbour Board price the Corvel Port green bond 2026-1?")
    assert body["grounded"], body["answer"]
    assert said.startswith(PREMISE), said
    assert '"Orsk Harbour Board price the Corvel Port green bond 2026-1"' in said, said
