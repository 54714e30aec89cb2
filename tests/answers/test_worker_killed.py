"""A real Celery worker killed mid-ask: the ticket is answered once, or fails with one refund.

Every part runs in a process of its own, as in production: gunicorn takes the ask and queues it
on the broker; a worker picks it up and is SIGKILLed while the engine waits on the phrasing
model (a local stub that holds the request open); `manage.py reap_asks` finds the abandoned
ticket; a restarted worker finishes the job. The database is a throwaway one of the suite's own
engine (PostgreSQL in CI, SQLite file otherwise); the broker is the embedded file-system one,
in a folder of the test's own. Nothing is faked inside the service.
"""

import json
import os
import signal
import threading
from dataclasses import dataclass, field
from functools import partial

import httpx
import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from tests.stack import WAIT, Stack, throwaway_database, until

QUESTION = "Is Hurricane Tavia still active?"


@dataclass
class ModelStub:
    """An OpenAI-compatible endpoint: holds its first request until released, then is down.

    Down (503) means the engine falls back to its own composition, so a restarted worker
    answers without this stub's help; `calls` counts how often the engine reached it.
    """

    arrived: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)
    calls: int = 0
    url: str = ""

    def __call__(self, request: Request) -> Response:
        self.calls += 1
        if self.calls == 1:
            self.arrived.set()
            self.release.wait(WAIT)
        return Response("model unavailable", status=503)


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    folder = tmp_path_factory.mktemp("stack")
    with throwaway_database(folder) as database_url:
        running = Stack.prepared(folder, database_url)
        with running.web():
            yield running


@pytest.fixture
def model():
    server = HTTPServer(threaded=True)  # the held request must not block the ones after it
    stub = ModelStub()
    server.expect_request("/v1/chat/completions", method="POST").respond_with_handler(stub)
    server.start()
    stub.url = server.url_for("/v1")
    try:
        yield stub
    finally:
        stub.release.set()
        server.clear()
        server.stop()


def _ticket(poll: str, key: str) -> dict:
    return httpx.get(poll, headers={"X-API-Key": key}, timeout=10).json()


def _asks_used(stack: Stack, key: str) -> int:
    me = httpx.get(f"{stack.base}/api/keys/me", headers={"X-API-Key": key}, timeout=10)
    return me.json()["asks"]["used"]


def _killed_mid_ask(stack: Stack, model: ModelStub, worker_env: dict[str, str]):
    """Ask async with a fresh key; SIGKILL the worker while it waits on the model."""
    key = httpx.post(f"{stack.base}/api/keys", timeout=10).json()["key"]
    with stack.worker(**worker_env) as worker:
        submitted = httpx.post(
            f"{stack.base}/api/ask",
            json={"question": QUESTION, "mode": "async"},
            headers={"X-API-Key": key},
            timeout=10,
        )
        assert submitted.status_code == 202, submitted.text
        assert model.arrived.wait(WAIT), "the worker never reached the model"
        os.killpg(worker.pid, signal.SIGKILL)
        assert worker.wait(WAIT) == -signal.SIGKILL
    model.release.set()
    poll = f"{stack.base}{submitted.json()['pollUrl']}"
    ticket = partial(_ticket, poll, key)
    assert ticket()["status"] == "running"  # abandoned: nobody will finish it unaided
    assert _asks_used(stack, key) == 1
    return key, ticket


def test_a_killed_worker_s_ask_is_requeued_and_answered_once(stack, model):
    worker_env = {"SVC_ANSWER_GENERATOR_URL": model.url, "SVC_ASK_ATTEMPTS": "3"}
    key, ticket = _killed_mid_ask(stack, model, worker_env)

    reaped = json.loads(stack.manage("reap_asks", "--stale-minutes", "0", **worker_env))
    assert reaped == {"requeued": 1, "failed": 0}
    with stack.worker(**worker_env):  # the restart
        until(lambda: ticket()["status"] in {"done", "failed"}, "the restarted worker is idle")
        again = json.loads(stack.manage("reap_asks", "--stale-minutes", "0", **worker_env))
    finished = ticket()
    assert finished["status"] == "done"
    assert finished["answer"]["grounded"] is True
    assert again == {"requeued": 0, "failed": 0}  # nothing left running to reap
    assert model.calls == 2  # the killed attempt and the one answer, no third
    assert _asks_used(stack, key) == 1  # charged once, not refunded


def test_a_killed_worker_s_ask_at_the_attempts_cap_fails_with_one_refund(stack, model):
    worker_env = {"SVC_ANSWER_GENERATOR_URL": model.url, "SVC_ASK_ATTEMPTS": "1"}
    key, ticket = _killed_mid_ask(stack, model, worker_env)

    reaped = json.loads(stack.manage("reap_asks", "--stale-minutes", "0", **worker_env))
    assert reaped == {"requeued": 0, "failed": 1}
    failed = ticket()
    assert failed["status"] == "failed"
    assert "refunded" in failed["error"]
    assert _asks_used(stack, key) == 0
    again = json.loads(stack.manage("reap_asks", "--stale-minutes", "0", **worker_env))
    assert again == {"requeued": 0, "failed": 0}
    assert ticket()["status"] == "failed"
    assert model.calls == 1
    assert _asks_used(stack, key) == 0  # refunded once: a second refund would read -1
