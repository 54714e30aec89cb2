"""The classes the twenty-first blind check found (issue 51), on a world of this file's own: a
basketball league's attendance over a season, a cup final of one year with a report about last
year's, an arena with its capacity and a planned expansion.

- "this season against last season" compares the seasons a topic curated for a season names;
- a running count of the topic's own season read on two days is a newer reading, and a figure
  set against it for another season ("against 6,120 across the 2025-26 season") no rival;
- a row that names the topic's name with another year ("last year's 2025 <Cup> final") is
  another occasion's: none of its figures answers, compares or disputes;
- a word a curated quantity names ("crowd" of attendance) asks that quantity, no market belief;
- two quantities the question names one a side ("the arena's capacity or the league's average
  crowd") are compared as asked, each labelled;
- a plan ("plans to expand ... to 14,000 seats by 2028") disputes no current figure;
- an issuer that "reports revenue of" gives revenue (a verb of saying is who, not what), and
  leads the report that disputes it;
- a day the question says the subject was done on ("played on 22 November") is a premise the
  rows are held to, never a window over the reporting;
- a report of something else (a player's points, asked his contract) does not lead one that
  says what is asked.
"""

import pytest

from registry import services
from registry.models import Quantity
from tests.answers.test_figures_asked import _issuer, _reports, ask
from tests.answers.test_other_periods_and_parties import _topic

pytestmark = pytest.mark.django_db
DISPUTED = ("a report disagrees", "does not pick one")


@pytest.fixture
def world(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    for slug, words in [
        ("attendance", ["attendance", "crowd", "spectators"]),
        ("capacity", ["capacity", "seats"]),
    ]:
        # The seeded capacity, curated anew for this world's words.
        Quantity.objects.update_or_create(
            slug=slug, defaults={"name": slug, "words": {"en": words}}
        )
    league = _topic("kestria-basketball-league-attendance-2026-27",
                    "Kestria Basketball League attendance, 2026-27",
                    ("kestria-basketball-league", "Kestria Basketball League", "organization"),
                    ["attendance", "average attendance"],
                    {"kind": "statistical-release", "period": "2026-27"})  # fmt: skip
    final = _topic("brennan-cup-final-2026", "2026 Brennan Cup final",
                   ("brennan-cup", "Brennan Cup", "other"), ["final", "attendance"],
                   {"kind": "place-bound-event", "period": "2026",
                    "place": "Ostrava Hall"})  # fmt: skip
    arena = _topic("tallis-arena", "Tallis Arena", ("tallis-arena", "Tallis Arena", "place"),
                   ["capacity", "seats", "record attendance", "revenue"],
                   {"kind": "place"})  # fmt: skip
    services.entity_upsert(slug="tallis-arena", name="Tallis Arena", kind="place")
    _topic("ruben-kask-transfer", "Ruben Kask transfer", ("ruben-kask", "Ruben Kask", "person"),
           ["transfer", "contract", "wages", "points"], {"kind": "agreement"})  # fmt: skip
    _issuer(
        "tallis-accounts",
        "Tallis Arena",
        ["Tallis Arena reports revenue of €42.0 million for the 2025-26 season."],
        arena,
    )
    _issuer("kbl-bulletin", "Kestria Basketball League", [
        "Average attendance in the 2026-27 Kestria Basketball League season now stands at 6,480 "
        "per game after round 12, against 6,120 across the 2025-26 season."], league)  # fmt: skip
    _issuer("brennan-cup", "Brennan Cup", [
        "The 2026 Brennan Cup final at Ostrava Hall drew an official attendance of 9,850."],
        final)  # fmt: skip
    _issuer("tallis", "Tallis Arena", [
        "Tallis Arena's capacity is 11,200 seats; its record attendance of 10,940 was set on 8 "
        "November 2026."], arena)  # fmt: skip
    _reports([
        (12, "The Kestria Basketball League says average attendance in the 2026-27 season "
             "stands at 6,390 per game after round 10."),
        (4, "Last year's 2025 Brennan Cup final drew an attendance of 7,300 at Ostrava Hall."),
        (3, "The 2026 Brennan Cup final drew 9,850 spectators on 15 November, the Brennan Cup "
            "said."),
        (2, "Tallis Arena had revenue of €45 million in the 2025-26 season, according to "
            "figures seen by the Lenport Courier."),
        (5, "Ruben Kask signs a three-year contract worth €8,000 a week in wages."),
        (1, "Ruben Kask has scored 14 points a game this season before his move."),
        (2, "Tallis Arena plans to expand its capacity to 14,000 seats by 2028, from 11,200 "
            "today."),
    ])  # fmt: skip


@pytest.mark.usefixtures("world")
def test_this_season_against_last_season(api):
    said = ask(api, "Is average attendance in the Kestria Basketball League higher this season "
                    "than last season?")  # fmt: skip
    assert " is higher: 6,480 " in said, said
    assert "6,120" in said, said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "figure"),
    [
        # A running count of its season, read on two days: read anew.
        ("What is the latest Kestria Basketball League average attendance?", "6,480"),
        # A plan ("plans to expand ... to 14,000 seats by 2028") beside the current capacity.
        ("What is the capacity of Tallis Arena?", "11,200"),
    ],
)
def test_a_figure_read_anew_or_planned_disputes_nothing(api, question, figure):
    said = ask(api, question)
    assert not any(d in said for d in DISPUTED), said
    assert figure in said, said


@pytest.mark.usefixtures("world")
def test_another_years_occasion_answers_nothing(api):
    said = ask(api, "How many people attended the 2026 Brennan Cup final?")
    assert not any(d in said for d in DISPUTED), said
    assert "7,300" not in said, said


@pytest.mark.usefixtures("world")
def test_a_crowd_is_attendance_not_a_belief(api):
    said = ask(api, "Was the crowd at the 2026 Brennan Cup final bigger than Tallis Arena's "
                    "record attendance?")  # fmt: skip
    assert said.startswith("No, "), said
    assert "10,940" in said, said
    assert "9,850" in said, said


@pytest.mark.usefixtures("world")
def test_two_quantities_named_one_a_side_are_compared_as_asked(api):
    said = ask(api, "Which is bigger: Tallis Arena's capacity or the average Kestria Basketball "
                    "League crowd this season?")  # fmt: skip
    assert " is higher: 11,200 " in said, said
    assert "6,480" in said, said
    assert said.lower().startswith("capacity (tallis arena)"), said


@pytest.mark.usefixtures("world")
def test_an_issuer_that_reports_its_revenue_leads_the_dispute(api):
    said = ask(api, "What was Tallis Arena's revenue in 2025-26?")
    assert said.startswith("The issuer's own reading comes first"), said
    assert "€42.0 million" in said, said


@pytest.mark.usefixtures("world")
def test_a_day_it_was_done_on_is_a_premise_not_a_window(api):
    said = ask(api, "What was the attendance at the Brennan Cup final played on 22 November 2026?")
    assert said.startswith('The record does not support the premise "on 22 November 2026"'), said


@pytest.mark.usefixtures("world")
def test_a_report_of_something_else_does_not_lead(api):
    said = ask(api, "How long is Ruben Kask's contract, and what are his wages?")
    assert "three-year contract" in said, said
