"""Fetching feeds and primary sources, and the fetch health the spec's `fetchHealth` describes."""

from typing import Any

from django.db.models import F
from django.utils import timezone

from registry.fetch import FetchError, FetchResult, fetch
from registry.models import Feed, PrimarySource, SourceReading


def _fetch_and_record(row: Feed | PrimarySource, url: str) -> tuple[FetchResult | None, str | None]:
    """Fetch conditionally and update the row's fetch health exactly as `fetchHealth` says.

    Network I/O runs outside any transaction. A failure increments `consecutive_failures` and
    records `last_error`, and moves no stamp. A 304 is a confirmed fetch with unchanged content.
    """
    attempted_at = timezone.now()
    try:
        result = fetch(url, etag=row.etag, last_modified=row.last_modified)
    except FetchError as exc:
        type(row).objects.filter(pk=row.pk).update(
            last_attempt=attempted_at,
            consecutive_failures=F("consecutive_failures") + 1,
            last_error=str(exc)[:2000],
        )
        row.refresh_from_db()
        return None, str(exc)
    changes: dict[str, Any] = {
        "last_attempt": attempted_at,
        "last_success": attempted_at,
        "consecutive_failures": 0,
        "last_error": None,
        "etag": result.etag or row.etag,
        "last_modified": result.last_modified or row.last_modified,
    }
    if not result.not_modified:
        if row.baseline_established is None:
            changes["baseline_established"] = attempted_at
        if result.signature != row.signature:
            changes["signature"] = result.signature
            changes["last_change"] = attempted_at
    type(row).objects.filter(pk=row.pk).update(**changes)
    row.refresh_from_db()
    return result, None


def feed_fetch(*, feed_id: int) -> FetchResult | None:
    """Fetch one feed now (the beat schedule and the admin's "fetch now" both call this)."""
    feed = Feed.objects.get(pk=feed_id)
    result, _ = _fetch_and_record(feed, feed.url)
    return result


def source_fetch(*, source_id: int) -> SourceReading:
    """Fetch one primary source now and append the attempt to its readings."""
    source = PrimarySource.objects.get(pk=source_id)
    result, error = _fetch_and_record(source, source.fetch_url)
    return SourceReading.objects.create(
        source=source,
        attempted_at=source.last_attempt,
        ok=result is not None,
        http_status=result.status if result else None,
        etag=result.etag if result else None,
        last_modified=result.last_modified if result else None,
        signature=source.signature if result else None,
        error=error,
    )
