"""The record cache: a shared cache with a short-lived copy in each process."""

import pytest
from django.core.cache import cache

from config import cachekeys


@pytest.fixture
def clock(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(cachekeys.time, "monotonic", lambda: now[0])
    return now


def test_a_process_holds_its_copy_for_the_local_window_only(clock):
    cachekeys.record_store("topic-a", (b"{}", '"e1"'), 300)
    cache.delete(cachekeys.record_key("topic-a"))  # another process's invalidation
    assert cachekeys.record_cached("topic-a") == (b"{}", '"e1"')
    clock[0] += cachekeys.LOCAL_SECONDS + 0.01
    assert cachekeys.record_cached("topic-a") is None


@pytest.mark.django_db(transaction=True)
def test_the_invalidating_process_forgets_its_copy_at_once(clock):
    cachekeys.record_store("topic-b", (b"{}", '"e1"'), 300)
    cachekeys.topics_changed(["topic-b"])  # outside a transaction: runs at once
    assert cachekeys.record_cached("topic-b") is None


def test_the_local_layer_is_bounded(clock):
    for n in range(cachekeys.LOCAL_MAX + 5):
        cachekeys.record_store(f"topic-{n}", (b"{}", f'"{n}"'), 300)
    assert len(cachekeys._local) <= cachekeys.LOCAL_MAX
