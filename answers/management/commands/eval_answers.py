import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from answers.evaluation import REGISTRIES, registries_evaluate


class Command(BaseCommand):
    help = (
        "Score the Answer Engine on the evaluation sets: routing, wrong-topic answers, declines, "
        "time windows, duplicate citations, historical markets, premises, languages (per "
        "category), per registry. Both registries are loaded (each one's topics distractors for "
        "the other's questions) inside one transaction rolled back at the end, so the database "
        "is left as it was; each set runs as of its registry's anchor day."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--registry",
            choices=[*REGISTRIES, "all"],
            default="all",
            help="Whose set to score (default all).",
        )
        parser.add_argument(
            "--file", help="A questions file to score in place of the registry's (not with all)."
        )
        parser.add_argument("--failures", action="store_true", help="List every failed case.")

    def handle(self, *args, **options):
        names = list(REGISTRIES) if options["registry"] == "all" else [options["registry"]]
        files = {}
        if options["file"]:
            if len(names) != 1:
                raise CommandError("--file scores one registry's cases: name it with --registry.")
            files[names[0]] = Path(options["file"])
        scores = registries_evaluate(names, files=files)
        for figures in scores.values():
            if not options["failures"]:
                figures["failures"] = len(figures["failures"])
        self.stdout.write(json.dumps(scores, indent=2, ensure_ascii=False))
