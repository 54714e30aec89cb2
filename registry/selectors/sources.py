"""Reads of the registry that the record builder and the read surfaces share."""

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import F, Min, Q
from django.utils import timezone

from registry.models import PrimarySource, ScheduledJob, SourceReading

VERIFY_JOB = "verify-sources"


def source_automation(*, now: datetime | None = None) -> dict[str, Any]:
    """The spec's `automation` block: the daily re-verification run and when it runs next."""
    now = now or timezone.now()
    run = ScheduledJob.objects.filter(name=VERIFY_JOB).first()
    hour, minute = settings.SVC_VERIFY_SOURCES_AT
    if run is None or run.last_attempt is None:
        status = "not-yet-run"
    elif run.consecutive_failures:
        status = "failing"
    elif run.last_success and now - run.last_success <= timedelta(hours=26):
        status = "operational"
    else:
        status = "overdue"
    return {
        "status": status,
        "statement": (
            f"A daily automated fetch at {hour:02d}:{minute:02d} UTC re-verifies each source; "
            "a stamp moves only on a confirmed fetch, and a failed read flips nothing."
        ),
        "lastAttempt": run.last_attempt.isoformat() if run and run.last_attempt else None,
        "lastSuccess": run.last_success.isoformat() if run and run.last_success else None,
        "nextScheduledUtc": f"{hour:02d}:{minute:02d}",
    }


def source_freshness(sources: list[PrimarySource]) -> dict[str, Any]:
    """The spec's `freshness` block over a record's sources, in one query for `failingSince`."""
    run = ScheduledJob.objects.filter(name=VERIFY_JOB).first()
    run_started = run.last_attempt if run else None
    failing = [source for source in sources if source.consecutive_failures]
    confirmed = [source.last_success for source in sources if source.last_success]
    return {
        "sourcesTotal": len(sources),
        "sourcesConfirmedLatestRun": sum(
            1
            for source in sources
            if run_started and source.last_success and source.last_success >= run_started
        ),
        "sourcesFailing": len(failing),
        "latestConfirmedFetch": max(confirmed).date().isoformat() if confirmed else None,
        "failingSince": _failing_since(failing),
    }


def _failing_since(failing: list[PrimarySource]) -> str | None:
    """The earliest failed attempt since the last success, across the failing sources."""
    if not failing:
        return None
    first = (
        SourceReading.objects.filter(source__in=failing, ok=False)
        .filter(
            Q(source__last_success__isnull=True) | Q(attempted_at__gt=F("source__last_success"))
        )
        .aggregate(first=Min("attempted_at"))["first"]
    )
    return first.date().isoformat() if first else None
