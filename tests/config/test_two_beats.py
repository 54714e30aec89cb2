"""Two `celery beat` processes started together (two machines' beats, issue 43), each as the
Procfile starts it with a folder of its own (`SVC_VAR_DIR`: its schedule file), on one database
and one broker: PostgreSQL and Redis where the suite has them, else a SQLite file and each its
file-system broker folder (whose messages are counted together). The heartbeat ticks every
second. Each second's heartbeat is sent once, by one of them, under an id naming its period;
the other beat skips it and says so on the job's row. On the file-system broker (one machine's
folder) the beat that found the other machine's at work stops, saying why.

Before, each beat sent every tick it reached: two messages a second.
"""

import json
import os
import time
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.stack import Stack, procfile, throwaway_database

PERIODS = 6  # heartbeats to see before the beats are stopped
WAIT = 90  # seconds: two Django starts on a busy two-core machine, then the periods


def broker_messages(stack: Stack, folders: list[Path]) -> list[dict]:
    """Every message waiting in the broker's default queue (no worker takes them here)."""
    if stack.env.get("REDIS_URL"):
        import redis

        queue = redis.Redis.from_url(stack.env["REDIS_URL"]).lrange("celery", 0, -1)
        return [json.loads(raw) for raw in queue]
    found = [path for folder in folders for path in (folder / "broker").glob("*.msg")]
    return [json.loads(path.read_text()) for path in found]


def heartbeat_ids(stack: Stack, folders: list[Path]) -> list[str]:
    ids = [m["headers"]["id"] for m in broker_messages(stack, folders)]
    return [i for i in ids if i.partition("@")[0] == "heartbeat"]


def job_row(stack: Stack) -> dict:
    show = (
        "import json; from registry.models import ScheduledJob as J; "
        "print(json.dumps(J.objects.filter(name='heartbeat').values('skips', 'last_skip_note')"
        ".first()))"
    )
    return json.loads(stack.manage("shell", "-c", show).splitlines()[-1])


@pytest.fixture
def empty_queue():
    """The suite's Redis database holds no earlier message (and none after)."""
    url = os.environ.get("REDIS_URL")
    if url:
        import redis

        redis.Redis.from_url(url).delete("celery")
    yield url
    if url:
        redis.Redis.from_url(url).delete("celery")


def test_two_beats_started_together_send_each_period_once(tmp_path, empty_queue):
    with throwaway_database(tmp_path) as database_url:
        stack = Stack.prepared(tmp_path, database_url, demo=False)
        if empty_queue:
            stack.env["REDIS_URL"] = empty_queue
        assert procfile("beat").startswith("celery -A config beat")  # the Procfile's own beat
        folders = [tmp_path / "a", tmp_path / "b"]
        with (
            stack.procfile_process("beat", "beat-a", SVC_VAR_DIR=str(folders[0]),
                                   SVC_HEARTBEAT_SECONDS="1") as a,
            stack.procfile_process("beat", "beat-b", SVC_VAR_DIR=str(folders[1]),
                                   SVC_HEARTBEAT_SECONDS="1") as b,
        ):  # fmt: skip
            deadline = time.monotonic() + WAIT
            while len(heartbeat_ids(stack, folders)) < PERIODS and time.monotonic() < deadline:
                time.sleep(0.5)
            ended = [beat.poll() is not None for beat in (a, b)]
        ids = heartbeat_ids(stack, folders)
        row = job_row(stack)
    logs = "".join((tmp_path / f"beat-{n}.log").read_text() for n in "ab")
    assert len(ids) >= PERIODS, logs[-3000:]
    repeated = [i for i, n in Counter(ids).items() if n > 1]
    assert not repeated, repeated  # no period sent twice
    periods = [datetime.fromisoformat(i.partition("@")[2]) for i in ids]
    assert all(p.microsecond == 0 and p.utcoffset() == timedelta(0) for p in periods)  # whole s
    assert row["skips"] >= 1
    assert "is claimed by beat" in row["last_skip_note"]
    if empty_queue:
        assert ended == [False, False]  # one broker: both beats run on, each period once
    else:  # each "machine" its own file-system broker: the one that found the other refused
        assert sorted(ended) == [False, True]
        assert "OneMachineOnly: the file-system broker serves one machine" in logs
