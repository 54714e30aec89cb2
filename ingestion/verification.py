"""Verifying primary sources: the fact-of-record layer of every topic record.

Every attempt is kept as an append-only `SourceReading`. Stamps (`verified_as_of`, `last_read`,
`observed_*`, `last_success`) move only on a confirmed read; a 304 confirms that what the issuer
said still stands. Three silences stay apart: never fetched, fetched but unreadable, read and
quiet. A flip of `observed_state` is computed only from the last two readings that confirmed a
state, so a failed or unreadable read flips nothing.
"""

from collections.abc import Callable
from datetime import datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from config.cachekeys import topics_changed
from ingestion.fetching import fetch_failure_record, fetch_success_record
from ingestion.issuers import QUIET, SourceRead, Unreadable, read_source
from outbound.fetch import FetchError, FetchResult, fetch
from registry.jobs import scheduled_job_run
from registry.models import PrimarySource, SourceReading, TripwireAlert

READ_STATE = PrimarySource.ReadState


def source_fetch(*, source_id: int) -> SourceReading:
    """Fetch and read one primary source now (the daily run, the command and "fetch now")."""
    source = PrimarySource.objects.get(pk=source_id)
    reading = _verify(source)
    topics_changed(source.events.values_list("subject", flat=True))
    return reading


def _verify(source: PrimarySource) -> SourceReading:
    attempted_at = timezone.now()
    try:
        result = fetch(source.fetch_url, etag=source.etag, last_modified=source.last_modified)
        read = _carried_forward(source) if result.not_modified else read_source(source, result.body)
    except FetchError as exc:
        return _failed(source, attempted_at, str(exc), http_status=exc.http_status)
    except Unreadable as exc:
        return _unreadable(source, attempted_at, f"unreadable: {exc}", result)
    with transaction.atomic():
        fetch_success_record(source, attempted_at=attempted_at, result=result)
        return _confirmed(source, attempted_at, result, read)


def _carried_forward(source: PrimarySource) -> SourceRead:
    """A 304 says the content is what we last read: that reading stands."""
    if source.read_state not in (READ_STATE.READ, READ_STATE.READ_NOTHING_ACTIVE):
        raise Unreadable("304 Not Modified, but no earlier read to carry forward")
    return SourceRead(source.observed_state, source.observed, source.observed_ref,
                      source.observed_date)  # fmt: skip


def _failed(source, attempted_at: datetime, error: str, *, http_status=None) -> SourceReading:
    fetch_failure_record(source, attempted_at=attempted_at, error=error)
    return SourceReading.objects.create(
        source=source, attempted_at=attempted_at, ok=False, http_status=http_status, error=error
    )


def _unreadable(source, attempted_at: datetime, error: str, result: FetchResult) -> SourceReading:
    """Fetched, but nothing we can read: recorded as such, no stamp moved, nothing flipped."""
    with transaction.atomic():
        fetch_failure_record(source, attempted_at=attempted_at, error=error)
        PrimarySource.objects.filter(pk=source.pk).update(
            consecutive_unread=F("consecutive_unread") + 1,
            last_unread_at=attempted_at,
            read_state=READ_STATE.UNREADABLE,
            read_state_note=error[:2000],
        )
        return SourceReading.objects.create(
            source=source, attempted_at=attempted_at, ok=False, http_status=result.status,
            signature=result.signature, error=error,
        )  # fmt: skip


def _confirmed(source, attempted_at: datetime, result: FetchResult, read: SourceRead):
    previous = _last_confirmed_state(source)
    reading = SourceReading.objects.create(
        source=source,
        attempted_at=attempted_at,
        ok=True,
        http_status=result.status,
        etag=result.etag,
        last_modified=result.last_modified,
        signature=source.signature,
        observed_state=read.state,
        observed_words=read.words,
        observed_ref=read.ref,
        observed_date=read.date,
    )
    changes = {
        "last_read": attempted_at,
        "last_read_ref": read.ref or result.url,
        "consecutive_unread": 0,
        "observed_state": read.state,
        "observed": read.words,
        "observed_ref": read.ref,
        "observed_date": read.date,
        "verified_as_of": attempted_at.date(),
        "read_state": READ_STATE.READ_NOTHING_ACTIVE if read.state == QUIET else READ_STATE.READ,
        "read_state_note": None,
    }
    if not result.not_modified:
        changes["observed_read_at"] = attempted_at
    PrimarySource.objects.filter(pk=source.pk).update(**changes)
    if previous and read.state and previous.observed_state != read.state:
        TripwireAlert.objects.create(
            source=source,
            from_state=previous.observed_state,
            to_state=read.state,
            at=attempted_at,
            previous_reading=previous,
            reading=reading,
        )
    return reading


def _last_confirmed_state(source: PrimarySource) -> SourceReading | None:
    return (
        SourceReading.objects.filter(source=source, ok=True, observed_state__isnull=False)
        .order_by("-attempted_at", "-id")
        .first()
    )


def sources_verify(*, on_reading: Callable[[SourceReading], None] | None = None) -> dict[str, int]:
    """The daily run: read every active primary source once, one after another.

    Sequential on purpose: the run's success stamp then means every source was attempted, which
    `sourcesConfirmedLatestRun` counts against. A failing source fails only itself.
    """
    counts = {"confirmed": 0, "failed": 0}
    with scheduled_job_run(name="verify-sources"):
        active = PrimarySource.objects.filter(active=True).order_by("pk")
        for source_id in active.values_list("pk", flat=True):
            reading = source_fetch(source_id=source_id)
            counts["confirmed" if reading.ok else "failed"] += 1
            if on_reading:
                on_reading(reading)
    return counts
