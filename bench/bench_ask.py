"""Answer Engine at 1,000,000 documents: sync answer time, memory, async ticket time, and the
previous engine on the same questions.

On the database `bench_synth.py` leaves (`svc_bench`), `POST /api/ask` through the whole Django
stack. First `embed_registry` (topic and entity vectors, kept in the database: only what changed
is computed), then in this process: the first ask (the model loads, the vocabulary is built), 15
sync asks worded as users word them (a topic's lead name and words, several intents, a time
window), the 15 sync asks the previous benchmark used ("synthetic topic N"), and 30 async
submissions (the ticket only; the answer is a worker's). Prints medians and p90s, the resident
memory the process gained from before the first ask to the end, and how often the model loaded.

With `--previous REV` (default: the commit before the engine was rebuilt), that revision's
`bench/bench_ask.py` runs from a temporary git worktree on the same database, and the ratio of
the sync medians on the shared questions is printed.

Floors: sync median at most 300 ms including the model; the model loaded once per process; a
web process grows by at most 150 MB; async ticket median at most 100 ms.

    .venv/bin/python bench/bench_ask.py [--previous REV | --no-previous]
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import ROOT, django_on_bench_database

RUNS = 15
PREVIOUS = "f833cfb"  # the last commit with the evidence-listing engine
PREVIOUS_LINE = re.compile(r"sync answer\s+median\s+([\d.]+) ms")


def timed(client, body: dict) -> tuple[float, dict]:
    started = time.perf_counter()
    response = client.post("/api/ask", json.dumps(body), content_type="application/json")
    elapsed = (time.perf_counter() - started) * 1000
    assert response.status_code in (200, 202), response.content
    return elapsed, response.json()


def report(name: str, timings: list[float], floor: float) -> float:
    median, p90 = statistics.median(timings), sorted(timings)[int(len(timings) * 0.9)]
    met = "met" if median <= floor else "NOT met"
    print(
        f"{name:14} median {median:7.1f} ms  p90 {p90:7.1f} ms  "
        f"({median / floor:.2f} of the {floor:g} ms floor: {met})"
    )
    return median


def resident_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def user_questions() -> list[str]:
    """Questions as users word them about synthetic topics: a lead's name and a curated word."""
    from registry.models import Event

    shapes = [
        "What is the latest on {lead} and the {term}?",
        "What changed this week for {lead}?",
        "Are traders betting on a {term} involving {lead}?",
        "Is the {term} still going on for {lead}?",
        "How much reporting is there about {lead} {term}?",
    ]
    events = Event.objects.select_related("lead_entity").order_by("pk")[100 : 100 + RUNS]
    return [
        shapes[n % len(shapes)].format(lead=e.lead_entity.name, term=e.subject_terms[0])
        for n, e in enumerate(events)
    ]


def previous_median(rev: str) -> float | None:
    """The sync median of `rev`'s own bench_ask.py on the same database, from a worktree."""
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "previous"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(tree),
                        rev], check=True)  # fmt: skip
        try:
            # This checkout's editable install maps the project's packages to itself: drop that
            # finder, so the previous revision runs its own code.
            script = tree / "bench" / "bench_ask.py"
            own = (
                "import runpy, sys; sys.meta_path[:] = [f for f in sys.meta_path if 'editable' "
                f"not in getattr(f, '__module__', '')]; runpy.run_path({str(script)!r}, "
                "run_name='__main__')"
            )
            env = {**os.environ, "PYTHONPATH": str(tree)}
            run = subprocess.run([sys.executable, "-c", own], env=env, cwd=tree,
                                 capture_output=True, text=True, check=False)  # fmt: skip
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           check=False)  # fmt: skip
    found = PREVIOUS_LINE.search(run.stdout)
    if not found:
        print(f"previous engine ({rev}) did not report:\n{run.stdout}{run.stderr}")
        return None
    return float(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--previous", default=PREVIOUS, help="revision to compare against")
    parser.add_argument("--no-previous", action="store_true")
    options = parser.parse_args()
    os.environ["SVC_ASKS_PER_ADDRESS_DAY"] = "1000000"
    django_on_bench_database()
    from django.core.management import call_command
    from django.test import Client

    from answers import embeddings

    started = time.perf_counter()
    call_command("embed_registry")
    print(f"embed_registry: {time.perf_counter() - started:.1f} s (vectors kept in the database)")
    embeddings.forget()  # this process pays the model's load on its first ask, as a server does
    loads = []
    real = embeddings._load
    embeddings._load = lambda: loads.append(1) or real()

    client = Client(HTTP_HOST="localhost")
    questions = user_questions()
    legacy = [f"What is happening with synthetic topic {n}?" for n in range(100, 100 + RUNS)]
    before = resident_mb()
    first, _ = timed(client, {"question": "What is happening with synthetic topic 99?"})
    print(f"first ask (model load, vocabulary): {first:.0f} ms")
    user = [timed(client, {"question": q}) for q in questions]
    grounded = sum(answer["grounded"] for _, answer in user)
    print(f"user-worded answers grounded: {grounded} of {len(user)}")
    report("sync (users)", [t for t, _ in user], 300)
    median = report("sync (legacy)", [timed(client, {"question": q})[0] for q in legacy], 300)
    asynchronous = [timed(client, {"question": q, "mode": "async"})[0] for q in legacy * 2]
    report("async ticket", asynchronous, 100)
    grown = resident_mb() - before
    print(f"resident memory grew {grown:.0f} MB ({grown / 150:.2f} of the 150 MB floor)")
    print(f"model loads in this process: {len(loads)}")
    if not options.no_previous:
        previous = previous_median(options.previous)
        if previous:
            print(
                f"previous engine ({options.previous}) sync median {previous:.1f} ms on the same "
                f"legacy questions: this engine takes {median / previous:.2f} of its time"
            )


if __name__ == "__main__":
    main()
