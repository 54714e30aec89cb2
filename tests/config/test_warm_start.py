"""A warm start in seconds (issue 42): a second `make run` skips what has not changed, the static
files (a make stamp), migrations and the demo (`prepare_run`, one process); the web process of
`make run` loads the Answer Engine once it serves."""

import os
import subprocess
import time
from pathlib import Path

import pytest
from django.core.management import call_command

from registry.models import Document, Entity

ROOT = Path(__file__).resolve().parents[2]


def make_dry_run(target: str, var: Path) -> str:
    """What `make <target>` would run, without running it."""
    env = {**os.environ, "SVC_VAR_DIR": str(var)}
    done = subprocess.run(  # noqa: S603 (our own Makefile)
        ["make", "--no-print-directory", "-n", target], cwd=ROOT, env=env,  # noqa: S607
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout


def test_static_files_are_collected_only_when_one_changed(tmp_path):
    if not (ROOT / ".venv" / ".installed-stamp").exists():
        pytest.skip("needs the installed virtualenv (make install)")
    assert "collectstatic" in make_dry_run("run", tmp_path)  # never collected here
    stamp = tmp_path / "static" / ".collected"
    stamp.parent.mkdir(parents=True)
    stamp.touch()
    assert "collectstatic" not in make_dry_run("run", tmp_path)
    later = time.time() + 5
    os.utime(stamp, (later - 10, later - 10))  # a file of static/ changed since the stamp
    newest = max((p for p in (ROOT / "static").rglob("*") if p.is_file()), key=os.path.getmtime)
    original = newest.stat()
    try:
        os.utime(newest, (later, later))
        assert "collectstatic" in make_dry_run("run", tmp_path)
    finally:
        os.utime(newest, ns=(original.st_atime_ns, original.st_mtime_ns))


@pytest.mark.django_db
def test_a_second_prepare_run_migrates_and_loads_nothing(capsys, django_assert_max_num_queries):
    call_command("prepare_run")
    first = capsys.readouterr().out
    assert "migrations: none pending" in first  # the test database is migrated
    assert "demo registry: 13 events" in first  # loaded: it was not there
    documents, entities = Document.objects.count(), Entity.objects.count()
    Entity.objects.filter(slug="federal-reserve").update(name="Federal Reserve System")
    with django_assert_max_num_queries(12):
        call_command("prepare_run")
    second = capsys.readouterr().out
    assert "demo registry: present, not reloaded" in second
    assert (Document.objects.count(), Entity.objects.count()) == (documents, entities)
    # A curator's edit of a demo row is not put back by the next start.
    assert Entity.objects.get(slug="federal-reserve").name == "Federal Reserve System"


def test_make_run_s_web_process_loads_the_answer_engine_beside_serving():
    web = next(line for line in (ROOT / "Procfile.dev").read_text().splitlines()
               if line.startswith("web:"))  # fmt: skip
    assert "SVC_WARMUP=background" in web
    gunicorn = next(line for line in (ROOT / "Procfile").read_text().splitlines()
                    if line.startswith("web:"))  # fmt: skip
    assert "SVC_WARMUP" not in gunicorn  # production loads before serving


@pytest.mark.django_db
def test_a_question_in_the_first_minute_gets_the_settled_answer():
    """Issue 51: `make run`'s first answers are the ones every background job leaves, not ones
    that change as the beat fills in passage vectors. Each demo topic asked by its title."""
    from answers.models import Embedding
    from answers.serve import engine
    from answers.tasks import embed_documents
    from answers.understand import embeddings
    from records.services import records_transition
    from registry.models import Event

    call_command("prepare_run")
    passages = Embedding.objects.filter(kind=Embedding.Kind.DOCUMENT).count()
    questions = [f"What is the latest on {t.title}?" for t in Event.objects.order_by("subject")]

    def answers() -> list[tuple]:
        asked = [engine.answer(question) for question in questions]
        return [(a["answer"], [c["url"] for c in a["citations"]]) for a in asked]

    first = answers()
    while embed_documents(limit=None)["computed"]:  # every run the beat would make
        pass
    records_transition()
    assert Embedding.objects.filter(kind=Embedding.Kind.DOCUMENT).count() == passages > 0
    assert answers() == first
    assert embeddings.embedder() is not None  # the vectors were the model's, not skipped
