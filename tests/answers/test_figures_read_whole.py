"""Figures read whole (issue 51): a sum in a currency written by name is a sum in that currency,
whatever the currency; a word between a count and its noun that says which of them ("new",
"more") leaves the noun what is counted; a month or a quarter before the noun is the figure's
period, never part of what it measures; the figure a change went to ("rose from a year earlier
to 38,450") is the current reading, not an earlier one.

Each sentence is of the kinds reports are written in; the expectations are what a reader of the
sentence would say it states.
"""

import pytest

from answers.ground import figures


def one(text: str, written: str) -> figures.Stated:
    return next(f for f in figures.stated(text) if f.text == written)


@pytest.mark.parametrize(
    ("text", "written", "unit"),
    [
        ("The bonus was cut to 4,500 crowns per car.", "4,500 crowns", "crown"),
        ("Tickets cost 120 kronor at the door.", "120 kronor", "krona"),
        ("The fund holds 3.2 billion rupees.", "3.2 billion rupees", "rupee"),
        ("Fares rose to 25 euros.", "25 euros", "€"),
    ],
)
def test_a_sum_in_a_currency_named_is_in_that_currency(text, written, unit):
    assert one(text, written).unit == unit


def test_two_currencies_named_are_two_units():
    low, high = figures.stated("It cost 900 pesos, or about 45 dollars.")
    assert (low.unit, high.unit) == ("peso", "$")


@pytest.mark.parametrize(
    ("text", "written", "counted"),
    [
        ("The office counted 38,450 new passenger cars in October.", "38,450", {"car", "passeng"}),
        ("The plant hired 1,200 more workers this year.", "1,200", {"worker"}),
        ("September registrations were 35,900.", "35,900", {"registr"}),
        ("Third-quarter deliveries were 121,400 vehicles.", "121,400", {"deliveri"}),
    ],
)
def test_what_a_count_counts_leaves_out_which_and_when(text, written, counted):
    figure = one(text, written)
    assert counted <= figure.quantity, figure
    assert not figure.quantity & {"septemb", "octob", "quarter", "third", "new", "more"}, figure


def test_the_period_said_before_the_noun_is_the_figures_own():
    assert one("September registrations were 35,900.", "35,900").period == "september"


def test_the_figure_a_change_went_to_is_the_current_reading():
    text = "Registrations rose 6.2 percent from a year earlier to 38,450 in October."
    assert one(text, "38,450").kind == "actual"
    # What came before it stays earlier.
    assert one("Inflation rose to 3.6% from its flash estimate of 3.4%.", "3.4%").kind == "earlier"
