"""MCP door against REST: `tools/call get_topic_record` and `GET /api/record/{topic}`.

On `svc_bench` (1,000,000 documents), gunicorn (2 workers) serves the service's settings; after
warming the record cache, the two are requested in alternation, 1,000 times each, one at a time,
and their median latencies compared. Floor (issue 11): the tool within 1.2x of the REST read.

    .venv/bin/python bench/bench_mcp.py
"""

import json
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import DATABASE, ROOT, timed

PORT = 8766
TOPIC = "synth-topic-0"
RUNS = 1000


def main() -> None:
    env = {**os.environ, "DATABASE_URL": DATABASE, "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("REDIS_URL", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{PORT}",
         "--workers", "2", "--log-level", "warning"],
        cwd=ROOT, env=env, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{PORT}"
    call = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": "get_topic_record", "arguments": {"topic": TOPIC}},
        }
    )
    try:
        with httpx.Client(base_url=base, timeout=30) as client:
            for _ in range(50):
                try:
                    client.get("/api/health")
                    break
                except httpx.HTTPError:
                    time.sleep(0.2)
            rest, tool = [], []
            headers = {"Content-Type": "application/json"}
            for n in range(RUNS + 10):
                read, _, rest_ms = timed(lambda: client.get(f"/api/record/{TOPIC}"))
                assert read.status_code == 200
                _, body, tool_ms = timed(lambda: client.post("/api/mcp", content=call,
                                                             headers=headers))  # fmt: skip
                assert json.loads(body)["result"]["structuredContent"]["schema"] == "svc.record.v1"
                if n >= 10:  # both workers warmed
                    rest.append(rest_ms)
                    tool.append(tool_ms)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
    ratio = statistics.median(tool) / statistics.median(rest)
    print(f"GET /api/record    median {statistics.median(rest):.2f} ms")
    print(f"tools/call         median {statistics.median(tool):.2f} ms")
    verdict = "met" if ratio <= 1.2 else "NOT met"
    print(f"ratio              {ratio:.2f} (floor: at most 1.20): {verdict}")


if __name__ == "__main__":
    main()
