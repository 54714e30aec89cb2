"""An expiry costs one rebuild, not one per request: concurrent readers of an absent or stale
entry wait for (or are served the stale copy while) a single request rebuilds it.

Real concurrent requests (threads through the test client, sharing the process's cache), a
selector that takes long enough for them to overlap, and a count of how often it ran.
"""

import threading
import time

import pytest
from django.db import connection
from rest_framework.test import APIClient

from config import readcache
from records.api import views as record_views
from registry.api import views as registry_views
from worlds.demo import demo_load

READERS = 16


def concurrently(request) -> list:
    """`request()` from READERS threads released at once; their answers."""
    answers, start = [], threading.Barrier(READERS)

    def read():
        try:
            start.wait(10)
            answers.append(request())
        finally:
            connection.close()

    threads = [threading.Thread(target=read) for _ in range(READERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def get(path: str):
    return lambda: APIClient().get(path)


def slow_counted(monkeypatch, owner, name):
    calls, real = [], getattr(owner, name)

    def wrapper(*args, **kwargs):
        calls.append(1)
        time.sleep(0.3)  # long enough for every reader to arrive while it is being built
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapper)
    return calls


def expire_everything(monkeypatch, seconds: float):
    real = time.time
    monkeypatch.setattr(readcache.time, "time", lambda: real() + seconds)
    readcache.forget_local()


@pytest.fixture
def demo():
    demo_load()


@pytest.mark.django_db(transaction=True)
def test_concurrent_misses_of_a_read_build_it_once(demo, monkeypatch):
    calls = slow_counted(monkeypatch, registry_views.selectors, "signals_current")
    answers = concurrently(get("/api/v1/signals"))
    assert [a.status_code for a in answers] == [200] * READERS
    assert len({a.content for a in answers}) == 1
    assert len(calls) == 1


@pytest.mark.django_db(transaction=True)
def test_a_stale_read_is_rebuilt_once_while_the_others_are_served_stale(demo, monkeypatch):
    calls = slow_counted(monkeypatch, registry_views.selectors, "signals_current")
    first = APIClient().get("/api/v1/signals")
    assert len(calls) == 1
    expire_everything(monkeypatch, 61)  # past the 60-second refresh, within the stale window
    answers = concurrently(get("/api/v1/signals"))
    assert [a.status_code for a in answers] == [200] * READERS
    assert len(calls) == 2  # one rebuild
    # each was answered the stale copy (served while it was rebuilt) or the rebuilt one
    assert {a["ETag"] for a in answers} - {first["ETag"]} != set()
    assert len({a["ETag"] for a in answers}) <= 2


@pytest.mark.django_db(transaction=True)
def test_concurrent_misses_of_a_record_build_it_once(demo, monkeypatch):
    calls = slow_counted(monkeypatch, record_views, "build_record")
    answers = concurrently(get("/api/record/disaster-hurricane-tavia"))
    assert [a.status_code for a in answers] == [200] * READERS
    assert len(calls) == 1
    expire_everything(monkeypatch, 301)
    answers = concurrently(get("/api/record/disaster-hurricane-tavia"))
    assert [a.status_code for a in answers] == [200] * READERS
    assert len(calls) == 2


@pytest.mark.django_db(transaction=True)
def test_a_bad_query_stores_nothing_and_holds_no_lock(demo):
    api = APIClient()
    for _ in range(3):
        response = api.get("/api/v1/signals?limit=0")
        assert response.status_code == 400
        assert response.json()["field"] == "limit"
    assert api.get("/api/v1/signals?limit=1").status_code == 200


def mcp_call(name: str, arguments: dict):
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": name, "arguments": arguments}}  # fmt: skip
    return APIClient().post("/api/mcp", call, format="json")


@pytest.mark.django_db(transaction=True)
def test_the_mcp_twin_of_a_read_shares_the_one_cached_path(demo, monkeypatch):
    calls = slow_counted(monkeypatch, registry_views.selectors, "signals_current")
    answers = concurrently(lambda: mcp_call("get_signals", {"limit": 5}))
    results = [a.json()["result"] for a in answers]
    assert [r["isError"] for r in results] == [False] * READERS
    assert len({r["content"][0]["text"] for r in results}) == 1
    assert results[0]["structuredContent"]["schema"] == "svc.signals.v1"
    assert len(calls) == 1
    # a bad argument is refused every time and stores nothing
    for _ in range(2):
        refused = mcp_call("get_signals", {"limit": 0}).json()["result"]
        assert refused["isError"] is True
