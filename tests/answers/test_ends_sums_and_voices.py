"""When a thing ended, a sum in other verbs, a figure in another speaker's voice (issue 51, the
twenty-eighth and twenty-seventh blind checks' classes left open):

- asked when a strike ended, the report that says the day it ended leads, not the one that says
  the day it began ("ended on <day>" is a date a row says, though a question's "struck on <day>"
  sets no window);
- "$640m" is 640 million, as "$640 million" is: compared, disputed and set against a premise
  at its scale;
- a setting ("Given that the line runs 450 km", "After <someone else> merged with <them>")
  states its figure and its deed as done: a wrong one is named first;
- a place of another topic said of a deal ("<buyer> bought <seller>'s warehouses in <the other
  topic's place>") is a premise of the deal, which stays the subject: a topic's term that is
  its own place's name says where, not what the question is about;
- the words of a setting taken for granted ("Since <buyer> is paying $640 million in cash,
  ...") choose no sentence: the one that answers what is asked is quoted;
- a deal's sum said with another verb ("acquire for", "will pay", "is worth", "valued at") is
  the one sum: a report giving another disputes the issuer's, the issuer first.

The registry is this file's own: a dock strike with its start and its end reported, a studio
takeover its buyer announced, and a rail link its builder describes.
"""

import pytest

from registry import services
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports
from tests.answers.test_other_periods_and_parties import _topic
from tests.answers.test_series_months_and_revisions_asked import first

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("strike-harwick-docks-2026", "Harwick dock strike",
           ("harwick-dockers-union", "Harwick Dockers Union", "organization"),
           ["dock strike", "dockers"], {"kind": "place-bound-event", "period": "2026"},
           ("harwick", "Harwick"))  # fmt: skip
    buyer = services.entity_upsert(slug="pellucid-games", name="Pellucid Games", kind="company")
    studio = services.entity_upsert(slug="quillbright-studios", name="Quillbright Studios",
                                    kind="company")  # fmt: skip
    deal = services.event_upsert(
        subject="deal-pellucid-quillbright-2026", lead_entity=buyer, entities=[buyer, studio],
        title="Pellucid Games takeover of Quillbright Studios",
        subject_terms=["takeover", "acquisition"], question_terms=["takeover", "acquisition"],
        identity={"kind": "agreement", "period": "2026"})  # fmt: skip
    _issuer(
        "pellucid-news",
        "Pellucid Games",
        ["Pellucid Games agreed to acquire Quillbright Studios for $640m in cash."],
        deal,
    )
    calder = _topic("deal-calder-norrow-2026", "Calder Logistics purchase of Norrow Depots",
                    ("calder-logistics", "Calder Logistics", "company"), ["purchase", "depots"],
                    {"kind": "agreement", "period": "2026"})  # fmt: skip
    _issuer(
        "calder-news",
        "Calder Logistics",
        ["Calder Logistics agreed to buy Norrow Depots for $610 million."],
        calder,
    )
    _topic("decision-harlow-ridge-quarry-licence", "Harlow Ridge quarry licence decision",
           ("kessel-mining-board", "Kessel Mining Board", "organization"),
           ["quarry licence", "harlow ridge"], {"kind": "policy-decision", "period": "2026"},
           ("harlow-ridge", "Harlow Ridge"))  # fmt: skip
    link = _topic("rail-tarrow-link", "Tarrow Link rail line",
                  ("tarrow-rail", "Tarrow Rail", "company"), ["rail line", "tarrow link"],
                  {"kind": "product"})  # fmt: skip
    _issuer(
        "tarrow-rail",
        "Tarrow Rail",
        ["The Tarrow Link rail line will run 412 km and open to passengers in 2029."],
        link,
    )
    _reports([
        (1, "Pellucid Games will pay $710m for Quillbright Studios, people familiar with the "
            "takeover said."),
        (3, "Pellucid Games plans to keep Quillbright Studios' 240 staff after the takeover."),
        (3, "Pellucid Games is paying $640 million in cash for Quillbright Studios. The "
            "takeover needs approval from the Orlan Competition Office."),
        (2, "Tarrow Rail said the Tarrow Link rail line is on schedule."),
        (4, "Calder Logistics is buying Norrow Depots' 14 warehouses in Tarrin."),
        (6, "The Kessel Mining Board renewed the Harlow Ridge quarry licence for ten years."),
        (9, "The Harwick dock strike began on 12 November 2026, the Harwick Dockers Union said."),
        (2, "The Harwick dock strike ended on 26 November 2026 after the Harwick Dockers Union "
            "accepted a 6% pay offer."),
        (5, "The Harwick Dockers Union picketed the container gates for a fifth day of the "
            "dock strike."),
    ])  # fmt: skip


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "day", "other"),
    [
        ("When did the Harwick dock strike end?", "26 November 2026", "12 November"),
        ("When did the Harwick dock strike begin?", "12 November 2026", "26 November"),
    ],
)
def test_asked_when_it_ended_the_day_it_ended_leads(api, question, day, other):
    said, body = first(api, question)
    assert body["grounded"], body["answer"]
    assert day in said, said
    assert other not in said, said


@pytest.mark.usefixtures("world")
def test_a_sum_in_millions_written_short_is_compared_at_its_scale(api):
    said, _ = first(api, "Which deal was bigger, Pellucid Games' takeover of Quillbright "
                            "Studios or Calder Logistics' purchase of Norrow Depots?")  # fmt: skip
    assert said.index("$640m") < said.index("$610 million"), said
    assert "$30" in said, said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "wrong", "held"),
    [
        (
            "With Pellucid Games paying $900m for Quillbright Studios, what happens to its staff?",
            "$900m",
            "$640m",
        ),
        (
            "Given that the Tarrow Link rail line runs 450 km, when will it open?",
            "450 km",
            "412 km",
        ),
    ],
)
def test_a_figure_set_as_the_setting_is_named_first(api, question, wrong, held):
    said, body = first(api, question)
    assert body["grounded"], body["answer"]
    assert said.startswith(PREMISE), said
    assert wrong in said, said
    assert held in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_deed_of_another_party_in_a_side_clause_is_named_first(api):
    said, body = first(api, "After Brisklane acquired Quillbright Studios, what happens to "
                            "its staff?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert said.startswith(PREMISE), said
    assert "Brisklane" in said, said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    "question",
    [
        "How much is Pellucid Games paying for Quillbright Studios?",
        "What is the Quillbright Studios takeover worth?",
    ],
)
def test_a_sum_said_with_another_verb_disputes_the_issuers_issuer_first(api, question):
    said, body = first(api, question)
    assert "$640m" in said, said
    assert "$710m" in body["answer"], body["answer"]
    assert "disagree" in body["answer"], body["answer"]
    assert body["answer"].index("$640m") < body["answer"].index("$710m"), body["answer"]


@pytest.mark.usefixtures("world")
def test_another_topics_place_said_of_a_deal_is_its_premise_the_deal_first(api):
    said, body = first(api, "After Calder Logistics bought Norrow Depots' warehouses in Harlow "
                            "Ridge, how many warehouses did it buy?")  # fmt: skip
    assert said.startswith(PREMISE), said
    assert "Harlow Ridge" in said, said
    assert "quarry" not in body["answer"], body["answer"]
    assert "14 warehouses" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_settings_words_choose_no_sentence(api):
    _, body = first(api, "Since Pellucid Games is paying $640 million in cash for Quillbright "
                         "Studios, who must give approval for the takeover?")  # fmt: skip
    assert "Orlan Competition Office" in body["answer"], body["answer"]
