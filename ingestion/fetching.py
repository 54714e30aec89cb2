"""Fetching feeds, and the fetch health the spec's `fetchHealth` describes.

Network I/O runs outside any transaction. A failure, of the fetch or of reading what came back,
increments `consecutive_failures`, records `last_error`, and moves no stamp: in particular the
validators (ETag, Last-Modified) of an unreadable body are not kept, so the next conditional GET
fetches it again instead of hearing 304 about content we never read. A 304 is a confirmed fetch
with unchanged content. A read with errors (items refused for a bad value, a malformed document
read past) is a confirmed fetch whose `last_error` says what was refused and why.
"""

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import DataError, transaction
from django.db.models import F
from django.utils import timezone

from ingestion.documents import IncomingDocument, IngestReport, documents_ingest
from ingestion.feeds import FeedError, FeedReading, parse_feed
from outbound.fetch import FetchError, FetchResult, fetch
from registry.models import Feed

logger = logging.getLogger(__name__)


@dataclass
class FeedRun:
    """What one read of a feed did."""

    error: str | None = None
    not_modified: bool = False
    report: IngestReport = field(default_factory=IngestReport)
    errors: list[str] = field(default_factory=list)  # what a confirmed read refused, and why


def fetch_failure_record(row, *, attempted_at: datetime, error: str) -> None:
    """A failed read on its row (feed, source or market question), and one warning naming it:
    the task that ran it only says it finished, and the error otherwise sits on the row alone."""
    logger.warning(
        "fetch failed: %s %s (pk %s): %s", row._meta.verbose_name, row, row.pk, error[:300]
    )
    type(row).objects.filter(pk=row.pk).update(
        last_attempt=attempted_at,
        consecutive_failures=F("consecutive_failures") + 1,
        last_error=error[:2000],
    )
    row.refresh_from_db()


def fetch_success_record(
    row, *, attempted_at: datetime, result: FetchResult, errors: Sequence[str] = ()
) -> None:
    """A confirmed read; `errors`, what it read with (items refused and why), kept as its
    `last_error` so the read stays confirmed and the losses stay visible."""
    changes: dict[str, Any] = {
        "last_attempt": attempted_at,
        "last_success": attempted_at,
        "consecutive_failures": 0,
        "last_error": ("read with errors: " + "; ".join(errors))[:2000] if errors else None,
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


def feed_fetch(*, feed_id: int) -> FeedRun:
    """Read one feed now (the beat schedule, `ingest_feeds` and "fetch now" all call this)."""
    feed = Feed.objects.select_related("outlet", "vertical").get(pk=feed_id)
    attempted_at = timezone.now()
    try:
        result = fetch(feed.url, etag=feed.etag, last_modified=feed.last_modified)
        reading = FeedReading() if result.not_modified else parse_feed(result.body, url=result.url)
    except (FetchError, FeedError) as exc:
        fetch_failure_record(feed, attempted_at=attempted_at, error=str(exc))
        return FeedRun(error=str(exc))
    try:
        return _feed_store(feed, reading, attempted_at=attempted_at, result=result)
    except DataError as exc:  # a value no check foresaw: the feed's failure, never an escape
        error = f"the feed's items could not be stored: {exc}"
        fetch_failure_record(feed, attempted_at=attempted_at, error=error)
        return FeedRun(error=error)


def _feed_store(feed: Feed, reading: FeedReading, *, attempted_at, result) -> FeedRun:
    incoming = [
        IncomingDocument(
            url=item.url,
            title=item.title,
            summary=item.summary,
            published_at=item.published_at,
            published_on=item.published_on,
            guid=item.guid,
            outlet=feed.outlet,
            vertical=feed.vertical,
            feed=feed,
            fetched_at=attempted_at,
        )
        for item in reading.items
    ]
    with transaction.atomic():
        report = documents_ingest(items=incoming)
        errors = reading.errors() + report.refused
        fetch_success_record(feed, attempted_at=attempted_at, result=result, errors=errors)
    report.skipped += reading.skipped + len(reading.refused)
    return FeedRun(not_modified=result.not_modified, report=report, errors=errors)
