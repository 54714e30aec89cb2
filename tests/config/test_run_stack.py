"""`make run-stack` without an edge says so loudly, with what it costs and how to start one: the
Makefile's own shell logic (`make stack-processes`, which run-stack runs and honcho is given the
answer of), run with nginx present and absent."""

import os
import re
import subprocess

from tests.stack import ROOT


def stack_processes(nginx: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(  # noqa: S603 (our own Makefile)
        ["make", "--no-print-directory", "-s", "stack-processes", f"NGINX={nginx}"],  # noqa: S607
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )


def test_without_nginx_gunicorn_faces_clients_and_the_warning_says_what_that_costs():
    done = stack_processes("", WEB_WORKERS="4", BIND="127.0.0.1:8123")
    assert done.stdout.split() == ["web", "worker", "beat"]  # no edge line for honcho to start
    said = done.stderr
    assert "NO EDGE" in said
    assert "4 slow clients" in said  # as many as there are workers stall it
    assert "127.0.0.1:8123" in said
    assert "apt-get install nginx-light" in said  # how to start the edge
    assert "deploy/edge.py" in said
    assert all(line.startswith("!!!") for line in said.strip().splitlines())


def test_with_nginx_every_procfile_process_runs_the_edge_included():
    done = stack_processes("/opt/nginx/sbin/nginx", EDGE_BIND="127.0.0.1:8181")
    assert done.stdout.strip() == ""  # none named: honcho starts every line, the edge's too
    assert "127.0.0.1:8181" in done.stderr
    assert "NO EDGE" not in done.stderr


def test_run_stack_starts_what_stack_processes_names():
    makefile = (ROOT / "Makefile").read_text()
    recipe = re.search(r"^run-stack:.*?\n((?:\t.*\n)+)", makefile, re.M).group(1)
    assert "stack-processes" in recipe
    assert re.search(r"honcho start -f Procfile \$\$procs", recipe)
