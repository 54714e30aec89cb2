"""A count of a unit of measure is of what the words before it name (issue 51): "a catch quota of
52,000 tonnes" measures the quota, "landed 31,000 tonnes of cod" the catch, so the two are two
things a question can set side by side, never one figure read anew or a disagreement.

The registry is this file's own: a fisheries council's cod quota, raised once in the season,
and the catch its trawlers landed; a salt works whose output is counted in tonnes beside the
tonnes it shipped.
"""

import pytest

from tests.answers.test_figures_asked import _reports, _topic, answered, assert_verdict
from tests.answers.test_figures_asked import ask as first_sentence

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("velmar-cod-quota", "Velmar cod quota",
           ("velmar-fisheries-council", "Velmar Fisheries Council", "organization"),
           ["cod", "quota", "catch"], "policy-decision")  # fmt: skip
    _topic("orrin-salt-works", "Orrin salt works",
           ("orrin-salt", "Orrin Salt", "company"), ["salt", "output"],
           "company")  # fmt: skip
    _reports([
        (9, "The Velmar Fisheries Council set the cod catch quota at 48,000 tonnes for the "
            "season."),
        (4, "The Velmar Fisheries Council raised the cod catch quota to 52,000 tonnes, up from "
            "the original 48,000 tonnes."),
        (2, "Velmar trawlers have landed 31,000 tonnes of cod so far this season, the Velmar "
            "Fisheries Council said."),
        (7, "Orrin Salt produced 12,400 tonnes of salt in the third quarter."),
        (3, "Orrin Salt shipped 9,100 tonnes of salt to road authorities in the third quarter."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_a_quota_in_tonnes_is_not_the_tonnes_landed(api):
    body = answered(api, "What is the Velmar cod quota?")
    assert body["grounded"], body["answer"]
    first = body["answer"].split(". ")[0]
    assert "52,000" in first, body["answer"]
    assert "31,000" not in first, body["answer"]  # the catch is not a newer reading of the quota
    assert "disagree" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_the_new_quota_against_the_original_gets_a_verdict(api):
    first = first_sentence(api, "Is the new Velmar cod quota larger than the original quota?")
    assert_verdict(first, "52,000", "48,000", "4,000")


@pytest.mark.usefixtures("registry")
def test_the_quota_against_the_catch_landed_gets_a_verdict(api):
    first = first_sentence(api, "How far apart are the Velmar cod quota and the catch landed so "
                                "far?")  # fmt: skip
    assert_verdict(first, "52,000", "31,000", "21,000")


@pytest.mark.usefixtures("registry")
def test_tonnes_made_and_tonnes_shipped_are_two_figures(api):
    first = first_sentence(api, "Did Orrin Salt ship more salt than it produced in the third "
                                "quarter?")  # fmt: skip
    assert_verdict(first, "12,400", "9,100", "3,300")
