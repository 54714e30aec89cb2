"""What `/api/health` reports: database, cache, broker and the scheduled-job heartbeat."""

import functools
import os
import secrets
import time
from datetime import timedelta
from typing import Any

import redis
from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connection
from django.utils import timezone

HEARTBEAT_STALE_AFTER = timedelta(minutes=3)
# When this process started (the URLconf imports this module as a worker starts): until the
# first heartbeat after it, and for at most HEARTBEAT_STALE_AFTER, the service is `starting`.
STARTED = time.monotonic()


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
    elif checks["jobs"].get("starting") and all(
        check["ok"] for name, check in checks.items() if name != "jobs"
    ):
        status = "starting"  # nothing is wrong yet: the first beat has not fired since start
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
    """The heartbeat's age. Stale or absent within HEARTBEAT_STALE_AFTER of this process's
    start, it is `starting` (the beat's first tick is up to a minute away), not a fault."""
    from registry.models import ScheduledJob

    beat = ScheduledJob.objects.filter(name="heartbeat").first()
    last = beat.last_success if beat else None
    age = timezone.now() - last if last else None
    up = time.monotonic() - STARTED
    if age is not None and age <= HEARTBEAT_STALE_AFTER:
        detail = f"last heartbeat {int(age.total_seconds())} s ago"
        return {"ok": True, "detail": detail, "lastHeartbeat": last.isoformat()}
    starting = up <= HEARTBEAT_STALE_AFTER.total_seconds()
    if starting:
        detail = f"starting: no heartbeat since this process started {int(up)} s ago"
    elif last is None:
        detail = "no heartbeat yet: is the worker with beat running?"
    else:
        detail = f"last heartbeat {int(age.total_seconds())} s ago: is the worker running?"
    return {"ok": False, "detail": detail, "lastHeartbeat": last.isoformat() if last else None,
            "starting": starting}  # fmt: skip
