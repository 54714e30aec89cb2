"""Cache keys shared across apps, and invalidation that needs nothing but the cache.

The rendered record is cached under its topic (through `config.readcache`, the one cached-read
path), so a cached read costs one cache lookup and no database query. Whatever changes a topic's
data calls `topics_changed` after its transaction commits. With Redis (scale-out) every process
sees the invalidation within `readcache.LOCAL_SECONDS`; with the embedded local-memory cache, a
change made by the worker process shows in the web process within the record's refresh window.

Entries are also held for `LOCAL_SECONDS` in the process that read them, in front of the shared
cache: with Redis, the round trip was a third of a cached read (0.62 of a trivial view's
throughput against 0.99 for local memory, bench/bench_record.py). The price is that another
process's invalidation can take up to that long to be seen, against a 300-second refresh window
the answers already state. The process that invalidates forgets its own copy at once.
"""

from collections.abc import Iterable
from datetime import UTC, datetime

from django.db import transaction

from config import readcache

RECORD_KEY = "record:v2:{subject}"


def record_key(subject: str, as_of: datetime | None = None) -> str:
    """The record's entry, or its entry as of an instant (one spelling per instant: UTC)."""
    key = RECORD_KEY.format(subject=subject)
    return f"{key}@{as_of.astimezone(UTC).isoformat()}" if as_of else key


def forget_local() -> None:
    """Drop this process's copies (tests, and anything that clears the shared cache)."""
    readcache.forget_local()


def topics_changed(subjects: Iterable[str]) -> None:
    """Drop the cached records of these topics once the current transaction commits."""
    keys = [record_key(subject) for subject in set(subjects)]
    if keys:
        transaction.on_commit(lambda: readcache.forget(keys))
