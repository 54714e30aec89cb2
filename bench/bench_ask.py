"""Answer Engine at 1,000,000 documents: sync answer time and async ticket time.

On the database `bench_synth.py` leaves (`svc_bench`), `POST /api/ask` through the whole Django
stack: 15 sync asks about different synthetic topics (after one warm-up), then 30 async
submissions (the ticket only; the answer is a worker's). Prints medians and p90s. The anonymous
allowance is raised for this process only, so the meter is exercised but never refuses.
Floors (issue 10): sync median at most 1 s; async ticket median at most 100 ms.

    .venv/bin/python bench/bench_ask.py
"""

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import django_on_bench_database

RUNS = 15


def timed(client, body) -> float:
    started = time.perf_counter()
    response = client.post("/api/ask", body, content_type="application/json")
    elapsed = (time.perf_counter() - started) * 1000
    assert response.status_code in (200, 202), response.content
    return elapsed


def report(name: str, timings: list[float], floor: float) -> None:
    median, p90 = statistics.median(timings), sorted(timings)[int(len(timings) * 0.9)]
    met = "met" if median <= floor else "NOT met"
    print(
        f"{name:14} median {median:7.1f} ms  p90 {p90:7.1f} ms  "
        f"({median / floor:.2f} of the {floor:g} ms floor: {met})"
    )


def main() -> None:
    os.environ["SVC_ASKS_PER_ADDRESS_DAY"] = "1000000"
    django_on_bench_database()
    import json

    from django.test import Client

    client = Client(HTTP_HOST="localhost")
    questions = [f"What is happening with synthetic topic {n}?" for n in range(100, 101 + RUNS)]
    sync = [timed(client, json.dumps({"question": q})) for q in questions]
    grounded = client.post(
        "/api/ask", json.dumps({"question": questions[1]}), content_type="application/json"
    ).json()["grounded"]
    print(f"sync answers grounded: {grounded}")
    report("sync answer", sync[1:], 1000)
    asynchronous = [
        timed(client, json.dumps({"question": q, "mode": "async"})) for q in questions * 2
    ]
    report("async ticket", asynchronous[1:], 100)


if __name__ == "__main__":
    main()
