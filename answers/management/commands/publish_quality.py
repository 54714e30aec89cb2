import json

from django.core.management.base import BaseCommand, CommandError

from answers import services
from answers.measure import REGISTRIES, quality_card, quality_evaluate


class Command(BaseCommand):
    help = (
        "Run the Answer Engine's evaluation over every registry the project holds (the general "
        "sets, the identity and conflicts sets, every general question asked again, and the "
        "lying-model suite) and publish the quality card: per class, the count, the rate and "
        "its 95% Wilson interval, the evaluation's size and date and the code version. Served "
        "at /api/v1/quality and /quality/, named by /api/v1/release. The registries are loaded "
        "in a transaction rolled back at the end, as eval_answers does; only the card is kept. "
        "Run it at each release (docs/operations.md, Releasing)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--registry",
            action="append",
            choices=list(REGISTRIES),
            help="Only this registry, loaded alone, and its cases (repeatable). The default, "
            "and a release's card, is every registry; a card of fewer says it is not complete.",
        )
        parser.add_argument(
            "--limit",
            type=int,
            help="At most this many cases of each set (a quick check; the card says so).",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Print the card; publish nothing."
        )

    def handle(self, *args, **options):
        limit = options["limit"]
        if limit is not None and limit < 1:
            raise CommandError("--limit: at least 1.")
        names = options["registry"] or list(REGISTRIES)
        ran = quality_evaluate(registries=options["registry"], limit=limit)
        card = quality_card(ran, registries=names, limit=limit)
        self.stdout.write(json.dumps(card, indent=2, ensure_ascii=False))
        if options["dry_run"]:
            return
        stored = services.quality_card_store(card=card)
        self.stdout.write(f"published quality card {stored.pk} ({stored.digest})")
