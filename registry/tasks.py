"""Scheduled jobs of the registry. Each task is thin: it takes ids and calls one service."""

from celery import shared_task

from registry import services
from registry.models import Feed, MarketQuestion


@shared_task(name="registry.tasks.heartbeat")
def heartbeat() -> None:
    """Proves the worker and the beat schedule run; `/api/health` reports its age."""
    with services.scheduled_job_run(name="heartbeat"):
        pass


def _fan_out(job: str, queryset, task) -> int:
    """One task per row, so a slow feed or venue never holds up the others."""
    with services.scheduled_job_run(name=job):
        ids = list(queryset.values_list("pk", flat=True))
        for pk in ids:
            task.delay(pk)
    return len(ids)


@shared_task(name="registry.tasks.ingest_feeds")
def ingest_feeds() -> int:
    """Beat: read every active feed."""
    return _fan_out("ingest-feeds", Feed.objects.filter(active=True), fetch_feed)


@shared_task(name="registry.tasks.import_markets")
def import_markets() -> int:
    """Beat: capture a price of every open market question."""
    return _fan_out(
        "import-markets", MarketQuestion.objects.filter(is_resolved=False), import_market
    )


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
