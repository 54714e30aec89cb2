from django.core.management import call_command
from django.core.management.base import BaseCommand

from records.services import records_transition
from registry.demo import demo_load


class Command(BaseCommand):
    help = "Load the demo registry (idempotent: a second run adds nothing)."

    def handle(self, *args, **options):
        counts = demo_load()
        # Record today's states once (history grows from here on the beat; never backfilled).
        records_transition()
        self.stdout.write(
            f"demo registry: {counts['events']} events, {counts['entities']} entities, "
            f"{counts['newDocuments']} new documents"
        )
        call_command("embed_registry", stdout=self.stdout)  # the Answer Engine's first ask is fast
