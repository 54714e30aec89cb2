"""GET /api/health reports database, cache, broker and the scheduled-job heartbeat."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from config import health
from registry.models import ScheduledJob
from registry.tasks import heartbeat


@pytest.fixture
def long_up(monkeypatch):
    """This process started long ago: past the grace in which a missing heartbeat is `starting`."""
    monkeypatch.setattr(health, "STARTED", time.monotonic() - 3600)


@pytest.fixture
def just_started(monkeypatch):
    monkeypatch.setattr(health, "STARTED", time.monotonic() - 5)


@pytest.mark.django_db
def test_health_reports_each_dependency(api):
    response = api.get("/api/health")
    assert response.status_code == 200
    body = response.json()
    assert body["schema"] == "svc.health.v1"
    assert body["apiVersion"] == "1.0.0"
    assert set(body["checks"]) == {"database", "cache", "broker", "jobs"}
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["cache"]["ok"] is True
    assert response["Cache-Control"] == "no-store"


@pytest.mark.django_db
def test_health_says_starting_until_the_first_beat(api, just_started):
    before = api.get("/api/health").json()
    assert before["status"] == "starting"
    assert before["checks"]["jobs"]["ok"] is False
    assert before["checks"]["jobs"]["lastHeartbeat"] is None
    assert before["checks"]["jobs"]["detail"].startswith("starting")
    heartbeat.delay()
    after = api.get("/api/health").json()
    assert after["status"] == "ok"
    assert after["checks"]["jobs"]["ok"] is True
    assert after["checks"]["jobs"]["lastHeartbeat"]


@pytest.mark.django_db
def test_a_heartbeat_from_before_a_restart_is_starting_then_degraded(api, monkeypatch):
    stale = timezone.now() - timedelta(hours=1)
    ScheduledJob.objects.create(name="heartbeat", last_attempt=stale, last_success=stale)
    monkeypatch.setattr(health, "STARTED", time.monotonic() - 5)
    assert api.get("/api/health").json()["status"] == "starting"
    monkeypatch.setattr(health, "STARTED", time.monotonic() - 181)  # past the grace
    body = api.get("/api/health").json()
    assert body["status"] == "degraded"
    assert body["checks"]["jobs"]["lastHeartbeat"] == stale.isoformat()


@pytest.mark.django_db
def test_health_is_degraded_without_a_beat_after_the_grace(api, long_up):
    body = api.get("/api/health").json()
    assert body["status"] == "degraded"
    assert body["checks"]["jobs"]["detail"].startswith("no heartbeat yet")


@pytest.mark.django_db
def test_stale_heartbeat_is_reported(api, long_up):
    stale = timezone.now() - timedelta(hours=1)
    ScheduledJob.objects.create(name="heartbeat", last_attempt=stale, last_success=stale)
    body = api.get("/api/health").json()
    assert body["checks"]["jobs"]["ok"] is False
    assert body["status"] == "degraded"


def test_health_with_database_down_is_503_json(api, database_down):
    response = api.get("/api/health")
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    body = response.json()
    assert body["status"] == "down"
    assert body["checks"]["database"]["ok"] is False


@pytest.mark.django_db
def test_broken_cache_degrades_but_does_not_fail(api, settings, just_started):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.2},
        }
    }
    response = api.get("/api/health")
    assert response.status_code == 200
    assert response.json()["checks"]["cache"]["ok"] is False
    assert response.json()["status"] == "degraded"


@pytest.mark.django_db
def test_health_keeps_one_broker_connection_across_calls(api, settings):
    """A load balancer polls health every few seconds: each poll must not cost the broker a
    new TCP connection (and a TIME_WAIT socket on both ends)."""
    import os

    import redis

    url = os.environ.get("REDIS_URL")
    if not url:
        pytest.skip("needs REDIS_URL (a real broker)")
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = url
    server = redis.Redis.from_url(url)

    def accepted() -> int:
        return server.info("stats")["total_connections_received"]

    assert api.get("/api/health").json()["checks"]["broker"] == {"ok": True, "detail": "redis"}
    before = accepted()
    for _ in range(10):
        assert api.get("/api/health").json()["checks"]["broker"]["ok"] is True
    assert accepted() - before <= 1  # the kept client's pool, at most one new connection
