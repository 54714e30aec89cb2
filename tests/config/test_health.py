"""GET /api/health reports database, cache, broker and the scheduled-job heartbeat."""

from datetime import timedelta

import pytest
from django.utils import timezone

from registry.models import ScheduledJob
from registry.tasks import heartbeat


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
def test_health_is_degraded_until_the_heartbeat_runs(api):
    before = api.get("/api/health").json()
    assert before["checks"]["jobs"]["ok"] is False
    heartbeat.delay()
    after = api.get("/api/health").json()
    assert after["checks"]["jobs"]["ok"] is True
    assert after["checks"]["jobs"]["lastHeartbeat"]


@pytest.mark.django_db
def test_stale_heartbeat_is_reported(api):
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
def test_broken_cache_degrades_but_does_not_fail(api, settings):
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
