"""Scheduled Watch readings and webhook deliveries. Thin: ids in, one service call."""

from datetime import UTC, datetime

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from config.broker import BROKER_ERRORS
from config.problems import ApplicationError
from registry.jobs import scheduled_job_run
from watches import services
from watches.models import Watch

DELIVERY_ATTEMPTS = 5
# A backstop behind the client's own deadline, which ends every delivery first: a soft limit
# (SoftTimeLimitExceeded) some time after it, and a hard kill after that. Enforced on the prefork
# pool (production); the dev Procfile's thread pool relies on the deadline alone.
DELIVERY_SOFT_LIMIT = settings.SVC_WEBHOOK_TIMEOUT_SECONDS + 30
DELIVERY_HARD_LIMIT = DELIVERY_SOFT_LIMIT + 30
RETRY_AFTER_BROKER = 5


def slot_time(now: datetime) -> datetime:
    """The scheduled time a run belongs to: `now` floored to the Watch interval."""
    interval = settings.SVC_WATCH_INTERVAL_MINUTES * 60
    return datetime.fromtimestamp(int(now.timestamp()) // interval * interval, tz=UTC)


@shared_task(name="watches.tasks.run_watches")
def run_watches() -> int:
    """Beat: one reading task per active Watch's newest version for this scheduled time."""
    scheduled_for = slot_time(timezone.now()).isoformat()
    with scheduled_job_run(name="run-watches"):
        versions = [
            watch.versions.order_by("-version").values_list("pk", flat=True).first()
            for watch in Watch.objects.filter(state=Watch.State.ACTIVE)
        ]
        for version_id in versions:
            run_watch.delay(version_id, scheduled_for)
    return len(versions)


@shared_task(name="watches.tasks.run_watch", acks_late=True)
def run_watch(version_id: int, scheduled_for: str) -> int:
    """Idempotent on (version, scheduled time): a redelivered task after a worker died stores
    nothing twice, and a Watch's reading of one period is queued for delivery once."""
    reading = services.watch_run(
        version_id=version_id, scheduled_for=datetime.fromisoformat(scheduled_for)
    )
    dispatch = services.reading_dispatch(reading=reading)  # once per Watch and period
    if dispatch is not None:
        transaction.on_commit(lambda: dispatch_send(dispatch))
    return reading.pk


def dispatch_send(dispatch: services.Dispatch) -> None:
    """Queue a reading's first delivery under its claimed id; a broker that cannot take it
    gives the claim back (a run of this period again may send it) and fails the run."""
    try:
        deliver_reading.apply_async((dispatch.reading_id, 1, dispatch.delivery_id))
    except BROKER_ERRORS:
        dispatch.release()
        raise


@shared_task(
    name="watches.tasks.deliver_reading",
    acks_late=True,
    soft_time_limit=DELIVERY_SOFT_LIMIT,
    time_limit=DELIVERY_HARD_LIMIT,
)
def deliver_reading(
    reading_id: int, attempt: int, delivery_id: str = "", resend_of: str = ""
) -> bool | None:
    """POST a reading to its webhook; on failure try again later, backing off, five times, each
    attempt under an id of its own. A re-send its owner asked for is one attempt: its outcome
    is in the deliveries list. A message run twice sends nothing the second time (None)."""
    delivered = services.reading_deliver(
        reading_id=reading_id, attempt=attempt, delivery_id=delivery_id, resend_of=resend_of
    )
    if delivered is False and not resend_of and attempt < DELIVERY_ATTEMPTS:
        again = (reading_id, attempt + 1, services.delivery_new_id())
        deliver_reading.apply_async(again, countdown=30 * 2 ** (attempt - 1))
    return delivered


def resend_queue(resend: services.Resend) -> None:
    """Hand an owner's re-send to the deliveries queue; a broker that cannot take it is a 503
    (nothing was sent or written: the owner asks again)."""
    try:
        deliver_reading.apply_async(
            (resend.reading_id, resend.attempt),
            {"delivery_id": resend.delivery_id, "resend_of": resend.resend_of},
        )
    except BROKER_ERRORS as exc:
        raise ApplicationError(
            status=503,
            state="broker-unavailable",
            error="The delivery could not be queued right now; nothing was sent. Retry shortly.",
            retryAfter=RETRY_AFTER_BROKER,
        ) from exc
