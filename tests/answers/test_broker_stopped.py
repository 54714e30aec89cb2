"""Redis (the broker) stopped under a running gunicorn while an async ask comes in: 503 carrying
the ticket, charged once; once Redis is back, `manage.py reap_asks` sends it again and a real
worker answers it, once.

gunicorn, the reaper and the worker reach Redis through a `Gate` (tests/stack.py); the machine's
Redis is never stopped. Runs where the suite has a Redis (REDIS_URL, as in CI).
"""

import json
import os
from urllib.parse import urlsplit

import httpx
import pytest

from tests.stack import Gate, Stack, throwaway_database, until

pytestmark = pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs a Redis server")
ASK = {"question": "Is Hurricane Tavia still active?", "mode": "async"}


def test_an_async_ask_with_redis_stopped_keeps_its_ticket_and_is_answered_once(tmp_path):
    redis = urlsplit(os.environ["REDIS_URL"])
    gate = Gate(redis.hostname, redis.port or 6379)
    env = {"REDIS_URL": gate.url(os.environ["REDIS_URL"])}
    try:
        with throwaway_database(tmp_path) as database_url:
            stack = Stack.prepared(tmp_path, database_url)
            with stack.web(**env):
                key = {"X-API-Key": httpx.post(f"{stack.base}/api/keys", timeout=10).json()["key"]}

                def ticket(poll: str) -> dict:
                    return httpx.get(f"{stack.base}{poll}", headers=key, timeout=10).json()

                def asks_used() -> int:
                    me = httpx.get(f"{stack.base}/api/keys/me", headers=key, timeout=10)
                    return me.json()["asks"]["used"]

                gate.cut()
                refused = httpx.post(f"{stack.base}/api/ask", json=ASK, headers=key, timeout=70)
                assert refused.status_code == 503
                assert refused.headers["content-type"] == "application/problem+json"
                assert int(refused.headers["retry-after"]) > 0
                body = refused.json()
                assert body["state"] == "queue-unavailable"
                assert body["ticket"] in body["error"]
                poll = body["pollUrl"]
                assert ticket(poll)["status"] == "queued"
                assert asks_used() == 1

                gate.restore()
                reaped = json.loads(stack.manage("reap_asks", "--stale-minutes", "0", **env))
                assert reaped == {"requeued": 1, "failed": 0}
                with stack.worker(**env):
                    until(lambda: ticket(poll)["status"] in {"done", "failed"}, "no answer")
                    again = json.loads(stack.manage("reap_asks", "--stale-minutes", "0", **env))
                answered = ticket(poll)
                assert answered["status"] == "done"
                assert answered["answer"]["grounded"] is True
                assert again == {"requeued": 0, "failed": 0}
                assert asks_used() == 1  # charged once, not refunded
    finally:
        gate.close()
