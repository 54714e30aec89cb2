"""Reading the time a question is about: the grammar's forms around dateparser's expressions,
quantities that are never years or days, and words dateparser mistakes for dates."""

from datetime import UTC, date, datetime

import pytest

from answers.understand.timewindow import time_window

WEDNESDAY = datetime(2026, 11, 25, 15, 0, tzinfo=UTC)
MONDAY = datetime(2026, 11, 23, 9, 30, tzinfo=UTC)
EARLIER_WEDNESDAY = datetime(2026, 11, 18, 15, 0, tzinfo=UTC)  # the cases moved from understanding


def d(month: int, day: int, year: int = 2026) -> date:
    return date(year, month, day)


@pytest.mark.parametrize(
    ("question", "start", "end", "text"),
    [
        # since X: X's start to today
        ("Has OPEC said anything since Tuesday?", d(11, 24), d(11, 25), "since Tuesday"),
        ("Any news on the strike since Wednesday?", d(11, 18), d(11, 25), "since Wednesday"),
        ("What has the ECB done since September 14?", d(9, 14), d(11, 25), None),
        ("Reporting on the port since last week", d(11, 16), d(11, 25), "since last week"),
        ("Moves since the beginning of the year", d(1, 1), d(11, 25), None),
        ("What changed since the start of the month?", d(11, 1), d(11, 25), None),
        ("Launch delays since 2024", d(1, 1, 2024), d(11, 25), "since 2024"),
        ("Tariff news since December", d(12, 1, 2025), d(11, 25), "since December"),
        ("¿Qué pasó con la huelga desde el martes?", d(11, 24), d(11, 25), "desde el martes"),
        ("Was hat die EZB seit Freitag gesagt?", d(11, 20), d(11, 25), "seit Freitag"),
        ("Quoi de neuf depuis jeudi ?", d(11, 19), d(11, 25), "depuis jeudi"),
        ("O que disse a OPEP desde terça-feira?", d(11, 24), d(11, 25), "desde terça-feira"),
        ("Notícias desde o dia 3 de novembro", d(11, 3), d(11, 25), "desde o dia 3 de novembro"),
        # rolling: N units back, N units inclusive
        ("Coverage of the merger over the last 10 days", d(11, 16), d(11, 25), None),
        ("Wildfire reports in the past 2 weeks", d(11, 12), d(11, 25), "the past 2 weeks"),
        ("How did oil trade in the last three months?", d(8, 26), d(11, 25), None),
        ("The election in the past year", d(11, 26, 2025), d(11, 25), "the past year"),
        ("What moved in the last couple of days?", d(11, 24), d(11, 25), None),
        ("Any developments in the past few days?", d(11, 23), d(11, 25), None),
        ("Shipping news during the past week", d(11, 19), d(11, 25), "the past week"),
        ("Outages over the last fortnight", d(11, 12), d(11, 25), "the last fortnight"),
        ("Aftershocks in the last 36 hours", d(11, 24), d(11, 25), "the last 36 hours"),
        ("Strikes in the past 72 hours", d(11, 22), d(11, 25), None),
        ("Noticias de los últimos 5 días", d(11, 21), d(11, 25), "los últimos 5 días"),
        ("Berichte aus den letzten 3 Wochen", d(11, 5), d(11, 25), "den letzten 3 Wochen"),
        ("Articles des 4 derniers jours", d(11, 22), d(11, 25), None),
        ("Notícias dos últimos 5 dias", d(11, 21), d(11, 25), "dos últimos 5 dias"),
        ("O que mudou nas últimas 2 semanas?", d(11, 12), d(11, 25), "nas últimas 2 semanas"),
        # single days
        ("What did the central bank say yesterday?", d(11, 24), d(11, 24), "yesterday"),
        ("Summarise yesterday's shipping headlines", d(11, 24), d(11, 24), "yesterday"),
        ("What is in today's grain reports?", d(11, 25), d(11, 25), "today"),
        ("Anything on the pipeline this morning?", d(11, 25), d(11, 25), "this morning"),
        ("Was geschah gestern in Berlin?", d(11, 24), d(11, 24), "gestern"),
        ("What happened 4 days ago at the summit?", d(11, 21), d(11, 21), "4 days ago"),
        ("O que aconteceu há 4 dias na cimeira?", d(11, 21), d(11, 21), "há 4 dias"),
        ("O que disse o banco central ontem?", d(11, 24), d(11, 24), "ontem"),
        ("Did the senate vote last Thursday?", d(11, 19), d(11, 19), "last Thursday"),
        ("What did the regulator publish on August 12?", d(8, 12), d(8, 12), "August 12"),
        ("Results of the 7th of June 2025 poll", d(6, 7, 2025), d(6, 7, 2025), None),
        # ranges: X's start to Y's end (Y's whole period)
        ("Reporting between August and September", d(8, 1), d(9, 30), None),
        ("from March 3 to March 17, what did the miners do?", d(3, 3), d(3, 17), None),
        ("Flooding coverage July to September", d(7, 1), d(9, 30), "July to September"),
        ("Tariffs between 2023 and 2024", d(1, 1, 2023), d(12, 31, 2024), None),
        ("Drilling from May to August", d(5, 1), d(8, 31), "from May to August"),
        ("Cobertura de 3 a 10 de novembro", d(11, 3), d(11, 10), "de 3 a 10 de novembro"),
        ("A greve entre 3 e 10 de novembro", d(11, 3), d(11, 10), "entre 3 e 10 de novembro"),
        # calendar periods, clamped to today while they run
        ("Which outlets covered the vote this week?", d(11, 23), d(11, 25), "this week"),
        ("The shipping lane closure last week", d(11, 16), d(11, 22), "last week"),
        ("Copper prices this month", d(11, 1), d(11, 25), "this month"),
        ("Copper prices last month", d(10, 1), d(10, 31), "last month"),
        ("Rate decisions this year", d(1, 1), d(11, 25), "this year"),
        ("Rate decisions last year", d(1, 1, 2025), d(12, 31, 2025), "last year"),
        ("Las ventas de la semana pasada", d(11, 16), d(11, 22), "la semana pasada"),
        ("Was war letzte Woche mit Kupfer?", d(11, 16), d(11, 22), "letzte Woche"),
        ("Les grèves de la semaine dernière", d(11, 16), d(11, 22), None),
        ("As vendas da semana passada", d(11, 16), d(11, 22), "semana passada"),
        ("O preço do cobre no mês passado", d(10, 1), d(10, 31), "mês passado"),
        ("Decisões sobre juros este ano", d(1, 1), d(11, 25), "este ano"),
        # months and years
        ("Jobs data from September 2026", d(9, 1), d(9, 30), "September 2026"),
        ("Output cuts in 2025", d(1, 1, 2025), d(12, 31, 2025), "2025"),
        ("What did the minister say in April?", d(4, 1), d(4, 30), "April"),
        ("The storm season in June 2024", d(6, 1, 2024), d(6, 30, 2024), None),
        ("Did inflation ease in May?", d(5, 1), d(5, 31), "May"),
        ("Exports in mars 2026", d(3, 1), d(3, 31), None),
        # the Nth week of a month
        ("Protests in the second week of October", d(10, 8), d(10, 14), None),
        ("the final tally in the last week of September", d(9, 24), d(9, 30), None),
        ("during the first week of February", d(2, 1), d(2, 7), None),
        # quantities are never years or days
        ("Inflation slowed to 3.1% in August", d(8, 1), d(8, 31), "August"),
        ("Unemployment at 4 percent in July", d(7, 1), d(7, 31), "July"),
        ("Yields rose 25 bps in October", d(10, 1), d(10, 31), "October"),
        ("A €12 billion deal signed in September", d(9, 1), d(9, 30), "September"),
        ("2025 barrels a day since February", d(2, 1), d(11, 25), "since February"),
        ("A inflação abrandou para 2,5 por cento em agosto", d(8, 1), d(8, 31), "agosto"),
    ],
)
def test_time_expressions_become_windows(question, start, end, text):
    window = time_window(question, now=WEDNESDAY)
    assert window is not None, question
    assert (window.start, window.end) == (start, end), question
    assert window.filters
    if text is not None:
        assert window.text == text


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        # a weekday named on that weekday is the one a week before, never today
        ("Any rate news since Monday?", d(11, 16), d(11, 23)),
        ("What did the minister say on Monday?", d(11, 16), d(11, 16)),
        ("What has happened since Sunday?", d(11, 22), d(11, 23)),
        ("Coverage since Friday", d(11, 20), d(11, 23)),
        ("Which outlets covered it this week?", d(11, 23), d(11, 23)),
        ("los últimos 7 días", d(11, 17), d(11, 23)),
    ],
)
def test_weekdays_on_a_monday(question, start, end):
    window = time_window(question, now=MONDAY)
    assert window is not None, question
    assert (window.start, window.end) == (start, end)


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("what changed this week", d(11, 16), d(11, 18)),  # clamped: it was 11-22 before
        ("what happened yesterday", d(11, 17), d(11, 17)),
        ("news from October 2026", d(10, 1), d(10, 31)),
        ("in the first week of November", d(11, 1), d(11, 7)),
        ("during last week", d(11, 9), d(11, 15)),
    ],
)
def test_the_windows_understanding_read_before(question, start, end):
    window = time_window(question, now=EARLIER_WEDNESDAY)
    assert window is not None, question
    assert (window.start, window.end) == (start, end)
    assert window.filters


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("Will the Fed cut in December 2026?", d(12, 1), d(12, 31)),
        ("Odds of a hike at the December meeting", d(12, 1), d(12, 31)),
        ("What will OPEC decide next week?", d(11, 30), d(12, 6)),
        ("Launch window in March 2027", d(3, 1, 2027), d(3, 31, 2027)),
    ],
)
def test_a_future_window_names_the_event_and_does_not_filter(question, start, end):
    window = time_window(question, now=WEDNESDAY)
    assert window is not None, question
    assert (window.start, window.end) == (start, end)
    assert not window.filters


@pytest.mark.parametrize(
    "question",
    [
        "What did the ECB decide?",
        "The central bank cut from 4.25% to 4.00%",
        "Gusts reached 145 mph near the coast",
        "A $340 million bond sale",
        "Output of 2030 tonnes a day",
        "Spreads widened by 2026 basis points",  # absurd, but a quantity all the same
        "Prices up 12 per cent",
        "Os preços subiram 12 por cento",
        "Uma produção de 2030 milhões de barris",
        "Yields at 4.5",
        "May the Fed cut rates?",
        "The bank may hold rates",
        "Thousands march on the capital",
        "Jan Kowalski leads the union",
        "Was die Zentralbank tun wird",
        "What do in Lagos investors expect?",
        "Is the hurricane still active?",
        "What is the situation now?",
        "Are markets currently pricing a cut?",
        "",
        "   ",
        "¿?",
    ],
)
def test_text_that_names_no_time_has_no_window(question):
    assert time_window(question, now=WEDNESDAY) is None


def test_the_first_time_expression_wins_in_its_widest_form():
    window = time_window("Since Tuesday, and not just in March, what moved?", now=WEDNESDAY)
    assert window is not None
    assert (window.text, window.start, window.end) == ("Since Tuesday", d(11, 24), d(11, 25))


def test_a_window_describes_itself_in_the_questions_words():
    window = time_window("No strikes in the last 3 weeks?", now=WEDNESDAY)
    assert window is not None
    assert window.describe() == "the last 3 weeks (2026-11-05 to 2026-11-25)"
    assert window.holds(d(11, 5))
    assert not window.holds(d(11, 4))
    assert not window.holds(None)


@pytest.mark.parametrize(
    "question",
    ["9999-12-31 to 9999-12-31", "since 0001-01-01", "x" * 5000, "\x00 \u202e March", "1e400"],
)
def test_odd_text_is_read_or_declined_never_raised(question):
    time_window(question, now=WEDNESDAY)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("between the 2nd and the 9th of this month", (11, 2), (11, 9)),
        ("from November 4 to November 12", (11, 4), (11, 12)),
        ("between 5 and 11 November", (11, 5), (11, 11)),
        ("between November 6 and 13", (11, 6), (11, 13)),
        ("del 4 al 12 de noviembre", (11, 4), (11, 12)),
        ("vom 4. bis 12. November", (11, 4), (11, 12)),
        ("du 4 au 12 novembre", (11, 4), (11, 12)),
        ("between the 3rd and 10th of last month", (10, 3), (10, 10)),
    ],
)
def test_a_range_of_days_is_read_whole(text, start, end):
    window = time_window(f"What happened {text}?", now=WEDNESDAY)
    assert window is not None
    assert (window.start, window.end) == (date(2026, *start), date(2026, *end))


def test_a_range_of_plain_numbers_is_a_quantity_not_days():
    assert time_window("Did the toll rise from 12 to 15?", now=WEDNESDAY) is None
