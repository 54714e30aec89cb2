"""Async asks: one task per ticket (acks late, retried with backoff), a reaper on the beat, and
the send to the broker that `ask_submit` and the reaper share."""

import logging

from celery import shared_task
from django.db import transaction

from answers.serve import tickets
from answers.understand import embeddings, vocabulary
from config.broker import BROKER_ERRORS

logger = logging.getLogger(__name__)


@shared_task(name="answers.tasks.answer_ticket", bind=True, acks_late=True, max_retries=5)
def answer_ticket(self, ticket_id: int) -> str:
    try:
        return tickets.ticket_run(ticket_id=ticket_id)
    except Exception as exc:  # the ticket is queued again; try later
        raise self.retry(exc=exc, countdown=2**self.request.retries) from exc


@shared_task(name="answers.tasks.reap_tickets")
def reap_tickets(stale_minutes: int | None = None) -> dict[str, int]:
    """Reap abandoned tickets and send each again; with the broker still down, answer it here
    (the same conditional claim as a worker's, so it is answered once either way)."""
    reaped = tickets.tickets_reap(stale_minutes=stale_minutes)
    for ticket_id in reaped["ids"]:
        if ticket_send(ticket_id):
            continue
        try:
            tickets.ticket_run(ticket_id=ticket_id)
        except Exception:  # queued again with attempts left: the next reap takes it
            logger.exception("ask %s: answering it in the reaper failed", ticket_id)
    return {"requeued": reaped["requeued"], "failed": reaped["failed"]}


@shared_task(name="answers.tasks.embed_documents")
def embed_documents(limit: int | None = None) -> dict[str, int]:
    """Beat `embed-documents`: first the vectors of topics and entities a curator added or
    changed (the vocabulary is rebuilt when the registry moved, computing only those), so no
    one runs `embed_registry` for a new topic; then passage vectors for every topic's newest
    attached documents that lack one, bounded per run so a run never holds a worker for long."""
    before = vocabulary.COMPUTED.copy()
    vocabulary.current(max_age=0)
    computed = vocabulary.COMPUTED - before
    done = embeddings.documents_embed(limit=limit or embeddings.DOCUMENTS_PER_RUN)
    return {**done, "topicVectors": computed["topic"], "entityVectors": computed["entity"]}


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
    try:
        answer_ticket.apply_async((ticket_id,))
    except BROKER_ERRORS as exc:
        logger.warning("ask %s: the broker refused its message: %s", ticket_id, exc)
        return False
    return True
