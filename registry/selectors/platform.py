"""Platform statistics: what the registry holds and how its fetchers are doing."""

from typing import Any

from django.db.models import Count, Max, Q

from aggregates import tally
from config.reads import envelope, iso
from registry.models import (
    Entity,
    Event,
    Feed,
    MarketQuestion,
    Outlet,
    PrimarySource,
    ScheduledJob,
)
from registry.selectors.sources import VERIFY_JOB

INGEST_JOB = "ingest-feeds"


def stats_current() -> dict[str, Any]:
    """Exact counts (cached for the refresh window by the read view, never estimated)."""
    counted = tally.counts()  # the history's counts, without scanning it
    jobs = {job.name: job for job in ScheduledJob.objects.filter(name__in=[INGEST_JOB, VERIFY_JOB])}
    return envelope(
        "svc.stats.v1",
        documents=counted["documents"],
        marketQuestionPages=counted["market_pages"],
        outlets=Outlet.objects.count(),
        feeds=Feed.objects.count(),
        entities={
            "tracked": Entity.objects.filter(tracked=True).count(),
            "total": Entity.objects.count(),
        },
        topics=_topics_counted(),
        clusters={
            "total": counted["clusters"],
            "corroborated": counted["corroborated"],
        },
        marketQuestions=MarketQuestion.objects.count(),
        sources=_sources_counted(),
        lastIngest=_stamp(jobs.get(INGEST_JOB))
        or iso(Feed.objects.aggregate(at=Max("last_success"))["at"]),
        lastVerification=_stamp(jobs.get(VERIFY_JOB)),
    )


def _topics_counted() -> dict[str, Any]:
    wire_tiers = ("flagged", "watch")
    topics = Event.objects.aggregate(
        total=Count("pk"),
        **{f"tier_{t}": Count("pk", filter=Q(tier=t)) for t in Event.Tier.values},
        **{f"wire_{t}": Count("pk", filter=Q(wire_tier=t)) for t in wire_tiers},
    )
    by_state = dict(
        Event.objects.values("coverage_state")
        .annotate(n=Count("pk"))
        .values_list("coverage_state", "n")
    )
    return {
        "total": topics["total"],
        "byTier": {t: topics[f"tier_{t}"] for t in Event.Tier.values},
        "byCoverageState": dict(sorted(by_state.items())),
        "byWireTier": {t: topics[f"wire_{t}"] for t in wire_tiers},
    }


def _sources_counted() -> dict[str, int]:
    sources = PrimarySource.objects.aggregate(
        total=Count("pk"),
        healthy=Count("pk", filter=Q(consecutive_failures=0, last_success__isnull=False)),
        failing=Count("pk", filter=Q(consecutive_failures__gt=0)),
        never=Count("pk", filter=Q(last_attempt__isnull=True)),
    )
    return {
        "total": sources["total"],
        "healthy": sources["healthy"],
        "failing": sources["failing"],
        "neverFetched": sources["never"],
    }


def _stamp(job: ScheduledJob | None) -> str | None:
    return iso(job.last_success) if job else None
