"""The benchmarks run as scripts (`.venv/bin/python bench/<script>.py`), so Python puts bench/ on
the path, not the project: a project module imported at the top of a script before it adds the
project's root is not found (bench_ingest.py once imported `ingestion` first and did not start)."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tests.config.test_rooms import ROOMS

BENCH = Path(settings.BASE_DIR) / "bench"
SCRIPTS = sorted(BENCH.glob("bench_*.py"))
PROJECT = {*ROOMS, "bench", "tests"}


def _adds_root(node: ast.stmt) -> bool:
    return "sys.path.insert" in ast.unparse(node)


def _project_imports_before_root(tree: ast.Module) -> list[str]:
    early = []
    for node in tree.body:
        if _adds_root(node):
            return early
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        early += [name for name in names if name.split(".")[0] in PROJECT]
    return early


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_a_benchmark_imports_the_project_only_after_putting_it_on_the_path(script):
    tree = ast.parse(script.read_text())
    assert _project_imports_before_root(tree) == [], f"{script.name} imports these too early"


@pytest.mark.parametrize("name", ["bench_ingest.py", "bench_growth.py", "bench_synth.py"])
def test_a_benchmark_starts_as_a_script_from_anywhere(name, tmp_path):
    run = subprocess.run(  # noqa: S603 (our own interpreter and script, fixed arguments)
        [sys.executable, str(BENCH / name), "--help"], cwd=tmp_path, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "usage:" in run.stdout
