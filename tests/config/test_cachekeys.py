"""The record cache: a shared cache with a short-lived copy in each process."""

import pytest
from django.core.cache import cache

from config import cachekeys, readcache


@pytest.fixture
def clock(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(readcache.time, "monotonic", lambda: now[0])
    return now


def held(topic: str):
    entry = readcache.peek(cachekeys.record_key(topic))
    return entry.rendered if entry else None


def test_a_process_holds_its_copy_for_the_local_window_only(clock):
    readcache.store(cachekeys.record_key("topic-a"), (b"{}", '"e1"'), 300)
    cache.delete(cachekeys.record_key("topic-a"))  # another process's invalidation
    assert held("topic-a") == (b"{}", '"e1"')
    clock[0] += readcache.LOCAL_SECONDS + 0.01
    assert held("topic-a") is None


@pytest.mark.django_db(transaction=True)
def test_the_invalidating_process_forgets_its_copy_at_once(clock):
    readcache.store(cachekeys.record_key("topic-b"), (b"{}", '"e1"'), 300)
    cachekeys.topics_changed(["topic-b"])  # outside a transaction: runs at once
    assert held("topic-b") is None


def test_the_local_layer_is_bounded(clock):
    for n in range(readcache.LOCAL_MAX + 5):
        readcache.store(cachekeys.record_key(f"topic-{n}"), (b"{}", f'"{n}"'), 300)
    assert len(readcache._local) <= readcache.LOCAL_MAX


def test_another_process_s_curation_is_seen_within_the_local_window(clock):
    mine = cachekeys.generation()
    cache.set(cachekeys.GENERATION_KEY, "elsewhere", None)  # another process's curator wrote
    assert cachekeys.generation() == mine  # this process holds its copy a moment
    clock[0] += readcache.LOCAL_SECONDS + 0.01
    assert cachekeys.generation() == "elsewhere"


@pytest.mark.django_db(transaction=True)
def test_a_curation_moves_every_read_s_key_after_the_commit(rf):
    from config.reads import read_key

    before = read_key(rf.get("/api/v1/signals?limit=2"))
    cachekeys.curation_changed([])  # outside a transaction: at once
    after = read_key(rf.get("/api/v1/signals?limit=2"))
    assert before != after
    assert read_key(rf.get("/api/v1/signals?limit=2")) == after  # stable until the next write
