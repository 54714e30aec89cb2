"""Comparisons and disputes as a caller words them (issue 51), on this file's own registry: two
times set side by side ("in September or in August", "the 9 October warning strike or the 21
October strike") filter neither's rows away and read the issuer's earlier readings; a period
asked of two topics picks their figures of it, not a year's total or a forecast; a revision
that names the value it replaced replaces it in any row's words; a replaced figure a question
names whole ("the approved budget") is still the one it asks for; two days' figures are two
occasions, never a dispute; a count written before a name ("more than 200 Orvik Ferry
sailings") is a count, and a figure set against another ("not the £74 million") measures
nothing of its own.

The registry: two ferry operators' monthly passengers, a dockers' strike in two rounds with a
union disputing the company's count, and a pier whose estimate rose past its approved budget
while an auditor puts it higher still.
"""

import pytest

from tests.answers.test_figures_asked import (
    SENTENCE,
    _issuer,
    _reports,
    _topic,
    answered,
    ask,
    assert_verdict,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    orvik = _topic("traffic-orvik-ferries", "Orvik ferry traffic",
                   ("orvik-ferry-company", "Orvik Ferry Company", "company"),
                   ["ferry traffic", "passengers"], "statistical-release")  # fmt: skip
    _issuer("orvik-traffic", "Orvik Ferry Company", [
        "Orvik Ferry Company carried 52,300 passengers in August 2026.",
        "Orvik Ferry Company carried 61,800 passengers in September 2026 (provisional).",
        "Orvik Ferry Company revises its September 2026 passenger count to 63,100 from the "
        "provisional 61,800."], orvik)  # fmt: skip
    brask = _topic("traffic-brask-ferries", "Brask ferry traffic",
                   ("brask-ferries", "Brask Ferries", "company"), ["ferry traffic"],
                   "statistical-release")  # fmt: skip
    _issuer("brask-traffic", "Brask Ferries", [
        "Brask Ferries carried 48,200 passengers in September 2026."], brask)  # fmt: skip
    strike = _topic("labour-orvik-dockers-strike", "Orvik dockers strike",
                    ("orvik-ferry-company", "Orvik Ferry Company", "company"),
                    ["dockers strike", "sailings"], "place-bound-event")  # fmt: skip
    _issuer("orvik-operations", "Orvik Ferry Company", [
        "Orvik Ferry Company: 140 sailings were cancelled in the dockers strike on 21 October."],
        strike)  # fmt: skip
    pier = _topic("project-orvik-pier", "Orvik pier project",
                  ("orvik-harbour-board", "Orvik Harbour Board", "organization"),
                  ["pier", "pier works"], "policy-decision")  # fmt: skip
    _issuer("orvik-harbour", "Orvik Harbour Board", [
        "Orvik Harbour Board: pier works began on 3 February within the approved budget of £60 "
        "million.",
        "Orvik Harbour Board revises the pier cost estimate to £74 million from £60 million."],
        pier)  # fmt: skip
    _reports([
        (40, "Orvik Ferry Company carried 61,800 passengers in September, the company said in "
             "its provisional figures."),
        (50, "Orvik Ferry Company carried 590,000 passengers in 2025."),
        (30, "Once the new pier opens, Orvik Ferry Company will carry 900,000 passengers a year."),
        (45, "Brask Ferries carried 48,200 passengers in September, up from 45,900 in August."),
        (49, "Orvik dockers staged a two-hour warning strike on 9 October, forcing 35 sailings to "
             "be cancelled, Orvik Ferry Company said."),
        (37, "The Orvik Dockworkers Union said more than 200 Orvik Ferry sailings were cancelled "
             "during the dockers strike, disputing the Orvik Ferry Company count of 140."),
        (20, "The Tollmere Audit Office said the Orvik pier is likely to cost £88 million, not the "
             "£74 million the Orvik Harbour Board projects."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "Was the Orvik Ferry Company passenger count higher in September 2026 or in August 2026?",
        "Did Orvik Ferry Company carry more passengers in the month of September 2026 than in "
        "August?",
    ],
)
def test_two_months_of_one_topic_get_a_verdict(api, question):
    first = ask(api, question)
    assert_verdict(first, "63,100", "52,300", "10,800")


@pytest.mark.usefixtures("registry")
def test_a_month_asked_of_two_topics_compares_their_figures_of_it(api):
    first = ask(api, "Which carried more passengers in September 2026, Orvik Ferry Company or "
                     "Brask Ferries?")  # fmt: skip
    # Not 2025's 590,000, not the 900,000 a year the pier will bring, not the replaced 61,800.
    assert_verdict(first, "63,100", "48,200", "14,900")


@pytest.mark.usefixtures("registry")
def test_two_days_strikes_get_a_verdict(api):
    first = ask(api, "Which Orvik dockers strike cancelled more sailings, the 9 October warning "
                     "strike or the 21 October strike?")  # fmt: skip
    assert_verdict(first, "140", "35", "105")


@pytest.mark.usefixtures("registry")
def test_the_dispute_said_is_the_one_a_row_makes_not_another_days_figure(api):
    body = answered(api, "How many sailings were cancelled in the Orvik dockers strike?")
    first = SENTENCE.split(body["answer"])[0]
    assert "disagrees" in first, body["answer"]
    assert "more than 200" in body["answer"], body["answer"]
    assert "35 sailings" not in first, body["answer"]


@pytest.mark.usefixtures("registry")
def test_the_new_estimate_against_the_approved_budget_gets_a_verdict(api):
    first = ask(api, "Is the new Orvik pier cost estimate above the approved budget?")
    assert_verdict(first, "£74 million", "£60 million", "£14 million")


@pytest.mark.usefixtures("registry")
def test_an_estimate_set_against_the_issuers_is_a_dispute(api):
    first = ask(api, "What is the latest cost estimate for the Orvik pier project?")
    assert "disagrees" in first, first
    assert "£74 million" in first, first


@pytest.mark.usefixtures("registry")
def test_asked_when_no_dispute_leads(api):
    first = ask(api, "When did the Orvik pier works begin?")
    assert "3 February" in first, first
    assert "disagree" not in first, first


@pytest.mark.usefixtures("registry")
def test_a_speaker_named_against_one_no_row_names_is_held_to_the_issuer(api):
    first = ask(api, "Who gives the higher count of sailings cancelled in the dockers strike, the "
                     "company or the Orvik Dockworkers Union?")  # fmt: skip
    assert first.startswith("The figure the Orvik Dockworkers Union gives is higher"), first
    assert_verdict(first, "more than 200", "140 sailings")
