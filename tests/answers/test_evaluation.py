"""The engine on its evaluation set: questions that do not name their topic, in several
languages, with typos, time windows, comparisons, false premises, untracked names and
injections. The thresholds are the issue's bar; each figure is one a wrong engine moves."""

import json

import pytest
from django.core.management import call_command

from answers.evaluation import evaluate, load_cases
from registry.demo import anchor_day, demo_load

pytestmark = pytest.mark.django_db


@pytest.fixture
def scores():
    demo_load()
    return evaluate(load_cases(), day=anchor_day())


def test_the_set_is_large_and_varied():
    cases = load_cases()
    assert len(cases) >= 100
    assert len({c["category"] for c in cases}) >= 12
    # The old set scored 1.0 because every question named its topic's slug literally.
    slugs = {t for c in cases for t in c.get("topics", [])}
    literal = [c for c in cases if any(s.replace("-", " ") in c["question"].lower() for s in slugs)]
    assert len(literal) < len(cases) / 10


def test_routing_declines_and_windows_meet_the_bar(scores):
    failures = scores["failures"]
    assert scores["routing"] >= 0.95, failures
    assert scores["wrongTopic"] == 0, failures
    assert scores["declinePrecision"] >= 0.95, failures
    assert scores["declineRecall"] >= 0.95, failures
    assert scores["windowViolations"] == 0, failures
    assert scores["duplicateCitations"] == 0, failures
    assert scores["resolvedAsLive"] == 0, failures
    assert scores["premisesInvented"] == 0, failures
    caught, of = map(int, scores["premisesCaught"].split("/"))
    assert of >= 3
    assert caught == of, failures


def test_the_command_prints_the_scores_per_category(capsys):
    demo_load()
    call_command("eval_answers")
    printed = json.loads(capsys.readouterr().out)
    assert {"routing", "wrongTopic", "declinePrecision", "categories"} <= set(printed)
    assert "paraphrase" in printed["categories"]
