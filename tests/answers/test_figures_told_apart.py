"""Figures of one unit told apart by what the row says of them (issue 51): an estimate is
replaced by the count its own speaker gives later, while another speaker's count disputes it;
a count is of the verb done to it ("removed", "contracted", "to sell"), so the silt removed is
not the silt contracted and the depots to close are not the depots run; a budget is not the
cost estimate it is held to, whatever curated quantity joins the two words; "now stand at" reads
a count anew.

The registry is this file's own: a harbour's silt dredging with its budget, and a parcel
carrier's depots.
"""

import pytest

from tests.answers.test_figures_asked import _reports, _topic, answered, assert_verdict
from tests.answers.test_figures_asked import ask as first_sentence

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("ostrand-harbour-dredging", "Ostrand harbour dredging",
           ("ostrand-port-authority", "Ostrand Port Authority", "organization"),
           ["dredging", "silt", "harbour"], "place-bound-event")  # fmt: skip
    _topic("quillon-parcel-depots", "Quillon parcel depots",
           ("quillon-parcels", "Quillon Parcels", "company"), ["depots", "parcels"],
           "company")  # fmt: skip
    _reports([
        (12, "Ostrand Port Authority engineers estimate the silt to be dredged from the harbour "
             "at 820,000 cubic metres."),
        (4, "Dredgers took 770,000 cubic metres of silt out of Ostrand harbour, the Ostrand Port "
            "Authority said in its final count, short of the 900,000 cubic metres of silt "
            "contracted by the shipping lines."),
        (2, "A survey by the pilots' guild put the silt taken out of Ostrand harbour at 705,000 "
            "cubic metres, well under the Ostrand Port Authority's count."),
        (6, "The Ostrand Port Authority set a budget of €48 million for the harbour dredging; "
            "the Coastal Audit Office's cost estimate for the dredging is €55 million."),
        (9, "Quillon Parcels said it runs 260 parcel depots."),
        (5, "Quillon Parcels plans to close 30 depots next year."),
        (1, "Quillon Parcels depot numbers now stand at 266 depots, the company said."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_an_estimate_is_replaced_by_its_speakers_count_and_another_count_disputes_it(api):
    body = answered(api, "How much silt was dredged from Ostrand harbour?")
    assert body["grounded"], body["answer"]
    first = body["answer"].split(". ")[0]
    assert "820,000" not in first, body["answer"]  # the estimate is not a side of a dispute
    assert "770,000" in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_count_of_what_was_done_against_what_was_contracted_gets_a_verdict(api):
    first = first_sentence(api, "Did Ostrand harbour's dredgers take out as much silt as the "
                                "shipping lines contracted?")  # fmt: skip
    assert_verdict(first, "900,000", "770,000", "130,000")


@pytest.mark.usefixtures("registry")
def test_a_budget_held_to_a_cost_estimate_gets_a_verdict(api):
    first = first_sentence(api, "Is the Ostrand harbour dredging budget enough to cover the "
                                "Coastal Audit Office's cost estimate?")  # fmt: skip
    assert_verdict(first, "€55 million", "€48 million", "€7 million")


@pytest.mark.usefixtures("registry")
def test_depots_to_close_are_not_the_depots_run(api):
    body = answered(api, "How many parcel depots does Quillon Parcels run?")
    assert body["grounded"], body["answer"]
    assert "disagree" not in body["answer"], body["answer"]
    # "now stand at 266" reads the count anew: the newest reading, said with the earlier one.
    first = body["answer"].split(". ")[0]
    assert first.startswith("The newest reading is 266"), first
    assert "after an earlier 260" in first, first
    assert "30 depots" not in body["answer"].split(". ")[0], body["answer"]
