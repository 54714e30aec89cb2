"""Asks: submitted (charged), answered once, refunded once if the engine fails.

A ticket moves `queued -> running` by a conditional UPDATE, so two workers handed the same
ticket (a redelivery after a crash, the reaper, a retry) cannot both answer it. The attempts
cap and the reaper bound how long a ticket can stay unfinished.

Under faults the ask keeps its ticket: an async ask whose message the broker refused, and a
sync ask the database was cut from mid-answer, are answered 503 carrying the ticket and its
pollUrl; the reaper sends again (or answers) what is left `queued` or `running`.
"""

import hashlib
import json
import logging
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, InterfaceError, OperationalError, transaction
from django.db.models import F, Q
from django.utils import timezone
from kombu.exceptions import KombuError

from answers import engine, generator
from answers.models import AskTicket
from billing import services as billing
from billing.models import ApiKey
from config.problems import ApplicationError
from registry.models import Event

logger = logging.getLogger(__name__)
Status = AskTicket.Status
UNFINISHED = (Status.QUEUED, Status.RUNNING)
# What a send to a broker that cannot be reached raises: kombu wraps the transport's errors in
# its OperationalError; a transport may still leak a socket error or (Redis) its own.
try:
    from redis.exceptions import RedisError
except ImportError:  # pragma: no cover - the embedded default needs no Redis client
    RedisError = OSError
BROKER_ERRORS = (KombuError, OSError, RedisError)
QUEUE_DOWN_RETRY_AFTER = 30  # seconds: a sensible first poll, not a resubmission


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
    # The token is drawn before the charge so that a 503 for a commit whose reply was lost can
    # name the ticket the ask has if the commit did happen.
    token, written = secrets.token_urlsafe(24), False
    try:
        with transaction.atomic():
            charge = billing.ask_charge(key=key, address=address)
            ticket = AskTicket.objects.create(
                ticket=token,
                key=key,
                address=address,
                question=question,
                topic=topic,
                mode=mode,
                charge=charge,
                queued_at=timezone.now(),
                idempotency_scope=scope,
                idempotency_key=idempotency_key,
                request_digest=digest,
            )
            written = True
    except IntegrityError:  # the same Idempotency-Key raced in: the first one stands
        earlier = AskTicket.objects.get(idempotency_scope=scope, idempotency_key=idempotency_key)
        return _replay(earlier, digest), True
    except (OperationalError, InterfaceError) as exc:
        if not written:  # cut before the commit: rolled back, nothing charged (a plain 503)
            raise
        # Cut at the commit itself: the server may have committed. The caller gets the ticket
        # the ask has if it did, and is told what a poll that finds nothing means.
        logger.warning("ask: the database went away at the commit of ticket %s: %s", token, exc)
        raise _unknown(token, retry_after=settings.SVC_RETRY_AFTER_DB_DOWN) from exc
    if mode == AskTicket.Mode.SYNC:
        try:
            ticket_run(ticket_id=ticket.pk, retry=False)
            ticket.refresh_from_db()
        except (OperationalError, InterfaceError) as exc:
            # Charged and committed before the cut: the ticket is what the caller collects the
            # answer with (the reaper finishes it), so the 503 carries it.
            logger.warning("ask %s: the database went away mid-answer: %s", ticket.pk, exc)
            raise _kept(
                ticket,
                state="database-unavailable",
                retry_after=settings.SVC_RETRY_AFTER_DB_DOWN,
                why="The database went away while this ask was answered",
                next_step="it will be answered when the database is back (or, after "
                f"{settings.SVC_ASK_ATTEMPTS} attempts, failed and refunded once)",
            ) from exc
    elif not ticket_enqueue(ticket.pk):
        raise _kept(
            ticket,
            state="queue-unavailable",
            retry_after=QUEUE_DOWN_RETRY_AFTER,
            why="The job queue could not be reached, so this ask was not queued yet",
            next_step="it is sent again (or answered) when the queue is back, within about "
            f"{settings.SVC_ASK_STALE_MINUTES + 5} minutes",
        )
    return ticket, False


def _kept(ticket: AskTicket, *, state: str, retry_after: int, why: str, next_step: str):
    """The 503 for an ask that has its ticket: where to collect the answer, never to ask again."""
    poll = f"/api/ask/{ticket.ticket}"
    return ApplicationError(
        status=503,
        state=state,
        retryAfter=retry_after,
        headers={"Location": poll},
        ticket=ticket.ticket,
        pollUrl=poll,
        error=f"{why}. It is kept, charged once, as ticket {ticket.ticket}: {next_step}. "
        f"Poll {poll} for the answer rather than asking again (a replay with the same "
        "Idempotency-Key returns this ticket).",
    )


def _unknown(token: str, *, retry_after: int) -> ApplicationError:
    """The 503 for an ask whose commit went unanswered: charged with this ticket, or not at all."""
    poll = f"/api/ask/{token}"
    return ApplicationError(
        status=503,
        state="database-unavailable",
        retryAfter=retry_after,
        headers={"Location": poll},
        ticket=token,
        pollUrl=poll,
        error="The database went away as this ask was recorded, so whether it was is not known "
        f"yet. If it was, it is ticket {token}, charged once, and is answered when the database "
        f"is back. Poll {poll} after Retry-After: an answer or a status means it was recorded; "
        "404 means it was not and nothing was charged, so ask again (a replay with the same "
        "Idempotency-Key finds it either way).",
    )


def ticket_enqueue(ticket_id: int) -> bool:
    """Send a ticket's message once its row is committed; False if the broker refused it.

    Inside a caller's transaction the send waits for the commit and a refusal is only logged
    (the reaper sends again what stays `queued`); in autocommit, as a request is, it is now.
    """
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(lambda: ticket_send(ticket_id))
        return True
    return ticket_send(ticket_id)


def ticket_send(ticket_id: int) -> bool:
    """Hand a ticket to the broker; False (logged) if it cannot be reached."""
    from answers.tasks import answer_ticket

    try:
        answer_ticket.apply_async((ticket_id,))
    except BROKER_ERRORS as exc:
        logger.warning("ask %s: the broker refused its message: %s", ticket_id, exc)
        return False
    return True


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
    """A finished sync ask's answer; one the engine failed (already refunded) is a 503.

    An unfinished one (a replay while the first request is still answering) is no business of
    this: the doors answer it with its ticket.
    """
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
            error="ticket: no such ticket for this caller (a keyed ask's ticket is read with "
            "the key that asked).",
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
    cap = settings.SVC_ASK_ATTEMPTS
    requeued, failed = [], 0
    for ticket in AskTicket.objects.filter(status=Status.RUNNING, started_at__lte=cutoff):
        if ticket.attempts >= cap:
            failed += ticket_fail(
                ticket_id=ticket.pk,
                error="the worker stopped answering",
                only_from=(Status.RUNNING,),
            )
        elif AskTicket.objects.filter(
            pk=ticket.pk, status=Status.RUNNING, started_at=ticket.started_at
        ).update(status=Status.QUEUED, queued_at=now):
            requeued.append(ticket.pk)
    lost = AskTicket.objects.filter(status=Status.QUEUED).filter(
        Q(queued_at__lte=cutoff) | Q(queued_at__isnull=True, submitted_at__lte=cutoff)
    )
    for ticket in lost.exclude(pk__in=requeued):
        if ticket.attempts >= cap:
            failed += ticket_fail(
                ticket_id=ticket.pk, error="its message was lost", only_from=(Status.QUEUED,)
            )
        elif AskTicket.objects.filter(
            pk=ticket.pk, status=Status.QUEUED, queued_at=ticket.queued_at
        ).update(queued_at=now):
            requeued.append(ticket.pk)
    return {"requeued": len(requeued), "failed": failed, "ids": requeued}
