import socket
from contextlib import contextmanager

import pytest
from django.core.cache import cache
from django.db import connections
from rest_framework.test import APIClient

from answers import vocabulary
from config.cachekeys import forget_local
from config.celery import app as celery_app
from ingestion.tagging import forget_tagger
from records.datasets import forget_kept
from registry import services
from tests.receivers import RawReceiver


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
