"""Asks: submitted (charged), answered once, refunded once if the engine fails.

A ticket moves `queued -> running` by a conditional UPDATE, so two workers handed the same
ticket (a redelivery after a crash, the reaper, a retry) cannot both answer it. The attempts
cap and the reaper bound how long a ticket can stay unfinished.
"""

import hashlib
import json
import logging
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from answers import engine, generator
from answers.models import AskTicket
from billing import services as billing
from billing.models import ApiKey
from config.problems import ApplicationError
from registry.models import Event

logger = logging.getLogger(__name__)
Status = AskTicket.Status


def _digest(question: str, mode: str, topic: str) -> str:
    raw = json.dumps([question, mode, topic], separators=(",", ":"))
    return hashlib.sha256(raw.encode()).hexdigest()


def ask_submit(
    *,
    question: str,
    mode: str,
    topic: str,
    key: ApiKey | None,
    address: str,
    idempotency_key: str = "",
) -> tuple[AskTicket, bool]:
    """The ticket for this ask and whether it replays an earlier submission.

    A sync ask is answered before this returns; an async one is queued for a worker.
    """
    scope = f"key:{key.pk}" if key else f"ip:{address}"
    digest = _digest(question, mode, topic)
    if idempotency_key:
        earlier = AskTicket.objects.filter(
            idempotency_scope=scope, idempotency_key=idempotency_key
        ).first()
        if earlier:
            return _replay(earlier, digest), True
    if topic and not Event.objects.filter(subject=topic).exists():
        raise ApplicationError(
            status=400,
            state="invalid-field",
            field="topic",
            error=f"topic: no record for '{topic}'. See /api/v1/records.",
        )
    try:
        with transaction.atomic():
            charge = billing.ask_charge(key=key, address=address)
            ticket = AskTicket.objects.create(
                ticket=secrets.token_urlsafe(24),
                key=key,
                address=address,
                question=question,
                topic=topic,
                mode=mode,
                charge=charge,
                idempotency_scope=scope,
                idempotency_key=idempotency_key,
                request_digest=digest,
            )
    except IntegrityError:  # the same Idempotency-Key raced in: the first one stands
        earlier = AskTicket.objects.get(idempotency_scope=scope, idempotency_key=idempotency_key)
        return _replay(earlier, digest), True
    if mode == AskTicket.Mode.SYNC:
        ticket_run(ticket_id=ticket.pk, retry=False)
        ticket.refresh_from_db()
    else:
        from answers.tasks import answer_ticket

        transaction.on_commit(lambda: answer_ticket.delay(ticket.pk))
    return ticket, False


def _replay(earlier: AskTicket, digest: str) -> AskTicket:
    if earlier.request_digest != digest:
        raise ApplicationError(
            status=422,
            state="idempotency-key-reused",
            field="Idempotency-Key",
            error="Idempotency-Key: already used for a different ask; use a new key.",
        )
    return earlier


def sync_answer(ticket: AskTicket) -> dict:
    """A finished sync ask's answer; one the engine failed (already refunded) is a 503."""
    if ticket.status != Status.DONE:
        raise ApplicationError(
            status=503,
            state="engine-failed",
            retryAfter=5,
            error="The engine could not answer; the ask was refunded.",
        )
    return ticket.answer


def ticket_for(ticket: str, key: ApiKey | None) -> AskTicket:
    """A ticket its caller may read: the submitting key's, or an anonymous ask's by whoever
    holds it. Anything else is as absent as a missing ticket (404)."""
    found = AskTicket.objects.filter(ticket=ticket).first()
    if found is None or (found.key_id and getattr(key, "pk", None) != found.key_id):
        raise ApplicationError(
            status=404,
            state="not-found",
            field="ticket",
            error="ticket: no such ticket for this caller.",
        )
    return found


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
        result = engine.answer(ticket.question, topic=topic, generator=generator.configured())
    except Exception as exc:
        logger.exception("ask %s failed on attempt %s", ticket.pk, ticket.attempts)
        if retry and ticket.attempts < settings.SVC_ASK_ATTEMPTS:
            AskTicket.objects.filter(pk=ticket.pk, status=Status.RUNNING).update(
                status=Status.QUEUED, error=str(exc)[:500]
            )
            raise
        ticket_fail(ticket_id=ticket.pk, error=str(exc))
        return Status.FAILED
    AskTicket.objects.filter(pk=ticket.pk, status=Status.RUNNING).update(
        status=Status.DONE, answer=result, finished_at=timezone.now(), error=""
    )
    return Status.DONE


@transaction.atomic
def ticket_fail(*, ticket_id: int, error: str) -> None:
    """Fail a ticket and give its ask back: the refund is once, however often this runs."""
    AskTicket.objects.filter(pk=ticket_id).exclude(status=Status.DONE).update(
        status=Status.FAILED, error=error[:500], finished_at=timezone.now()
    )
    ticket = AskTicket.objects.get(pk=ticket_id)
    if ticket.status == Status.FAILED:
        billing.ask_refund(charge_id=ticket.charge_id)


def tickets_reap(*, now=None, stale_minutes: int | None = None) -> dict[str, int]:
    """Tickets a dead worker left `running`: queued again while attempts remain, else failed.

    `stale_minutes` (default SVC_ASK_STALE_MINUTES) is how long a ticket may run before it
    counts as abandoned; 0 reaps every running ticket, for an operator who knows no worker lives.
    """
    now = now or timezone.now()
    if stale_minutes is None:
        stale_minutes = settings.SVC_ASK_STALE_MINUTES
    stale = AskTicket.objects.filter(
        status=Status.RUNNING, started_at__lte=now - timedelta(minutes=stale_minutes)
    )
    requeued, failed = [], 0
    for ticket in stale:
        if ticket.attempts < settings.SVC_ASK_ATTEMPTS:
            moved = AskTicket.objects.filter(pk=ticket.pk, status=Status.RUNNING).update(
                status=Status.QUEUED
            )
            if moved:
                requeued.append(ticket.pk)
        else:
            ticket_fail(ticket_id=ticket.pk, error="the worker stopped answering")
            failed += 1
    return {"requeued": len(requeued), "failed": failed, "ids": requeued}
