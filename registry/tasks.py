"""Scheduled jobs of the registry. Each task is thin: it takes ids and calls one service."""

from celery import shared_task

from registry import services
from registry.models import Feed, MarketQuestion


@shared_task(name="registry.tasks.heartbeat")
def heartbeat() -> None:
    """Proves the worker and the beat schedule run; `/api/health` reports its age."""
    with services.scheduled_job_run(name="heartbeat"):
        pass


@shared_task(name="registry.tasks.ingest_feeds")
def ingest_feeds() -> int:
    """Beat: one fetch task per active feed, so a slow feed never holds up the others."""
    with services.scheduled_job_run(name="ingest-feeds"):
        ids = list(Feed.objects.filter(active=True).values_list("pk", flat=True))
        for feed_id in ids:
            fetch_feed.delay(feed_id)
    return len(ids)


@shared_task(name="registry.tasks.import_markets")
def import_markets() -> int:
    """Beat: one import task per open market question."""
    with services.scheduled_job_run(name="import-markets"):
        ids = list(MarketQuestion.objects.filter(is_resolved=False).values_list("pk", flat=True))
        for question_id in ids:
            import_market.delay(question_id)
    return len(ids)


@shared_task(name="registry.tasks.verify_sources")
def verify_sources() -> dict[str, int]:
    """Beat, daily: re-verify every primary source (see `sources_verify`)."""
    return services.sources_verify()


@shared_task(name="registry.tasks.fetch_feed", acks_late=True)
def fetch_feed(feed_id: int) -> None:
    services.feed_fetch(feed_id=feed_id)


@shared_task(name="registry.tasks.import_market", acks_late=True)
def import_market(question_id: int) -> None:
    services.market_import(question_id=question_id)


@shared_task(name="registry.tasks.fetch_source", acks_late=True)
def fetch_source(source_id: int) -> None:
    services.source_fetch(source_id=source_id)
