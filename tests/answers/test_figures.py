"""Figures as rows state them: what each measures, its period and status; revisions; the
differences a verdict works out and the source check accepts.

Each sentence is of the kinds the registries' rows are written in; the expectations are what a
reader of the sentence would say it states.
"""

from types import SimpleNamespace

import pytest

from answers.check import failure
from answers.compose.composition import engine_words
from answers.ground import figures
from answers.ground.retrieval import Evidence


def one(text: str, written: str) -> figures.Stated:
    return next(f for f in figures.stated(text) if f.text == written)


@pytest.mark.parametrize(
    ("text", "written", "status", "named", "period"),
    [
        ("Consumer prices rose 3.4% in October, up from 3.0% in September.", "3.4%", "actual",
         "consumer prices", "october"),
        ("Consumer prices rose 3.4% in October, up from 3.0% in September.", "3.0%", "earlier",
         "consumer prices", "september"),
        ("The office revised October inflation to 3.6% from its flash estimate of 3.4%.", "3.6%",
         "revised", "inflation", "october"),
        ("The office revised October inflation to 3.6% from its flash estimate of 3.4%.", "3.4%",
         "earlier", "inflation", "october"),
        ("GDP, third quarter: growth of 0.5% on the quarter, revised from 0.6%.", "0.5%",
         "revised", "growth", "third quarter"),
        ("The flash estimate puts annual inflation at 2.1% in November.", "2.1%", "provisional",
         "annual inflation", "november"),
        ("Economists expect the unemployment rate at 4.2%.", "4.2%", "forecast",
         "unemployment rate", ""),
        ("The hosts hoped for pledges of 5 billion dollars.", "5 billion dollars", "forecast",
         "pledges", ""),
        ("The board rejected a bid of $3 billion.", "$3 billion", "rejected", "bid", ""),
        ("Once indexation is counted, the average strike price in the Sorvanian Energy Agency "
         "auction is 61 euros.", "61 euros", "actual", "average strike price", ""),
        ("The bank cut its policy rate by 50 basis points to 6.25% from 6.75%.", "6.25%",
         "actual", "policy rate", ""),
        # An earlier reading is of the figure of its own size, not of a count between them.
        ("The office counted 63,410 students across the system's eleven campuses, up from "
         "60,940 in 2025/26.", "60,940", "earlier", "students", "2025/26"),
        # A forecast's word in a name forecasts nothing; "has risen to" links.
        ("The Capital Projects Office said the final cost has risen to $171 million.",
         "$171 million", "actual", "final cost", ""),
        ("The tower, budgeted at $62 million, is paused.", "$62 million", "actual", "budgeted",
         ""),
        ("The bank kept its deposit rate unchanged at 2.00%.", "2.00%", "actual", "deposit rate",
         ""),
        ("The hall could cost as much as $190 million.", "as much as $190 million", "forecast",
         "cost", ""),
        # A rate between a determiner and its noun measures the noun.
        ("The union rejected the improved 4.2% pay offer.", "4.2%", "rejected", "pay offer", ""),
        ("Members backed a strike on a 61% turnout.", "61%", "actual", "turnout", ""),
        # A year that says which one of a thing is the period of what is said of it; months run
        # together are one period, a total over them.
        ("The 2024 strike at the depot lasted four days.", "four days", "actual",
         "days lasted", "2024"),
        ("Depot output, January-October 2026: 2.9 million tonnes.", "2.9 million", "actual",
         "tonnes", "january-october"),
    ],
)  # fmt: skip
def test_each_figure_is_held_with_its_quantity_period_and_status(text, written, status, named,
                                                                 period):  # fmt: skip
    figure = one(text, written)
    assert (figure.status, figure.named, figure.period) == (status, named, period)


def row(text: str, date: str, source: str = "Reuters", kind: str = "report") -> Evidence:
    return Evidence(layer="reporting", kind=kind, topic="t", topic_title="T", title=text,
                    url=f"https://example.org/{date}", source=source, date=date, snippet=text,
                    facts={"summary": text})  # fmt: skip


def test_a_later_figure_that_says_it_revised_an_earlier_one_replaces_it():
    flash = row("Consumer price inflation rose 3.4% in October, a flash estimate showed.", "11-01")
    final = row("The office revised October consumer price inflation to 3.6% from 3.4%.", "11-14")
    other = row("Consumer price inflation rose 3.5% in October, the ministry said.", "11-10")
    held = [f for r in (flash, final, other) for f in figures.held(r)]
    pairs = {(e.text, e.row.date, later.text) for e, later in figures.revisions(held)}
    assert ("3.4%", "11-01", "3.6%") in pairs
    assert not any(e.text == "3.5%" for e, _ in figures.revisions(held))  # at odds, not revised
    assert [f.text for f in figures.newest(held)][:2] == ["3.6%", "3.5%"]


def test_an_issuers_provisional_reading_is_revised_by_its_own_later_one_not_a_reports():
    flash = row("Preliminary magnitude 6.2.", "11-01", source="Institute", kind="reading")
    final = row("The magnitude was 6.4.", "11-02", source="Institute", kind="reading")
    report = row("Monitors measured a magnitude of 6.6.", "11-03")
    held = {r.date: figures.held(r)[0] for r in (flash, final, report)}
    assert figures.revises(held["11-02"], held["11-01"])
    assert not figures.revises(held["11-03"], held["11-02"])


@pytest.mark.parametrize(
    ("higher", "lower", "difference", "ratio"),
    [
        ("3.75% to 4.00%", "2.00%", "1.75 to 2.00", None),
        ("3.6%", "3.0%", "0.6", None),
        ("$210 million", "$85 million", "$125 million", "2.5"),
        ("19,000", "14,000", "5,000", "1.4"),
        ("1.8 billion euros", "1.42 billion euros", "0.38 billion euros", "1.3"),
    ],
)
def test_a_difference_is_written_as_the_figures_are(higher, lower, difference, ratio):
    a, b = figures.stated(f"x {higher} people")[0], figures.stated(f"x {lower} people")[0]
    assert figures.difference(a, b) == difference
    assert figures.ratio(a, b) == ratio


def test_the_check_accepts_a_difference_of_the_cited_figures_and_no_other_number():
    rows = [row("Inflation was 3.6% in October.", "11-14"), row("Inflation was 3.0%.", "10-14")]
    said = "Inflation is higher: 3.6% [1] against 3.0% [2], by {}."
    assert failure(said.format("0.6"), rows, engine_words()) is None
    assert "0.7" in (failure(said.format("0.7"), rows, engine_words()) or "")
    alone = "Inflation is higher: 3.6% [1], by 0.6."  # 3.0% not cited
    assert "0.6" in (failure(alone, rows, engine_words()) or "")


def test_a_market_capture_is_held_as_the_crowds_price_of_its_question():
    price = SimpleNamespace(
        kind="price", date="11-28", facts={"question": "Will X hold?", "pct": 84}
    )
    (held,) = figures.held(price)
    assert (held.text, held.unit, held.named, held.period) == ("84%", "%", "Will X hold?", "11-28")
    assert "likelihood" in held.quantity


def test_a_season_written_with_a_slash_is_no_count():
    said = figures.stated("The 2026/27 wheat export quota was cut to 1.2 million tonnes.")
    assert [f.text for f in said] == ["1.2 million"]


def test_a_rounds_number_before_of_is_no_part_of_a_whole():
    said = figures.stated("The authority revised the proceeds of round 2 of the 5G spectrum "
                          "auction to 1.84 billion crowns.")  # fmt: skip
    assert [f.text for f in said] == ["1.84 billion crowns"]
    parts = figures.stated("Strikes cancelled 640 of its 2,100 trains.")
    assert [(f.text, f.kind) for f in parts] == [("640", "actual"), ("2,100", "whole")]


@pytest.mark.parametrize(
    ("text", "written", "unit"),
    [
        ("The plant generated a final 112.4 GWh in September.", "112.4 GWh", ""),
        ("The plant generated a provisional 118 GWh in September.", "118 GWh", ""),
        ("Loans reached 1,610 on 27 November, up from 1,240 on 20 November.", "1,240", ""),
    ],
)
def test_an_amount_in_a_unit_of_measure_is_read_whole(text, written, unit):
    figure = one(text, written)
    assert figure.unit == unit


def test_a_figure_holds_the_day_its_clause_names():
    text = "Loans reached 1,610 on 27 November, up from 1,240 on 20 November."
    assert (one(text, "1,610").day, one(text, "1,240").day) == ("27 november", "20 november")
    assert [f.text for f in figures.stated("On 20 November loans stood at 1,240.")] == ["1,240"]


def test_a_figure_after_two_days_holds_the_nearer_one():
    # Days are no periods: a second day before a figure is read as a day, never as a year of one.
    text = "Between 3 November and 10 November the union said 40 sailings were cancelled."
    assert one(text, "40 sailings").day == "10 november"


def test_a_quarter_keeps_the_year_said_with_it():
    text = "Revised exports for the third quarter of 2026 were 52,900 tonnes."
    figure = one(text, "52,900")
    assert (figure.period, figure.year) == ("third quarter", "2026")
