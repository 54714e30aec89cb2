"""Cached reads through the edge, against nginx serving the same bytes from a file.

gunicorn (2 workers, local-memory cache) serves the demo registry on a temporary SQLite file, or
a database given with `--database` (a benchmark's synthetic one, already built: its busiest
topic's record, or `--topic`); the edge (deploy/edge.py, the shipped configuration) stands in
front of it; a second nginx serves the record's exact body from a file, the physical limit of a
cached read. wrk (2 threads, 16 connections, 6 s) reads the warmed record through the edge and
from the file in pairs, back to back (which goes first alternating), and from gunicorn directly
after each pair, `--pairs` times (7). The figure is the median of the pairs' ratios, with their
quartiles and range, so one noisy run can neither pass nor fail it. Floor: through the edge at
least 0.8 of the file. Needs nginx and wrk (`apt-get install nginx-light wrk`).

    .venv/bin/python bench/bench_edge.py
    .venv/bin/python bench/bench_edge.py --database postgres://postgres@127.0.0.1:5432/svc_growth_10000000
"""

import argparse
import importlib.util
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.common import busiest_topics, django_on_bench_database, gunicorn, wrk  # noqa: E402

TOPIC = "disaster-hurricane-tavia"
FLOOR = 0.8  # through the edge, against nginx serving the same bytes from a file
STATIC_CONF = """
worker_processes auto;
pid nginx.pid;
@USER@events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path tmp; proxy_temp_path tmp; fastcgi_temp_path tmp;
    uwsgi_temp_path tmp; scgi_temp_path tmp;
    sendfile on; tcp_nopush on; keepalive_timeout 65s;
    server {{
        listen {listen};
        location = /record.json {{ root {root}; default_type application/json; }}
    }}
}}
"""


def launcher():
    spec = importlib.util.spec_from_file_location("edge", ROOT / "deploy" / "edge.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wait_for(url: str) -> None:
    for _ in range(150):
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"{url} did not answer")


def start(argv: list[str], env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen(
        argv,
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", help="a built database's URL (default: the demo, SQLite)")
    parser.add_argument("--topic", help="the record read (default: the demo's, or the busiest)")
    parser.add_argument("--pairs", type=int, default=7, help="paired edge/file runs (6 s each)")
    args = parser.parse_args()
    if not (shutil.which("wrk") and (shutil.which("nginx") or Path("/usr/sbin/nginx").exists())):
        raise SystemExit("needs nginx and wrk (apt-get install nginx-light wrk)")
    edge = launcher()
    folder = Path(tempfile.mkdtemp(prefix="svc-bench-edge-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SVC_", "REDIS_URL"))}
    env.update(DATABASE_URL=args.database or f"sqlite:///{folder / 'db.sqlite3'}")
    env.update(SVC_VAR_DIR=str(folder / "var"))
    # No read measured here calls the Answer Engine, and a worker's start would embed a built
    # database's whole registry first (about a quarter of an hour): off unless asked for, as in
    # bench_growth.py.
    env.update(SVC_ANSWER_EMBEDDINGS=os.environ.get("SVC_ANSWER_EMBEDDINGS", "off"))
    topic = args.topic or (_busiest(args.database) if args.database else TOPIC)
    for command in [] if args.database else (["migrate", "-v0"], ["load_demo"]):
        subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )
    web, edge_port, file_port = 8766, 8767, 8768
    processes = []
    with ExitStack() as running:
        base = running.enter_context(gunicorn(env, web))
        running.callback(_stop, processes)
        direct = f"{base}/api/record/{topic}"
        edge_conf = edge.render(
            folder / "edge", listen=f"127.0.0.1:{edge_port}", upstream=f"127.0.0.1:{web}"
        )
        processes.append(start(edge.command(folder / "edge", edge_conf)))
        through = f"http://127.0.0.1:{edge_port}/api/record/{topic}"
        wait_for(through)
        for _ in range(8):  # warm both workers and the edge
            httpx.get(direct)
            httpx.get(through)
        held = httpx.get(through)
        assert held.headers["X-Edge-Cache"] == "HIT"
        # Each gunicorn worker builds its own copy (its own generatedAt): the file holds the
        # bytes the edge serves from its cache.
        body = held.content
        (folder / "static").mkdir()
        (folder / "static" / "record.json").write_bytes(body)
        (folder / "static-nginx" / "tmp").mkdir(parents=True)
        conf = STATIC_CONF.format(listen=f"127.0.0.1:{file_port}", root=folder / "static")
        conf = conf.replace("@USER@", edge._user_line(folder))
        (folder / "static-nginx" / "nginx.conf").write_text(conf)
        processes.append(
            start(edge.command(folder / "static-nginx", folder / "static-nginx" / "nginx.conf"))
        )
        from_file = f"http://127.0.0.1:{file_port}/record.json"
        wait_for(from_file)
        assert httpx.get(from_file).content == body
        print(f"record {topic}, body {len(body):,} bytes")
        report(paired(through, from_file, direct, args.pairs))
    shutil.rmtree(folder, ignore_errors=True)


def paired(through: str, from_file: str, direct: str, pairs: int) -> list[tuple[float, ...]]:
    """`pairs` runs of the edge and the file back to back, which goes first alternating, and
    gunicorn directly after each pair: the machine's drift then weighs on both sides of a pair
    alike, and each pair gives one ratio."""
    runs = []
    for n in range(pairs):
        first, second = (through, from_file) if n % 2 == 0 else (from_file, through)
        rates = {first: wrk(first), second: wrk(second)}
        runs.append((rates[through], rates[from_file], wrk(direct)))
    return runs


def report(runs: list[tuple[float, ...]]) -> None:
    """The figure is the median of the pairs' ratios, with their spread: one noisy run can
    neither pass nor fail it."""
    ratios = sorted(edge / file for edge, file, _ in runs)
    median = statistics.median(ratios)
    quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [median] * 3
    for name, column in (("through the edge", 0), ("nginx from a file", 1), ("gunicorn", 2)):
        rates = [r[column] for r in runs]
        print(f"{name:18} median {statistics.median(rates):>9,.0f} req/s  runs "
              f"{[round(r) for r in rates]}")  # fmt: skip
    verdict = "met" if median >= FLOOR else "NOT met"
    print(
        f"edge / file, median of {len(runs)} paired runs {median:.2f} (quartiles "
        f"{quartiles[0]:.2f}-{quartiles[2]:.2f}, range {ratios[0]:.2f}-{ratios[-1]:.2f}); floor "
        f"{FLOOR:.2f}: {verdict}; edge / gunicorn "
        f"{statistics.median(r[0] / r[2] for r in runs):.1f}x"
    )


def _busiest(url: str) -> str:
    """The busiest topic of a built database, as bench_growth reads it (in this process, which
    needs no Answer Engine)."""
    os.environ["SVC_ANSWER_EMBEDDINGS"] = "off"
    django_on_bench_database(url)
    return busiest_topics(1)[0].subject


def _stop(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)


if __name__ == "__main__":
    main()
