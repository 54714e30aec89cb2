"""The record as of an instant and answers that replay, at 1,000,000 documents (issue 44).

On the database `bench_synth.py` leaves (`--database`, default `svc_bench`), migrated to this
code (a database built before issue 44 gets its documents' ingestion instants from their fetch
times, and its topics' checkpoints from `take_checkpoints --history`, timed here when missing):

1. The record, through the whole Django stack with the cache cleared before each request, for
   the 25 busiest topics: now (`GET /api/record/{topic}`), and as of an hour, a day, a week and
   four weeks before the newest document was stored (`?asOf=`). Median and p99 of each, and the
   as-of median against the current one. Floor (issue 44): as-of median at most 50 ms, the
   current read's floor.
2. Asks on 15 busy topics, worded as users word them: a fresh sync ask, the same question again
   with the first answer's `asOf` (a replay: its words and citations are checked equal), and as
   of a day before. Medians and p90 of each. Words only, unless `--model`.

    .venv/bin/python bench/bench_asof.py [--database postgres://.../svc_bench] [--runs 3]
                                         [--no-asks] [--model]
"""

import argparse
import json
import os
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import (
    DATABASE,
    busiest_topics,
    cache_misses,
    django_on_bench_database,
    timed,
)

FLOOR = 50.0  # ms, the as-of read's median (the current read's floor)
BACK = {"an hour": timedelta(hours=1), "a day": timedelta(days=1),
        "a week": timedelta(days=7), "four weeks": timedelta(days=28)}  # fmt: skip
LIMITS = {"SVC_ASKS_PER_ADDRESS_DAY": "100000000", "SVC_BURST_KEYS": "100000000/m"}
ASKS = 15


def quantiles(timings: list[float]) -> tuple[float, float]:
    ordered = sorted(timings)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def synthetic_history() -> None:
    """A synthetic database built before issue 44 created its topics when it was built, after
    the history it laid out: they are dated to the history's start, as `synth_registry` now
    dates them, so a record as of an instant of it is not before its topic existed."""
    from django.db.models import Min

    from registry.models import Event, EventMention

    first = EventMention.objects.aggregate(at=Min("ingested_at"))["at"]
    late = Event.objects.filter(subject__startswith="synth-", created_at__gt=first)
    if first and late.exists():
        moved = late.update(created_at=first - timedelta(days=1))
        print(f"synthetic topics     {moved:,} dated to the history's start ({first:%Y-%m-%d})")


def checkpoints_ready() -> None:
    """Checkpoints for every busy topic, taken at every `SPACING`-th stored document when the
    database has none (built before issue 44), timed."""
    from records.models import RecordCheckpoint
    from records.services import record_checkpoints_take

    if RecordCheckpoint.objects.exists():
        print(f"checkpoints          {RecordCheckpoint.objects.count():,} already kept")
        return
    started = time.perf_counter()
    taken = record_checkpoints_take(history=True)
    print(f"checkpoints          {taken:,} taken in {time.perf_counter() - started:.1f} s")


def records(client, runs: int) -> None:
    from django.db.models import Max

    from registry.models import Document

    newest = Document.objects.aggregate(at=Max("ingested_at"))["at"]
    topics = [event.subject for event in busiest_topics(25)]
    current, queries = [], set()
    as_of: dict[str, list[float]] = {name: [] for name in BACK}
    for subject in topics:
        timings, counted = cache_misses(client, f"/api/record/{subject}", runs)
        current += timings
        queries |= counted
        for name, back in BACK.items():
            instant = (newest - back).isoformat().replace("+", "%2B")
            timings, counted = cache_misses(client, f"/api/record/{subject}?asOf={instant}", runs)
            as_of[name] += timings
            queries |= counted
    median, p99 = quantiles(current)
    print(f"record now           median {median:6.1f} ms  p99 {p99:6.1f} ms  "
          f"({len(current)} reads of {len(topics)} topics)")  # fmt: skip
    every = [t for timings in as_of.values() for t in timings]
    for name, timings in [*as_of.items(), ("every instant", every)]:
        m, p = quantiles(timings)
        print(f"record as of {name:12} median {m:6.1f} ms  p99 {p:6.1f} ms  "
              f"({m / median:.2f} of the current median)")  # fmt: skip
    m = quantiles(every)[0]
    met = "met" if m <= FLOOR else "NOT met"
    print(f"as-of floor          median {m:.1f} ms against {FLOOR:g} ms: {met}; "
          f"queries per read {sorted(queries)}")  # fmt: skip


def questions() -> list[tuple[str, str]]:
    """(subject, question) on 15 busy topics, worded as users word them."""
    shapes = [
        "What is the latest on {lead} and the {term}?",
        "What changed this week for {lead}?",
        "Are traders betting on a {term} involving {lead}?",
    ]
    events = list(busiest_topics(ASKS))
    return [
        (e.subject, shapes[n % len(shapes)].format(lead=e.lead_entity.name,
                                                    term=e.subject_terms[0]))
        for n, e in enumerate(events)
    ]  # fmt: skip


def timed_ask(client, body: dict) -> tuple[float, dict]:
    def send():
        return client.post("/api/ask", json.dumps(body), content_type="application/json")

    response, content, elapsed = timed(send)  # the body read inside the span
    assert response.status_code == 200, content
    return elapsed, json.loads(content)


def asks(client) -> None:
    from django.core.management import call_command

    asked = questions()
    started = time.perf_counter()
    call_command("embed_registry", *(f"--topic={subject}" for subject, _ in asked))
    print(f"embed_registry       {time.perf_counter() - started:.1f} s (kept in the database)")
    timed_ask(client, {"question": asked[0][1]})  # the model's first question
    fresh, again, earlier, same = [], [], [], 0
    for _, question in asked:
        elapsed, first = timed_ask(client, {"question": question})
        fresh.append(elapsed)
        elapsed, replay = timed_ask(client, {"question": question, "asOf": first["asOf"]})
        again.append(elapsed)
        same += (replay["answer"], replay["citations"]) == (first["answer"], first["citations"])
        instant = first["asOf"].replace("+00:00", "Z")
        day_before = (datetime_of(instant) - timedelta(days=1)).isoformat()
        earlier.append(timed_ask(client, {"question": question, "asOf": day_before})[0])
    for name, timings in (("fresh", fresh), ("replayed", again), ("as of a day before", earlier)):
        median, p90 = statistics.median(timings), sorted(timings)[int(len(timings) * 0.9)]
        print(f"ask {name:18} median {median:7.1f} ms  p90 {p90:7.1f} ms")
    print(f"replays the same as their first answer (words and citations): {same} of {len(asked)}")


def datetime_of(text: str):
    from datetime import datetime

    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", default=DATABASE)
    parser.add_argument("--runs", type=int, default=3, help="timed reads per topic and instant")
    parser.add_argument("--no-asks", action="store_true")
    parser.add_argument(
        "--model", action="store_true",
        help="asks with the embedding model (its topic and entity vectors are computed first "
        "where the database lacks them: about an hour for 22,000 on two busy cores)",
    )  # fmt: skip
    options = parser.parse_args()
    os.environ.update(LIMITS)
    # A web worker preloads the Answer Engine (`config.wsgi`); the record never reads it.
    os.environ["SVC_ANSWER_EMBEDDINGS"] = "e5" if options.model else "off"
    print(f"answer engine        {'with' if options.model else 'without'} the embedding model")
    django_on_bench_database(options.database)
    from django.test import Client

    synthetic_history()
    checkpoints_ready()
    client = Client(HTTP_HOST="localhost")
    records(client, options.runs)
    if not options.no_asks:
        asks(client)


if __name__ == "__main__":
    main()
