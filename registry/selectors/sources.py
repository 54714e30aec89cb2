"""Reads of the registry that the record builder and the read surfaces share."""

import copy
from collections import defaultdict
from datetime import datetime, timedelta
from http import HTTPStatus
from typing import Any

from django.conf import settings
from django.db.models import Max, Min, Q
from django.utils import timezone

from config.paging import Cursor, ListScope, keyset_page
from config.reads import envelope, iso, not_found
from registry.models import PrimarySource, ScheduledJob, SourceReading, TripwireAlert

VERIFY_JOB = "verify-sources"


def source_automation(*, now: datetime | None = None, as_of: datetime | None = None) -> dict:
    """The spec's `automation` block: the daily re-verification run and when it runs next. As of
    an instant (`as_of`) the run is read from the readings it left by then: the status board
    (`ScheduledJob`) holds only the latest run."""
    now = as_of or now or timezone.now()
    attempt, success, failures = _run_stamps(as_of)
    hour, minute = settings.SVC_VERIFY_SOURCES_AT
    if attempt is None:
        status = "not-yet-run"
    elif failures:
        status = "failing"
    elif success and now - success <= timedelta(hours=26):
        status = "operational"
    else:
        status = "overdue"
    return {
        "status": status,
        "statement": (
            f"A daily automated fetch at {hour:02d}:{minute:02d} UTC re-verifies each source; "
            "a stamp moves only on a confirmed fetch, and a failed read flips nothing."
        ),
        "lastAttempt": iso(attempt),
        "lastSuccess": iso(success),
        "nextScheduledUtc": f"{hour:02d}:{minute:02d}",
    }


def _run_stamps(as_of: datetime | None) -> tuple[datetime | None, datetime | None, int]:
    """The verify run's last attempt, last success and failures in a row: from its board, or
    as of an instant from the readings by then (a run that read one source has run)."""
    if as_of is None:
        run = ScheduledJob.objects.filter(name=VERIFY_JOB).first()
        return (run.last_attempt, run.last_success, run.consecutive_failures) if run else (
            None, None, 0)  # fmt: skip
    stamps = SourceReading.objects.filter(attempted_at__lte=as_of).aggregate(
        attempt=Max("attempted_at"), success=Max("attempted_at", filter=Q(ok=True))
    )
    return stamps["attempt"], stamps["success"], 0


RUN_SPAN = timedelta(hours=1)  # a daily run reads every source one after another, in minutes


def source_freshness(sources: list[PrimarySource], *, as_of: datetime | None = None) -> dict:
    """The spec's `freshness` block over a record's sources, in one query for `failingSince`;
    as of an instant, over the sources as held then (`sources_as_of`), the latest run being
    the readings of the hour before its last attempt."""
    attempt = _run_stamps(as_of)[0]
    run_started = attempt - RUN_SPAN if as_of and attempt else attempt
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
        "failingSince": _failing_since(failing, as_of),
    }


def _failing_since(failing: list[PrimarySource], as_of: datetime | None) -> str | None:
    """The earliest failed attempt since the last success, across the failing sources (their
    last success as held: today's, or as of an instant)."""
    if not failing:
        return None
    since = Q()
    for source in failing:
        after = {"attempted_at__gt": source.last_success} if source.last_success else {}
        since |= Q(source=source, **after)
    readings = SourceReading.objects.filter(since, ok=False)
    if as_of is not None:
        readings = readings.filter(attempted_at__lte=as_of)
    first = readings.aggregate(first=Min("attempted_at"))["first"]
    return first.date().isoformat() if first else None


def sources_as_of(sources: list[PrimarySource], *, as_of: datetime) -> list[PrimarySource]:
    """Each source as the service held it at `as_of`, from its readings by then (one query):
    what the issuer said, its fetch and read health, as the verification run stamps them. Its
    curation (name, links, notes) is today's."""
    readings = defaultdict(list)
    rows = SourceReading.objects.filter(source__in=sources, attempted_at__lte=as_of)
    for reading in rows.order_by("attempted_at", "id"):
        readings[reading.source_id].append(reading)
    return [_held(source, readings[source.pk]) for source in sources]


def _held(source: PrimarySource, readings: list[SourceReading]) -> PrimarySource:
    """`source` with its stamps replayed from `readings` (oldest first), as `source_fetch` set
    them: a confirmed read stamps all, a failure counts, an unreadable read counts twice."""
    held = copy.copy(source)
    confirmed = [r for r in readings if r.ok]
    last = confirmed[-1] if confirmed else None
    after = readings[readings.index(last) + 1 :] if last else readings
    unread = [r for r in readings if (r.error or "").startswith("unreadable")]
    fresh = [r for r in confirmed if r.http_status != HTTPStatus.NOT_MODIFIED]
    changed = [r for r, before in zip(confirmed, [None, *confirmed], strict=False)
               if before is None or r.signature != before.signature]  # fmt: skip
    held.last_attempt = readings[-1].attempted_at if readings else None
    held.last_success = last.attempted_at if last else None
    held.consecutive_failures = len(after)
    held.last_error = after[-1].error if after else None
    # A read that sends no validator keeps the one before (`fetch_success_record`).
    held.etag = next((r.etag for r in reversed(confirmed) if r.etag), None)
    held.last_modified = next(
        (r.last_modified for r in reversed(confirmed) if r.last_modified), None
    )
    held.signature = last.signature if last else None
    held.baseline_established = fresh[0].attempted_at if fresh else None
    held.last_change = changed[-1].attempted_at if changed else None
    _observed(held, last, fresh, [r for r in after if r in unread], unread)
    return held


def _observed(held, last, fresh, unread_since, unread) -> None:
    """What the issuer said and how it was read, as of the readings given."""
    held.observed_state = last.observed_state if last else None
    held.observed = last.observed_words if last else None
    held.observed_ref = last.observed_ref if last else None
    held.observed_date = last.observed_date if last else None
    held.observed_read_at = fresh[-1].attempted_at if fresh else None
    held.verified_as_of = last.attempted_at.date() if last else None
    held.last_read = last.attempted_at if last else None
    held.last_read_ref = (last.observed_ref or held.fetch_url) if last else None
    held.consecutive_unread = len(unread_since)
    held.last_unread_at = unread[-1].attempted_at if unread else None
    states = PrimarySource.ReadState
    if unread_since:
        held.read_state, held.read_state_note = states.UNREADABLE, unread_since[-1].error[:2000]
    elif last:
        quiet = last.observed_state == PrimarySource.ObservedState.NO_ACTIVE_SYSTEMS
        held.read_state = states.READ_NOTHING_ACTIVE if quiet else states.READ
        held.read_state_note = None
    else:
        held.read_state, held.read_state_note = states.NEVER_FETCHED, None


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
