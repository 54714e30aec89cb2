"""A figure asked for yes or no, and a name misspelt in what a question takes for granted
(issue 51).

"Is N still the latest?" and "Did it <do> N?" are answered "Yes" or "No" first, even when a
report disputes the issuer (the dispute is said after the answer); "Was it revised?" says from
what to what, the issuer's own earlier reading included; a figure a newer reading replaced is
no "Yes"; a name misspelt in a premise ("When was the <Festval> held?") is the name its rows
say, never a premise the record does not support.

The registry is this file's own: a tour whose promoter revised its gross, and a festival.
"""

from datetime import UTC, datetime

import pytest

from registry.models import Quantity
from tests.answers.test_figures_asked import PREMISE, SENTENCE, _issuer, _reports, answered
from tests.answers.test_own_names_and_measures_said import _topic

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 11, 25, 12, tzinfo=UTC))
    Quantity.objects.create(slug="gross", name="gross", words={"en": ["gross", "takings"]})
    tour = _topic("harrow-bell-tour-2026", "Vessa Crane's Harrow Bell Tour",
                  ("vessa-crane", "Vessa Crane", "person"), ["tour", "concerts"],
                  {"kind": "place-bound-event", "name": "Harrow Bell Tour",
                   "period": "2026"})  # fmt: skip
    _issuer("ostend-live", "Ostend Live", [
        "Harrow Bell Tour: gross takings of $72.4 million from 31 concerts.",
        "Harrow Bell Tour: gross takings of $75.9 million from 33 concerts."], tour)  # fmt: skip
    _topic("pellory-festival-2026", "Pellory Festival 2026",
           ("pellory-festival", "Pellory Festival", "other"), ["festival"],
           {"kind": "place-bound-event", "period": "2026", "outcome": "held"})  # fmt: skip
    _reports([
        (9, "Vessa Crane's Harrow Bell Tour grossed $72.4 million, its promoter said."),
        (3, "Industry tracker Boxlane put the Harrow Bell Tour's gross at $70 million."),
        (6, "The Pellory Festival was held on 14 November with 38,000 spectators."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Is $75.9 million still the latest gross for the Harrow Bell Tour?", "Yes"),
        ("Is $72.4 million still the latest gross for the Harrow Bell Tour?", "No"),
        ("Did the Harrow Bell Tour gross $75.9 million?", "Yes"),
    ],
)
def test_a_figure_asked_yes_or_no_is_answered_first_whatever_disputes_it(api, question, answer):
    first = SENTENCE.split(answered(api, question)["answer"])[0]
    assert first.startswith(f"{answer}, "), first
    assert "$75.9 million" in first, first


@pytest.mark.usefixtures("registry")
def test_a_figure_a_newer_reading_replaced_is_no_yes(api):
    first = SENTENCE.split(answered(api, "Did the Harrow Bell Tour gross $72.4 million?")[
        "answer"])[0]  # fmt: skip
    assert not first.startswith("Yes"), first


@pytest.mark.usefixtures("registry")
def test_revised_says_from_what_to_what_from_the_issuer_s_own_history(api):
    first = SENTENCE.split(answered(api, "Was the Harrow Bell Tour's gross revised?")[
        "answer"])[0]  # fmt: skip
    assert first.startswith("Yes, "), first
    assert "$72.4 million to $75.9 million" in first, first


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize("name", ["Pellory", "Pelory", "Pellroy"])
def test_a_name_misspelt_in_a_premise_is_the_name_its_rows_say(api, name):
    body = answered(api, f"When was the {name} Festival held?")
    assert body["grounded"], body["answer"]
    assert not body["answer"].startswith(PREMISE), body["answer"]
    assert "14 November" in SENTENCE.split(body["answer"])[0], body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_day_said_in_passing_that_no_row_holds_is_named_first(api):
    body = answered(api, "How many spectators came to the Pellory Festival, held on 2 November?")
    first = SENTENCE.split(body["answer"])[0]
    assert first.startswith(PREMISE), first
    assert "2 November" in first, first
    assert "38,000" in body["answer"], body["answer"]
