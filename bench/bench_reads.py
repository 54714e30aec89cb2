"""Read surfaces at 1,000,000 documents: cache-miss time and query count per request.

On the database `bench_synth.py` leaves (`svc_bench`), each surface is requested through the
full Django stack (middleware, view, selector, rendering) with the cache cleared before every
request, 15 times, after one warm-up; prints the median and p90 and the queries it took.
Floor (issue 7): signals, accelerating and corroborated at most 150 ms median on a cache miss.
The others are printed for reference.

    .venv/bin/python bench/bench_reads.py
"""

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import cache_misses, django_on_bench_database

RUNS = 15
FLOOR_MS = 150
SURFACES = [
    ("signals", "/api/v1/signals", True),
    ("accelerating", "/api/v1/accelerating", True),
    ("corroborated", "/api/v1/corroborated", True),
    ("entity search", "/api/v1/entities?q=Entity%2012", False),
    ("entity detail", "/api/v1/entities/synth-entity-0", False),
    ("records listing", "/api/v1/records?wireTier=flagged", False),
    ("reporting search", "/api/v1/documents?q=storm%20deal", False),
    ("stats", "/api/v1/stats", False),
]


def main() -> None:
    django_on_bench_database()
    from django.test import Client

    from records.services import records_transition
    from registry.models import Event, Story

    records_transition()  # current states, so there are flagged topics to serve as signals
    flagged = Event.objects.filter(wire_tier="flagged").count()
    corroborated = Story.objects.filter(known_origin_count__gte=2).count()
    print(f"registry: {flagged} flagged topics, {corroborated:,} corroborated clusters")
    client = Client(HTTP_HOST="localhost")
    print(f"{'surface':18} {'median ms':>10} {'p90 ms':>8} {'queries':>8}  floor")
    for name, url, floored in SURFACES:
        timings, queries = cache_misses(client, url, RUNS)
        median = statistics.median(timings)
        p90 = sorted(timings)[int(len(timings) * 0.9)]
        verdict = ""
        if floored:
            met = "met" if median <= FLOOR_MS else "NOT met"
            verdict = f"{median / FLOOR_MS:.2f} of the {FLOOR_MS} ms floor: {met}"
        counts = "/".join(str(n) for n in sorted(queries))
        print(f"{name:18} {median:10.1f} {p90:8.1f} {counts:>8}  {verdict}")


if __name__ == "__main__":
    main()
