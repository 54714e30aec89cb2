"""Async asks: one task per ticket (acks late, retried with backoff), and a reaper on the beat."""

from celery import shared_task

from answers import services


@shared_task(name="answers.tasks.answer_ticket", bind=True, acks_late=True, max_retries=5)
def answer_ticket(self, ticket_id: int) -> str:
    try:
        return services.ticket_run(ticket_id=ticket_id)
    except Exception as exc:  # the ticket is queued again; try later
        raise self.retry(exc=exc, countdown=2**self.request.retries) from exc


@shared_task(name="answers.tasks.reap_tickets")
def reap_tickets(stale_minutes: int | None = None) -> dict[str, int]:
    reaped = services.tickets_reap(stale_minutes=stale_minutes)
    for ticket_id in reaped["ids"]:
        answer_ticket.delay(ticket_id)
    return {"requeued": reaped["requeued"], "failed": reaped["failed"]}
