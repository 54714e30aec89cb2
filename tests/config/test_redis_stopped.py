"""Redis stopped mid-run under a running gunicorn: reads still served (the cache is bypassed),
burst limits fail open, quotas stay exact; counted again once Redis is back, without a restart.

gunicorn reaches Redis through a `Gate` (tests/stack.py); the machine's Redis is never stopped.
Runs where the suite has a Redis (REDIS_URL, as in CI); test_faults covers the in-process case.
"""

import os
from urllib.parse import urlsplit

import httpx
import pytest

from tests.stack import Gate, Stack, throwaway_database

pytestmark = pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs a Redis server")
RECORD = "/api/record/disaster-hurricane-tavia"
LIMITED = "/api/v1/watches/standard"  # burst limit "watch", set to 2 an hour below


def test_redis_stopped_mid_run_reads_served_bursts_open_quotas_exact(tmp_path):
    redis = urlsplit(os.environ["REDIS_URL"])
    gate = Gate(redis.hostname, redis.port or 6379)
    # The suite's own index: what the stack leaves there, the next test's cache.clear() removes.
    through = gate.url(os.environ["REDIS_URL"])
    try:
        with throwaway_database(tmp_path) as database_url:
            stack = Stack.prepared(tmp_path, database_url)
            env = {"REDIS_URL": through, "SVC_BURST_WATCH": "2/h", "SVC_KEYS_PER_ADDRESS_DAY": "3"}
            with stack.web(**env) as web:

                def get(path: str) -> httpx.Response:
                    return httpx.get(f"{stack.base}{path}", timeout=10)

                def issue() -> int:
                    return httpx.post(f"{stack.base}/api/keys", timeout=10).status_code

                assert [get(LIMITED).status_code for _ in range(3)] == [200, 200, 429]
                assert get(RECORD).status_code == 200
                assert issue() == 201

                gate.cut()
                assert get(RECORD).status_code == 200  # from the database
                assert get("/api/v1/signals").status_code == 200
                opened = get(LIMITED)
                assert opened.status_code == 200  # fail open: the counter is unreachable
                assert "ratelimit" not in opened.headers
                assert [issue(), issue(), issue()] == [201, 201, 429]  # the database's count
                health = get("/api/health").json()
                assert health["checks"]["cache"]["ok"] is False

                gate.restore()
                assert get(LIMITED).status_code == 429  # counted again: the window held
                assert get("/api/health").json()["checks"]["cache"]["ok"] is True
                assert web.poll() is None  # the same gunicorn: no restart
    finally:
        gate.close()
