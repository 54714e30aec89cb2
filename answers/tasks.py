"""Async asks: one task per ticket (acks late, retried with backoff), and a reaper on the beat."""

import logging

from celery import shared_task

from answers import embeddings, services

logger = logging.getLogger(__name__)


@shared_task(name="answers.tasks.answer_ticket", bind=True, acks_late=True, max_retries=5)
def answer_ticket(self, ticket_id: int) -> str:
    try:
        return services.ticket_run(ticket_id=ticket_id)
    except Exception as exc:  # the ticket is queued again; try later
        raise self.retry(exc=exc, countdown=2**self.request.retries) from exc


@shared_task(name="answers.tasks.reap_tickets")
def reap_tickets(stale_minutes: int | None = None) -> dict[str, int]:
    """Reap abandoned tickets and send each again; with the broker still down, answer it here
    (the same conditional claim as a worker's, so it is answered once either way)."""
    reaped = services.tickets_reap(stale_minutes=stale_minutes)
    for ticket_id in reaped["ids"]:
        if services.ticket_send(ticket_id):
            continue
        try:
            services.ticket_run(ticket_id=ticket_id)
        except Exception:  # queued again with attempts left: the next reap takes it
            logger.exception("ask %s: answering it in the reaper failed", ticket_id)
    return {"requeued": reaped["requeued"], "failed": reaped["failed"]}


@shared_task(name="answers.tasks.embed_documents")
def embed_documents(limit: int | None = None) -> dict[str, int]:
    """Passage vectors for every topic's newest attached documents that lack one (beat
    `embed-documents`), bounded per run so a run never holds a worker for long."""
    return embeddings.documents_embed(limit=limit or embeddings.DOCUMENTS_PER_RUN)
