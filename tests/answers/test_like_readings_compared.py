"""Comparisons across two topics of readings alike (issue 51), on this file's own registry: a
month's figure is compared with the other side's figure of that month, never with a total over
months run together ("January-October 2026: 3.1 million"); asked what each forecasts, the
newest forecasts are compared ("raised on 20 November: 3.6 million (previously 3.4 million)"),
never a forecast against an outcome.

The registry: two regional lotteries' 2026 ticket sales, each issuer giving October's sales, the
sales from January to October and its full-year forecast.
"""

import pytest

from tests.answers.test_figures_asked import _issuer, _reports, _topic, ask, assert_verdict

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    norwell = _topic("lottery-norwell-sales-2026", "Norwell lottery ticket sales 2026",
                     ("norwell-lottery", "Norwell Lottery", "organization"),
                     ["lottery tickets", "ticket sales"], "statistical-release")  # fmt: skip
    _issuer("norwell-lottery-office", "Norwell Lottery", [
        "Norwell Lottery ticket sales, October 2026: 310,000 tickets. January-October 2026: 2.9 "
        "million tickets. Full-year 2026 forecast: 3.4 million tickets.",
        "Norwell Lottery ticket sales, October 2026: 310,000 tickets. January-October 2026: 2.9 "
        "million tickets. Full-year 2026 forecast, raised on 20 November 2026: 3.6 million "
        "tickets (previously 3.4 million tickets)."], norwell)  # fmt: skip
    ashby = _topic("lottery-ashby-sales-2026", "Ashby lottery ticket sales 2026",
                   ("ashby-lottery", "Ashby Lottery", "organization"),
                   ["lottery tickets", "ticket sales"], "statistical-release")  # fmt: skip
    _issuer("ashby-lottery-office", "Ashby Lottery", [
        "Ashby Lottery ticket sales, October 2026: 280,000 tickets. January-October 2026: 3.1 "
        "million tickets. Full-year 2026 forecast: 3.5 million tickets."], ashby)  # fmt: skip
    _reports([
        (2, "Ashby Lottery ticket sales reached 3.1 million tickets in January-October 2026."),
        (1, "Ashby Lottery sold 3.1 million tickets from January to October 2026, its office "
            "said."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_a_months_figure_is_compared_with_the_same_month_not_a_total_over_months(api):
    first = ask(api, "Which sold more lottery tickets in October 2026, Norwell Lottery or Ashby "
                     "Lottery?")  # fmt: skip
    assert_verdict(first, "310,000", "280,000", "by 30,000")


@pytest.mark.usefixtures("registry")
def test_forecasts_asked_are_compared_with_forecasts_the_newest_of_each(api):
    first = ask(api, "Which lottery forecasts higher full-year 2026 ticket sales, Norwell "
                     "Lottery or Ashby Lottery?")  # fmt: skip
    assert_verdict(first, "3.6 million", "3.5 million", "by 0.1 million")
