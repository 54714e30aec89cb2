"""The house's rooms: each imports only the rooms below it, the worlds stay out of production
code, no module of production code is over 40 lines a function, and no two modules of one app
share a name (pyproject.toml [tool.importlinter]; docs/architecture.md)."""

import ast
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
LINT = Path(sys.executable).with_name("lint-imports")
ROOMS = (
    "config", "outbound", "registry", "aggregates", "search", "ingestion", "records",
    "billing", "watches", "answers", "mcpdoor", "worlds",
)  # fmt: skip


def _lint(where: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(where)}
    return subprocess.run(  # noqa: S603 - our own lint-imports, fixed arguments
        [str(LINT), "--config", str(where / "pyproject.toml"), "--no-cache"],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _copy(tmp_path: Path) -> Path:
    copy = tmp_path / "house"
    copy.mkdir()
    shutil.copy(ROOT / "pyproject.toml", copy)
    for room in ROOMS:
        shutil.copytree(ROOT / room, copy / room, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def test_every_room_keeps_its_import_rules():
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "upward"),
    [
        ("ingestion/feeds.py", "from records import builder"),  # ingestion reaching a read
        ("search/fulltext.py", "from ingestion import tagging"),  # two sibling rooms
        ("registry/models.py", "from aggregates import pace"),  # the base reaching up
        ("records/builder.py", "from worlds import demo"),  # production code loading the demo
        # a stage reaching a later one: understanding a question from the engine that serves it
        ("answers/understand/embeddings.py", "from answers.serve import engine"),
    ],
)
def test_an_import_against_the_rules_breaks_the_lint(tmp_path, module, upward):
    house = _copy(tmp_path)
    target = house / module
    target.write_text(target.read_text() + f"\n{upward}  # noqa\n")
    result = _lint(house)
    assert result.returncode != 0, result.stdout
    assert "BROKEN" in result.stdout


def _production_modules():
    for room in ROOMS:
        if room == "worlds":
            continue
        for path in (ROOT / room).rglob("*.py"):
            if "migrations" not in path.parts:
                yield path


def test_no_function_of_production_code_is_over_forty_lines():
    long = []
    for path in _production_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > 40:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} {lines}")
    assert long == []


def test_no_two_modules_of_one_room_share_a_name():
    for room in ROOMS:
        names = Counter(
            path.stem
            for path in (ROOT / room).rglob("*.py")
            if "migrations" not in path.parts and path.stem != "__init__"
        )
        assert [name for name, n in names.items() if n > 1] == [], room


STAGES = ("understand", "ground", "check", "compose", "serve", "measure")


@pytest.mark.parametrize("stage", STAGES)
def test_every_name_of_a_stage_s_face_is_its_module_s(stage):
    import importlib

    package = importlib.import_module(f"answers.{stage}")
    assert package.__all__, stage
    for name in package.__all__:
        module = importlib.import_module(package.FACE[name])
        assert getattr(package, name) is getattr(module, name), (stage, name)


def test_a_stage_s_module_imports_alone_before_django_is_set_up():
    """An embedding worker process unpickles `answers.understand.embeddings`' function before
    Django is set up: importing it must not import the stage's other modules (the models)."""
    done = subprocess.run(
        [sys.executable, "-c", "import answers.understand.embeddings, sys; "
         "print('answers.understand.understanding' in sys.modules)"],
        cwd=ROOT, capture_output=True, text=True, check=False,
        env={k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
