import os
import time

from django.core.management.base import BaseCommand

from answers.understand import embeddings, vocabulary


class Command(BaseCommand):
    help = (
        "Embed the registry's topics and entities, and every topic's newest attached documents, "
        "for the Answer Engine (only what is new or changed since the last run), so no process "
        "pays for it on a question."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--topic", action="append", dest="subjects", metavar="SUBJECT",
            help="Embed the documents of this topic only (repeatable; default: every topic).",
        )  # fmt: skip
        parser.add_argument(
            "--per-topic", type=int, default=embeddings.DOCUMENTS_PER_TOPIC,
            help="Newest attached documents per topic kept with a vector.",
        )  # fmt: skip
        parser.add_argument(
            "--processes", type=int, default=os.cpu_count() or 1,
            help="Processes computing vectors, each with its own model (default: one a core).",
        )  # fmt: skip
        parser.add_argument(
            "--limit", type=int, default=None,
            help="At most this many document vectors computed (default: all that are missing).",
        )  # fmt: skip

    def handle(self, *args, subjects, per_topic, limit, processes, **options):
        with embeddings.computing(processes=max(1, processes), progress=True):
            self._embed(subjects=subjects, per_topic=per_topic, limit=limit)

    def _embed(self, *, subjects, per_topic, limit):
        started = time.perf_counter()
        vocabulary.forget()
        before = vocabulary.COMPUTED.copy()
        vocab = vocabulary.current()
        model = vocab.model or "none: the model did not load, routing is lexical"
        computed = vocabulary.COMPUTED - before
        self.stdout.write(
            f"answer engine vocabulary: {len(vocab.topics)} topics, {len(vocab.entity_names)} "
            f"entities, model {model}; vectors computed: {computed['topic']} topics, "
            f"{computed['entity']} entities (the rest unchanged, read back); "
            f"{time.perf_counter() - started:.1f} s"
        )
        started = time.perf_counter()
        done = embeddings.documents_embed(limit=limit, per_topic=per_topic, subjects=subjects)
        self.stdout.write(
            f"documents: {done['topics']} topics, {done['checked']} documents checked, "
            f"{done['computed']} vectors computed, {time.perf_counter() - started:.1f} s"
        )
