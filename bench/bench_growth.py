"""Growth: every read surface's cache miss at each size, and cached reads while entries expire.

For each size (default 100,000 and 1,000,000 documents) a synthetic database
`svc_growth_<size>` is built with `bench_synth.py` (kept; `--reuse` skips the build when it
already holds that many documents). Each size is served by a process of its own; every read
surface (and `tools/call get_signals` on the MCP door) is requested through the full Django
stack with the cache cleared before each request and the body read, and so is a sync ask worded
as users word it (`ASKS`, model off unless SVC_ANSWER_EMBEDDINGS=e5), RUNS times a size after one
warm-up, the sizes alternated request by request (so a drifting machine slows each alike):
median, p99 and quartiles per surface, any search text included. Then the growth from each
size to the next, surface by surface: the ratio of the medians with its 95% bootstrap interval.

At the largest size, cached reads under concurrent expiry: gunicorn (2 workers) on Redis, wrk
(2 threads, 16 connections) on each surface in turn while this process turns every entry stale
once a second (its `fresh_until` moved into the past, as an expiry does): p99 against the
median of the same run. Needs wrk (`apt-get install wrk`); without it that part is skipped.

Floors (at the largest size on PostgreSQL): miss median <= 50 ms and p99 <= 150 ms on every
surface; growth from the size before it <= 1.5x (1M to 10M with `--documents 10000000`), 1.3x for
relevance search of three common words, the default signals page, MCP get_signals and each ask
(issue 51, whose median floor is the ask's 150 ms, with no p99 floor); cached p99 under expiry
<= 3x its median. A database kept from an earlier build (`--reuse`) is migrated
to this code's schema first.

    .venv/bin/python bench/bench_growth.py                       # builds both: about 11 minutes
    .venv/bin/python bench/bench_growth.py --reuse --sizes 100000,1000000
    .venv/bin/python bench/bench_growth.py --reuse --documents 10000000   # 100k, 1M and 10M
"""

import argparse
import itertools
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from itertools import pairwise
from pathlib import Path

import httpx
import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.common import (  # noqa: E402
    busiest_topics,
    cache_misses,
    django_on_bench_database,
    gunicorn,
)

SERVER = "postgres://postgres@127.0.0.1:5432"
REDIS = "redis://127.0.0.1:6379/15"
PORT = 8766
RUNS = 100  # requests per surface and size, the sizes alternated request by request
MEDIAN_MS, P99_MS, GROWTH, EXPIRY_RATIO = 50, 150, 1.5, 3.0
# Issue 41: these grew 1.44-1.72x from 100k to 1M; their floor is 1.3x per 10x.
TIGHT_GROWTH = 1.3
TIGHT = {"search storm deal vote, by relevance", "signals", "mcp get_signals"}
# Issue 51: a sync ask worded as users word it, model off, grew 1.42-1.53x from 100k to 1M. Each
# shape is asked of another topic at each request (the same topics at every size, in turn), half
# beside a name no registry holds: a repeated question would find the engine's caches warm.
ASKS = (
    "Did {lead} Holdings comment on the {term}?",
    "What changed this week for {lead}?",
    "What did the Ostrane Harbour Board say about {lead}?",
    "Is the {term} still going on for {lead}?",
)
TIGHT |= {f"ask: {shape}" for shape in ASKS}
ASK_MEDIAN_MS = 150  # the sync ask's floor (bench_ask.py)
ASK_LIMITS = {"SVC_ASKS_PER_ADDRESS_DAY": "100000000", "SVC_BURST_KEYS": "100000000/m"}
SEARCHES = [
    "storm deal vote",  # three common words
    '"ceasefire quota probe"',  # a phrase of common words, rarely in that order
    '"entity ceasefire"',  # a phrase of common words that never meet (a number follows "entity")
    '"zebra harbour quantum"',  # a phrase of words no document has
    "storm -deal",  # a common word, another excluded
    "inflation or outage",  # alternatives
    "Entity 17",  # a name
]
RANKED = ["storm deal vote", "inflation or outage", "Entity 17"]  # sort=relevance: a pool of 200


def surfaces(topic: str) -> list[tuple[str, str]]:
    """(name, URL) of every read surface, the busiest topic and entity where one is named."""
    reads = [
        ("record", f"/api/record/{topic}"),
        ("record history", f"/api/v1/records/{topic}/history"),
        ("record coverage", f"/api/v1/records/{topic}/coverage"),
        ("records listing", "/api/v1/records?wireTier=flagged"),
        # The same page at every size: more topics are flagged as documents a day grow, so
        # the default page holds more of them (24 at 100k, 50 at 1M).
        ("records listing, page of 20", "/api/v1/records?wireTier=flagged&limit=20"),
        ("signals", "/api/v1/signals"),
        ("signals, page of 20", "/api/v1/signals?limit=20"),
        ("entity search", "/api/v1/entities?q=Entity%2012"),
        ("entity detail", "/api/v1/entities/synth-entity-0"),
        ("entities compare", "/api/v1/entities/compare?names=synth-entity-0,synth-entity-1"),
        ("accelerating", "/api/v1/accelerating"),
        ("corroborated", "/api/v1/corroborated"),
        ("sources", "/api/v1/sources"),
        ("tripwires", "/api/v1/tripwires"),
        ("markets", "/api/v1/markets"),
        ("stats", "/api/v1/stats"),
        ("datasets", "/api/v1/datasets"),
        ("dataset", "/api/v1/datasets/records-index"),
        ("mcp get_signals", "mcp:get_signals"),  # tools/call on the MCP door
        ("mcp get_signals, page of 20", 'mcp:get_signals:{"limit": 20}'),
        ("verticals", "/api/v1/verticals"),
    ]
    for text in SEARCHES:
        reads.append((f"search {text}", "/api/v1/documents?" + str(httpx.QueryParams(q=text))))
    for text in RANKED:
        query = httpx.QueryParams(q=text, sort="relevance")
        reads.append((f"search {text}, by relevance", f"/api/v1/documents?{query}"))
    return reads + [(f"ask: {shape}", f"ask:{shape}") for shape in ASKS]


# --- building ---------------------------------------------------------------------------------


def database(size: int) -> str:
    return f"svc_growth_{size}"


def holds(size: int) -> bool:
    try:
        with psycopg.connect(f"{SERVER}/{database(size)}") as conn:
            # The tally's ledger (aggregates.tally): exact without counting a million rows.
            row = conn.execute(
                "SELECT coalesce(sum(delta), 0) FROM registry_tally WHERE name = 'documents'"
            ).fetchone()
    except psycopg.Error:
        return False
    return row[0] >= size


def build(size: int) -> None:
    synth = [sys.executable, str(ROOT / "bench" / "bench_synth.py")]
    subprocess.run([*synth, "--documents", str(size), "--database", database(size)], check=True)


def migrate(size: int) -> None:
    """A database kept from an earlier build, brought to this code's schema (new kept tables
    are counted by the measurement's own roll)."""
    env = {**os.environ, "DATABASE_URL": f"{SERVER}/{database(size)}"}
    env.pop("REDIS_URL", None)
    manage = [sys.executable, str(ROOT / "manage.py"), "migrate", "--noinput", "-v0"]
    subprocess.run(manage, env=env, check=True)


# --- one size, in its own process (Django binds one database) --------------------------------


def serve(size: int, only: str = "") -> None:
    """A child serving one size: ready once set up (the busiest topic named), then, for each
    surface name read from stdin, one cache miss of it, its milliseconds written back. The
    parent alternates the sizes request by request: a machine whose speed drifts during the run
    (a shared one does) slows every size alike, so growth stays honest."""
    django_on_bench_database(f"{SERVER}/{database(size)}")
    from django.test import Client

    from aggregates import pace
    from records.services import records_transition

    records_transition()
    pace.roll()  # as the ingest beat does each run: the kept window counted as of today
    topic = busiest_topics(1)[0].subject
    client = Client(HTTP_HOST="localhost")
    urls = {name: url for name, url in surfaces(topic) if name.startswith(tuple(only.split(",")))}
    senders = {url: sender(client, url, asked_of()) for url in urls.values()}
    for url in urls.values():  # the warm-up: the connection, the planner, the code
        cache_misses(client, url, 0, send=senders[url])
    print(json.dumps({"topic": topic}), flush=True)
    for line in sys.stdin:
        url = urls[line.strip()]
        timings, _ = cache_misses(client, url, 1, warm_up=False, send=senders[url])
        print(json.dumps(timings[0]), flush=True)


def asked_of() -> list[tuple[str, str]]:
    """(lead name, first term) of the topics the asks are about: the same at every size (the
    synthetic registry is one), a topic per request in turn."""
    from registry.models import Event

    events = Event.objects.select_related("lead_entity").order_by("pk")[100:300]
    return [(e.lead_entity.name, (e.subject_terms or ["news"])[0]) for e in events]


def sender(client, url: str, topics: list[tuple[str, str]] = ()):
    """How a surface is requested: a GET, for `mcp:<tool>` a `tools/call` on the door, for
    `ask:<shape>` a sync ask of the shape about the next of `topics`."""
    if url.startswith("ask:"):
        questions = itertools.cycle(url[4:].format(lead=lead, term=term) for lead, term in topics)
        return lambda: client.post("/api/ask", json.dumps({"question": next(questions)}),
                                   content_type="application/json")  # fmt: skip
    if not url.startswith("mcp:"):
        return lambda: client.get(url)
    tool, _, given = url[4:].partition(":")
    params = {"name": tool, "arguments": json.loads(given or "{}")}
    call = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params})
    return lambda: client.post("/api/mcp", call, content_type="application/json")


def alternated(sizes: list[int], names: list[str], runs: int, only: str) -> dict:
    """`runs` cache misses of each surface at each size, the sizes taking turns request by
    request (the first size leading in even turns, the last in odd ones)."""
    me = [sys.executable, __file__]
    children = {
        size: subprocess.Popen([*me, "--serve", str(size), "--only", only], text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        for size in sizes
    }  # fmt: skip
    try:
        ready = {size: json.loads(child.stdout.readline()) for size, child in children.items()}
        topics = {size: answer["topic"] for size, answer in ready.items()}
        timings = {size: {name: [] for name in names} for size in sizes}
        for name in names:
            for turn in range(runs):
                for size in sizes if turn % 2 == 0 else sizes[::-1]:
                    child = children[size]
                    child.stdin.write(name + "\n")
                    child.stdin.flush()
                    timings[size][name].append(json.loads(child.stdout.readline()))
            print(f"measured {name}", flush=True)
    finally:
        for child in children.values():
            child.stdin.close()
            child.wait(timeout=60)
    return {size: {"topic": topics[size], "surfaces": timings[size]} for size in sizes}


def summary(timings: list[float]) -> dict:
    ordered = sorted(timings)
    return {"median": statistics.median(ordered), "p99": _at(ordered, 0.99),
            "p25": _at(ordered, 0.25), "p75": _at(ordered, 0.75)}  # fmt: skip


def _at(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, round((len(ordered) - 1) * share))]


def growth(small: list[float], large: list[float], resamples: int = 1000) -> tuple[float, ...]:
    """The ratio of the medians and its 95% interval by bootstrap: each pool resampled with
    replacement, the ratio of the resampled medians, its 2.5th and 97.5th percentiles."""
    draw = random.Random(41)
    ratios = sorted(
        statistics.median(draw.choices(large, k=len(large)))
        / max(statistics.median(draw.choices(small, k=len(small))), 0.01)
        for _ in range(resamples)
    )
    point = statistics.median(large) / max(statistics.median(small), 0.01)
    return point, _at(ratios, 0.025), _at(ratios, 0.975)


# --- cached reads while entries expire --------------------------------------------------------


def age_entries(keys: list[str], stop: threading.Event) -> None:
    """Once a second, every entry stale: what its refresh window ending does to it."""
    from django.core.cache import cache

    from config.readcache import STALE_SECONDS, Entry

    while not stop.wait(1.0):
        for key in keys:
            entry = cache.get(key)
            if isinstance(entry, Entry):
                cache.set(key, entry._replace(fresh_until=time.time() - 0.001), STALE_SECONDS)


def wrk_latency(url: str) -> tuple[float, float, float]:
    """(requests/s, median ms, p99 ms) of one wrk run."""
    out = subprocess.run(
        ["wrk", "-t2", "-c16", "-d5s", "--latency", url], capture_output=True, text=True,
        check=True,
    ).stdout  # fmt: skip
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    pct = dict(re.findall(r"^\s+(50|99)%\s+([\d.]+\w+)", out, re.MULTILINE))
    return rate, _ms(pct["50"]), _ms(pct["99"])


def _ms(value: str) -> float:
    number, unit = re.match(r"([\d.]+)(\w+)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def under_expiry(size: int, topic: str, only: str = "") -> dict:
    os.environ.update(
        DATABASE_URL=f"{SERVER}/{database(size)}",
        DJANGO_SETTINGS_MODULE="bench.settings",
        REDIS_URL=REDIS,
    )
    import django

    django.setup()
    from django.core.cache import cache
    from django.test import RequestFactory

    from config.cachekeys import record_key
    from config.reads import read_key

    cache.clear()
    figures = {}
    with gunicorn(dict(os.environ), PORT) as base:
        for name, url in surfaces(topic):
            if not name.startswith(tuple(only.split(","))):
                continue
            one_shape = name.startswith(("record ", "dataset")) and name != "record"
            if one_shape or url.startswith(("mcp:", "ask:")):
                continue  # one of each shape is enough here; the misses cover them all
            key = record_key(topic) if name == "record" else read_key(RequestFactory().get(url))
            assert httpx.get(base + url, timeout=60).status_code == 200
            stop = threading.Event()
            ager = threading.Thread(target=age_entries, args=([key], stop), daemon=True)
            ager.start()
            try:
                rate, median, p99 = wrk_latency(base + url)
            finally:
                stop.set()
                ager.join()
            figures[name] = {"rate": rate, "median": median, "p99": p99}
    return figures


# --- the report -------------------------------------------------------------------------------


def report(results: dict[int, dict], expiry: dict | None) -> None:
    """Each size's median and p99, the growth from each size to the next with its 95% interval,
    and the floors at the largest: its median and p99, and the growth into it from the size
    before (1.3x on the surfaces issue 41 named, 1.5x on the others)."""
    sizes = sorted(results)
    last = sizes[-1]
    before = sizes[-2] if len(sizes) > 1 else last
    names = list(results[sizes[0]]["surfaces"])
    runs = len(results[sizes[0]]["surfaces"][names[0]])
    header = " ".join(f"{f'{s:,} med':>12} {'p99':>7}" for s in sizes)
    steps = list(pairwise(sizes))
    growths = " ".join(f"{f'x{b // a} (95%)':>20}" for a, b in steps)
    print(f"\ncache miss, ms ({runs} requests a size, sizes alternated request by request)")
    print(f"{'surface':40} {header} {growths}  floors")
    failures = 0
    for name in names:
        pools = {s: results[s]["surfaces"][name] for s in sizes}
        at = {s: summary(pools[s]) for s in sizes}
        cells = " ".join(f"{at[s]['median']:12.1f} {at[s]['p99']:7.1f}" for s in sizes)
        grown = [growth(pools[a], pools[b]) for a, b in steps]
        limit = TIGHT_GROWTH if name in TIGHT else GROWTH
        met = at[last]["median"] <= MEDIAN_MS and at[last]["p99"] <= P99_MS
        if name.startswith("ask: "):
            met = at[last]["median"] <= ASK_MEDIAN_MS
        met = met and (not grown or grown[-1][0] <= limit)
        failures += not met
        cells += "".join(f" {g:7.2f} ({low:.2f}-{high:.2f})" for g, low, high in grown)
        mark = " (1.3x)" if name in TIGHT else ""
        print(f"{name:40} {cells}  {'met' if met else 'NOT met'}{mark}")
    print(
        f"floors at {last:,}: median <= {MEDIAN_MS} ms, p99 <= {P99_MS} ms, growth from "
        f"{before:,} <= {GROWTH}x ({TIGHT_GROWTH}x where marked): {len(names) - failures} of "
        f"{len(names)} surfaces met"
    )
    if expiry is None:
        print("\ncached reads under expiry: skipped (--no-expiry, or no wrk: apt-get install wrk)")
        return
    print(f"\ncached reads at {last:,} while every entry turns stale once a second (wrk, 16 conns)")
    print(f"{'surface':34} {'req/s':>9} {'median ms':>10} {'p99 ms':>8} {'p99/med':>8}")
    for name, f in expiry.items():
        ratio = f["p99"] / max(f["median"], 0.001)
        verdict = "met" if ratio <= EXPIRY_RATIO else "NOT met"
        figures = f"{f['rate']:9,.0f} {f['median']:10.2f} {f['p99']:8.2f} {ratio:8.2f}"
        print(f"{name:34} {figures}  {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100000,1000000", help="document counts, ascending")
    parser.add_argument(
        "--documents", type=int, help="the largest size: measures 100k, 1M and it (e.g. 10000000)"
    )
    parser.add_argument("--reuse", action="store_true", help="keep a database already that big")
    parser.add_argument("--no-expiry", action="store_true", help="cache misses only")
    parser.add_argument("--only", default="", help="name prefixes, comma-separated (all if empty)")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)  # one size, in a child
    parser.add_argument("--runs", type=int, default=RUNS, help="requests a surface and size")
    parser.add_argument("--expiry", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--topic", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.only)
        return
    if args.expiry:
        print(json.dumps(under_expiry(args.expiry, args.topic, args.only)))
        return
    # The read surfaces never call the Answer Engine, whose first start on a database embeds
    # 2,000 topics and 20,000 entities (about half an hour a size on one thread): left out
    # unless asked for (SVC_ANSWER_EMBEDDINGS=e5). Children inherit it.
    os.environ.setdefault("SVC_ANSWER_EMBEDDINGS", "off")
    os.environ.update(ASK_LIMITS)
    me = [sys.executable, __file__]
    sizes = sorted(int(s) for s in args.sizes.split(","))
    if args.documents:
        sizes = sorted({size for size in (100_000, 1_000_000) if size < args.documents}
                       | {args.documents})  # fmt: skip
    for size in sizes:
        if args.reuse and holds(size):
            migrate(size)
        else:
            build(size)
    names = [name for name, _ in surfaces("topic") if name.startswith(tuple(args.only.split(",")))]
    results = alternated(sizes, names, args.runs, args.only)
    expiry = None
    if shutil.which("wrk") and not args.no_expiry:
        last = max(results)
        out = subprocess.run(
            [*me, "--expiry", str(last), "--topic", results[last]["topic"], "--only", args.only],
            capture_output=True, text=True,
        )  # fmt: skip
        if out.returncode:
            sys.exit(out.stderr)
        expiry = json.loads(out.stdout.splitlines()[-1])
    report(results, expiry)


if __name__ == "__main__":
    main()
