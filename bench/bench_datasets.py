"""Datasets at each size: a full read, a 304, a byte range and the MCP page, the body read.

On each built database (`bench_growth.py`'s `svc_growth_<size>`, default 100k and 1M), in a
process of its own, through the whole Django stack and with the body read inside the timed span
(`bench.common.timed`): each dataset in each format read whole when kept (the bytes built once
for what it lists), revalidated with its ETag (304), a range of its first 64 KiB (206), its
first build after a change (the kept copies dropped), and MCP `tools/call get_dataset` (a page
of 50 rows). RUNS requests each, median and p99.

Floor (issue 41): a full read and a 304 at most 20 ms median at the largest size; MCP
get_dataset within the same floor.

    .venv/bin/python bench/bench_datasets.py                       # 100k and 1M, built already
    .venv/bin/python bench/bench_datasets.py --sizes 100000,1000000,10000000
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.common import django_on_bench_database, timed  # noqa: E402

SERVER = "postgres://postgres@127.0.0.1:5432"
RUNS = 100
FLOOR_MS = 20.0
FORMATS = ("", ".jsonl", ".csv")


def measure(size: int, runs: int) -> dict:
    django_on_bench_database(f"{SERVER}/svc_growth_{size}")
    from django.test import Client

    from records import datasets

    client = Client(HTTP_HOST="localhost")
    figures = {}
    for dataset in datasets.DATASETS:
        for fmt in FORMATS:
            figures[f"{dataset}{fmt or '.json'}"] = _one(client, f"/api/v1/datasets/{dataset}{fmt}",
                                                         runs, datasets)  # fmt: skip
        figures[f"{dataset} mcp page"] = {"mcp": _times(lambda d=dataset: _mcp(client, d), runs)}
    return figures


def _one(client, path: str, runs: int, datasets) -> dict:
    _, body, _ = timed(lambda: client.get(path))
    etag = client.get(path)["ETag"]
    return {
        "bytes": len(body),
        "full": _times(lambda: client.get(path), runs),
        "304": _times(lambda: client.get(path, HTTP_IF_NONE_MATCH=etag), runs),
        "range": _times(lambda: client.get(path, HTTP_RANGE="bytes=0-65535"), runs),
        "build": _times(lambda: _built(client, path, datasets), runs // 10),
    }


def _times(send, runs: int) -> list[float]:
    send()  # the warm-up
    return [timed(send)[2] for _ in range(runs)]


def _built(client, path, datasets):
    from django.core.cache import cache

    cache.clear()
    datasets.forget_kept()
    return client.get(path)


def _mcp(client, dataset: str):
    arguments = {"id": dataset, "limit": 50}
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "get_dataset", "arguments": arguments}}  # fmt: skip
    return client.post("/api/mcp", json.dumps(call), content_type="application/json")


def report(results: dict[int, dict]) -> None:
    sizes = sorted(results)
    last = sizes[-1]
    print(f"ms, median / p99 ({RUNS} requests each, the body read); build: {RUNS // 10} each")
    for name in results[sizes[0]]:
        for kind in ("full", "304", "range", "build", "mcp"):
            if kind not in results[sizes[0]][name]:
                continue
            cells = "  ".join(_cell(results[s][name][kind]) for s in sizes)
            floored = kind in ("full", "304", "mcp")
            verdict = ""
            if floored:
                median = statistics.median(results[last][name][kind])
                verdict = "met" if median <= FLOOR_MS else "NOT met"
            size = results[last][name].get("bytes")
            label = f"{name} {kind}"
            if size and kind == "full":
                label += f" ({size:,} B at {last:,})"
            print(f"{label:58} {cells}  {verdict}")
    print(f"floor: full read, 304 and MCP page at most {FLOOR_MS:g} ms median at {last:,}")


def _cell(timings: list[float]) -> str:
    ordered = sorted(timings)
    p99 = ordered[min(len(ordered) - 1, round((len(ordered) - 1) * 0.99))]
    return f"{statistics.median(ordered):7.2f} / {p99:7.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100000,1000000", help="built sizes, ascending")
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--measure", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.runs)))
        return
    results = {}
    for size in sorted(int(s) for s in args.sizes.split(",")):
        me = [sys.executable, __file__, "--measure", str(size), "--runs", str(args.runs)]
        # No read here calls the Answer Engine: its start would embed the whole registry.
        env = {"SVC_ANSWER_EMBEDDINGS": "off", **os.environ}
        out = subprocess.run(me, capture_output=True, text=True, env=env)
        if out.returncode:
            sys.exit(out.stderr[-3000:])
        results[size] = json.loads(out.stdout.splitlines()[-1])
    report(results)


if __name__ == "__main__":
    main()
