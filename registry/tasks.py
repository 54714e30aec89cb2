"""Scheduled jobs of the registry. Each task is thin: it calls one service."""

from celery import shared_task

from registry.services import scheduled_job_run


@shared_task(name="registry.tasks.heartbeat")
def heartbeat() -> None:
    """Proves the worker and the beat schedule run; `/api/health` reports its age."""
    with scheduled_job_run(name="heartbeat"):
        pass
