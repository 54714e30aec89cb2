"""Synth throughput and database size on PostgreSQL.

Creates a fresh database (default `svc_bench` on 127.0.0.1:5432), migrates it, runs
`synth_registry` with the given number of documents, and prints documents/s (the floor in the
issue: 1,000,000 documents reachable in minutes) and the database size. The database is kept for
the read benchmarks (`bench/README.md`).

    .venv/bin/python bench/bench_synth.py --documents 1000000
"""

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=1_000_000)
    parser.add_argument("--entities", type=int, default=20_000)
    parser.add_argument("--events", type=int, default=2_000)
    parser.add_argument("--server", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--database", default="svc_bench")
    args = parser.parse_args()

    with psycopg.connect(f"{args.server}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{args.database}"')
        admin.execute(f'CREATE DATABASE "{args.database}"')
    env = {**os.environ, "DATABASE_URL": f"{args.server}/{args.database}"}
    env.pop("REDIS_URL", None)
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, check=True)

    started = time.perf_counter()
    subprocess.run(
        [*manage, "synth_registry", "--documents", str(args.documents),
         "--entities", str(args.entities), "--events", str(args.events), "--seed", "1"],
        env=env, check=True,
    )  # fmt: skip
    elapsed = time.perf_counter() - started

    with psycopg.connect(f"{args.server}/{args.database}") as conn:
        size = conn.execute("SELECT pg_database_size(current_database())").fetchone()[0]
        tables = conn.execute(
            "SELECT relname, pg_total_relation_size(relid) FROM pg_catalog.pg_statio_user_tables "
            "ORDER BY 2 DESC LIMIT 6"
        ).fetchall()
        mentions = conn.execute("SELECT count(*) FROM registry_entitymention").fetchone()[0]

    print(f"documents            {args.documents:,}")
    print(f"entity mentions      {mentions:,}")
    print(f"elapsed              {elapsed:,.1f} s (includes the rollup rebuild)")
    print(f"throughput           {args.documents / elapsed:,.0f} documents/s")
    print(f"database size        {size / 2**20:,.0f} MiB")
    for name, table_size in tables:
        print(f"  {name:<28} {table_size / 2**20:,.0f} MiB")


if __name__ == "__main__":
    main()
