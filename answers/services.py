"""Asks: submitted (charged once, with an Idempotency-Key replayed), then answered now (sync)
or queued for a worker (async). What follows the charge (answered once, refunded once, reaped)
is `answers.serve.tickets`; the send to the broker is `answers.tasks`.

Under faults the ask keeps its ticket: an async ask whose message the broker refused, and a
sync ask the database was cut from mid-answer, are answered 503 carrying the ticket and its
pollUrl; the reaper sends again (or answers) what is left `queued` or `running`.
"""

import hashlib
import json
import logging
import secrets
from datetime import datetime

from django.conf import settings
from django.db import IntegrityError, InterfaceError, OperationalError, transaction
from django.utils import timezone

from answers import tasks
from answers.models import AskTicket, QualityCard
from answers.serve import tickets
from billing import services as billing
from billing.models import ApiKey
from config import readcache
from config.problems import ApplicationError
from config.reads import read_key_of
from records import known
from registry.models import Event

logger = logging.getLogger(__name__)
QUEUE_DOWN_RETRY_AFTER = 30  # seconds: a sensible first poll, not a resubmission


def _digest(question: str, mode: str, topic: str, as_of: datetime | None) -> str:
    asked = [question, mode, topic] + ([as_of.isoformat()] if as_of else [])  # as before without
    raw = json.dumps(asked, separators=(",", ":"))
    return hashlib.sha256(raw.encode()).hexdigest()


def ask_submit(
    *,
    question: str,
    mode: str,
    topic: str,
    key: ApiKey | None,
    address: str,
    idempotency_key: str = "",
    as_of: datetime | None = None,
    as_of_field: str = "asOf",
) -> tuple[AskTicket, bool]:
    """The ticket for this ask and whether it replays an earlier submission, in the contract's
    steps: a replay answers with the earlier ticket; an unknown topic or instant (`as_of`, else
    the submission's: what the answer reads as of) is refused before any charge; the charge and
    the ticket commit together; then a sync ask is answered, an async one queued."""
    scope = f"key:{key.pk}" if key else f"ip:{address}"
    digest = _digest(question, mode, topic, as_of)
    if earlier := _earlier(scope, idempotency_key):
        return _replay(earlier, digest), True
    _require_record(topic, as_of, as_of_field)
    ticket = AskTicket(
        key=key, address=address, question=question, topic=topic, mode=mode,
        idempotency_scope=scope, idempotency_key=idempotency_key, request_digest=digest,
        as_of=as_of or timezone.now(),
    )  # fmt: skip
    try:
        _charge_and_record(ticket)
    except IntegrityError:  # the same Idempotency-Key raced in: the first one stands
        return _replay(_earlier(scope, idempotency_key), digest), True
    if mode == AskTicket.Mode.SYNC:
        _answer_now(ticket)
    else:
        _queue(ticket)
    return ticket, False


def _earlier(scope: str, idempotency_key: str) -> AskTicket | None:
    if not idempotency_key:
        return None
    return AskTicket.objects.filter(
        idempotency_scope=scope, idempotency_key=idempotency_key
    ).first()


def _require_record(topic: str, as_of: datetime | None, as_of_field: str) -> None:
    """The topic asked about has a published record (a retired one is refused, before any
    charge, saying since when: its record stays readable at its path), and the instant asked
    as of can be answered."""
    event = Event.objects.filter(subject=topic).first() if topic else None
    if topic and event is None:
        raise ApplicationError(
            status=400,
            state="invalid-field",
            field="topic",
            error=f"topic: no record for '{topic}'. See /api/v1/records.",
        )
    if event is not None and event.publish_state == Event.PublishState.RETIRED:
        since = event.publish_state_since.date().isoformat()
        raise ApplicationError(
            status=400,
            state="topic-retired",
            field="topic",
            error=f"topic: '{topic}' was retired on {since} and is no longer answered; its "
            f"record stays readable at /api/record/{topic}. See /api/v1/records.",
        )
    if as_of is not None:
        known.instant_checked(as_of, field=as_of_field, event=event)


def _charge_and_record(ticket: AskTicket) -> None:
    """Charge the ask and save its ticket in one commit. The token is drawn before the charge
    so that a 503 for a commit whose reply was lost can name the ticket the ask has if the
    commit did happen."""
    ticket.ticket, written = secrets.token_urlsafe(24), False
    try:
        with transaction.atomic():
            ticket.charge = billing.ask_charge(key=ticket.key, address=ticket.address)
            ticket.queued_at = timezone.now()
            ticket.save(force_insert=True)
            written = True
    except (OperationalError, InterfaceError) as exc:
        if not written:  # cut before the commit: rolled back, nothing charged (a plain 503)
            raise
        # Cut at the commit itself: the server may have committed. The caller gets the ticket
        # the ask has if it did, and is told what a poll that finds nothing means.
        logger.warning(
            "ask: the database went away at the commit of ticket %s: %s", ticket.ticket, exc
        )
        raise _unknown(ticket.ticket, retry_after=settings.SVC_RETRY_AFTER_DB_DOWN) from exc


def _answer_now(ticket: AskTicket) -> None:
    """A sync ask, answered in the request. Charged and committed before a cut, its ticket is
    what the caller collects the answer with (the reaper finishes it), so the 503 carries it."""
    try:
        tickets.ticket_run(ticket_id=ticket.pk, retry=False)
        ticket.refresh_from_db()
    except (OperationalError, InterfaceError) as exc:
        logger.warning("ask %s: the database went away mid-answer: %s", ticket.pk, exc)
        raise _kept(
            ticket,
            state="database-unavailable",
            retry_after=settings.SVC_RETRY_AFTER_DB_DOWN,
            why="The database went away while this ask was answered",
            next_step="it will be answered when the database is back (or, after "
            f"{settings.SVC_ASK_ATTEMPTS} attempts, failed and refunded once)",
        ) from exc


def _queue(ticket: AskTicket) -> None:
    if not tasks.ticket_enqueue(ticket.pk):
        raise _kept(
            ticket,
            state="queue-unavailable",
            retry_after=QUEUE_DOWN_RETRY_AFTER,
            why="The job queue could not be reached, so this ask was not queued yet",
            next_step="it is sent again (or answered) when the queue is back, within about "
            f"{settings.SVC_ASK_STALE_MINUTES + 5} minutes",
        )


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
    if ticket.status != AskTicket.Status.DONE:
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


@transaction.atomic
def quality_card_store(*, card: dict) -> QualityCard:
    """Publish a quality card (`answers.measure.quality`): a new row, the newest served; its number
    is the card's version. The card and the release (which names its version) are read afresh after
    commit."""
    canonical = json.dumps(card, sort_keys=True, separators=(",", ":"))
    stored = QualityCard.objects.create(
        published_at=timezone.now(),
        card=card,
        digest=f"sha256:{hashlib.sha256(canonical.encode()).hexdigest()}",
    )
    reads = [read_key_of("/api/v1/release"), read_key_of("/api/v1/quality")]
    transaction.on_commit(lambda: readcache.forget(reads))
    return stored
