"""Ingest throughput: documents/s through the whole pipeline on one core.

Canonical URLs, dedupe, entity and verb tagging (Aho-Corasick over the demo registry plus 20,000
extra entities), MinHash signatures with LSH story assignment, bulk inserts and rollup upserts,
in batches the size of a large feed. Floor (issue 4): 1,000 documents/s.

    .venv/bin/python bench/bench_ingest.py                        # SQLite, temporary file
    .venv/bin/python bench/bench_ingest.py --postgres              # fresh database svc_bench_ingest
    .venv/bin/python bench/bench_ingest.py --postgres --topics 2000  # topics sharing terms
    .venv/bin/python bench/bench_ingest.py --postgres --topics 2000 --workers 2  # concurrent

With `--workers N`, N processes (forked after the setup, as Celery's prefork pool starts its
workers) ingest every N-th item each, concurrently: the service's ingest throughput when feeds
are fetched by several workers, with their rollup upserts meeting on the same rows.
"""

import argparse
import multiprocessing
import os
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WORDS = [
    "talks", "deal", "vote", "storm", "rates", "inflation", "launch", "output", "court", "ruling",
    "funding", "merger", "ceasefire", "election", "quota", "forecast", "surge", "record",
    "decline", "shares", "bonds", "outage", "strike", "summit", "probe", "officials", "markets",
    "analysts", "sources", "week", "region", "plan",
]  # fmt: skip


def configure(postgres: bool) -> str:
    if postgres:
        import psycopg

        with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as c:
            c.execute('DROP DATABASE IF EXISTS "svc_bench_ingest"')
            c.execute('CREATE DATABASE "svc_bench_ingest"')
        url = "postgres://postgres@127.0.0.1:5432/svc_bench_ingest"
    else:
        url = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    os.environ["DATABASE_URL"] = url
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return url.split("://")[0]


def make_items(n: int, rng: random.Random):
    from ingestion import IncomingDocument
    from registry.models import Entity, Outlet, Vertical

    names = list(Entity.objects.values_list("name", flat=True))
    outlets, vertical = list(Outlet.objects.all()), Vertical.objects.first()
    start = datetime(2026, 11, 22, tzinfo=UTC)
    items = []
    for i in range(n):
        if items and rng.random() < 0.2:  # a syndicated or rewritten copy of a recent story
            source = items[-rng.randint(1, min(50, len(items)))]
            title, summary = source.title, source.summary
        else:
            subjects = rng.sample(names, 2)
            title = f"{subjects[0]} {' '.join(rng.sample(WORDS, 6))} {subjects[1]}"
            summary = " ".join(rng.choices(WORDS, k=30))
        at = start - timedelta(minutes=rng.randrange(7 * 24 * 60))
        items.append(
            IncomingDocument(
                url=f"https://bench-{i % 40}.example/{at:%Y/%m/%d}/{i}?utm_source=rss",
                title=title, summary=summary, outlet=rng.choice(outlets), vertical=vertical,
                published_at=at, fetched_at=start,
            )
        )  # fmt: skip
    return items


def add_topics(n: int, rng: random.Random) -> None:
    """Topics as a large registry has them: each led by its own entity, all drawing their terms
    from the same few words, so many topics share each term."""
    from registry import services
    from registry.models import Entity

    leads = Entity.objects.filter(slug__startswith="bench-entity-").order_by("pk")[:n]
    for i, lead in enumerate(leads):
        services.event_upsert(
            subject=f"bench-topic-{i}",
            title=f"Bench topic {i}",
            lead_entity=lead,
            subject_terms=rng.sample(WORDS, 2),
            question_terms=rng.sample(WORDS, 3),
        )


def ingest_share(items, batch: int) -> int:
    from ingestion import documents_ingest

    return sum(
        documents_ingest(items=items[offset : offset + batch]).new
        for offset in range(0, len(items), batch)
    )


def ingest(items, batch: int, workers: int) -> int:
    """New documents stored by `workers` processes, each taking every `workers`-th item."""
    if workers == 1:
        return ingest_share(items, batch)
    from django.db import connections

    connections.close_all()  # each forked process opens its own connection
    shares = [(items[n::workers], batch) for n in range(workers)]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return sum(pool.starmap(ingest_share, shares))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=20_000)
    parser.add_argument("--batch", type=int, default=200)
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument(
        "--topics", type=int, default=0, help="extra topics, led by bench entities, sharing terms"
    )
    parser.add_argument("--workers", type=int, default=1, help="concurrent ingest processes")
    args = parser.parse_args()
    engine = configure(args.postgres)

    from aggregates import pace
    from ingestion.tagging import current_tagger
    from registry.models import Entity, Story
    from worlds.demo import demo_load

    demo_load()
    pace.roll()  # as the ingest beat does: each batch then adds to the attention pace too
    Entity.objects.bulk_create(
        Entity(slug=f"bench-entity-{i}", name=f"Bench Entity {i:05d}") for i in range(20_000)
    )
    add_topics(args.topics, random.Random(11))
    current_tagger()  # built once, as a long-running worker would have it
    items = make_items(args.documents, random.Random(7))
    started = time.perf_counter()
    new = ingest(items, args.batch, args.workers)
    elapsed = time.perf_counter() - started
    rate = args.documents / elapsed
    print(f"database             {engine}")
    print(f"ingest processes     {args.workers}")
    print(f"extra topics         {args.topics:,} sharing {len(WORDS)} words")
    print(f"documents offered    {args.documents:,} in batches of {args.batch}")
    print(f"new documents        {new:,} (the rest are URL duplicates)")
    print(f"stories              {Story.objects.count():,}")
    print(f"elapsed              {elapsed:,.1f} s")
    print(f"throughput           {rate:,.0f} documents/s ({rate / 1000:.2f} x the 1,000/s floor)")


if __name__ == "__main__":
    main()
