"""What `/api/health` reports: database, cache, broker and the scheduled-job heartbeat."""

import functools
import os
import secrets
from datetime import timedelta
from typing import Any

import redis
from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connection
from django.utils import timezone

HEARTBEAT_STALE_AFTER = timedelta(minutes=3)


def health_snapshot() -> dict[str, Any]:
    database = _database()
    checks = {
        "database": database,
        "cache": _cache(),
        "broker": _broker(),
        "jobs": _jobs() if database["ok"] else {"ok": False, "detail": "unknown: database down"},
    }
    if not database["ok"]:
        status = "down"
    elif all(check["ok"] for check in checks.values()):
        status = "ok"
    else:
        status = "degraded"
    return {
        "schema": "svc.health.v1",
        "status": status,
        "version": settings.SVC_VERSION,
        "apiVersion": settings.SVC_API_VERSION,
        "checkedAt": timezone.now().isoformat(),
        "checks": checks,
    }


def _database() -> dict[str, Any]:
    vendor = connection.vendor
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as exc:
        return {"ok": False, "detail": f"{vendor}: {type(exc).__name__}"}
    return {"ok": True, "detail": vendor}


def _cache() -> dict[str, Any]:
    backend = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    nonce = secrets.token_hex(8)
    try:
        cache.set("health:nonce", nonce, 10)
        ok = cache.get("health:nonce") == nonce
    except Exception as exc:  # any client error means "cache unavailable", reads bypass it
        return {"ok": False, "detail": f"{backend}: {type(exc).__name__}"}
    return {"ok": ok, "detail": backend}


def _broker() -> dict[str, Any]:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"ok": True, "detail": "eager: jobs run inside the web process"}
    url = settings.CELERY_BROKER_URL
    if url.startswith("filesystem://"):
        folder = settings.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_in"]
        ok = os.path.isdir(folder) and os.access(folder, os.W_OK)
        return {"ok": ok, "detail": "filesystem (embedded)"}
    try:
        _broker_client(url).ping()
    except redis.RedisError as exc:
        return {"ok": False, "detail": f"redis: {type(exc).__name__}"}
    return {"ok": True, "detail": "redis"}


@functools.cache
def _broker_client(url: str) -> redis.Redis:
    """One client (and connection pool) per broker URL for the process: health is polled every
    few seconds, and a new client per poll was a new TCP connection per poll."""
    return redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)


def _jobs() -> dict[str, Any]:
    from registry.models import ScheduledJob

    beat = ScheduledJob.objects.filter(name="heartbeat").first()
    if beat is None or beat.last_success is None:
        return {"ok": False, "detail": "no heartbeat yet: is the worker with beat running?"}
    age = timezone.now() - beat.last_success
    return {
        "ok": age <= HEARTBEAT_STALE_AFTER,
        "detail": f"last heartbeat {int(age.total_seconds())} s ago",
        "lastHeartbeat": beat.last_success.isoformat(),
    }
