import time

from django.core.management.base import BaseCommand

from answers import vocabulary


class Command(BaseCommand):
    help = (
        "Embed the registry's topics and entities for the Answer Engine (only what changed since "
        "the last run), so no process pays for it on its first question."
    )

    def handle(self, *args, **options):
        started = time.perf_counter()
        vocabulary.forget()
        vocab = vocabulary.current()
        model = vocab.model or "none: the model did not load, routing is lexical"
        self.stdout.write(
            f"answer engine vocabulary: {len(vocab.topics)} topics, {len(vocab.entity_names)} "
            f"entities, model {model}, {time.perf_counter() - started:.1f} s"
        )
