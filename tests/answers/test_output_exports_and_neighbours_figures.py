"""The classes the twenty-fourth blind check found (issue 51), on a world of this file's own: an
oil producer whose page gives each quarter's output and exports (read twice: the second reading
revises the third quarter's output), reports that quote the first figure, dispute it ("closer
to") and estimate it; a fuel price bulletin read twice, beside a report of a neighbouring
country's regulator; a producers' group's quota decision at a meeting; a refinery strike.

- an issuer's page read anew is the record: a report disputing the figure it replaced disputes
  the revised one, said issuer first, and the superseded figure is no side;
- "an average of", "averaged" are a figure's form, never what it measures: exports and
  production are two quantities, and a period asked picks the reading that gives it;
- "did it revise ...?" is answered "Yes, revised from ...";
- a figure another country's counterpart of the issuer gives ("the <neighbour> Energy Office
  put October petrol at") is no reading of the topic, so it disputes nothing;
- a month said of the occasion's meeting is named as a premise;
- asked how many workers, a dispute about barrels is not said; two reports of how much a strike
  cut throughput ("by 90,000", "by 120,000") are two sizes of one cut, said to differ, never a
  newer reading of it;
- a figure "for the third quarter of 2026" is of the third quarter, not of 2026: its revision
  is no dispute; asked of the second quarter, the page's sentence of that quarter is quoted;
- a tracked company said to own the occasion's place ("<company>'s Kelby refinery") that no row
  ties to it is a premise named first;
- "did the group cut its quota?" opens "Yes" when the record holds the cut, "No" when it holds
  the opposite;
- a figure "for the third quarter of 2026" is of the third quarter, not of 2026: its revision
  is no dispute; asked of the second quarter, the page's sentence of that quarter is quoted;
- a tracked company said to own the occasion's place ("<company>'s Kelby refinery") that no row
  ties to it is a premise named first, quoted with what it is said to own.
"""

from datetime import timedelta

import pytest

from registry.models import Quantity
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports, answered, ask
from tests.answers.test_other_periods_and_parties import _topic

pytestmark = pytest.mark.django_db
MONTH = timedelta(days=24)


@pytest.fixture
def world(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    for slug, words in [("oil-production", ["production", "produced", "output", "pumped"]),
                        ("oil-exports", ["exports", "exported"])]:  # fmt: skip
        Quantity.objects.create(slug=slug, name=slug, words={"en": words})
    harrow = _topic("company-harrow-basin-oil", "Harrow Basin Oil output",
                    ("harrow-basin-oil", "Harrow Basin Oil", "company"),
                    ["oil output", "production", "exports", "barrels per day"],
                    {"kind": "company"})  # fmt: skip
    _issuer("harrow", "Harrow Basin Oil", [
        "Harrow Basin Oil produced an average of 438,000 barrels per day in the third quarter of "
        "2026, up from 412,000 barrels per day in the second quarter of 2026. Exports averaged "
        "301,000 barrels per day in the third quarter of 2026.",
        "Harrow Basin Oil has revised its third-quarter 2026 production to an average of 441,000 "
        "barrels per day, from the 438,000 barrels per day it reported earlier. Second-quarter "
        "2026 production was 412,000 barrels per day.",
    ], harrow, step=MONTH)  # fmt: skip
    fuel = _topic("release-vessland-fuel-prices", "Vessland retail fuel prices",
                  ("vessland-energy-office", "Vessland Energy Office", "organization"),
                  ["petrol price", "fuel prices"], {"kind": "statistical-release"})  # fmt: skip
    _issuer("vessland-fuel", "Vessland Energy Office", [
        "The average retail price of petrol in Vessland was 1.742 crowns per litre in October "
        "2026.",
        "The average retail price of petrol in Vessland was 1.689 crowns per litre in November "
        "2026, down from 1.742 crowns per litre in October 2026.",
    ], fuel, step=MONTH)  # fmt: skip
    quota = _topic("policy-decision-ostra-group-quota-november-2026",
                   "Ostra Group production quota decision, November 2026",
                   ("ostra-group", "Ostra Group", "organization"), ["production quota", "quota"],
                   {"kind": "policy-decision", "period": "November 2026", "place": "Port Selle",
                    "edition": "12th Ministerial Meeting"},
                   place=("port-selle", "Port Selle"))  # fmt: skip
    _issuer("ostra", "Ostra Group", [
        "The 12th Ministerial Meeting of the Ostra Group, held in Port Selle on 19 November 2026, "
        "decided to cut the group's production quota by 600,000 barrels per day."],
        quota)  # fmt: skip
    strike = _topic("strike-kelby-refinery-november-2026", "Kelby refinery strike, November 2026",
                    ("kelby-refinery", "Kelby refinery", "place"), ["strike", "walkout"],
                    {"kind": "place-bound-event", "period": "November 2026"})  # fmt: skip
    _issuer("kelby-union", "Kelby Refinery Workers Union", [
        "Some 1,800 members of the Kelby Refinery Workers Union walked out at the Kelby refinery "
        "on 3 November 2026."], strike)  # fmt: skip
    _reports([
        (40, "Harrow Basin Oil said it produced 438,000 barrels per day in the third quarter of "
             "2026."),
        (30, "Harrow Basin Oil's third-quarter production was closer to 425,000 barrels per day, "
             "not the 438,000 the company reported, tanker data show."),
        (3, "Vessland's petrol prices remain below its neighbour's: the Dunmark Energy Office put "
            "October petrol at 1.905 crowns per litre."),
        (6, "The strike at the Kelby refinery has cut its throughput by 90,000 barrels per day, "
            "traders said."),
        (5, "The strike at the Kelby refinery has cut its throughput by 120,000 barrels per day, "
            "plant managers said."),
    ])  # fmt: skip


@pytest.mark.usefixtures("world")
def test_a_dispute_of_a_replaced_figure_is_with_the_revised_one(api):
    lead = ask(api, "How much oil did Harrow Basin Oil produce in the third quarter of 2026?")
    assert lead.startswith("The issuer's own reading comes first"), lead
    assert "441,000" in lead, lead


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(("question", "figure", "other"), [
    ("What were Harrow Basin Oil's exports in the third quarter of 2026?", "301,000", "441,000"),
    ("How much oil did Harrow Basin Oil produce in the second quarter of 2026?", "412,000",
     "441,000"),
])  # fmt: skip
def test_the_quantity_and_period_asked_pick_the_reading(api, question, figure, other):
    lead = ask(api, question)
    assert figure in lead, lead
    assert other not in lead, lead


@pytest.mark.usefixtures("world")
def test_did_it_revise_is_answered_yes(api):
    lead = ask(api, "Did Harrow Basin Oil revise its third-quarter 2026 output figure?")
    assert lead.startswith("Yes, revised from 438,000 to 441,000"), lead


@pytest.mark.usefixtures("world")
def test_another_bodys_figure_in_a_clause_disputes_nothing(api):
    body = answered(api, "What is the latest average petrol price in Vessland?")
    assert "disagree" not in body["answer"], body["answer"]
    assert "1.689" in body["answer"].split(". ")[0], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_wrong_month_of_the_meeting_is_named(api):
    lead = ask(api, "What did the Ostra Group decide at its Port Selle meeting in October 2026?")
    assert lead.startswith(PREMISE), lead
    assert "October 2026" in lead.split(";")[0], lead


@pytest.mark.usefixtures("world")
def test_asked_how_many_workers_a_dispute_of_barrels_is_not_said(api):
    body = answered(api, "How many workers went on strike at the Kelby refinery?")
    assert "disagree" not in body["answer"], body["answer"]
    assert "1,800" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(("question", "opening"), [
    ("Did the Ostra Group cut its production quota in November 2026?", "Yes, Ostra Group said"),
    ("Did the Ostra Group raise its production quota in November 2026?", "No, Ostra Group said"),
])  # fmt: skip
def test_a_yes_or_no_question_of_a_state_is_answered_yes_or_no(api, question, opening):
    lead = ask(api, question)
    assert lead.startswith(opening), lead


@pytest.mark.usefixtures("world")
def test_a_wrong_owner_said_in_the_possessive_is_named(api):
    lead = ask(api, "Why did the strike at Harrow Basin Oil's Kelby refinery begin?")
    assert lead.startswith(PREMISE), lead
    assert "Harrow Basin Oil's Kelby refinery" in lead.split(";")[0], lead


@pytest.mark.usefixtures("world")
def test_two_sizes_of_one_cut_from_two_reports_are_said_to_differ(api):
    body = answered(api, "By how much did the Kelby refinery strike cut the refinery's throughput?")
    assert body["answer"].startswith("The held rows disagree"), body["answer"]
    assert "90,000" in body["answer"], body["answer"]
    assert "120,000" in body["answer"], body["answer"]


@pytest.fixture
def benchmark(settings):
    """A price benchmark whose reports call it by its name less its first word."""
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    index = _topic("benchmark-selinde-grade-one-cocoa", "Selinde Grade I Cocoa Benchmark",
                   ("selinde-grade-i-cocoa-benchmark", "Selinde Grade I Cocoa Benchmark",
                    "other"), ["cocoa benchmark", "cocoa price"],
                   {"kind": "statistical-release"})  # fmt: skip
    _issuer("selinde-benchmark", "Selinde Exchange", [
        "The Selinde Grade I Cocoa Benchmark averaged 7,240 dollars a tonne in October 2026."],
        index)  # fmt: skip
    _reports([(2, "Traders said its Grade I Cocoa Benchmark rose to 7,240 dollars a tonne in "
                  "October, the Selinde Grade I Cocoa Benchmark's highest since May.")],
             )  # fmt: skip


@pytest.mark.usefixtures("benchmark")
def test_a_report_naming_the_topic_by_its_name_less_its_first_word_is_read(api):
    lead = ask(api, "What was the Selinde Grade I Cocoa Benchmark in October 2026?")
    assert "7,240" in lead, lead


@pytest.fixture
def exporter(settings):
    """A cocoa exporter's page read twice: the second reading revises the third quarter's
    exports, said "for the third quarter of 2026 to 52,900 tonnes"."""
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    kalder = _topic("company-kalder-commodities", "Kalder Commodities cocoa exports",
                    ("kalder-commodities", "Kalder Commodities", "company"),
                    ["cocoa exports", "exports"], {"kind": "company"})  # fmt: skip
    _issuer("kalder", "Kalder Commodities", [
        "Kalder Commodities exported 53,700 tonnes of cocoa beans in the third quarter of 2026, "
        "up from 48,200 tonnes in the second quarter of 2026.",
        "Kalder Commodities has revised its cocoa bean exports for the third quarter of 2026 to "
        "52,900 tonnes, from the 53,700 tonnes it reported earlier. Exports in the second quarter "
        "of 2026 were 48,200 tonnes.",
    ], kalder, step=MONTH)  # fmt: skip
    _reports([(40, "Kalder Commodities exported 53,700 tonnes of cocoa beans in the third quarter "
                   "of 2026.")])  # fmt: skip


@pytest.mark.usefixtures("exporter")
@pytest.mark.parametrize(("quarter", "figure", "other"), [
    ("third", "52,900", "disagree"),
    ("second", "48,200", "52,900"),  # the second quarter's sentence alone
])  # fmt: skip
def test_a_quarter_of_a_year_revised_is_no_dispute_and_its_sentence_is_quoted(
    api, quarter, figure, other
):
    body = answered(api, f"How much cocoa did Kalder Commodities export in the {quarter} quarter "
                         "of 2026?")  # fmt: skip
    lead = body["answer"].split(" [1]")[0]
    assert "disagree" not in lead, body["answer"]
    assert figure in lead, lead
    assert other not in lead, lead
