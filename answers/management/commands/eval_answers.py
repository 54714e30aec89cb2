import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from answers.measure import (
    GENERATED_SEED,
    REGISTRIES,
    generated_evaluate,
    identity_evaluate,
    registries_evaluate,
)


class Command(BaseCommand):
    help = (
        "Score the Answer Engine on the evaluation sets: routing, wrong-topic answers, declines, "
        "time windows, duplicate citations, historical markets, premises, languages (per "
        "category), per registry; or (--set identity) the identity set: untracked subjects that "
        "share words with tracked ones declined, near misses answered, per class and registry. "
        "Every registry is loaded (each one's topics distractors for the others' questions) "
        "inside one transaction rolled back at the end, so the database is left as it was; each "
        "registry's cases run as of its anchor day."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--registry",
            choices=[*REGISTRIES, "all"],
            default="all",
            help="Whose set to score (default all); with --set identity, whose cases.",
        )
        parser.add_argument(
            "--set",
            choices=["general", "identity", "generated"],
            default="general",
            help="The registries' own sets (default), the identity set across them, or the "
            "cases generated from each registry's own topics (answers.measure.casegen).",
        )
        parser.add_argument(
            "--seed", type=int, default=GENERATED_SEED, help="The generated cases' seed."
        )
        parser.add_argument(
            "--file", help="A questions file to score in place of the registry's (not with all)."
        )
        parser.add_argument("--failures", action="store_true", help="List every failed case.")

    def handle(self, *args, **options):
        names = list(REGISTRIES) if options["registry"] == "all" else [options["registry"]]
        if options["set"] == "generated":
            scores = {"generated": generated_evaluate(registries=names, seed=options["seed"])}
        elif options["set"] == "identity":
            scores = {"identity": self._identity(names, options["file"])}
        else:
            files = {}
            if options["file"]:
                if len(names) != 1:
                    raise CommandError(
                        "--file scores one registry's cases: name it with --registry."
                    )
                files[names[0]] = Path(options["file"])
            scores = registries_evaluate(names, files=files)
        for figures in scores.values():
            if not options["failures"]:
                figures["failures"] = len(figures["failures"])
        self.stdout.write(json.dumps(scores, indent=2, ensure_ascii=False))

    def _identity(self, names: list[str], file: str | None) -> dict:
        if file:
            return identity_evaluate(path=Path(file), registries=names)
        return identity_evaluate(registries=names)
