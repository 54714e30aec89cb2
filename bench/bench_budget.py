"""Budgeted MCP reads against unbudgeted ones (issue 44): what a `maxTokens` costs in time and
what it saves in tokens.

gunicorn (2 workers, the local-memory cache) on the database `--database` names (a demo
database by default: `make run`'s, or any `load_demo` one on PostgreSQL); for each tool, its
answer unbudgeted, then budgeted at about half its estimated tokens, requested in alternation,
one at a time, `--runs` times each after a warm-up. Prints each pair's median and p99 latency
and the tokens each answer took (one per four characters of its JSON, as the door estimates).

    .venv/bin/python bench/bench_budget.py --database postgres://postgres@127.0.0.1:5432/svc_demo

A budgeted record is cut per call (the cached record parsed, cut and rendered again); a page is
read again shorter on a miss, then served from the read cache like any other call.
"""

import argparse
import json
import math
import os
import statistics
import sys
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import gunicorn, timed

PORT = 8551
CALLS = {
    "get_topic_record": {"topic": "rate-decision-federal-reserve-december-2026"},
    "get_reporting": {"topic": "rate-decision-federal-reserve-december-2026", "limit": 50},
    "get_signals": {"limit": 50},
    "list_topics": {"limit": 50},
    "search_reporting": {"q": "rate", "limit": 50},
    "unfurl_watch": {
        "base": "topic-record",
        "coordinates": {"topic": "rate-decision-federal-reserve-december-2026"},
    },
}


def tool(client: httpx.Client, name: str, arguments: dict) -> tuple[float, dict]:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": name, "arguments": arguments}}  # fmt: skip
    _, content, elapsed = timed(lambda: client.post("/api/mcp", json=body))
    result = json.loads(content)["result"]
    assert not result["isError"], (name, result["content"][0]["text"][:300])
    return elapsed, result


def tokens(result: dict) -> int:
    return math.ceil(len(result["content"][0]["text"]) / 4)


def pair(client: httpx.Client, name: str, arguments: dict, runs: int) -> dict:
    _, whole = tool(client, name, arguments)
    budget = max(tokens(whole) // 2, 1)
    _, cut = tool(client, name, {**arguments, "maxTokens": budget})
    plain, budgeted = [], []
    for _ in range(runs):
        plain.append(tool(client, name, arguments)[0])
        budgeted.append(tool(client, name, {**arguments, "maxTokens": budget})[0])
    return {
        "tool": name,
        "tokens": tokens(whole),
        "budget": budget,
        "budgetedTokens": tokens(cut),
        "dropped": [t["part"] for t in cut["structuredContent"]["truncated"]],
        "median": (statistics.median(plain), statistics.median(budgeted)),
        "p99": (_p99(plain), _p99(budgeted)),
    }


def _p99(timings: list[float]) -> float:
    return statistics.quantiles(timings, n=100)[98]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default=os.environ.get("DATABASE_URL", ""))
    parser.add_argument("--runs", type=int, default=200)
    options = parser.parse_args()
    if not options.database:
        parser.error("--database (or DATABASE_URL): a database with the demo registry loaded")
    # unfurl_watch is a Watch operation: past its burst limit in a second of this loop.
    env = {**os.environ, "DATABASE_URL": options.database, "SVC_BURST_WATCH": "1000000/m"}
    env.pop("REDIS_URL", None)
    with gunicorn(env, PORT) as base, httpx.Client(base_url=base, timeout=60) as client:
        rows = [pair(client, name, arguments, options.runs) for name, arguments in CALLS.items()]
    print("| tool | tokens | budget | served | dropped | median ms (whole / budgeted) | p99 ms |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['tool']} | {r['tokens']:,} | {r['budget']:,} | {r['budgetedTokens']:,} | "
            f"{', '.join(r['dropped'])} | {r['median'][0]:.1f} / {r['median'][1]:.1f} | "
            f"{r['p99'][0]:.1f} / {r['p99'][1]:.1f} |"
        )
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
