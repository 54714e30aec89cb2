"""Django's Redis cache backend, with one kept Redis client per pool and soft failure.

The stock backend builds a new `redis.Redis` for every cache call; building one registers some
170 response callbacks. Measured on a cached record read: 267 us per `cache.get` against 129 us
for the same GET on a kept client. A client over a connection pool is safe to share between
threads, so one per pool is kept for the process.

The cache is an accelerator, never the source of truth: when Redis cannot be reached, reads
miss and writes are dropped (logged), so every answer is computed from the database instead of
failing. Quotas never live here (`billing`); burst limits fail open (`config.bursts`).
"""

import functools
import logging

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

log = logging.getLogger(__name__)


class _PersistentClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


def _soft(fallback):
    """Run the cache call; if Redis is unreachable, log and return what a miss would."""

    def decorate(method):
        @functools.wraps(method)
        def call(self, *args, **kwargs):
            try:
                return method(self, *args, **kwargs)
            except RedisError as exc:
                log.warning("cache unreachable, %s bypassed: %s", method.__name__, exc)
                return fallback(*args, **kwargs)

        return call

    return decorate


def _default(key, default=None, *args, **kwargs):
    return default


def _incr_missing(key, *args, **kwargs):
    raise ValueError(f"Key '{key}' not found")  # what Django raises for a missing key


class PersistentRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = _PersistentClient

    get = _soft(_default)(RedisCache.get)
    get_many = _soft(lambda *a, **k: {})(RedisCache.get_many)
    set = _soft(lambda *a, **k: None)(RedisCache.set)
    add = _soft(lambda *a, **k: False)(RedisCache.add)
    touch = _soft(lambda *a, **k: False)(RedisCache.touch)
    delete = _soft(lambda *a, **k: False)(RedisCache.delete)
    delete_many = _soft(lambda *a, **k: None)(RedisCache.delete_many)
    has_key = _soft(lambda *a, **k: False)(RedisCache.has_key)
    incr = _soft(_incr_missing)(RedisCache.incr)
    clear = _soft(lambda *a, **k: False)(RedisCache.clear)
