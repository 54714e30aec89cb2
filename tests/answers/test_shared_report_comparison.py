"""A comparison whose two sides are named in one report (issue 51): each side takes the figure its
own name stands with, never the other's, and one statement is never both sides of a verdict.

The registry is this file's own: two harbour dredging projects a ministry funds in one
announcement, each also reported on its own.
"""

import re

import pytest

from tests.answers.test_figures_asked import _reports, _topic
from tests.answers.test_figures_asked import ask as verdict

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("dredging-port-varne", "Port Varne dredging", ("port-varne", "Port Varne", "other"),
           ["dredging", "channel"], "place-bound-event")  # fmt: skip
    _topic("dredging-holm-harbour", "Holm Harbour dredging",
           ("holm-harbour", "Holm Harbour", "other"), ["dredging", "berth"],
           "place-bound-event")  # fmt: skip
    _reports([
        (4, "The transport ministry awarded €42 million to Port Varne dredging and €17 million "
            "to Holm Harbour dredging."),
        (3, "Port Varne dredging will deepen the channel to 16 metres with its €42 million "
            "grant."),
        (2, "Holm Harbour dredging starts in spring, funded by a €17 million grant."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "Which got the larger grant, Port Varne dredging or Holm Harbour dredging?",
        "Was the Holm Harbour dredging grant bigger than the Port Varne dredging grant?",
    ],
)
def test_each_side_of_a_shared_report_takes_its_own_figure(api, question):
    first = verdict(api, question)
    assert "€42 million" in first, first
    assert "€17 million" in first, first
    assert re.search(r"Port Varne[^.]*€42 million", first) or first.index(
        "Port Varne"
    ) < first.index("€42 million"), first
    assert "€25 million" in first, first  # by how much: the two figures, not one twice
