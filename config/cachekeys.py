"""Cache keys shared across apps, and invalidation that needs nothing but the cache.

The rendered record is cached under its topic, so a cached read costs one cache lookup and no
database query. Whatever changes a topic's data calls `topics_changed` after its transaction
commits. With Redis (scale-out) every process sees the invalidation at once; with the embedded
local-memory cache, a change made by the worker process shows in the web process within the
record's refresh window.
"""

from collections.abc import Iterable

from django.core.cache import cache
from django.db import transaction

RECORD_KEY = "record:v1:{subject}"


def record_key(subject: str) -> str:
    return RECORD_KEY.format(subject=subject)


def topics_changed(subjects: Iterable[str]) -> None:
    """Drop the cached records of these topics once the current transaction commits."""
    keys = [record_key(subject) for subject in set(subjects)]
    if keys:
        transaction.on_commit(lambda: cache.delete_many(keys))
