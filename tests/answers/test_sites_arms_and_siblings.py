"""Sites, arms and siblings: what a question says of its subject held to the topic's identity,
and figures read as the rows set them (issue 51), on this file's own world.

A wind-power world: a regulator's consent for a turbine (its model's mark carried by the
turbine entity, no curated edition), the maker's field test of it (one occasion, its own name
curated), two yard expansions each curated with its place, and the maker's quarterly orders.
Reports about neighbours are attached by the words they share, as a curator's terms attach
them. What the issue's classes ask of it, from the user's side:

- a sibling of the model's mark an entity carries is another subject, declined; a report whose
  headline is the sibling's is never cited for the topic;
- another year and country asked of a one-occasion topic by its own name is another occasion,
  declined in the question's words, even while its report is attached;
- a month asked in which nothing is held says so first, then what is held at other times;
- two expansions' planned sums are compared when no actual is held; "Will A create fewer jobs
  than B?" gets a verdict; "beat the same quarter a year earlier" gets one;
- two arms of one row ("on the new blade set, against ... on the standard set") are compared
  when asked and are no dispute;
- another site in the place its title puts its own ("its <other town> yard expansion") is
  declined; "how much money" is answered by a sum in a currency;
- "Why will it create N jobs?" names the false count first;
- the topic's own name with another owner, or another body said to decide it, is named first
  with the organisation the registry holds;
- a sum set against another ("put X, <an aside>, at £11,000 a month, not the £9,500 ...") is a
  dispute, whoever "saw" it;
- "Is <a value> still the latest figure?" and "Is the current one bigger than the first?" are
  answered yes or no first;
- a yes or no asking the topic's curated outcome is answered "Yes" from a row saying it done,
  and a dispute of something it does not ask never leads it.
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

import ingestion
from answers.ground import premises
from answers.understand import vocabulary
from registry import services
from registry.models import Quantity
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports, answered, ask
from tests.answers.test_other_periods_and_parties import _topic

pytestmark = pytest.mark.django_db
DECLINED = "The registry does not track"
NOTHING_THEN = "The registry holds nothing in March 2026"


def _entity(slug: str, name: str, kind: str, aliases: tuple = ()):
    return services.entity_upsert(slug=slug, name=name, kind=kind, aliases=list(aliases))


@pytest.fixture
def world(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 12, 2, 12, tzinfo=UTC))
    gale = _entity("gale-turbine", "Gale turbine", "other", ("HT-140",))
    harlow = _entity("harlow-turbines", "Harlow Turbines", "company", ("Harlow",))
    consent = _topic("consent-gale-mea-2026", "Marrow Energy Authority consent for Harlow's Gale "
                     "turbine (HT-140)",
                     ("marrow-energy-authority", "Marrow Energy Authority", "organization"),
                     ["consent", "servicing price"],
                     {"kind": "policy-decision", "organisation": "Marrow Energy Authority",
                      "period": "2026", "name": "MEA consent for the Gale turbine",
                      "outcome": "consent"})  # fmt: skip
    consent.entities.add(gale, harlow)
    test = _topic("tidemark-field-test-2026", "TIDEMARK field test of Harlow's HT-140",
                  ("harlow-turbines", "Harlow Turbines", "company"),
                  ["field test", "blade set", "output"],
                  {"kind": "mission", "period": "2026", "organisation": "Harlow Turbines",
                   "name": "TIDEMARK field test", "aliases": ["TIDEMARK"]})  # fmt: skip
    test.entities.add(gale)
    kelby = _topic("brisk-kelby-yard-expansion", "Brisk Energy Kelby yard expansion",
                   ("brisk-energy", "Brisk Energy", "company"),
                   ["yard expansion", "investment", "jobs"],
                   {"kind": "place-bound-event", "place": "Kelby", "period": "2026",
                    "organisation": "Brisk Energy", "name": "Kelby yard expansion"},
                   ("kelby", "Kelby"))  # fmt: skip
    _topic("harlow-fenn-plant-expansion", "Harlow Turbines Fenn blade plant expansion",
           ("harlow-turbines", "Harlow Turbines", "company"),
           ["plant expansion", "investment", "jobs"],
           {"kind": "place-bound-event", "place": "Fenn", "period": "2026",
            "organisation": "Harlow Turbines", "name": "Fenn blade plant expansion"},
           ("fenn", "Fenn"))  # fmt: skip
    orders = _topic("harlow-orders-q3-2026", "Harlow Turbines third-quarter 2026 orders",
                    ("harlow-turbines", "Harlow Turbines", "company"), ["orders"],
                    {"kind": "statistical-release", "period": "Q3 2026"})  # fmt: skip
    _issuer("mea-releases", "Marrow Energy Authority", [
        "Marrow Energy Authority grants consent for the Gale turbine (HT-140) on 9 November "
        "2026."], consent)  # fmt: skip
    _issuer("harlow-ir", "Harlow Turbines", [
        "Harlow Turbines reports third-quarter 2026 orders of £1.4 billion, up from £1.1 billion "
        "a year earlier."], orders)  # fmt: skip
    _reports([
        (20, "Marrow Energy Authority consents Harlow's Gale turbine for offshore use."),
        (19, "Harlow Turbines said its TIDEMARK field test of the HT-140 ran 1,200 hours: "
             "output rose 18% on the new blade set, against 6% on the standard set."),
        (12, "The 2024 TIDEMARK field test in Norland, run by Pellan Energy for its PE-7 "
             "turbine, ended early after a blade set failed."),
        (18, "Brisk Energy will invest £240 million to expand its Kelby yard, creating 400 "
             "jobs."),
        (9, "Brisk Energy raised the investment in its Kelby yard expansion to £260 million, "
            "up from £240 million."),
        (8, "Brisk Energy weighs a £90 million Storr yard expansion with 60 jobs, separate from "
            "the Kelby project."),
        (14, "Harlow Turbines will invest £180 million to expand its Fenn blade plant, "
             "creating 250 jobs."),
        (15, "Harlow set a servicing price of £9,500 a month for the Gale turbine."),
        (7, "Brisk Energy will cut output at its Tarn substation, which has a capacity of 300 "
            "megawatts, for maintenance in January."),
        (6, "Service contracts seen by Windwatch put the servicing price of the Gale turbine, "
            "consented by the Marrow Energy Authority last month, at £11,000 a month, not the "
            "£9,500 Harlow announced."),
    ])  # fmt: skip
    _headed(16, "Marrow Energy Authority refuses consent for Harlow's HT-145",
            "The Marrow Energy Authority refused consent for HT-145, Harlow's floating "
            "prototype; HT-145 is separate from the consented HT-140.")  # fmt: skip
    return kelby


def _headed(back: int, title: str, summary: str) -> None:
    """A report whose headline is shorter than its summary, as a feed's item is."""
    vertical = services.vertical_upsert(slug="economy", name="Economy")
    outlet = services.outlet_upsert(domain="windwire.example", name="Windwire")
    now = timezone.now()
    ingestion.documents_ingest(items=[ingestion.IncomingDocument(
        url="https://windwire.example/1", title=title, summary=summary, outlet=outlet,
        vertical=vertical, published_at=now - timedelta(days=back, hours=1),
        fetched_at=now - timedelta(days=back))])  # fmt: skip


def _declined(api, question: str) -> str:
    body = answered(api, question)
    assert not body["grounded"], body["answer"]
    return body["answer"]


@pytest.mark.usefixtures("world")
def test_a_sibling_of_a_carried_model_mark_is_declined(api):
    said = _declined(api, "Did the Marrow Energy Authority consent to HT-145?")
    assert said.startswith(DECLINED), said
    assert "HT-145" in said.split(",")[0], said
    said = _declined(api, "How many hours did Harlow's HT-141 field test run?")
    assert said.startswith(DECLINED), said


@pytest.mark.usefixtures("world")
def test_a_report_headed_by_a_sibling_is_not_cited(api):
    body = answered(api, "What happened with the Gale turbine consent?")
    assert body["grounded"], body["answer"]
    assert all("HT-145" not in c["title"] for c in body["citations"]), body["citations"]


@pytest.mark.usefixtures("world")
def test_another_year_and_country_of_an_occasion_is_declined_in_its_words(api):
    said = _declined(api, "What did the 2024 TIDEMARK field test in Norland find?")
    assert said.startswith(f"{DECLINED} the 2024 TIDEMARK field test in Norland"), said
    assert "TIDEMARK field test of Harlow's HT-140" in said, said  # the tracked pointer


@pytest.mark.usefixtures("world")
def test_a_month_with_nothing_held_says_so_then_what_is_held(api):
    body = answered(api, "Did the Marrow Energy Authority consent to the Gale turbine in "
                         "March 2026?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert body["answer"].startswith(NOTHING_THEN), body["answer"]
    assert "9 November 2026" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "higher", "lower"),
    [
        ("Which expansion involves the larger investment, Brisk's Kelby yard or Harlow's Fenn "
         "blade plant?", "£260 million", "£180 million"),
        ("Will the Fenn expansion create fewer jobs than the Kelby expansion?", "400 jobs",
         "250 jobs"),
    ],
)  # fmt: skip
def test_plans_are_compared_when_nothing_is_done_yet(api, question, higher, lower):
    said = ask(api, question)
    assert "is higher: " in said or "is lower: " in said, said
    assert higher in said, said
    assert lower in said, said


@pytest.mark.usefixtures("world")
def test_a_quarter_against_the_same_quarter_a_year_earlier(api):
    said = ask(api, "Did Harlow's third-quarter 2026 orders beat the same quarter a year "
                    "earlier?")  # fmt: skip
    assert said.startswith("Yes"), said
    assert "£1.4 billion" in said, said
    assert "£1.1 billion" in said, said


@pytest.mark.usefixtures("world")
def test_two_arms_of_one_row_are_compared_not_disputed(api):
    said = ask(api, "In TIDEMARK, how did output on the new blade set compare with the "
                    "standard set?")  # fmt: skip
    assert "is higher: 18%" in said, said
    assert "against 6%" in said, said
    body = answered(api, "What did the TIDEMARK field test show?")
    assert "does not pick one" not in body["answer"], body["answer"]
    assert "18%" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_another_site_before_the_places_head_is_declined(api):
    said = _declined(api, "How much will Brisk invest in its Storr yard expansion?")
    assert said.startswith(f"{DECLINED} Storr yard expansion"), said
    assert "Brisk Energy Kelby yard expansion" in said, said


@pytest.mark.usefixtures("world")
def test_money_asked_is_answered_by_a_sum(api):
    body = answered(api, "How much money is Brisk putting into the Kelby yard?")
    assert body["grounded"], body["answer"]
    assert "holds no money figures" not in body["answer"], body["answer"]
    assert "£260 million" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_false_count_to_come_is_named_first(api):
    said = ask(api, "Why will the Kelby yard expansion create 900 jobs?")
    assert said.startswith(PREMISE), said
    assert "900 jobs" in said, said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "held"),
    [
        ("What did Brisk Energy's TIDEMARK field test show?", "of Harlow Turbines"),
        ("What did the Calloway Grid Board decide on the Gale turbine?",
         "of Marrow Energy Authority"),
    ],
)  # fmt: skip
def test_another_owner_or_decider_is_named_with_the_one_held(api, question, held):
    said = ask(api, question)
    assert said.startswith(PREMISE), said
    assert held in said, said


@pytest.mark.usefixtures("world")
def test_a_sum_set_against_another_is_a_dispute(api):
    said = ask(api, "What is the servicing price of the Gale turbine?")
    assert "disagree on servicing price" in said, said
    assert "forecast" not in said, said  # "seen by" an outlet is no expectation


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Is £240 million still the latest figure for the Kelby yard expansion?", "No"),
        ("Is Brisk's current Kelby investment bigger than the amount it first announced?",
         "Yes"),
    ],
)  # fmt: skip
def test_the_newest_against_an_earlier_is_answered_yes_or_no(api, question, answer):
    said = ask(api, question)
    assert said.startswith(answer), said
    assert "£260 million" in said, said


@pytest.mark.usefixtures("world")
def test_a_yes_or_no_is_not_led_by_a_dispute_of_something_else(api):
    said = ask(api, "Did the Marrow Energy Authority consent to the Gale turbine?")
    assert said.startswith("Yes"), said
    assert "disagree" not in said, said


@pytest.fixture
def one_story(settings, time_machine):
    """Two outlets' reports of one story, the second with a figure of its own in the first's
    words: a rival claim, clustered with it, never its copy."""
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 12, 2, 12, tzinfo=UTC))
    _topic("ardle-levy-2027", "Ardle harbour levy 2027", ("ardle-harbour-board",
           "Ardle Harbour Board", "organization"), ["harbour levy", "levy"],
           {"kind": "policy-decision", "period": "2027"})  # fmt: skip
    said = ("The Ardle Harbour Board set the 2027 harbour levy at {} euros a tonne on Friday, "
            "after a consultation with shipping lines and local hauliers that ran for three "
            "months, the board said in a statement published on its website.")  # fmt: skip
    _reports([(3, said.format("2.40")), (2, said.format("2.90"))])


@pytest.mark.usefixtures("one_story")
def test_a_report_of_one_story_with_a_figure_of_its_own_is_cited(api):
    body = answered(api, "What harbour levy did the Ardle Harbour Board set for 2027?")
    assert "2.40 euros" in body["answer"], body["answer"]
    assert "2.90 euros" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_report_only_naming_the_lead_elsewhere_is_not_the_sites(api):
    body = answered(api, "What is happening at the Kelby yard expansion?")
    assert body["grounded"], body["answer"]
    assert "Tarn substation" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    "question",
    [
        "Why has Brisk Energy postponed the Kelby yard expansion to 2029?",
        "Why did the Marrow Grid Board give consent for the Gale turbine?",
    ],
)
def test_a_date_moved_to_or_a_wrong_body_with_the_topic_said_is_a_premise(api, question):
    said = ask(api, question)
    assert said.startswith(PREMISE), said


@pytest.mark.usefixtures("world")
def test_costs_more_asks_a_sum(api):
    said = ask(api, "Which expansion costs more, Brisk's Kelby yard or Harlow's Fenn blade "
                    "plant?")  # fmt: skip
    assert "£260 million" in said, said
    assert "£180 million" in said, said


def test_a_figure_revised_up_holds_a_claimed_raise():
    claim = premises.claim_of("Why did the cooperative raise its harvest figure to 612,000 "
                              "tonnes?", {"cooperative", "harvest"})  # fmt: skip
    rows = ["The cooperative harvested 612,000 tonnes, revised up from the first estimate of "
            "590,000 tonnes."]  # fmt: skip
    assert claim is not None
    assert premises.verdict(claim, rows) is None  # held, not "unsupported"


@pytest.mark.usefixtures("world")
def test_another_site_under_the_leads_possessive_is_declined(api):
    said = _declined(api, "What did Brisk Energy's Storr yard expansion cost?")
    assert said.startswith(f"{DECLINED} Storr yard expansion"), said


@pytest.mark.django_db
def test_a_figure_had_of_a_curated_quantity_is_what_is_claimed():
    Quantity.objects.create(slug="pre-tax-profit", name="pre-tax profit",
                            words={"en": ["profit", "pre-tax profit"]})  # fmt: skip
    vocabulary.forget()  # the curated words as the engine reads them, built anew
    vocabulary.current()
    claim = premises.claim_of("Brisk made a half-year pre-tax profit of £96m; what was its "
                              "revenue?", {"brisk"})  # fmt: skip
    rows = ["Brisk reported a half-year pre-tax profit of £96 million and revenue of £610 million."]
    assert claim is not None
    assert premises.verdict(claim, rows) is None  # held, not "unsupported"


@pytest.fixture
def fee_decision(settings, time_machine):
    """A regulator's decision, reported as what it allowed against what was asked."""
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 12, 2, 12, tzinfo=UTC))
    _topic("kelso-grid-fee-2027", "Kelso Power grid fee determination 2027",
           ("kelso-energy-board", "Kelso Energy Board", "organization"), ["grid fee", "fee"],
           {"kind": "policy-decision", "period": "2027"})  # fmt: skip
    _reports([(2, "The Kelso Energy Board allowed Kelso Power to raise its grid fee by 4.5% from "
                  "April 2027, less than the 7% the company asked for.")])  # fmt: skip


@pytest.mark.usefixtures("fee_decision")
def test_a_figure_set_against_one_naming_no_measure_is_its_measure(api):
    said = ask(api, "Did the Kelso Energy Board allow a smaller grid fee rise than the company "
                    "asked for?")  # fmt: skip
    assert said.startswith("Yes"), said
    assert "4.5%" in said, said
    assert "7%" in said, said
