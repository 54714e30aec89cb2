"""Comparisons inside one topic (issue 51): two figures the question's parts tell apart by their
own words ("the utility's offer and the regulator's cap"), or by time ("now" against "the
original"), get a verdict first, whichever rows hold them; each part takes its current figure,
not one a later reading replaced.

The registry is this file's own: a water utility's tariff review, with an offer raised once, a
cap it is held to, and a reservoir programme whose cost estimate passed its approved budget.
"""

import pytest

from tests.answers.test_figures_asked import _reports, _topic
from tests.answers.test_figures_asked import ask as verdict

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("tariff-review-orsk-water", "Orsk Water tariff review",
           ("orsk-water", "Orsk Water", "company"), ["tariff", "bills"],
           "policy-decision")  # fmt: skip
    _topic("reservoir-programme-tamsin", "Tamsin reservoir programme",
           ("tamsin-reservoir", "Tamsin Reservoir", "other"), ["reservoir", "dam"],
           "place-bound-event")  # fmt: skip
    _reports([
        (9, "Orsk Water proposed a bill increase of 6.5% in its tariff review."),
        (6, "The water regulator capped the Orsk Water bill increase at 4.0%."),
        (3, "Orsk Water raised its proposed bill increase from 6.5% to 7.2% after storm repairs."),
        (8, "The Tamsin reservoir programme has an approved budget of €820 million."),
        (2, "Engineers put the Tamsin reservoir cost estimate at €905 million after surveys."),
        (5, "The Tamsin reservoir contract was signed for 14 pumps."),
        (1, "The Tamsin reservoir contract now covers 19 pumps after a variation."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_two_things_a_question_names_in_one_topic_get_a_verdict(api):
    first = verdict(api, "How far apart are Orsk Water's proposed increase and the regulator's "
                         "cap?")  # fmt: skip
    assert " is higher: " in first, first
    assert "7.2%" in first, first  # the current offer, not the one it replaced
    assert "4.0%" in first, first
    assert "6.5%" not in first, first
    assert "3.2 percentage points" in first, first


@pytest.mark.usefixtures("registry")
def test_an_estimate_held_to_its_budget_gets_a_verdict(api):
    first = verdict(api, "Is the Tamsin reservoir cost estimate above its approved budget?")
    assert " is higher: " in first, first
    assert first.index("€905 million") < first.index("€820 million"), first
    assert "€85 million" in first, first


@pytest.mark.usefixtures("registry")
def test_now_against_the_original_compares_the_newest_with_the_first(api):
    first = verdict(api, "Does the Tamsin reservoir contract cover more pumps now than originally?")
    assert " is higher: " in first, first
    assert first.index("19 pumps") < first.index("14 pumps"), first
