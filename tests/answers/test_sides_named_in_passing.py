"""Two topics a question names in other words than "X or Y" (issue 51, classes found on fresh
phrasings of the demo's own questions, tried here on a world of this file's own).

- "Compare X with Y", "how does X compare to Y": the word after the comparison joins two sides as
  "or" does; each side is routed and compared, never one side's place read as another place of
  the other ("<Country B> payrolls" is not <Country A>'s).
- A side named by a capitalised short name ("the CB rate") says whose figure the part asks.
- "more money", "more cash": a sum in any currency, whatever each side's rows call it; "was
  more raised by A or B": the participle says the deed, not the measure.
- A measure only one side's rows hold ("which has the bigger valuation?" where only one round
  is valued): no verdict, that side's figure, and the side that holds none; never the other
  side's figure of another measure set against it.
- "Which company has fewer employees": what is chosen is no measure, and "employed 5,200
  people" counts employees; "Korvane Mining" asks no mine's output: a capitalised name is
  whose, so the revenue each reads is compared, not the tonnes its mines produced.
- Asked of two topics and no verdict found, never two figures of one of them compared.
- A figure of another topic set as the scene ("with payrolls up 90,000, will the bank cut?"):
  that topic joins the answer, the wrong figure is named first with what it holds, and the
  topic asked about is answered; never declined as an untracked "<bank> payrolls".
"""

from datetime import UTC, datetime

import pytest

from registry.models import Quantity
from tests.answers.test_counts_versions_and_parties import _topic
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports
from tests.answers.test_speakers_outcomes_and_counts import lead_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 11, 25, 12, tzinfo=UTC))
    prices = _topic("vellmora-consumer-prices-october-2026", "Vellmora consumer prices",
                    [("vellmora", "Vellmora", "place", [])], ["inflation", "consumer prices"],
                    {"kind": "statistical-release", "period": "October 2026",
                     "place": "Vellmora"})  # fmt: skip
    _issuer("vellmora-stats", "Vellmora Statistics Office",
            ["Vellmora inflation was 3.4% in the year to October 2026."], prices)  # fmt: skip
    jobs = _topic("carsade-jobs-report-october-2026", "Carsade jobs report",
                  [("carsade", "Carsade", "place", [])], ["jobs report", "payrolls"],
                  {"kind": "statistical-release", "period": "October 2026",
                   "place": "Carsade"})  # fmt: skip
    _issuer("carsade-labour", "Carsade Labour Office",
            ["Carsade payrolls rose by 64,000 in October 2026 and the unemployment rate was "
             "5.1%."], jobs)  # fmt: skip
    bank = _topic("carsade-central-bank-december-2026", "Carsade Central Bank rate decision",
                  [("carsade-central-bank", "Carsade Central Bank", "organization", ["CCB"])],
                  ["rate decision", "policy rate"],
                  {"kind": "policy-decision", "period": "December 2026"})  # fmt: skip
    _issuer("ccb-decisions", "Carsade Central Bank",
            ["The Carsade Central Bank held its policy rate at 4.25%."], bank)  # fmt: skip
    brightwell = _topic("funding-brightwell-robotics-series-c", "Brightwell Robotics Series C",
                        [("brightwell-robotics", "Brightwell Robotics", "company", [])],
                        ["series c", "funding round"], {"kind": "company",
                                                         "edition": "Series C"})  # fmt: skip
    tallow = _topic("funding-tallow-fusion-series-b", "Tallow Fusion Series B",
                    [("tallow-fusion", "Tallow Fusion", "company", [])],
                    ["series b", "funding round"], {"kind": "company",
                                                     "edition": "Series B"})  # fmt: skip
    Quantity.objects.get_or_create(
        slug="output",
        defaults={"name": "Output", "words": {"en": ["output", "production", "produced", "mined"]}},
    )
    Quantity.objects.get_or_create(
        slug="revenue",
        defaults={"name": "Revenue", "words": {"en": ["revenue", "sales", "turnover"]}},
    )
    for slug, name, said in (
        ("korvane-mining", "Korvane Mining", "Korvane Mining employed 9,400 people in 2025 and "
                                             "reported revenue of €1.1 billion."),
        ("selby-resources", "Selby Resources", "Selby Resources employed 5,200 people in 2025 "
                                               "and reported revenue of 480 million euros."),
    ):  # fmt: skip
        company = _topic(f"company-{slug}", name, [(slug, name, "company", [])],
                         ["mining company"], {"kind": "company"})  # fmt: skip
        _issuer(f"{slug}-results", name, [said], company)
    _reports([
        (4, "Korvane Mining's Ostra mine produced 310,000 tonnes of copper in 2025."),
        (4, "Selby Resources' Hadley mine produced 190,000 tonnes of copper in 2025."),
        (3, "Brightwell Robotics raised $150 million in a Series C round that values the "
            "company at $1.4 billion."),
        (2, "Tallow Fusion closed a funding round of $60 million to build a test reactor."),
        (1, "Carsade Central Bank watchers expect the policy rate to stay at 4.25%."),
    ])  # fmt: skip
    return brightwell, tallow


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize("question", [
    "Compare Vellmora inflation with Carsade unemployment.",
    "How does Vellmora inflation compare to the Carsade unemployment rate?",
])  # fmt: skip
def test_compare_x_with_y_routes_both_sides_and_gives_a_verdict(api, question):
    body, first = lead_of(api, question)
    assert body["grounded"], body["answer"]
    assert {t["topic"] for t in body["topics"]} == {
        "vellmora-consumer-prices-october-2026",
        "carsade-jobs-report-october-2026",
    }
    assert " is higher: " in first, first
    assert first.index("5.1%") < first.index("3.4%"), first


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize("question", [
    "Did Tallow Fusion raise more money than Brightwell Robotics?",
    "Which company got more cash, Brightwell Robotics or Tallow Fusion?",
    "Was more raised by Tallow Fusion or by Brightwell Robotics?",
])  # fmt: skip
def test_money_and_a_participle_ask_any_sum(api, question):
    _, first = lead_of(api, question)
    assert " is higher: " in first, first
    assert first.index("$150 million") < first.index("$60 million"), first


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize("question", [
    "Which has the bigger valuation, Brightwell Robotics or Tallow Fusion?",
    "Did Tallow Fusion have a higher valuation than Brightwell Robotics?",
])  # fmt: skip
def test_a_measure_only_one_side_holds_gets_no_verdict_and_its_figure(api, question):
    _, first = lead_of(api, question)
    assert first.startswith("No verdict: only Brightwell Robotics Series C holds"), first
    assert "$1.4 billion" in first, first
    assert "$60 million" not in first, first
    assert "Tallow Fusion Series B" in first, first


@pytest.mark.usefixtures("world")
def test_no_verdict_across_two_topics_is_never_one_topic_s_own_pair(api):
    body, first = lead_of(api, "Which is larger, Carsade payroll growth or the Vellmora "
                                "inflation rate?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert first.startswith("No verdict"), first
    verdict = first.split(";")[0]  # the rows each side leads with come after it
    assert "5.1%" not in verdict, first  # the jobs report's unemployment rate is not asked


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize("question", [
    "With Carsade payrolls up 90,000 in October, is the CCB likely to cut?",
    "Carsade payrolls rose 90,000 in October; will the Carsade Central Bank cut?",
])  # fmt: skip
def test_another_topic_s_figure_as_the_scene_is_a_premise_named_first(api, question):
    body, first = lead_of(api, question)
    assert body["grounded"], body["answer"]
    topics = {t["topic"] for t in body["topics"]}
    assert {"carsade-central-bank-december-2026", "carsade-jobs-report-october-2026"} <= topics
    assert first.startswith(PREMISE), first
    assert "90,000" in first, first
    assert "64,000" in body["answer"], body["answer"]
    assert "4.25%" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_company_s_name_asks_no_measure_its_words_spell(api):
    _, first = lead_of(api, "Which had the higher 2025 revenue, Korvane Mining or Selby "
                             "Resources?")  # fmt: skip
    assert " is higher: " in first, first
    assert first.index("€1.1 billion") < first.index("480 million euros"), first


@pytest.mark.usefixtures("world")
def test_employed_people_are_the_employees_a_question_counts(api):
    _, first = lead_of(api, "Which company has fewer employees, Korvane Mining or Selby "
                             "Resources?")  # fmt: skip
    assert " is lower: " in first, first
    assert first.index("5,200") < first.index("9,400"), first
