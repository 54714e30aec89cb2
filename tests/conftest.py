import socket
from contextlib import contextmanager
from datetime import UTC, datetime

import numpy as np
import pytest
import time_machine
from django.core.cache import cache
from django.core.management import call_command
from django.db import connections, transaction
from rest_framework.test import APIClient

from answers.understand import embeddings, vocabulary
from config.cachekeys import forget_local
from config.celery import app as celery_app
from ingestion.tagging import forget_tagger
from records.datasets import forget_kept
from registry import services
from tests import stack
from tests.receivers import RawReceiver


def _memoised(encode):
    """`encode` (texts -> one vector each) computing each text once per test session."""
    memo: dict[str, np.ndarray] = {}

    def encoded(self, texts: list[str]) -> np.ndarray:
        missing = [text for text in dict.fromkeys(texts) if text not in memo]
        if missing:
            memo.update(zip(missing, encode(self, missing), strict=True))
        return np.stack([memo[text] for text in texts])

    return encoded


@pytest.fixture(scope="session", autouse=True)
def _texts_embedded_by_memory():
    """The embedding model is deterministic, so a text's vector is computed once per session.
    Every test that loads a registry embedded its topics and entities again (39 texts for the
    demo: 2 s of a free core, 16 s of a busy one), because each test's rows are rolled back."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(embeddings.E5, "passages", _memoised(embeddings.E5.passages))
        patch.setattr(embeddings.E5, "queries", _memoised(embeddings.E5.queries))
        yield


@pytest.fixture(scope="session", autouse=True)
def _stack_templates_dropped():
    """The template databases `tests.stack` built for this session, dropped at its end."""
    yield
    stack.templates_drop()


def loaded_once(load, scope: str = "module"):
    """A fixture: `load()` run once for the module (or `scope`), in a transaction rolled back
    after the last test. Each test of the module runs in a savepoint inside it (the `db`
    fixture's own atomic block, nested), so a test's writes are undone as before and the next
    test finds the rows as loaded. Not for `transaction=True` tests (they commit).

    The demo's load was the suite's costliest setup: about ten seconds a test on a busy machine,
    paid by every test that reads it."""

    @pytest.fixture(scope=scope)
    def loaded(django_db_setup, django_db_blocker):
        with django_db_blocker.unblock(), transaction.atomic():
            load()
            yield
            transaction.set_rollback(True)

    return loaded


DEMO_HOUR = datetime(2026, 11, 22, 8, tzinfo=UTC)


def registries_load_at_the_demo_hour() -> None:
    """Every curated registry laid out back from the demo's hour: what the evaluation floors
    hold is the engine's, never the month a run falls in ("the first week of {month}" on the
    1st, a December decision asked in December)."""
    from answers.measure.evaluation import registries_load

    with time_machine.travel(DEMO_HOUR):
        registries_load()


def load_demo_at_its_hour() -> None:
    """`manage.py load_demo` as run at the demo's hour (its rows laid out back from that day)."""
    with time_machine.travel(DEMO_HOUR):
        call_command("load_demo")


def pytest_collection_modifyitems(items):
    """In each run of one module's tests, those that read a registry loaded once for it (a
    `*_once` fixture, `loaded_once`) go after the others, so those never find its rows. Only
    within a run: pytest-django has put every transactional test after the others (they flush
    the tables, and the rows data migrations wrote with them), and that order must hold."""

    def once(item) -> bool:
        return any(name.endswith("_once") for name in getattr(item, "fixturenames", ()))

    ordered, start = [], 0
    while start < len(items):
        module, end = items[start].nodeid.split("::")[0], start
        while end < len(items) and items[end].nodeid.split("::")[0] == module:
            end += 1
        run = items[start:end]
        ordered += [item for item in run if not once(item)] + [item for item in run if once(item)]
        start = end
    items[:] = ordered


@pytest.fixture(autouse=True)
def _jobs_run_inline():
    """Tasks run in-process during tests unless a test starts a real worker."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


@pytest.fixture(autouse=True)
def _empty_cache():
    """Rendered records are cached; a test never reads a body an earlier test cached."""
    cache.clear()
    forget_local()
    forget_kept()


@pytest.fixture(autouse=True)
def _fresh_tagger():
    """Each test tags with the registry it built, never a tagger cached by an earlier test."""
    forget_tagger()
    vocabulary.forget()
    yield
    forget_tagger()
    vocabulary.forget()


@pytest.fixture
def local_fetches(settings):
    """Fetchers may reach the local test HTTP server (loopback is refused in production)."""
    settings.SVC_FETCH_ALLOW_LOOPBACK = True
    return settings


@pytest.fixture
def raw_receiver(local_fetches):
    """`raw_receiver(behaviour)` starts a hostile server from `tests.receivers`; all stop after."""
    started = []

    def start(behaviour) -> RawReceiver:
        started.append(RawReceiver(behaviour))
        return started[-1]

    yield start
    for receiver in started:
        receiver.close()


@pytest.fixture
def fed(db):
    """The Federal Reserve, with its short alias "Fed"."""
    return services.entity_upsert(slug="federal-reserve", name="Federal Reserve", aliases=["Fed"])


@pytest.fixture
def curator(client, django_user_model):
    """A Django test client logged in as "carol", a superuser: a curator in the admin."""
    user = django_user_model.objects.create_superuser("carol", "carol@feed.example", None)
    client.force_login(user)
    return client


@pytest.fixture
def api():
    return APIClient()


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def unreachable_database():
    """The default database becomes unreachable: the next query really fails to connect.

    PostgreSQL points at a closed port; SQLite at a file in a folder that does not exist. The
    open connection is set aside (not closed: an in-memory SQLite test database would vanish)
    and put back on exit, as a database that comes back would be.
    """
    conn = connections["default"]
    saved_connection, saved_settings = conn.connection, conn.settings_dict
    unreachable = dict(saved_settings)
    if conn.vendor == "postgresql":
        unreachable.update(HOST="127.0.0.1", PORT=str(_closed_port()))
    else:
        unreachable.update(NAME="/nonexistent-folder/unreachable.sqlite3")
    conn.connection, conn.settings_dict = None, unreachable
    try:
        yield
    finally:
        conn.connection, conn.settings_dict = saved_connection, saved_settings


@pytest.fixture
def database_down(transactional_db):
    with unreachable_database():
        yield
