from datetime import UTC, date, datetime

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from worlds.synth import SynthAlreadyLoaded, synth_generate


class Command(BaseCommand):
    help = "Insert deterministic synthetic registry data at scale (for benchmarks)."

    def add_arguments(self, parser):
        parser.add_argument("--events", type=int, default=1000)
        parser.add_argument("--entities", type=int, default=5000)
        parser.add_argument("--documents", type=int, default=100_000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--anchor",
            type=date.fromisoformat,
            default=None,
            help="Last day of the data (YYYY-MM-DD); default today (UTC).",
        )
        parser.add_argument("--batch-size", type=int, default=5000)

    def handle(self, *args, **options):
        for name in ("events", "entities", "documents", "batch_size"):
            if options[name] < 1:
                raise CommandError(f"--{name.replace('_', '-')} must be at least 1")
        anchor = options["anchor"] or datetime.now(UTC).date()
        with tqdm(total=options["documents"], unit="doc", disable=None) as bar:
            try:
                counts = synth_generate(
                    events=options["events"],
                    entities=options["entities"],
                    documents=options["documents"],
                    seed=options["seed"],
                    anchor=anchor,
                    batch_size=options["batch_size"],
                    progress=bar.update,
                )
            except SynthAlreadyLoaded as exc:
                raise CommandError(str(exc)) from None
        self.stdout.write(
            f"synthetic registry: {counts['documents']} documents, {counts['entities']} entities, "
            f"{counts['events']} events"
        )
