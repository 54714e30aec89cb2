"""The Celery app as an operator starts it: beat on Redis with a fresh SVC_VAR_DIR (the
file-system broker makes its folders there; with Redis nothing else does)."""

import os
import subprocess
import sys
import time

import pytest

from tests.stack import ROOT, WAIT

pytestmark = pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs a Redis server")


def test_beat_starts_on_a_var_dir_not_made_yet(tmp_path):
    var = tmp_path / "fresh" / "var"
    env = {k: v for k, v in os.environ.items() if not k.startswith("SVC_")}
    env.update(SVC_VAR_DIR=str(var), DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    beat = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=WARNING"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline and beat.poll() is None:
            if list(var.glob("celerybeat-schedule*")):
                break
            time.sleep(0.2)
        assert beat.poll() is None, beat.communicate()[0][-2000:]
        assert list(var.glob("celerybeat-schedule*")), "beat wrote no schedule"
    finally:
        beat.kill()
        beat.wait(WAIT)


def test_the_worker_counts_a_torn_down_redis_channel_as_a_lost_broker(tmp_path):
    """A worker started on Redis uses the project's transport, whose connection errors include
    the AttributeError kombu raises when an ack meets a channel a broker cut tore down (the
    Procfile's worker exited on it under `make chaos`): Celery's consumer then reconnects and
    restores the unacknowledged messages instead of stopping the worker."""
    probe = (
        "import django; django.setup();"
        "from config.celery import app;"
        "c = app.connection_for_write();"
        "print(type(c.transport).__module__, AttributeError in c.connection_errors)"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}  # fmt: skip
    out = subprocess.run(  # noqa: S603 (this interpreter, a fixed probe)
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["config.broker", "True"]
