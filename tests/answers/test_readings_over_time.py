"""Readings over time (issue 51): a count reported again on a later day is the newest reading, led
by its figure and said beside the earlier one, never a disagreement; reports at odds on one day,
or a later report that sets the other's figure beside its own as another's, still disagree.

The registry is this file's own: a ship's salvage (fuel pumped out, reported twice days apart), a
container loss two parties count differently on one day, and a spill a port disputes.
"""

import pytest

from tests.answers.test_figures_asked import _reports, _topic
from tests.answers.test_figures_asked import ask as first_sentence

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("salvage-mv-solenne", "MV Solenne salvage", ("mv-solenne", "MV Solenne", "other"),
           ["salvage", "fuel"], "place-bound-event")  # fmt: skip
    _topic("cargo-loss-kestrel-star", "Kestrel Star container loss",
           ("kestrel-star", "Kestrel Star", "other"), ["containers", "overboard"],
           "place-bound-event")  # fmt: skip
    _topic("spill-port-of-ardley", "Port of Ardley oil spill",
           ("port-of-ardley", "Port of Ardley", "other"), ["spill", "oil"],
           "place-bound-event")  # fmt: skip
    _topic("quake-isle-of-tarne", "Isle of Tarne earthquake", ("isle-of-tarne", "Isle of Tarne",
           "other"), ["earthquake", "quake"], "place-bound-event")  # fmt: skip
    _reports([
        (4, "About 1,400 people are sleeping in shelters on the Isle of Tarne after the quake."),
        (1, "The Isle of Tarne earthquake killed 12 people, officials said."),
        (6, "Salvage crews have pumped 120 tonnes of fuel from the MV Solenne so far."),
        (2, "Salvage crews have now pumped 310 tonnes of fuel from the MV Solenne."),
        (3, "Port officials said 40 containers fell overboard from the Kestrel Star."),
        (3, "The Kestrel Star's owner said 25 containers fell overboard in the storm."),
        (5, "The terminal operator said 9 tonnes of oil spilled at the Port of Ardley."),
        (1, "The Port of Ardley put the oil spill at 14 tonnes, more than the operator's "
            "figure of 9 tonnes."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "How much fuel has been pumped from the MV Solenne?",
        "How many tonnes of fuel have salvage crews taken off the MV Solenne so far?",
    ],
)
def test_a_count_reported_again_later_is_the_newest_reading_not_a_disagreement(api, question):
    first = first_sentence(api, question)
    assert "disagree" not in first, first
    assert first.startswith("The newest reading is 310 tonnes"), first
    assert "120 tonnes" in first  # the earlier reading, said beside it


@pytest.mark.usefixtures("registry")
def test_reports_at_odds_on_one_day_still_disagree(api):
    first = first_sentence(api, "How many containers fell overboard from the Kestrel Star?")
    assert "disagree" in first, first


@pytest.mark.usefixtures("registry")
def test_a_later_report_that_disputes_the_earlier_figure_still_disagrees(api):
    first = first_sentence(api, "How much oil spilled at the Port of Ardley?")
    assert "disagree" in first, first


@pytest.mark.usefixtures("registry")
def test_a_newer_count_of_another_thing_counted_alike_does_not_lead(api):
    first = first_sentence(api, "How many people are sleeping in shelters on the Isle of Tarne?")
    assert "1,400" in first, first
