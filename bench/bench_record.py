"""Topic record: cached read throughput against a trivial JSON view, and cache-miss build time.

1. Cache miss: on the 1,000,000-document database that `bench_synth.py` leaves (`svc_bench`),
   the 25 busiest synthetic topics are built with the cache cleared, in-process; prints median
   and p90 build time and the query count. Floor (issue 6): median at most 100 ms.
2. Cached reads: gunicorn serves the same settings plus one trivial JSON view (`bench/urls.py`);
   wrk reads a warmed record and the trivial view side by side and prints requests/s and the
   ratio. Floor (issue 6): the record at least 80% of the trivial view. Needs `wrk`
   (`apt-get install wrk`); without it this part is skipped, saying so.

    .venv/bin/python bench/bench_record.py
"""

import os
import shutil
import statistics
import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import DATABASE, busiest_topics, django_on_bench_database, gunicorn, wrk

PORT = 8765
REDIS = "redis://127.0.0.1:6379/15"  # a database of its own, flushed by nothing else


def cache_miss() -> str:
    django_on_bench_database()
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from records.builder import build_record

    busiest = list(busiest_topics(25))
    timings, queries = [], set()
    for event in busiest:
        cache.clear()
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            build_record(event)
            timings.append((time.perf_counter() - started) * 1000)
        queries.add(len(captured.captured_queries))
    median, p90 = statistics.median(timings), sorted(timings)[int(len(timings) * 0.9)]
    print(
        f"cache-miss build     median {median:.1f} ms, p90 {p90:.1f} ms over {len(timings)} "
        f"topics (floor: median <= 100 ms: {median / 100:.2f} of it); queries {sorted(queries)}"
    )
    return busiest[0].subject


def cached_reads(subject: str) -> None:
    if not shutil.which("wrk"):
        print("cached reads         skipped: wrk is not installed (apt-get install wrk)")
        return
    # Both caches the service runs with: the embedded default and Redis (scale-out).
    for name, redis_url in (("local memory", None), ("redis", REDIS)):
        trivial, record = side_by_side(subject, redis_url)
        print(
            f"cached reads ({name:12}) record {record:,.0f} req/s, trivial JSON {trivial:,.0f} "
            f"req/s: {record / trivial:.2f} of the trivial view (floor 0.80)"
        )


def side_by_side(subject: str, redis_url: str | None) -> tuple[float, float]:
    """Medians of three interleaved wrk runs each: trivial, record, trivial, record, ..."""
    env = {**os.environ, "DATABASE_URL": DATABASE, "DJANGO_SETTINGS_MODULE": "bench.settings"}
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    with gunicorn(env, PORT) as base:
        record_url = f"{base}/api/record/{subject}"
        for _ in range(8):  # warm both workers' caches
            assert httpx.get(record_url, timeout=30).status_code == 200
        runs = [(wrk(f"{base}/api/bench/trivial"), wrk(record_url)) for _ in range(3)]
    return statistics.median(t for t, _ in runs), statistics.median(r for _, r in runs)


if __name__ == "__main__":
    cached_reads(cache_miss())
