import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from answers.evaluation import EVAL_SET, evaluate, load_cases
from registry.demo import anchor_day


class Command(BaseCommand):
    help = (
        "Score the Answer Engine on the evaluation set: routing, wrong-topic answers, declines, "
        "time windows, duplicate citations, historical markets, premises (per category). Runs on "
        "the demo registry (manage.py load_demo), as of the day it was laid out from."
    )

    def add_arguments(self, parser):
        parser.add_argument("--file", default=str(EVAL_SET), help="A questions.json to score.")
        parser.add_argument("--failures", action="store_true", help="List every failed case.")

    def handle(self, *args, **options):
        day = anchor_day()
        if day is None:
            raise CommandError("The demo registry is not loaded: run manage.py load_demo first.")
        scores = evaluate(load_cases(Path(options["file"])), day=day)
        if not options["failures"]:
            scores["failures"] = len(scores["failures"])
        self.stdout.write(json.dumps(scores, indent=2, ensure_ascii=False))
