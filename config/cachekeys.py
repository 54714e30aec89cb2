"""Cache keys shared across apps, and invalidation that needs nothing but the cache.

The rendered record is cached under its topic, so a cached read costs one cache lookup and no
database query. Whatever changes a topic's data calls `topics_changed` after its transaction
commits. With Redis (scale-out) every process sees the invalidation within `LOCAL_SECONDS`;
with the embedded local-memory cache, a change made by the worker process shows in the web
process within the record's refresh window.

Records are also held for `LOCAL_SECONDS` in the process that read them, in front of the shared
cache: with Redis, the round trip was a third of a cached read (0.62 of a trivial view's
throughput against 0.99 for local memory, bench/bench_record.py). The price is that another
process's invalidation can take up to that long to be seen, against a 300-second refresh window
the answers already state. The process that invalidates forgets its own copy at once.
"""

import time
from collections.abc import Iterable
from typing import Any

from django.core.cache import cache
from django.db import transaction

RECORD_KEY = "record:v1:{subject}"
LOCAL_SECONDS = 2.0
LOCAL_MAX = 512  # topics held per process; past it the local layer starts afresh
_local: dict[str, tuple[float, Any]] = {}


def record_key(subject: str) -> str:
    return RECORD_KEY.format(subject=subject)


def record_cached(subject: str) -> Any:
    """The cached rendered record, from this process if fresh enough, else the shared cache."""
    key, now = record_key(subject), time.monotonic()
    held = _local.get(key)
    if held is not None and held[0] > now:
        return held[1]
    value = cache.get(key)
    if value is not None:
        _hold(key, value, now)
    return value


def record_store(subject: str, value: Any, seconds: int) -> None:
    key = record_key(subject)
    cache.set(key, value, seconds)
    _hold(key, value, time.monotonic())


def _hold(key: str, value: Any, now: float) -> None:
    if len(_local) >= LOCAL_MAX:
        _local.clear()
    _local[key] = (now + LOCAL_SECONDS, value)


def forget_local() -> None:
    """Drop this process's copies (tests, and anything that clears the shared cache)."""
    _local.clear()


def topics_changed(subjects: Iterable[str]) -> None:
    """Drop the cached records of these topics once the current transaction commits."""
    keys = [record_key(subject) for subject in set(subjects)]
    if keys:
        transaction.on_commit(lambda: _forget(keys))


def _forget(keys: list[str]) -> None:
    cache.delete_many(keys)
    for key in keys:
        _local.pop(key, None)
