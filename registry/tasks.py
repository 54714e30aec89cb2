"""Scheduled jobs of the registry. Each task is thin: it takes ids and calls one service."""

from celery import shared_task

from registry.services import feed_fetch, scheduled_job_run, source_fetch


@shared_task(name="registry.tasks.heartbeat")
def heartbeat() -> None:
    """Proves the worker and the beat schedule run; `/api/health` reports its age."""
    with scheduled_job_run(name="heartbeat"):
        pass


@shared_task(name="registry.tasks.fetch_feed")
def fetch_feed(feed_id: int) -> None:
    feed_fetch(feed_id=feed_id)


@shared_task(name="registry.tasks.fetch_source")
def fetch_source(source_id: int) -> None:
    source_fetch(source_id=source_id)
