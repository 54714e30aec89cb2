"""A wrong count in a question is a premise (issue 51): "Why did 60,000 visitors come?" of a
fair the record says drew 48,000 names the premise first, with the count held, whatever verb
the question uses; a right count is taken as said.

The registry is this file's own: a harvest fair's attendance and a bridge's closure.
"""

import pytest

from tests.answers.test_figures_asked import PREMISE, _reports, _topic
from tests.answers.test_figures_asked import ask as first_sentence

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("tollard-harvest-fair", "Tollard harvest fair",
           ("tollard-show-society", "Tollard Show Society", "organization"),
           ["fair", "visitors"], "place-bound-event")  # fmt: skip
    _topic("quarry-lane-bridge-closure", "Quarry Lane bridge closure",
           ("quarry-lane-bridge", "Quarry Lane Bridge", "other"), ["bridge", "closure"],
           "place-bound-event")  # fmt: skip
    _reports([
        (4, "The Tollard harvest fair drew 48,000 visitors over three days, the Tollard Show "
            "Society said."),
        (3, "Engineers closed the Quarry Lane Bridge to 1,200 lorries a day after cracks were "
            "found."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "Why did 60,000 visitors come to the Tollard harvest fair?",
        "After the Tollard harvest fair drew 60,000 visitors, what did the Tollard Show Society "
        "say?",
        "Given that 60,000 visitors attended the Tollard harvest fair, will it grow next year?",
    ],
)
def test_a_wrong_count_is_named_first_with_the_count_held(api, question):
    first = first_sentence(api, question)
    assert first.startswith(PREMISE), first
    assert "60,000" in first, first
    assert "48,000" in first, first


@pytest.mark.usefixtures("registry")
def test_a_right_count_is_not_named_as_a_premise(api):
    first = first_sentence(api, "Why did 48,000 visitors come to the Tollard harvest fair?")
    assert not first.startswith(PREMISE), first
