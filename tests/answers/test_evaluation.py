"""The engine on its evaluation set: precise citations, found where required, honest declines."""

import json

import pytest
from django.core.management import call_command

from answers.evaluation import evaluate, load_cases
from registry.demo import demo_load

pytestmark = pytest.mark.django_db


def test_the_engine_meets_its_evaluation_set_on_the_demo():
    demo_load()
    scores = evaluate(load_cases())
    assert scores["cases"] == 10
    assert scores["groundedOrDeclined"] == 1.0
    assert scores["citationRecall"] == 1.0, scores["misses"]
    assert scores["citationPrecision"] == 1.0


def test_the_command_prints_the_scores(capsys):
    demo_load()
    call_command("eval_answers")
    assert set(json.loads(capsys.readouterr().out)) >= {"citationPrecision", "citationRecall"}
