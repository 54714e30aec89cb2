"""Scheduled jobs of the read side."""

from celery import shared_task

from records.services import record_checkpoints_take, records_transition
from registry.jobs import scheduled_job_run


@shared_task(name="records.tasks.record_states")
def record_states() -> dict[str, int]:
    """Beat: record each topic's coverage state and wire tier when they change."""
    with scheduled_job_run(name="record-states"):
        return records_transition()


@shared_task(name="records.tasks.record_checkpoints")
def record_checkpoints() -> int:
    """Beat: checkpoint the counts of every topic that stored enough documents since its last,
    so a record as of an instant counts a bounded number of documents."""
    with scheduled_job_run(name="record-checkpoints"):
        return record_checkpoints_take()
