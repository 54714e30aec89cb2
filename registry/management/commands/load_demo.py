from django.core.management import call_command
from django.core.management.base import BaseCommand

from records.services import records_transition
from worlds.atlas import atlas_load
from worlds.demo import demo_load
from worlds.kindred import kindred_load

# Each registry a load_demo can lay out: its loader and the words its summary line starts with.
REGISTRIES = {
    "demo": (demo_load, "demo registry"),
    "atlas": (atlas_load, "atlas registry"),
    "kindred": (kindred_load, "kindred registry"),
}


class Command(BaseCommand):
    help = (
        "Load the demo registry, or another (--registry), idempotently: a second run adds nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--registry",
            choices=sorted(REGISTRIES),
            default="demo",
            help=(
                "Which world to load (default demo; atlas and kindred: the engine's second and "
                "third eval worlds)."
            ),
        )

    def handle(self, *args, **options):
        load, label = REGISTRIES[options["registry"]]
        counts = load()
        # Record today's states once (history grows from here on the beat; never backfilled).
        records_transition()
        self.stdout.write(
            f"{label}: {counts['events']} events, {counts['entities']} entities, "
            f"{counts['newDocuments']} new documents"
        )
        # Topic and entity vectors now, so the Answer Engine's first ask is fast; documents' vectors
        # are the beat's embed-documents (within minutes), not every load's (hundreds of passages:
        # every test that loads the demo paid them).
        call_command("embed_registry", limit=0, stdout=self.stdout)
