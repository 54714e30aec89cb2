import json

from django.core.management.base import BaseCommand

from answers.evaluation import EVAL_SET, evaluate, load_cases


class Command(BaseCommand):
    help = "Score the Answer Engine on the evaluation set (run on the demo registry)."

    def add_arguments(self, parser):
        parser.add_argument("--file", default=str(EVAL_SET), help="A questions.json to score.")

    def handle(self, *args, **options):
        from pathlib import Path

        scores = evaluate(load_cases(Path(options["file"])))
        self.stdout.write(json.dumps(scores, indent=2))
