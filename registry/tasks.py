"""Scheduled jobs of the registry. Each task is thin: it takes ids and calls one service."""

import logging

from celery import shared_task
from django.conf import settings

import ingestion
from aggregates import pace, tally
from registry.jobs import scheduled_job_run
from registry.models import Feed, MarketQuestion

log = logging.getLogger(__name__)


@shared_task(name="registry.tasks.heartbeat")
def heartbeat() -> None:
    """Proves the worker and the beat schedule run; `/api/health` reports its age."""
    with scheduled_job_run(name="heartbeat"):
        pass


def _fan_out(job: str, queryset, task) -> int:
    """One task per row, so a slow feed or venue never holds up the others (none offline: a
    fetch would only record that it was refused)."""
    if settings.SVC_OFFLINE:
        log.info("%s: offline (SVC_OFFLINE), nothing fetched", job)
        return 0
    with scheduled_job_run(name=job):
        ids = list(queryset.values_list("pk", flat=True))
        for pk in ids:
            task.delay(pk)
    return len(ids)


@shared_task(name="registry.tasks.ingest_feeds")
def ingest_feeds() -> int:
    """Beat: read every active feed (first folding the counts the last reads appended, and
    recounting the attention pace if the day has turned)."""
    tally.fold()
    if not pace.roll():  # a roll recounts the verticals' ledger; otherwise it is folded
        pace.fold()
    return _fan_out("ingest-feeds", Feed.objects.filter(active=True), fetch_feed)


@shared_task(name="registry.tasks.import_markets")
def import_markets() -> int:
    """Beat: capture a price of every open, active market question."""
    questions = MarketQuestion.objects.filter(is_resolved=False, active=True)
    return _fan_out("import-markets", questions, import_market)


@shared_task(name="registry.tasks.verify_sources")
def verify_sources() -> dict[str, int]:
    """Beat, daily: re-verify every primary source (see `sources_verify`); none offline."""
    if settings.SVC_OFFLINE:
        log.info("verify-sources: offline (SVC_OFFLINE), nothing fetched")
        return {}
    return ingestion.sources_verify()


# Each returns a line saying what the read did: Celery logs it as the task's result, which
# read "succeeded: None" for a feed whose read had failed.


@shared_task(name="registry.tasks.fetch_feed", acks_late=True)
def fetch_feed(feed_id: int) -> str:
    run = ingestion.feed_fetch(feed_id=feed_id)
    if run.error:
        return f"feed {feed_id}: failed: {run.error[:200]}"
    return f"feed {feed_id}: " + ("not modified" if run.not_modified else "read")


@shared_task(name="registry.tasks.import_market", acks_late=True)
def import_market(question_id: int) -> str:
    price = ingestion.market_import(question_id=question_id)
    return f"market question {question_id}: " + ("captured" if price else "failed (see its row)")


@shared_task(name="registry.tasks.fetch_source", acks_late=True)
def fetch_source(source_id: int) -> str:
    reading = ingestion.source_fetch(source_id=source_id)
    outcome = "read" if reading.ok else f"failed: {reading.error[:200]}"
    return f"source {source_id}: {outcome}"
