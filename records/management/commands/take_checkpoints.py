from django.core.management.base import BaseCommand

from records.services import record_checkpoints_take


class Command(BaseCommand):
    help = (
        "Checkpoint each topic's counts (what a record as of an instant starts from): now for "
        "topics with enough documents stored since their last, or with --history at every "
        "SPACING-th stored document since (after a migration, a restored or synthetic database)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--history", action="store_true")

    def handle(self, *args, **options):
        taken = record_checkpoints_take(history=options["history"])
        self.stdout.write(f"checkpoints taken: {taken:,}")
