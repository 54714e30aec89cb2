"""What the read benchmarks share: Django set up on the 1,000,000-document database."""

import math
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
# SVC_BENCH_DATABASE points every benchmark that reads `svc_bench` at another built database.
DATABASE = os.environ.get("SVC_BENCH_DATABASE", "postgres://postgres@127.0.0.1:5432/svc_bench")


def django_on_bench_database(database: str = DATABASE) -> None:
    """The service's settings plus the trivial view, on `database` (`svc_bench` unless named),
    migrated, local cache, started as a web worker starts (`config.wsgi`)."""
    os.environ.update(DATABASE_URL=database, DJANGO_SETTINGS_MODULE="bench.settings")
    os.environ.pop("REDIS_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    import config.wsgi  # noqa: F401 (a web worker's start: the URLconf loaded, then frozen)


@contextmanager
def gunicorn(env: dict[str, str], port: int, workers: int = 2) -> Iterator[str]:
    """gunicorn serving `bench.settings` (the service plus the trivial view) until the block
    ends; yields its base URL once it answers."""
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--log-level", "warning"],
        cwd=ROOT, env={**env, "DJANGO_SETTINGS_MODULE": "bench.settings"}, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                httpx.get(f"{base}/api/bench/trivial", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        else:
            raise RuntimeError("gunicorn did not answer")
        yield base
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)


def body_of(response) -> bytes:
    """The whole body of a response, read to its end: a Django test response (streamed or not)
    or an httpx one. A streamed body is produced while it is read, so a timing that stops before
    reading it measures the headers only (a dataset read once timed 0.3 ms against 160 ms)."""
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content)
    if hasattr(response, "read"):  # httpx: reads what a streamed request has not yet read
        return response.read()
    return response.content


def timed(send, clock=None):
    """(response, body, ms): `send()` and the reading of its whole body, both inside the span.
    Every request a benchmark times goes through here (tests/config/test_bench_scripts.py)."""
    clock = clock or time.perf_counter
    started = clock()
    response = send()
    body = body_of(response)
    return response, body, (clock() - started) * 1000


def cache_misses(
    client, url: str, runs: int, *, warm_up: bool = True, send=None
) -> tuple[list[float], set[int]]:
    """`runs` requests of `url` through the whole Django stack, the cache cleared before each,
    after one warm-up (the connection and the planner) unless told not to: their times in ms
    (the body read) and query counts. `send` requests it otherwise than by a GET of `url`."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from config.cachekeys import forget_local

    timings, queries = [], set()
    for run in range(runs + warm_up):
        cache.clear()
        forget_local()
        with CaptureQueriesContext(connection) as captured:
            response, body, elapsed = timed(send or (lambda: client.get(url)))
        assert response.status_code == 200, (url, response.status_code, body[:500])
        if run or not warm_up:
            timings.append(elapsed)
            queries.add(len(captured.captured_queries))
    return timings, queries


def wrk(url: str) -> float:
    """Requests/s of one wrk run (2 threads, 16 connections, 6 s)."""
    out = subprocess.run(["wrk", "-t2", "-c16", "-d6s", url], capture_output=True, text=True,
                         check=True).stdout  # fmt: skip
    line = next(line for line in out.splitlines() if line.startswith("Requests/sec"))
    return float(line.split()[1])


def busiest_topics(count: int):
    """The `count` topics with the most mentions, busiest first. Topics never mentioned sum to
    NULL, which PostgreSQL sorts first in a descending order: they go last."""
    from django.db.models import F, Sum

    from registry.models import Event

    mentions = Event.objects.annotate(n=Sum("days__mentions"))
    return mentions.order_by(F("n").desc(nulls_last=True), "pk").select_related(
        "lead_entity", "kind"
    )[:count]


def median_interval(ordered: list[float], level: float = 0.95) -> tuple[float, float]:
    """A distribution-free interval for the median of `ordered` (sorted): its order statistics
    k and n + 1 - k, k the largest that leaves at least `level` between the binomial tails
    (below six values, the whole range, which holds less). Whether one kind of request is
    slower than another, each pair carrying the host's noise, is read off this interval of
    their ratios, not off one median."""
    n, k, tail = len(ordered), 0, 0.0
    while 2 * (tail + math.comb(n, k) / 2**n) <= 1 - level:
        tail += math.comb(n, k) / 2**n  # the chance that at most k of n fall below the median
        k += 1
    k = max(k, 1)
    return ordered[k - 1], ordered[n - k]


def sign_test(above: int, n: int) -> float:
    """One-sided: the chance that at least `above` of `n` ratios are over 1 if first and later
    asks were alike (each as likely as not to be the slower)."""
    return sum(math.comb(n, k) for k in range(above, n + 1)) / 2**n
