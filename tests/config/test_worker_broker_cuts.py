"""The worker as the Procfile starts it (issue 30): its command line read from the Procfile and run
through the shell, as honcho runs it, survives three Redis cuts while asks are in flight, and
every ask is answered once Redis is back.

Before, the Procfile's worker ran Celery's gossip, mingle and heartbeat steps. Each cut made the
gossip step's teardown fail (`AttributeError` on a connection kombu had already closed, logged as
"Error on restarting Gossip"), and about one cut in three the heartbeat's event dispatcher
published through a closed transport: `Unrecoverable error: AttributeError("'NoneType' object has
no attribute 'hostname'")`, and the worker exited with asks queued (kombu issue 582's path).

The worker reaches Redis through a `Gate` (tests/stack.py); the machine's Redis is never stopped.
Runs where the suite has a Redis (REDIS_URL, as in CI).
"""

import contextlib
import json
import os
import re
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from tests.stack import ROOT, Gate, Stack, procfile, throwaway_database

pytestmark = pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs a Redis server")
ASK = {"question": "Is Hurricane Tavia still active?", "mode": "async"}
CUTS = 3
PACE = 0.5  # seconds between one user's asks


def asks_by_status(stack: Stack) -> dict[str, int]:
    count = (
        "import json; from django.db.models import Count; from answers.models import AskTicket; "
        "print(json.dumps(dict(AskTicket.objects.values_list('status')"
        ".annotate(n=Count('id')).order_by())))"
    )
    return json.loads(stack.manage("shell", "-c", count).splitlines()[-1])  # after any banner


def wait_for(condition, seconds: float, message) -> None:
    """Polls `condition` each second; `message` may be a callable saying what was left."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(message() if callable(message) else message)
        time.sleep(1)


def test_the_procfile_worker_survives_three_redis_cuts_and_answers_every_ask(tmp_path):
    redis = urlsplit(os.environ["REDIS_URL"])
    gate = Gate(redis.hostname, redis.port or 6379)
    env = {
        "REDIS_URL": gate.url(os.environ["REDIS_URL"]),
        "SVC_ASKS_PER_KEY": "100000",
        "SVC_ASKS_PER_ADDRESS_DAY": "100000",
    }
    stop = threading.Event()
    try:
        with throwaway_database(tmp_path) as database_url:
            stack = Stack.prepared(tmp_path, database_url)
            log = Path(stack.folder / "worker.log")
            with stack.web(workers=2, **env), stack.procfile_process("worker", **env) as worker:
                wait_for(lambda: " ready." in log.read_text(), 120, "the worker did not start")
                key = {"X-API-Key": httpx.post(f"{stack.base}/api/keys", timeout=10).json()["key"]}

                def ask() -> None:  # asks in flight through every cut
                    # Paced, so that the queue the worker owes after the cuts is bounded (about
                    # 200 asks) whatever the host's speed; unpaced, a fast web made thousands.
                    with httpx.Client(base_url=stack.base, headers=key, timeout=70) as client:
                        while not stop.wait(PACE):
                            with contextlib.suppress(httpx.HTTPError):
                                client.post("/api/ask", json=ASK)

                users = [threading.Thread(target=ask) for _ in range(2)]
                for user in users:
                    user.start()
                for n in range(CUTS):
                    time.sleep(8)
                    gate.cut()
                    time.sleep(6)
                    gate.restore()
                    assert worker.poll() is None, f"the worker exited at cut {n + 1}"
                time.sleep(8)
                stop.set()
                for user in users:
                    user.join()

                # Asks refused at a cut (503, ticket kept) wait for the reaper: run it now.
                def finished() -> bool:
                    stack.manage("reap_asks", "--stale-minutes", "0", **env)
                    statuses = asks_by_status(stack)
                    return not statuses.get("queued") and not statuses.get("running")

                def left() -> str:
                    return f"asks left unfinished after the cuts: {asks_by_status(stack)}"

                wait_for(finished, 240, left)
                assert worker.poll() is None, "the worker exited"
                statuses = asks_by_status(stack)
                assert statuses.get("done", 0) > 0, statuses
                assert statuses.get("failed", 0) == 0, statuses
                said = log.read_text()
                assert "Unrecoverable error" not in said
                assert "AttributeError" not in said  # gossip's teardown on a closed transport
                assert len(re.findall(r"Connected to redis://", said)) >= CUTS + 1
    finally:
        stop.set()
        gate.close()


def test_every_way_of_starting_the_worker_runs_the_procfile_line():
    worker = procfile("worker")
    for step in ("--without-gossip", "--without-mingle", "--without-heartbeat"):
        assert step in worker.split()
    # The systemd units (deploy/systemd) run the Procfile's own line, restarting it when it ends.
    for name in ("web", "worker", "beat", "edge"):
        unit = (ROOT / "deploy" / "systemd" / f"svc-{name}.service").read_text()
        start = re.search(r"^ExecStart=(.*)$", unit, re.M).group(1).split()
        assert start[0].endswith("/honcho")
        assert start[1] == "start"
        assert start[-3:] == ["-f", "Procfile", name]
        assert re.search(r"^Restart=always$", unit, re.M)
    # make chaos starts its worker from the Procfile too.
    chaos = (ROOT / "load" / "chaos.py").read_text()
    assert 'procfile_process("worker"' in chaos
