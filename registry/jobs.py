"""The status board of scheduled jobs, and the claim that runs each job once per period.

However many beats run (one per machine is allowed), each scheduled job runs once per period:
before a beat sends a job it claims the job's period (`period_claim`), a compare-and-set on the
job's `ScheduledJob` row, so of two beats that reach the same period only one sends it; the
other skips it and says so in its log and on the row (`last_skipped`, `last_skip_note`,
`skips`). The row keeps only the newest claim: nothing grows, and an older period than the one
claimed is never run (a beat whose clock lags does not run a period again).
"""

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from django.db.models import F
from django.utils import timezone

from registry.models import ScheduledJob

log = logging.getLogger(__name__)
CLAIM_TRIES = 5  # compare-and-set rounds lost to other claimants of older periods


@contextmanager
def scheduled_job_run(*, name: str) -> Iterator[None]:
    """Record one run of a scheduled job: the attempt now, then success or the error.

    The error is recorded and re-raised, so Celery still sees the failure and retries it.
    """
    ScheduledJob.objects.get_or_create(name=name)
    jobs = ScheduledJob.objects.filter(name=name)
    jobs.update(last_attempt=timezone.now())
    try:
        yield
    except Exception as exc:
        jobs.update(last_error=repr(exc)[:2000], consecutive_failures=F("consecutive_failures") + 1)
        raise
    jobs.update(last_success=timezone.now(), last_error="", consecutive_failures=0)


@dataclass(frozen=True)
class Claim:
    """A period this claimant holds, and the claim it replaced (put back by `release`)."""

    name: str
    period: datetime
    by: str
    previous: datetime | None

    def release(self) -> bool:
        """Give the period back (its message could not be sent): another beat, or this one
        again, may claim it. True if it was still this claimant's."""
        given_back = ScheduledJob.objects.filter(
            name=self.name, claimed_period=self.period, claimed_by=self.by
        ).update(claimed_period=self.previous)
        return bool(given_back)


def period_claim(*, name: str, period: datetime, by: str) -> Claim | None:
    """Claim `period` of job `name` for `by`; None if it (or a later one) is taken already.

    The row moves from the claim it held to this one only if that claim is still there and
    older: two claimants of one period cannot both succeed (PostgreSQL re-reads the row a
    concurrent UPDATE committed; SQLite writes one at a time). A claimant that finds its own
    claim of this period (a send refused, then tried again) holds it still.
    """
    ScheduledJob.objects.get_or_create(name=name)
    jobs = ScheduledJob.objects.filter(name=name)
    for _ in range(CLAIM_TRIES):
        held, holder = jobs.values_list("claimed_period", "claimed_by").get()
        if held is not None and held >= period:
            if held == period and holder == by:  # a release that failed: still ours to send
                return Claim(name, period, by, period)
            _skipped(name, period, by, held, holder)
            return None
        taken = jobs.filter(claimed_period=held) if held else jobs.filter(claimed_period=None)
        if taken.update(claimed_period=period, claimed_by=by, claimed_at=timezone.now()):
            return Claim(name, period, by, held)
    _skipped(name, period, by, *jobs.values_list("claimed_period", "claimed_by").get())
    return None


def _skipped(name: str, period: datetime, by: str, held: datetime | None, holder: str) -> None:
    which = "the same period" if held == period else f"a later period ({_iso(held)})"
    note = f"period {period.isoformat()} not run by {by}: {which} is claimed by {holder}"
    log.info("scheduled job %s: %s", name, note)
    ScheduledJob.objects.filter(name=name).update(
        last_skipped=timezone.now(), last_skip_note=note, skips=F("skips") + 1
    )


def _iso(moment: datetime | None) -> str:
    return moment.isoformat() if moment else "-"
