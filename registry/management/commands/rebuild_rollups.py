from datetime import date

from django.core.management.base import BaseCommand

from aggregates import rollups_rebuild


class Command(BaseCommand):
    help = (
        "Recompute the per-day rollups from mentions (all days, or from --since on) and the "
        "per-event totals (always whole)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--since", type=date.fromisoformat, default=None, help="YYYY-MM-DD")

    def handle(self, *args, **options):
        counts = rollups_rebuild(since=options["since"])
        self.stdout.write(", ".join(f"{name} {count:,}" for name, count in counts.items()))
