"""Reads of the registry that the record builder and the read surfaces share."""

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import F, Min, Q
from django.utils import timezone

from config.paging import Cursor, ListScope, keyset_page
from config.reads import envelope, iso, not_found
from registry.models import PrimarySource, ScheduledJob, SourceReading, TripwireAlert

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


def source_object(source: PrimarySource, *, today) -> dict[str, Any]:
    words = source.observed
    if words and source.observed_date:
        words = f"{words} ({source.observed_date.isoformat()})"
    row = {
        "id": source.slug,
        "name": source.name,
        "issuer": source.issuer,
        "tier": "primary",
        "cadence": source.cadence,
        "verifiedAsOf": iso(source.verified_as_of),
        "observedAsOf": iso(source.observed_read_at.date() if source.observed_read_at else None),
        "observed": words,
        "links": source.web_links(),
        "fetchHealth": _fetch_health(source),
        "readHealth": _read_health(source),
        "observedState": source.observed_state,
        "observedRef": source.observed_ref,
        "observedDate": iso(source.observed_date),
        "observedReadAt": iso(source.observed_read_at),
        "observedContentAgeDays": (today - source.observed_date).days
        if source.observed_date
        else None,
        "readState": source.read_state,
        "readStateNote": source.read_state_note,
    }
    for key, value in (("linkNote", source.link_note), ("scopeNote", source.scope_note)):
        if value:
            row[key] = value
    return row


def _fetch_health(source: PrimarySource) -> dict[str, Any]:
    return {
        "lastSuccess": iso(source.last_success),
        "lastChange": iso(source.last_change),
        "lastAttempt": iso(source.last_attempt),
        "baselineEstablished": iso(source.baseline_established),
        "consecutiveFailures": source.consecutive_failures,
        "lastError": source.last_error,
        "etag": source.etag,
        "lastModified": source.last_modified,
        "signature": source.signature,
    }


def _read_health(source: PrimarySource) -> dict[str, Any]:
    health = {
        "lastRead": iso(source.last_read),
        "lastReadRef": source.last_read_ref,
        "consecutiveUnread": source.consecutive_unread,
        "neverRead": source.last_read is None,
    }
    if source.last_unread_at:
        health["lastUnreadAt"] = iso(source.last_unread_at)
    return health


# --- read surfaces: sources and tripwire alerts -----------------------------------------------


def sources_list(*, topic: str | None, limit: int, cursor: Cursor | None) -> dict[str, Any]:
    """The primary sources the service reads, by id, with the topics each guards."""
    sources = PrimarySource.objects.prefetch_related("events")
    if topic:
        sources = sources.filter(events__subject=topic)
    page, next_cursor = keyset_page(sources, scope=ListScope.of("sources", topic=topic),
                                    order=["slug"], limit=limit, cursor=cursor,
                                    position=lambda s: (s.slug,))  # fmt: skip
    today = timezone.now().date()
    return envelope(
        "svc.sources.v1",
        filters={"topic": topic},
        automation=source_automation(),
        sources=[{**source_object(s, today=today), "topics": _guarded(s)} for s in page],
        nextCursor=next_cursor,
    )


def source_found(source_id: str) -> PrimarySource:
    """A primary source by its id with its guarded topics, or the 404 that names `id`."""
    source = PrimarySource.objects.filter(slug=source_id).prefetch_related("events").first()
    if source is None:
        raise not_found("id", source_id, "/api/v1/sources")
    return source


def source_detail(source: PrimarySource, *, recent: int = 20) -> dict[str, Any]:
    """One source: its state, the topics it guards, its latest readings and flips."""
    readings = source.readings.order_by("-attempted_at", "-id")[:recent]
    flips = source.flips.order_by("-at", "-id")[:recent]
    return envelope(
        "svc.source.v1",
        **source_object(source, today=timezone.now().date()),
        topics=_guarded(source),
        readings=[
            {
                "attemptedAt": r.attempted_at.isoformat(),
                "ok": r.ok,
                "httpStatus": r.http_status,
                "signature": r.signature,
                "observedState": r.observed_state,
                "observed": r.observed_words,
                "observedDate": iso(r.observed_date),
                "error": r.error,
            }
            for r in readings
        ],
        flips=[_flip(f, source) for f in flips],
    )


def _guarded(source: PrimarySource) -> list[str]:
    return sorted(event.subject for event in source.events.all())


def _flip(alert: TripwireAlert, source: PrimarySource) -> dict[str, Any]:
    return {
        "id": alert.pk,
        "source": source.slug,
        "from": alert.from_state,
        "to": alert.to_state,
        "at": alert.at.isoformat(),
    }


def tripwires_list(
    *, since: datetime | None, source: str | None, limit: int, cursor: Cursor | None
) -> dict[str, Any]:
    """Tripwire alerts (observed-state flips of primary sources), oldest first from `since`."""
    alerts = TripwireAlert.objects.select_related("source").prefetch_related("source__events")
    if since:
        alerts = alerts.filter(at__gte=since)
    if source:
        alerts = alerts.filter(source__slug=source)
    scope = ListScope.of("tripwires", since=iso(since), source=source)
    page, next_cursor = keyset_page(alerts, scope=scope, order=["at", "id"], limit=limit,
                                    cursor=cursor, position=lambda a: (a.at, a.pk))  # fmt: skip
    return envelope(
        "svc.tripwires.v1",
        filters={"since": iso(since), "source": source},
        note="A flip is computed from two successful reads only; a failed read flips nothing.",
        alerts=[{**_flip(alert, alert.source), "topics": _guarded(alert.source)} for alert in page],
        nextCursor=next_cursor,
    )
