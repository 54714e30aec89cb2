"""A web worker's long-lived objects are out of the garbage collector's full passes.

A full pass walks every tracked object; at start a worker holds about 210,000 (Django, the
URLconf, every view and schema), and walking them held one read in a hundred for 150 ms. The
worker's entry point (`config.wsgi`, what gunicorn imports) loads the URLconf and freezes what
it has; what requests create afterwards is all a full pass walks.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import gc, json, sys; import config.wsgi; "
    "print(json.dumps({'frozen': gc.get_freeze_count(), 'tracked': len(gc.get_objects()), "
    "'urlconf': 'registry.api.views' in sys.modules}))"
)


def test_a_started_worker_has_frozen_what_it_loaded():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(  # noqa: S603 (our own interpreter, a fixed probe)
        [sys.executable, "-W", "ignore", "-c", PROBE], cwd=ROOT, env=env, capture_output=True,
        text=True, check=True, timeout=120,
    )  # fmt: skip
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["urlconf"], "the views are loaded at start, not by the first request"
    assert seen["frozen"] > 50_000
    assert seen["tracked"] < seen["frozen"] / 20, seen
