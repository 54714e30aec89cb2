"""The one cached-read path: every cached GET (the record and each read surface) goes through it.

An entry is the rendered body, its ETag and when it stops being fresh. It is kept past that for
`STALE_SECONDS` (what `stale-while-revalidate` in `cache-control` promises), so an expiry costs
one rebuild, not one per request:

- fresh: served;
- stale: the first request to take the entry's rebuild lock (`cache.add`, atomic in Redis and
  in local memory) rebuilds it; every other request is served the stale body meanwhile;
- absent (never built, or invalidated): the lock's winner builds; the others wait for its entry
  up to `WAIT_SECONDS`, then build themselves (a builder that died must not hold them).

When the cache cannot be reached (`config.cache` fails soft) nobody holds a lock and nobody
waits: each request builds, as before. Entries are also held for `LOCAL_SECONDS` in the process
that read them (see `config.cachekeys`).
"""

import time
from collections.abc import Callable
from typing import NamedTuple

from django.core.cache import cache

STALE_SECONDS = 60
LOCK_SECONDS = 15  # a rebuild that takes longer than this is taken over by the next request
WAIT_SECONDS = 2.0
WAIT_STEP = 0.01
LOCAL_SECONDS = 2.0
LOCAL_MAX = 512  # entries held per process; past it the local layer starts afresh
_local: dict[str, tuple[float, "Entry"]] = {}


class Entry(NamedTuple):
    body: bytes
    etag: str
    fresh_until: float  # epoch seconds

    @property
    def rendered(self) -> tuple[bytes, str]:
        return self.body, self.etag


def _lock(key: str) -> str:
    return f"{key}:rebuild"


def peek(key: str) -> Entry | None:
    """The entry, fresh or stale, from this process if held, else the shared cache."""
    now = time.monotonic()
    held = _local.get(key)
    if held is not None and held[0] > now and held[1].fresh_until > time.time():
        return held[1]  # a stale copy is looked up again: another process may have rebuilt it
    entry = cache.get(key)
    if not isinstance(entry, Entry):  # absent, or left by an older release in another shape
        return None
    _hold(key, entry, now)
    return entry


def lookup(key: str) -> tuple[Entry | None, bool]:
    """What to serve and whether this request must (re)build it.

    `(entry, False)`: serve it. `(entry, True)`: stale, and this request holds the rebuild lock.
    `(None, True)`: nothing to serve; build it (holding the lock, or having waited in vain).
    """
    entry = peek(key)
    if entry is not None and entry.fresh_until > time.time():
        return entry, False
    if not cache.add(_lock(key), 1, LOCK_SECONDS):
        return (entry, False) if entry is not None else _awaited(key)
    # The lock is ours; a rebuild that finished just before we took it leaves nothing to do.
    latest = peek(key)
    if latest is not None and latest.fresh_until > time.time():
        release(key)
        return latest, False
    return entry, True


def _awaited(key: str) -> tuple[Entry | None, bool]:
    """Wait for another request's build of an absent entry; build after WAIT_SECONDS, or when
    its lock is gone with nothing stored (its build failed)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(WAIT_STEP)
        entry = peek(key)
        if entry is not None:
            return entry, False
        if cache.get(_lock(key)) is None:
            break
    entry = peek(key)  # stored between the last look and the lock's release
    return (entry, False) if entry is not None else (None, True)


def store(key: str, rendered: tuple[bytes, str], refresh: int) -> Entry:
    """Keep a freshly built body for `refresh` seconds (then stale for STALE_SECONDS more) and
    release the rebuild lock."""
    entry = Entry(*rendered, fresh_until=time.time() + refresh)
    cache.set(key, entry, refresh + STALE_SECONDS)
    cache.delete(_lock(key))
    _hold(key, entry, time.monotonic())
    return entry


def release(key: str) -> None:
    """Give up a rebuild lock without storing (the build failed)."""
    cache.delete(_lock(key))


def read_through(key: str, refresh: int, build: Callable[[], tuple[bytes, str]]) -> Entry:
    """The entry for `key`, built by `build` when this request is the one to build it."""
    entry, must_build = lookup(key)
    return rebuild(key, refresh, build) if must_build else entry


def rebuild(key: str, refresh: int, build: Callable[[], tuple[bytes, str]]) -> Entry:
    """Build and store the entry; the caller holds the rebuild lock (or waited in vain). A build
    that raises stores nothing and releases the lock."""
    try:
        return store(key, build(), refresh)
    except BaseException:
        release(key)
        raise


def forget(keys: list[str]) -> None:
    """Drop entries everywhere (an invalidation): the next read builds, single-flight."""
    cache.delete_many(keys)
    for key in keys:
        _local.pop(key, None)


def forget_local() -> None:
    """Drop this process's copies (tests, and anything that clears the shared cache)."""
    _local.clear()


def _hold(key: str, entry: Entry, now: float) -> None:
    if len(_local) >= LOCAL_MAX:
        _local.clear()
    _local[key] = (now + LOCAL_SECONDS, entry)
