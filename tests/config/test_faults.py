"""Faults: the cache (Redis) unreachable. Reads are still served; bursts fail open."""

import socket

import pytest

from config.cachekeys import forget_local
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db


@pytest.fixture
def redis_down(settings):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.PersistentRedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    forget_local()  # the settings fixture rebuilds the cache handlers; the local layer too


def test_reads_are_served_when_redis_is_down(client, redis_down):
    from django.core.cache import cache

    cache.set("probe", 1)
    assert cache.get("probe") is None  # really unreachable, and soft about it
    demo_load()
    for path in (
        "/api/record/disaster-hurricane-tavia",
        "/api/v1/signals",
        "/api/v1/verticals",
        "/api/tariff",
        "/api/v1/records?limit=3",
    ):
        response = client.get(path)
        assert response.status_code == 200, (path, response.content[:200])
    again = client.get("/api/record/disaster-hurricane-tavia")  # computed again, not cached
    assert again.status_code == 200


def test_burst_limits_fail_open_and_quotas_stay_exact_when_redis_is_down(
    client, redis_down, settings
):
    settings.SVC_KEYS_PER_ADDRESS_DAY = 2
    answers = [client.post("/api/keys") for _ in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 429]  # the daily cap is the database's
    assert "RateLimit" not in answers[0]
