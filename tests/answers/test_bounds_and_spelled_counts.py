"""Counts as news writes them (issue 51): under ten, and often to twenty, in words ("two hikers
died"); a bound, not a reading ("more than 40 homes", "roads above 1,200 metres"); a label, not a
count ("a level 3 warning": more than one of a thing takes its plural); a time, not a count ("two
weeks ago"). Two rows that give two and three deaths disagree; a bound never disputes a reading
inside it, nor another bound; two labels are not two readings of a count.

The registry is this file's own: a flash flood in a gorge, counted by rescuers, a sheriff, county
officials and papers, and a quarry company beside it so that questions route.
"""

import pytest

from answers.ground import figures
from tests.answers.test_figures_asked import PREMISE, _reports, _topic, answered

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("text", "written", "low", "bound"),
    [
        ("Two hikers died in the flood, rescuers said.", "Two hikers", 2, ""),
        ("Seventeen climbers were rescued.", "Seventeen climbers", 17, ""),
        ("The flood damaged more than 40 homes.", "more than 40 homes", 40, "above"),
        ("At least 3 people were killed.", "At least 3 people", 3, "above"),
        ("Roads above 1,200 metres stayed closed.", "above 1,200", 1200, "above"),
        ("Under 200 residents left their homes.", "Under 200 residents", 200, "below"),
        ("No more than 5 trains ran on Sunday.", "No more than 5 trains", 5, "below"),
    ],
)  # fmt: skip
def test_a_count_in_words_and_a_bound_are_held_as_written(text, written, low, bound):
    figure = next(f for f in figures.stated(text) if f.text == written)
    assert (figure.low, figure.bound) == (low, bound)


@pytest.mark.parametrize(
    "text",
    [
        "The sheriff issued a level 3 warning for the gorge.",
        "The gorge flooded two weeks ago.",
        "The road reopened 3 days later.",
    ],
)
def test_a_label_or_a_time_is_no_count(text):
    assert figures.stated(text) == []


def test_a_bound_holds_every_value_past_it_and_a_reading_holds_its_own():
    more, exact, fewer = (figures.stated(t)[0] for t in (
        "More than 40 homes were damaged.", "The flood damaged 52 homes.",
        "Fewer than 30 homes were damaged."))  # fmt: skip
    assert more.overlaps(exact)
    assert exact.overlaps(more)
    assert not fewer.overlaps(exact)
    assert not fewer.overlaps(more)


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("harlan-gorge-flood", "Harlan Gorge flood",
           ("harlan-gorge", "Harlan Gorge", "place"),
           ["flood", "gorge", "hikers"], "place-bound-event")  # fmt: skip
    _topic("millbank-quarry", "Millbank quarry",
           ("millbank-aggregates", "Millbank Aggregates", "company"), ["quarry", "gravel"],
           "company")  # fmt: skip
    _reports([
        (6, "The Harlan County Sheriff issued a level 3 warning for the Harlan Gorge on Monday."),
        (5, "Rescuers said two hikers died when the Harlan Gorge flooded on Tuesday night."),
        (4, "Three hikers died in the Harlan Gorge flood, the Harlan County Sheriff said."),
        (4, "A level 4 warning for the Harlan Gorge flood was issued on Wednesday."),
        (3, "The Harlan Gorge flood damaged 52 homes in Millbank, county officials said."),
        (2, "More than 40 homes were damaged in the Harlan Gorge flood, a local paper reported."),
        (2, "Roads above 1,200 metres stayed closed after the Harlan Gorge flood."),
        (1, "After the Harlan Gorge flood, roads above 900 metres stayed closed too."),
        (3, "Millbank Aggregates dug 61,000 tonnes of gravel at the Millbank quarry this year."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_two_counts_in_words_that_differ_are_said_to_disagree(api):
    body = answered(api, "How many hikers died in the Harlan Gorge flood?")
    assert body["grounded"], body["answer"]
    assert "disagree" in body["answer"], body["answer"]
    assert "two hikers" in body["answer"], body["answer"]
    assert "Three hikers" in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_bound_does_not_dispute_the_count_inside_it(api):
    body = answered(api, "How many homes did the Harlan Gorge flood damage?")
    assert body["grounded"], body["answer"]
    assert "52 homes" in body["answer"], body["answer"]
    assert "disagree" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "Which roads stayed closed after the Harlan Gorge flood?",
        "What warning was issued for the Harlan Gorge flood?",
    ],
)
def test_bounds_and_labels_are_no_disagreement(api, question):
    body = answered(api, question)
    assert body["grounded"], body["answer"]
    assert "disagree" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_premise_count_in_words_is_checked_against_the_rows(api):
    body = answered(api, "Why did five hikers die in the Harlan Gorge flood?")
    assert body["answer"].startswith(PREMISE), body["answer"]
