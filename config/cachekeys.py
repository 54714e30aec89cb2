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

A curator's write (a topic added, renamed, retired, deleted; an entity or alias changed; a
source or market linked) changes more than records: listings, signals, entity reads, the
datasets' index and the MCP twins of those reads. Their cache keys are digests of a request, not
of a topic, so they cannot be named one by one. They carry the curation generation instead
(`generation`, a token in the shared cache): `curation_changed` replaces it after the commit,
and every read keyed under the old one misses at once (its entries expire unread). Ingestion
moves no generation: only curators' writes, which are rare, cost a rebuild of every read.
"""

import secrets
import time
from collections.abc import Iterable
from datetime import UTC, datetime

from django.core.cache import cache
from django.db import transaction

from config import readcache

RECORD_KEY = "record:v2:{subject}"
GENERATION_KEY = "curation:generation"
_generation: dict[str, tuple[float, str]] = {}  # this process's copy, held LOCAL_SECONDS


def record_key(subject: str, as_of: datetime | None = None) -> str:
    """The record's entry, or its entry as of an instant (one spelling per instant: UTC)."""
    key = RECORD_KEY.format(subject=subject)
    return f"{key}@{as_of.astimezone(UTC).isoformat()}" if as_of else key


def forget_local() -> None:
    """Drop this process's copies (tests, and anything that clears the shared cache)."""
    readcache.forget_local()
    _generation.clear()


def generation() -> str:
    """The current curation generation, part of every read surface's cache key. Looked up in
    the shared cache at most every `readcache.LOCAL_SECONDS` per process (the bound another
    process's invalidation already has); a cache that cannot answer gives "0"."""
    now = time.monotonic()
    held = _generation.get(GENERATION_KEY)
    if held is not None and held[0] > now:
        return held[1]
    token = cache.get(GENERATION_KEY)
    if token is None:
        token = secrets.token_hex(4)
        if not cache.add(GENERATION_KEY, token, None):  # another process set it first
            token = cache.get(GENERATION_KEY) or "0"
    _generation[GENERATION_KEY] = (now + readcache.LOCAL_SECONDS, token)
    return token


def _next_generation() -> None:
    token = secrets.token_hex(4)
    cache.set(GENERATION_KEY, token, None)
    _generation[GENERATION_KEY] = (time.monotonic() + readcache.LOCAL_SECONDS, token)


def topics_changed(subjects: Iterable[str]) -> None:
    """Drop the cached records of these topics once the current transaction commits."""
    keys = [record_key(subject) for subject in set(subjects)]
    if keys:
        transaction.on_commit(lambda: readcache.forget(keys))


def curation_changed(subjects: Iterable[str] = ()) -> None:
    """A curator's write: once the current transaction commits, drop these topics' records and
    move the curation generation, so every listing, signal, entity read, dataset index and MCP
    read is built anew on its next request (`topics_changed` alone drops only records)."""
    topics_changed(subjects)
    transaction.on_commit(_next_generation)
