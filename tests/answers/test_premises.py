"""Premises: the claim a question takes for granted, and the record's verdict on it."""

import pytest

from answers.ground.premises import claim_of, verdict

SUBJECT = {"harbour", "authority", "port", "kestrel", "strike", "rate", "central", "bank"}


@pytest.mark.parametrize(
    ("question", "verb", "figures"),
    [
        ("Why was the Kestrel port closed to tankers?", "closed", ()),
        ("Why did the central bank cut its rate to 3.5%?", "cut", ("3.5%",)),
        ("Since the strike was called off, are cranes moving?", "called off", ()),
        ("Now that the probe has lifted off, where is it?", "lifted off", ()),
        ("The bank set its rate to 4.25%: why so high?", "set", ("4.25%",)),
        ("How did crews get the blaze fully contained?", "contained", ()),
    ],
)
def test_a_claim_is_its_state_word_and_figures(question, verb, figures):
    claim = claim_of(question, SUBJECT)
    assert claim is not None
    assert claim.verb == verb
    assert claim.figures == figures


@pytest.mark.parametrize(
    "question",
    [
        "Has the Kestrel port reopened?",  # asks, does not assert
        "How has the strike developed?",  # no state word
        "When does the probe launch?",  # a plan, not a state
        "The port strike and the rate decision: what is new?",  # a noun, no figure
        "Is the harbour authority still in charge?",
        "When is the Kestrel port now expected to reopen?",  # an expectation, not a state
        "Why is the probe planned to launch in May?",
    ],
)
def test_a_question_that_asserts_nothing_has_no_claim(question):
    assert claim_of(question, SUBJECT) is None


def test_the_claim_keeps_the_questions_own_words_and_whole_figures():
    claim = claim_of("Given that the drug was approved after a 1,140-patient trial, why?", set())
    assert claim is not None
    assert claim.words == "the drug was approved after a 1,140-patient trial"


def test_a_statement_of_the_same_state_holds_it_and_a_noun_or_a_plan_does_not():
    claim = claim_of("Why was the Kestrel port closed to tankers?", SUBJECT)
    assert verdict(claim, ["The Kestrel port was closed to tankers on Monday."]) is None
    assert verdict(claim, ["A port closure to tankers is expected to be closed soon."]) == (
        "unsupported"
    )
    assert verdict(claim, ["The port has not closed to tankers."]) == "unsupported"


def test_an_opposite_state_contradicts_and_a_row_about_something_else_is_not_read():
    claim = claim_of("Why did the central bank cut its rate?", SUBJECT)
    assert verdict(claim, ["The central bank held its rate at 5%."]) == "contradicted"
    # "rose" is about inflation, not the rate: the claim is not held, and not contradicted.
    assert verdict(claim, ["Inflation rose to 4%."]) == "unsupported"


def test_a_whole_state_is_held_only_by_a_whole_state():
    claim = claim_of("How did crews get the blaze fully contained?", SUBJECT)
    assert verdict(claim, ["The blaze was 40% contained by Tuesday."]) == "unsupported"
    assert verdict(claim, ["The blaze was fully contained by Tuesday."]) is None


def test_figures_must_match():
    claim = claim_of("Why did the central bank cut its rate to 3.5%?", SUBJECT)
    # The same state to another figure: the record says otherwise.
    assert verdict(claim, ["The central bank cut its rate to 3.75%."]) == "contradicted"
    assert verdict(claim, ["The central bank published its annual report."]) == "unsupported"
    assert verdict(claim, ["The central bank cut its rate to 3.5%."]) is None
