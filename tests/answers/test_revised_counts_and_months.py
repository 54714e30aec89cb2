"""The classes the twenty-third blind check found (issue 51) among comparisons, on a world of this
file's own: two train builders whose issuer pages give each quarter's deliveries (one page read
three times: the second quarter, the third, then the third revised), and a ferry line's monthly
passengers and occupancy read twice.

- a bare number set against the count before it ("up from 47 in the second quarter", "from 58
  previously reported") is that count's earlier figure;
- a comparison uses a count as revised, never the figure the revision replaced, whether across
  two topics or across two quarters of one;
- asked whether a quantity rose from one month to the next, the verdict answers yes or no.
"""

from datetime import timedelta

import pytest

from registry.models import Quantity
from tests.answers.test_figures_asked import _issuer, _reports, answered, ask
from tests.answers.test_other_periods_and_parties import _topic

pytestmark = pytest.mark.django_db
WEEKS = timedelta(days=30)


@pytest.fixture
def world(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    Quantity.objects.create(slug="deliveries", name="deliveries",
                            words={"en": ["deliveries", "delivered", "handed over"]})  # fmt: skip
    Quantity.objects.create(slug="occupancy", name="occupancy",
                            words={"en": ["occupancy", "load factor"]})  # fmt: skip
    Quantity.objects.create(slug="cancellations", name="cancellations",
                            words={"en": ["cancellations", "cancelled"]})  # fmt: skip
    tarvik = _topic("company-tarvik-rail-deliveries", "Tarvik Rail trainset deliveries 2026",
                    ("tarvik-rail", "Tarvik Rail", "company"), ["deliveries", "trainsets"],
                    {"kind": "company", "period": "2026"})  # fmt: skip
    _issuer("tarvik", "Tarvik Rail", [
        "Tarvik Rail delivered 47 trainsets in the second quarter of 2026.",
        "Tarvik Rail delivered 58 trainsets in the third quarter of 2026, up from 47 in the second "
        "quarter.",
        "Tarvik Rail revised its third-quarter 2026 deliveries to 56 trainsets, from 58 previously "
        "reported, after two handovers slipped into October.",
    ], tarvik, step=WEEKS)  # fmt: skip
    osmund = _topic("company-osmund-works-deliveries", "Osmund Works trainset deliveries 2026",
                    ("osmund-works", "Osmund Works", "company"), ["deliveries", "trainsets"],
                    {"kind": "company", "period": "2026"})  # fmt: skip
    _issuer("osmund", "Osmund Works", [
        "Osmund Works delivered 63 trainsets in the third quarter of 2026, up from 51 in the "
        "second quarter."], osmund)  # fmt: skip
    ferries = _topic("company-nordhavn-ferries-traffic", "Nordhavn Ferries monthly traffic 2026",
                     ("nordhavn-ferries", "Nordhavn Ferries", "company"),
                     ["passengers", "occupancy"],
                     {"kind": "company", "period": "2026"})  # fmt: skip
    _issuer("nordhavn", "Nordhavn Ferries", [
        "Nordhavn Ferries carried 1.20 million passengers in September 2026, with an occupancy "
        "of 80.5%.",
        "Nordhavn Ferries carried 1.31 million passengers in October 2026, with an occupancy of "
        "79.8%.",
    ], ferries, step=WEEKS)  # fmt: skip
    strike = _topic("strike-nordhavn-ferries-crew-november-2026",
                    "Nordhavn Ferries crew strike, November 2026",
                    ("nordhavn-ferries", "Nordhavn Ferries", "company"),
                    ["strike", "sailings", "cancelled"],
                    {"kind": "place-bound-event", "period": "November 2026"})  # fmt: skip
    _issuer("nordhavn-strike", "Nordhavn Ferries", [
        "Nordhavn Ferries cancelled 286 sailings during the 48-hour crew strike on 14 and 15 "
        "November 2026."], strike)  # fmt: skip
    _reports([
        (1, "The 48-hour crew strike at Nordhavn Ferries forced the cancellation of 340 sailings, "
            "according to the Nordhavn Seafarers Union."),
    ])  # fmt: skip


@pytest.mark.usefixtures("world")
def test_two_topics_are_compared_on_the_count_as_revised(api):
    lead = ask(api, "Did Tarvik Rail deliver more trainsets than Osmund Works in the third "
                    "quarter?")  # fmt: skip
    assert lead.startswith("No"), lead
    assert lead.index("63") < lead.index("56"), lead
    assert "58" not in lead, lead


@pytest.mark.usefixtures("world")
def test_two_quarters_of_one_topic_are_compared_on_the_count_as_revised(api):
    lead = ask(api, "Did Tarvik Rail deliver more trainsets in the third quarter than in the "
                    "second?")  # fmt: skip
    assert lead.startswith("Yes"), lead
    assert lead.index("56") < lead.index("47"), lead
    assert "58" not in lead, lead


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(("question", "answer"), [
    ("Did Nordhavn Ferries' occupancy rise from September to October?", "No"),
    ("Did Nordhavn Ferries carry more passengers in October than in September?", "Yes"),
])  # fmt: skip
def test_a_change_between_two_months_is_answered_yes_or_no(api, question, answer):
    lead = ask(api, question)
    assert lead.startswith(answer), lead


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize("question", [
    "How many sailings did Nordhavn Ferries cancel during the crew strike?",
    # The month asked is when, not a word each side must say.
    "How many sailings did Nordhavn Ferries cancel during the November 2026 crew strike?",
])  # fmt: skip
def test_a_count_said_as_a_noun_disputes_the_issuers_count(api, question):
    body = answered(api, question)
    assert body["answer"].startswith("The issuer's own reading comes first"), body["answer"]
    assert "340" in body["answer"], body["answer"]
