"""What was done to a count and the noun of the doing are one quantity (issue 51): "sold 190,000
tickets", "ticket sales reached 185,000" and "expect to sell 200,000 tickets" all count tickets
sold, whether the verb is regular ("shipped", "shipments") or not ("sold", "sales"; "died",
"deaths"). Before, "sold" was no verb done to the count and "sales" another quantity, so the
newest count of tickets sold did not lead an answer about ticket sales.

The registry is this file's own: a music festival's ticket sales read three times and forecast
once beside the tickets on offer (a count of what exists, not of what was sold), and a ferry
company beside it so that questions route.
"""

import pytest

from answers.ground import figures
from tests.answers.test_figures_asked import _reports, _topic, answered
from tests.answers.test_figures_asked import ask as first_sentence

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("The festival has sold 190,000 tickets.", "Ticket sales reached 185,000."),
        ("The organisers expect to sell 200,000 tickets.", "Ticket sales reached 185,000."),
        ("Lost 3,400 jobs in the region.", "Job losses reached 3,100."),
    ],
)
def test_the_verb_done_and_its_noun_measure_one_thing(one, other):
    a, b = figures.stated(one)[0], figures.stated(other)[0]
    assert figures.same_quantity(a, b, frozenset()), (a.quantity, b.quantity)


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("orla-sound-festival", "Orla Sound festival",
           ("orla-sound", "Orla Sound", "organization"), ["festival", "tickets"],
           "place-bound-event")  # fmt: skip
    _topic("brannock-ferries", "Brannock Ferries",
           ("brannock-ferries-ltd", "Brannock Ferries", "company"), ["ferry", "passengers"],
           "company")  # fmt: skip
    _reports([
        (9, "Ticket sales for the Orla Sound festival reached 185,000, its organisers said."),
        (5, "Orla Sound organisers expect to sell 200,000 tickets before the gates open."),
        (2, "The Orla Sound festival has now sold 190,000 tickets, its organisers said on "
            "Monday."),
        (1, "Orla Sound put 250,000 tickets on offer for this year's festival, up from 220,000."),
        (3, "Brannock Ferries carried 41,000 passengers in October."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "How many tickets has the Orla Sound festival sold?",
        "What are ticket sales for the Orla Sound festival?",
    ],
)
def test_the_newest_count_of_what_was_done_leads_not_a_count_of_what_exists(api, question):
    body = answered(api, question)
    assert body["grounded"], body["answer"]
    first = body["answer"].split(". ")[0]
    assert "190,000" in first, body["answer"]
    assert "250,000" not in first, body["answer"]
    assert "disagree" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_what_was_sold_against_what_was_expected_to_sell_gets_a_verdict(api):
    first = first_sentence(api, "Has the Orla Sound festival sold more tickets than its "
                                "organisers expect to sell?")  # fmt: skip
    # What was sold set against what was expected (tests/answers/test_plans_and_changes_since).
    assert first.startswith("No, 190,000"), first
    assert "below the forecast of 200,000" in first, first
    assert "by 10,000" in first, first
