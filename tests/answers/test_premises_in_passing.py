"""A figure said in passing, in a clause about the subject, is a premise like any other
(issue 51).

"What is the latest on X, which put its budget at $2.2 billion?", "What did X, whose budget
reached ...?", "Who commented on X and its budget of ...?": a wrong figure is named first with
what the record holds; a right one is taken as said.

The registry is this file's own: a reservoir whose water board revised its budget twice.
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
    Quantity.objects.create(slug="budget", name="budget", words={"en": ["budget"]})
    reservoir = _topic("gorran-reservoir", "Gorran Valley reservoir",
                       ("gorran-water-board", "Gorran Water Board", "organization"),
                       ["reservoir", "dam"],
                       {"kind": "place-bound-event", "name": "Gorran Valley reservoir",
                        "place": "Gorran Valley"})  # fmt: skip
    _issuer("gorran-water", "Gorran Water Board", [
        "Gorran Valley reservoir: budget of $1.2 billion approved.",
        "Gorran Valley reservoir: budget revised to $1.35 billion, from $1.2 billion.",
        "Gorran Valley reservoir: budget revised to $1.5 billion, from $1.35 billion."],
        reservoir)  # fmt: skip
    _reports([
        (6, "The Gorran Water Board approved a $1.2 billion budget for the Gorran Valley "
            "reservoir."),
        (2, "The Gorran Valley reservoir budget rose to $1.5 billion, the Gorran Water Board "
            "said, citing concrete prices."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize("question", [
    "What is the latest on the Gorran Valley reservoir, which put its budget at $2.2 billion?",
    "What did the Gorran Valley reservoir, whose budget reached $2.2 billion, cost in the end?",
    "Who commented on the Gorran Valley reservoir and its budget of $2.2 billion?",
])  # fmt: skip
def test_a_wrong_figure_said_in_passing_is_named_first(api, question):
    body = answered(api, question)
    first = SENTENCE.split(body["answer"])[0]
    assert first.startswith(PREMISE), first
    assert "$2.2 billion" in first, first
    assert "$1.5 billion" in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_right_figure_said_in_passing_is_taken_as_said(api):
    body = answered(api, "Who commented on the Gorran Valley reservoir and its budget of "
                         "$1.5 billion?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert not body["answer"].startswith(PREMISE), body["answer"]
