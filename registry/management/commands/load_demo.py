from django.core.management.base import BaseCommand

from registry.demo import demo_load


class Command(BaseCommand):
    help = "Load the demo registry (idempotent: a second run adds nothing)."

    def handle(self, *args, **options):
        counts = demo_load()
        self.stdout.write(
            f"demo registry: {counts['events']} events, {counts['entities']} entities, "
            f"{counts['newDocuments']} new documents"
        )
