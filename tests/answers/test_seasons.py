"""A season across two years ("2025/26", "the 2024-25 season") is a period (issue 51): figures of
two seasons are two readings, a question that names two gets a verdict between them, and one
that names a season reads what was said of it. Before, "for 2024/25" was the year 2024 and
"2025-26 season" a count of 26 seasons.

The registry is this file's own: a football club's season tickets over three seasons (one a
forecast), and an opera house beside it so that questions route.
"""

from datetime import UTC, datetime

import pytest

from answers.ground import figures
from answers.understand.timewindow import time_window
from tests.answers.test_figures_asked import _reports, _topic, answered, assert_verdict
from tests.answers.test_figures_asked import ask as first_sentence

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("text", "periods"),
    [
        ("The club sold 21,400 season tickets for 2025/26, up from 18,200 in 2024/25.",
         ["2025/26", "2024/25"]),
        ("Season ticket sales reached 21,400 in the 2025-26 season.", ["2025/26"]),
        ("Sales reached 21,400 in the 2025\u201326 season.", ["2025/26"]),
    ],
)  # fmt: skip
def test_a_season_is_the_period_of_its_figures(text, periods):
    assert [f.period for f in figures.stated(text)] == periods


def test_a_season_asked_is_a_window_over_both_its_years():
    window = time_window("How many tickets were sold in the 2025/26 season?",
                         now=datetime(2027, 3, 1, tzinfo=UTC))  # fmt: skip
    assert (window.start.isoformat(), window.end.isoformat()) == ("2025-01-01", "2026-12-31")


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("dunmore-rovers", "Dunmore Rovers season tickets",
           ("dunmore-rovers-fc", "Dunmore Rovers", "company"), ["season tickets", "football"],
           "company")  # fmt: skip
    _topic("kelby-opera-house", "Kelby Opera House",
           ("kelby-opera", "Kelby Opera House", "organization"), ["opera", "winter season"],
           "organisation")  # fmt: skip
    _reports([
        (40, "Dunmore Rovers sold 18,200 season tickets for 2024/25, the club said."),
        (10, "Dunmore Rovers sold 21,400 season tickets for the 2025-26 season."),
        (5, "Dunmore Rovers expect season ticket sales to reach 24,000 in 2026/27."),
        (3, "Kelby Opera House sold 9,800 tickets for its winter season."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_two_seasons_asked_get_a_verdict(api):
    first = first_sentence(api, "Did Dunmore Rovers sell more season tickets in 2025/26 than "
                                "in 2024/25?")  # fmt: skip
    assert_verdict(first, "21,400", "18,200", "3,200")


@pytest.mark.usefixtures("registry")
def test_figures_of_two_seasons_do_not_disagree(api):
    body = answered(api, "How many season tickets did Dunmore Rovers sell?")
    assert body["grounded"], body["answer"]
    assert "disagree" not in body["answer"], body["answer"]
    assert "21,400" in body["answer"].split(". ")[0], body["answer"]
