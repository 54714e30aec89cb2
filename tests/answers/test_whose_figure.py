"""Whose figure is higher (issue 51): two parts of a question that name who gave a figure ("the
union's or the operator's") pick each the figure its speaker gave, and get a verdict first.

The registry is this file's own: a rail strike whose operator and drivers' union count the
cancelled trains apart, the operator's count given as a part of its whole timetable ("640 of its
2,100 trains"), which is no figure of the cancelled trains.
"""

import pytest

from registry import services
from tests.answers.test_figures_asked import _reports, _topic, assert_verdict
from tests.answers.test_figures_asked import ask as first_sentence

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("corvid-rail-strike", "Corvid Rail drivers' strike",
           ("corvid-rail", "Corvid Rail", "company"), ["strike", "drivers", "trains"],
           "place-bound-event")  # fmt: skip
    services.entity_upsert(slug="footplate-union", name="Footplate Union", kind="organization")
    _topic("marlow-ferry-timetable", "Marlow ferry timetable",
           ("marlow-ferries", "Marlow Ferries", "company"), ["ferry", "sailings"],
           "place-bound-event")  # fmt: skip
    _reports([
        (5, "Corvid Rail said 640 of its 2,100 scheduled trains were cancelled on the first "
            "day of the drivers' strike."),
        (4, "The Footplate Union said 710 trains were cancelled on the first day of the Corvid "
            "Rail drivers' strike."),
        (3, "Marlow Ferries cut 12 sailings from its winter timetable."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "Whose count of cancelled Corvid Rail trains is higher, the Footplate Union's or Corvid "
        "Rail's?",
        "Is the Footplate Union's figure for cancelled trains in the Corvid Rail strike above "
        "Corvid Rail's own?",
    ],
)
def test_two_speakers_figures_get_a_verdict(api, question):
    first = first_sentence(api, question)
    assert_verdict(first, "710", "640")
    assert "70" in first.split("by ", 1)[-1], first
