"""What an issuer said before, what a figure measures, and who a question names (issue 51).

A name the question shares with another figure asks nothing of it ("the <place> landslide"
asks no figure of the "<place> landslide recovery fund"); a curated quantity said in a figure's
clause is what the figure measures ("raised its estimate of damage from the landslide to ...");
an issuer's own earlier reading, repeated by a report, is history, never a dispute, and tells
whether a figure was revised or is still the latest; a longer name only the topic's reports use
("the novelist <Name>") is a namesake; an untracked body the question says did the topic's deed
is a premise to correct, never a reason to decline; a figure a relative clause states, and a
curated level ("magnitude 5.6"), are premises too; two sides of one report are told apart by the
names around each figure, and a rate set against a rate is one.

The registry is this file's own: two landslides, a recovery fund and a pump.
"""

from datetime import UTC, datetime

import pytest

from registry.models import Quantity
from tests.answers.test_figures_asked import PREMISE, SENTENCE, _issuer, _reports, answered, ask
from tests.answers.test_other_periods_and_parties import _topic

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 11, 25, 12, tzinfo=UTC))
    for slug, words in (("damage", ["damage", "damage estimate"]),
                        ("displaced", ["displaced", "forced from their homes"]),
                        ("magnitude", ["magnitude"]),
                        ("drainage", ["water pumped", "pumped"])):  # fmt: skip
        Quantity.objects.create(slug=slug, name=slug, words={"en": words})
    _topic("landslide-trennvik-2026", "Trennvik landslide",
           ("trennvik", "Trennvik", "place"), ["landslide"],
           {"kind": "place-bound-event", "period": "2026"})  # fmt: skip
    _topic("landslide-ostrel-2026", "Ostrel landslide", ("ostrel", "Ostrel", "place"),
           ["landslide"], {"kind": "place-bound-event", "period": "2026"})  # fmt: skip
    fund = _topic(
        "trennvik-landslide-recovery-fund",
        "Trennvik landslide recovery fund",
        ("halvor-civil-protection", "Halvor Civil Protection Agency", "organization"),
        ["recovery fund"],
        {"kind": "policy-decision"},
        ("trennvik", "Trennvik"),
    )
    _issuer("halvor-cpa", "Halvor Civil Protection Agency", [
        "The Trennvik landslide recovery fund stands at $260 million.",
        "The Trennvik landslide recovery fund stands at $310 million."], fund)  # fmt: skip
    pump = _topic("verrin-k4-pump", "Verrin K4 flood pump", ("verrin", "Verrin", "company"),
                  ["flood pump", "pumps"], {"kind": "product", "edition": "K4"})  # fmt: skip
    _issuer("verrin", "Verrin", [
        "1,200 K4 flood pumps are installed; the list price is $2,800.",
        "1,450 K4 flood pumps are installed; the list price is $2,800."], pump)  # fmt: skip
    _reports([
        (9, "A magnitude 4.1 tremor set off the Trennvik landslide, which buried 140 homes."),
        (8, "The novelist Edda Trennvik, whose new book is set during a landslide, won the "
            "Sallow Prize."),
        (6, "Damage from the Trennvik landslide is estimated at $900 million."),
        (5, "The Trennvik landslide recovery fund stands at $260 million, the agency said."),
        (4, "The Halvor Civil Protection Agency raised its estimate of damage from the Trennvik "
            "landslide to $1.4 billion, from $900 million."),
        (3, "The number of residents displaced by the Trennvik landslide has grown to 2,600, up "
            "from the 2,100 first reported."),
        (2, "The agency raised the Trennvik landslide recovery fund to $310 million after a "
            "new levy."),
        (2, "The Trennvik landslide forced 2,600 residents from their homes, against 700 "
            "displaced around Ostrel, agency figures show."),
        (1, "Trennvik's pumps removed 5,200 cubic metres of water pumped a day against Ostrel's "
            "2,900 cubic metres after the landslide."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_a_name_the_question_shares_with_another_figure_asks_nothing_of_it(api):
    first = ask(api, "How many homes did the Trennvik landslide bury?")
    assert "million" not in first, first
    assert "billion" not in first, first
    assert "140 homes" in first, first


@pytest.mark.usefixtures("registry")
def test_a_curated_word_in_a_sum_s_clause_says_what_it_measures(api):
    first = ask(api, "What is the damage estimate for the Trennvik landslide?")
    assert "$1.4 billion" in first, first
    assert "$310 million" not in first, first


@pytest.mark.usefixtures("registry")
def test_a_report_repeating_the_issuer_s_earlier_figure_is_no_dispute(api):
    body = answered(api, "How much is in the Trennvik landslide recovery fund?")
    assert "$310 million" in SENTENCE.split(body["answer"])[0], body["answer"]
    assert "disagree" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Is $260 million still the latest figure for the Trennvik landslide recovery fund?",
         "No, "),
        ("Is $310 million the latest figure for the Trennvik landslide recovery fund?", "Yes, "),
        ("Was the Trennvik landslide recovery fund revised?", "Yes, "),
        ("Was the number of residents displaced by the Trennvik landslide revised?", "Yes, "),
        ("Was the list price of the Verrin K4 flood pump revised?", "No, "),
    ],
)  # fmt: skip
def test_whether_a_figure_was_revised_or_is_the_latest_is_answered_first(api, question, answer):
    first = ask(api, question)
    assert first.startswith(answer), first


@pytest.mark.usefixtures("registry")
def test_a_longer_name_only_the_topic_s_reports_use_is_a_namesake(api):
    body = answered(api, "What prize did the novelist Edda Trennvik win?")
    assert not body["grounded"], body["answer"]
    assert "Edda Trennvik" in SENTENCE.split(body["answer"])[0], body["answer"]


@pytest.mark.usefixtures("registry")
def test_an_untracked_body_said_to_do_the_topic_s_deed_is_a_premise(api):
    first = ask(api, "How much recovery funding did the Nordic Relief Bank approve for the "
                     "Trennvik landslide?")  # fmt: skip
    assert first.startswith(PREMISE), first
    assert "Nordic Relief Bank" in first, first


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("question", "claimed"),
    [
        ("How many residents were displaced by the Trennvik landslide, which buried 900 homes?",
         "900 homes"),
        ("Why did the tremor that set off the Trennvik landslide reach magnitude 5.6?", "5.6"),
    ],
)  # fmt: skip
def test_a_figure_a_side_clause_or_a_curated_level_states_is_a_premise(api, question, claimed):
    first = ask(api, question)
    assert first.startswith(PREMISE), first
    assert claimed in first, first


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("question", "lower", "higher"),
    [
        ("Which landslide displaced fewer people, Trennvik or Ostrel?", "700", "2,600"),
        ("Did Ostrel pump less water per day than Trennvik?", "2,900", "5,200"),
    ],
)  # fmt: skip
def test_two_sides_of_one_report_are_told_apart_by_their_names(api, question, lower, higher):
    first = ask(api, question)
    assert " is lower: " in first, first
    assert first.index(lower) < first.index(higher), first


def test_the_step_to_a_rate_is_no_rate_beside_another(api, settings, time_machine):
    """Two central banks' rates asked side by side: the levels (a curated policy rate, under
    whichever of its names each row uses), never the size of the cut each may make."""
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 11, 25, 12, tzinfo=UTC))
    for slug, name in (("ostmark-central-bank", "Ostmark Central Bank"),
                       ("veland-reserve", "Veland Reserve")):  # fmt: skip
        _topic(f"{slug}-december-2026-decision", f"{name} December 2026 rate decision",
               (slug, name, "organization"), ["rate decision", "rate cut"],
               {"kind": "policy-decision", "period": "December 2026"})  # fmt: skip
    _reports([
        (3, "Ostmark Central Bank policymakers are split: some favour a hold of the deposit rate "
            "at 2.25%, others a cut of 25 basis points."),
        (2, "Veland Reserve officials weigh a cut of 25 basis points or a hold of interest rates "
            "at 4.50%."),
    ])  # fmt: skip
    question = (
        "Which has the lower interest rate, the Ostmark Central Bank December 2026 rate "
        "decision or the Veland Reserve December 2026 rate decision?"
    )
    first = ask(api, question)
    assert " is lower: " in first, first
    assert first.index("2.25%") < first.index("4.50%"), first
    assert "basis points" not in first, first
