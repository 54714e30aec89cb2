"""A ticket after it is charged: answered once, failed and refunded once, reaped when abandoned.

A ticket moves `queued -> running` by a conditional UPDATE, so two workers handed the same
ticket (a redelivery after a crash, the reaper, a retry) cannot both answer it. The attempts
cap and the reaper bound how long a ticket can stay unfinished. Workers (`answers.tasks`) and a
sync ask (`answers.services.ask_submit`) run tickets through here; nothing here sends to the
broker.
"""

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from answers.compose import generator
from answers.models import AskTicket
from answers.serve import engine
from billing import services as billing
from registry.models import Event

logger = logging.getLogger(__name__)
Status = AskTicket.Status
UNFINISHED = (Status.QUEUED, Status.RUNNING)


def ticket_run(*, ticket_id: int, retry: bool = True) -> str:
    """Answer a queued ticket once; returns its status afterwards.

    On an engine failure the ticket goes back to the queue while attempts remain (when `retry`),
    else it fails and its ask is refunded, once.
    """
    now = timezone.now()
    claimed = AskTicket.objects.filter(
        pk=ticket_id, status=Status.QUEUED, attempts__lt=settings.SVC_ASK_ATTEMPTS
    ).update(status=Status.RUNNING, attempts=F("attempts") + 1, started_at=now)
    ticket = AskTicket.objects.get(pk=ticket_id)
    if not claimed:
        return ticket.status
    try:
        topic = Event.objects.filter(subject=ticket.topic).first() if ticket.topic else None
        phrase = generator.configured(sync=ticket.mode == AskTicket.Mode.SYNC)
        # Every attempt reads as of the ticket's instant: a second attempt (a worker lost, a
        # retry) reads the rows the first read, and so does anyone asking again as of it.
        as_of = ticket.as_of or ticket.submitted_at
        result = engine.answer(ticket.question, topic=topic, generator=phrase, as_of=as_of)
    except Exception as exc:
        logger.exception("ask %s failed on attempt %s", ticket.pk, ticket.attempts)
        if retry and ticket.attempts < settings.SVC_ASK_ATTEMPTS:
            AskTicket.objects.filter(pk=ticket.pk, status=Status.RUNNING).update(
                status=Status.QUEUED, error=str(exc)[:500], queued_at=timezone.now()
            )
            raise
        ticket_fail(ticket_id=ticket.pk, error=str(exc))
        return Status.FAILED
    AskTicket.objects.filter(pk=ticket.pk, status=Status.RUNNING).update(
        status=Status.DONE, answer=result, finished_at=timezone.now(), error=""
    )
    return Status.DONE


@transaction.atomic
def ticket_fail(*, ticket_id: int, error: str, only_from: tuple = UNFINISHED) -> bool:
    """Fail an unfinished ticket and give its ask back: True the one time it does, so the
    refund is once however often (or however concurrently) this runs."""
    failed = AskTicket.objects.filter(pk=ticket_id, status__in=only_from).update(
        status=Status.FAILED, error=error[:500], finished_at=timezone.now()
    )
    if failed:
        billing.ask_refund(charge_id=AskTicket.objects.get(pk=ticket_id).charge_id)
    return bool(failed)


def tickets_reap(*, now=None, stale_minutes: int | None = None) -> dict[str, int]:
    """Tickets nobody is answering: left `running` by a dead worker (or a sync ask the database
    was cut from), or left `queued` with their message lost (a broker that refused it, a process
    that died before sending it). Each is claimed by a conditional UPDATE, so two reapers take
    it once: queued again (its `ids` are to be sent) while attempts remain, else failed and
    refunded once.

    `stale_minutes` (default SVC_ASK_STALE_MINUTES) is how long a ticket may run, or wait in
    the queue, before it counts as abandoned; 0 reaps every one, for an operator who knows no
    worker lives (a queued ticket whose message is still in flight is then sent twice, which
    the claim makes harmless).
    """
    now = now or timezone.now()
    if stale_minutes is None:
        stale_minutes = settings.SVC_ASK_STALE_MINUTES
    cutoff = now - timedelta(minutes=stale_minutes)
    requeued, failed = _reap_running(now, cutoff)
    lost_requeued, lost_failed = _reap_lost(now, cutoff, skip=requeued)
    requeued += lost_requeued
    return {"requeued": len(requeued), "failed": failed + lost_failed, "ids": requeued}


def _reap_running(now: datetime, cutoff: datetime) -> tuple[list[int], int]:
    """Tickets a worker started and stopped answering: queued again, or failed past the cap."""
    requeued, failed = [], 0
    for ticket in AskTicket.objects.filter(status=Status.RUNNING, started_at__lte=cutoff):
        if ticket.attempts >= settings.SVC_ASK_ATTEMPTS:
            failed += ticket_fail(
                ticket_id=ticket.pk,
                error="the worker stopped answering",
                only_from=(Status.RUNNING,),
            )
        elif AskTicket.objects.filter(
            pk=ticket.pk, status=Status.RUNNING, started_at=ticket.started_at
        ).update(status=Status.QUEUED, queued_at=now):
            requeued.append(ticket.pk)
    return requeued, failed


def _reap_lost(now: datetime, cutoff: datetime, *, skip: list[int]) -> tuple[list[int], int]:
    """Tickets queued too long ago: their message was lost; sent again, or failed past the cap."""
    requeued, failed = [], 0
    lost = AskTicket.objects.filter(status=Status.QUEUED).filter(
        Q(queued_at__lte=cutoff) | Q(queued_at__isnull=True, submitted_at__lte=cutoff)
    )
    for ticket in lost.exclude(pk__in=skip):
        if ticket.attempts >= settings.SVC_ASK_ATTEMPTS:
            failed += ticket_fail(
                ticket_id=ticket.pk, error="its message was lost", only_from=(Status.QUEUED,)
            )
        elif AskTicket.objects.filter(
            pk=ticket.pk, status=Status.QUEUED, queued_at=ticket.queued_at
        ).update(queued_at=now):
            requeued.append(ticket.pk)
    return requeued, failed
