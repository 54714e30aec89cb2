"""The status board of scheduled jobs."""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db.models import F
from django.utils import timezone

from registry.models import ScheduledJob


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
