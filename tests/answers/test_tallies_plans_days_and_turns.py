"""Tallies, plans, days and turns: what rows say of a figure over time and what a question takes
for granted (issue 51), on this file's own world.

A machines world: a maker's plant expansion at a place in a country (its capacity target
raised, its investment disputed by a report that names the company's figure), a robot model
(its sales tallied by two outlets at odds, its price cut from a launch price, a sibling mark one
digit off), an import quota of one year (its supplier list amended, its effective day), and a
maker's quarterly results. What the classes ask of it, from the user's side:

- a tally "so far" another outlet gives lower a day later, saying it is fewer than other
  reports, is a dispute, never a newer reading;
- a plan raised "to X, up from Y" is a revision: "was it revised" is "Yes", and "the new target
  against the original" gets a verdict; so does "now against when it was first published",
  and "its launch price against its current price";
- a report giving a cost "more than the <sum> the company has stated" disputes the issuer's
  investment: the issuer first;
- a figure in a participle clause ("<topic>, costing <sum>,") is a premise named first;
- a day taken for granted for a deed ("take effect on <day>") is held to the rows that give the
  deed's day: contradicted with the day they hold, or held;
- a loss taken for granted of a maker whose rows give its net income is named first with it;
- which of two topics does a thing first is answered from the times their rows give for it;
- a sibling's mark one digit off is never read as a slip of the tracked one's;
- a place's adjective ("<Country>n") is no slip of the place's name: the paraphrase answers;
- a figure a row gives of another year's occasion ("The 2021 <quota> approved 30") is never the
  one-year topic's reading.
"""

from datetime import UTC, datetime

import pytest

from registry import services
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports, answered, ask
from tests.answers.test_other_periods_and_parties import _topic

pytestmark = pytest.mark.django_db
DISPUTED = "The held rows disagree on"
ISSUER_FIRST = "The issuer's own reading comes first"


@pytest.fixture
def world(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 12, 2, 12, tzinfo=UTC))
    plant = _topic("ferris-dunmore-drone-plant-expansion", "Ferris Aero Dunmore drone plant "
                   "expansion", ("ferris-aero", "Ferris Aero", "company"),
                   ["drone plant", "plant expansion", "capacity", "investment"],
                   {"kind": "place-bound-event", "place": "Dunmore",
                    "organisation": "Ferris Aero", "name": "Dunmore drone plant expansion"},
                   ("dunmore", "Dunmore"))  # fmt: skip
    plant.entities.add(services.entity_upsert(slug="varnia", name="Varnia", kind="country"))
    _topic("ollan-castor-cx9", "Ollan Castor CX9 robot",
                   ("ollan-robotics", "Ollan Robotics", "company"),
                   ["robot", "price", "sold", "launch"],
                   {"kind": "product", "edition": "CX9", "organisation": "Ollan Robotics",
                    "name": "Castor CX9", "aliases": ["CX9 robot"],
                    "outcome": "launched"})  # fmt: skip
    quota = _topic("varnia-robot-import-quota-2026", "Varnia 2026 robot import quota",
                   ("varnia-trade-office", "Varnia Trade Office", "organization"),
                   ["import quota", "supplier list", "suppliers"],
                   {"kind": "policy-decision", "period": "2026", "place": "Varnia",
                    "organisation": "Varnia Trade Office"})  # fmt: skip
    results = _topic("ferris-aero-q3-2026-results", "Ferris Aero Q3 2026 results",
                     ("ferris-aero", "Ferris Aero", "company"), ["results", "revenue"],
                     {"kind": "statistical-release", "period": "Q3 2026",
                      "organisation": "Ferris Aero"})  # fmt: skip
    _issuer("ferris-newsroom", "Ferris Aero", [
        "Dunmore drone plant expansion: Ferris Aero targets capacity of 11,000 drones a year at "
        "the Dunmore plant, an investment of €600 million creating 350 jobs."], plant)  # fmt: skip
    _issuer("varnia-trade-office", "Varnia Trade Office", [
        "Robot import quota 2026 (amended 28 November 2026): the approved supplier list now "
        "includes 14 companies."], quota)  # fmt: skip
    _issuer("ferris-investors", "Ferris Aero", [
        "Ferris Aero reports third-quarter 2026 results: revenue of €1.3 billion and net income "
        "of €140 million."], results)  # fmt: skip
    _reports([
        (20, "Ferris Aero said its Dunmore drone plant expansion in Varnia will add capacity of "
             "9,000 drones a year. Ferris puts the investment at €600 million and expects the "
             "plant to create 350 jobs, with volume production in the first half of 2028."),
        (15, "Ferris Aero's Dunmore drone plant expansion will cost €720 million, people "
             "familiar with the plans said, more than the €600 million the company has stated."),
        (6, "Ferris Aero raised the capacity target of its Dunmore drone plant expansion to "
            "11,000 drones a year, up from 9,000 drones a year."),
        (25, "Ollan Robotics launched the Castor CX9 robot at a list price of €45,000."),
        (19, "Ollan Robotics has sold 1,400 Castor CX9 robots in the first weeks of sales, "
             "according to dealer data compiled by Robotics Ledger."),
        (18, "Ollan Robotics has sold about 950 Castor CX9 robots so far, Machine Watch estimates "
             "from distributor checks, fewer than other reports suggest."),
        (8, "Ollan Robotics cut the price of the Castor CX9 robot to €41,000 from its launch "
            "price of €45,000."),
        (16, "Ollan Robotics expects Castor CX9 robot volume production in the third quarter "
             "of 2027."),
        (10, "Ollan Robotics previewed the Castor CX8, a smaller sibling of the CX9, priced at "
             "€29,000."),
        (14, "The Varnia Trade Office published its 2026 robot import quota, approving 11 "
             "companies as suppliers. The quota takes effect on 1 March 2027."),
        (4, "The Varnia Trade Office amended its 2026 robot import quota: the approved supplier "
            "list now stands at 14 companies, up from 11. The effective date of 1 March 2027 is "
            "unchanged. The 2021 robot import quota approved 30 companies."),
        (11, "Ferris Aero reported third-quarter 2026 results with revenue of €1.3 billion, up "
             "from €1.1 billion a year earlier."),
    ])  # fmt: skip
    return plant


@pytest.mark.usefixtures("world")
def test_a_tally_another_gives_lower_is_a_dispute_not_a_newer_reading(api):
    said = answered(api, "How many Castor CX9 robots has Ollan sold?")["answer"]
    assert said.startswith(DISPUTED), said
    assert "1,400" in said, said
    assert "950" in said, said


@pytest.mark.usefixtures("world")
def test_a_raised_plan_is_a_revision(api):
    said = ask(api, "Was the capacity target of Ferris Aero's Dunmore drone plant expansion "
                    "revised?")  # fmt: skip
    assert said.startswith("Yes"), said
    said = ask(api, "Is the new Dunmore drone plant capacity target larger than the original "
                    "one, and by how much?")  # fmt: skip
    assert said.startswith("Yes"), said
    assert said.index("11,000") < said.index("9,000"), said
    assert "by 2,000" in said, said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "higher", "lower", "by"),
    [
        ("Does the Varnia approved supplier list now have more companies than when the quota "
         "was first published?", "14 companies", "11", "by 3"),
        ("Is the Castor CX9's launch price higher than its current price?", "€45,000",
         "€41,000", "by €4,000"),
    ],
)  # fmt: skip
def test_now_against_then_gets_a_verdict(api, question, higher, lower, by):
    said = ask(api, question)
    assert said.startswith("Yes"), said
    assert said.index(higher) < said.index(lower), said
    assert by in said, said


@pytest.mark.usefixtures("world")
def test_a_cost_set_against_the_company_figure_disputes_the_issuer(api):
    said = answered(api, "How much will Ferris Aero's Dunmore drone plant expansion cost?")
    text = said["answer"]
    assert text.startswith(ISSUER_FIRST), text
    assert text.index("€600 million") < text.index("€720 million"), text


@pytest.mark.usefixtures("world")
def test_a_figure_in_a_participle_clause_is_a_premise(api):
    said = ask(api, "When will Ferris Aero's Dunmore drone plant expansion, costing €300 "
                    "million, start volume production?")  # fmt: skip
    assert said.startswith(PREMISE[1]), said
    assert "€600 million" in said, said


@pytest.mark.usefixtures("world")
def test_a_day_taken_for_granted_is_held_to_the_deeds_day(api):
    text = answered(api, "Why did the Varnia robot import quota take effect on 1 December "
                         "2026?")["answer"]  # fmt: skip
    assert text.startswith(PREMISE[1]), text
    assert "1 March 2027" in text.split(". ")[0] + text.split(". ")[1], text
    said = ask(api, "Since the Varnia robot import quota takes effect on 1 March 2027, how many "
                    "companies are on its supplier list?")  # fmt: skip
    assert not said.startswith(PREMISE), said


@pytest.mark.usefixtures("world")
def test_a_loss_taken_for_granted_of_a_profit_is_named(api):
    said = ask(api, "Why did Ferris Aero report a loss in Q3 2026?")
    assert said.startswith(PREMISE[1]), said
    assert "€140 million" in said, said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "lead", "first", "then"),
    [
        ("Which starts volume production earlier: the Castor CX9 or Ferris Aero's Dunmore "
         "drone plant expansion?", "Ollan Castor CX9 robot comes first", "2027", "2028"),
        ("Which starts volume production later: the Castor CX9 or Ferris Aero's Dunmore drone "
         "plant expansion?", "Ferris Aero Dunmore drone plant expansion comes later", "2028",
         "2027"),
    ],
)  # fmt: skip
def test_which_comes_first_is_read_from_the_times_given(api, question, lead, first, then):
    said = ask(api, question)
    assert said.startswith(lead), said
    assert said.index(first) < said.index(then), said


@pytest.mark.usefixtures("world")
def test_a_sibling_mark_one_digit_off_is_not_a_slip(api):
    body = answered(api, "What price has Ollan's CX7 robot sold at?")
    assert not body["grounded"], body["answer"]
    assert body["answer"].startswith("The registry does not track"), body["answer"]
    assert "€41,000" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_place_adjective_is_no_slip_of_its_name(api):
    said = ask(api, "How many jobs will Ferris Aero's new Varnian drone plant create?")
    assert "350" in said, said


@pytest.mark.usefixtures("world")
def test_another_years_figure_in_a_topics_row_is_not_its_reading(api):
    said = ask(api, "How many companies are on the Varnia robot import quota supplier list now?")
    assert "14 companies" in said, said
    assert "30" not in said, said
