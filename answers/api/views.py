"""POST /api/ask and GET /api/ask/{ticket}."""

from datetime import UTC

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from answers import selectors, services
from answers.models import AskTicket
from answers.serve import answer_within, tickets
from billing.auth import KeyedAPIView
from config import budget, contract
from config.fields import Choice, Instant, TextField
from config.network import client_address
from config.openapi import problem_responses
from config.problems import ApplicationError
from config.reads import ReadView, envelope, query_params, read_operation

IDEMPOTENCY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    description="Replays the first submission made with this key (a different body: 422).",
)


class AskRequest(serializers.Serializer):
    # Length is checked on the text as sent (what the schema's maxLength describes), then the
    # surrounding whitespace is dropped.
    question = TextField(
        min_length=1,
        max_length=2000,
        trim_whitespace=False,
        help_text="The question, in any of the engine's languages.",
    )
    mode = Choice(
        choices=AskTicket.Mode.choices,
        default="sync",
        help_text="sync: the answer now (allow 70 s); async: a ticket now, the answer later.",
    )
    # No default in the document (a generated client would send it); blank means no topic.
    topic = serializers.SlugField(
        max_length=120, required=False, allow_blank=True, help_text="A record's slug to ask about."
    )
    asOf = Instant(
        required=False,
        source="as_of",
        help_text="An RFC 3339 instant: answer from what the service held then (documents "
        "stored, prices read, state transitions recorded by then). The same question as of the "
        "same instant gives the same answer, words and citations, whatever arrived since; pass "
        "an answer's own `asOf` to ask it again. Not in the future, nor before `topic` existed. "
        "Without it, the answer reads as of its submission.",
    )
    maxTokens = budget.body_field()

    def validate_question(self, value: str) -> str:
        if not value.strip():
            raise serializers.ValidationError("This field may not be blank.")
        return value.strip()


def ticket_body(ticket: AskTicket) -> dict:
    body = envelope(
        "svc.ask-ticket.v1",
        ticket=ticket.ticket,
        status=ticket.status,
        pollUrl=f"/api/ask/{ticket.ticket}",
        submittedAt=ticket.submitted_at.isoformat(),
        asOf=(ticket.as_of or ticket.submitted_at).astimezone(UTC).isoformat(),
        pollNeedsKey=ticket.key_id is not None,
    )
    if ticket.key_id is not None:
        body["pollWith"] = (
            "the key that asked (x-api-key or Authorization: Bearer); without it this ticket "
            "reads as not found"
        )
    if ticket.status == AskTicket.Status.DONE:
        body["answer"] = ticket.answer
    if ticket.status == AskTicket.Status.FAILED:
        body["error"] = "The engine could not answer; the ask was refunded."
    if ticket.mode == AskTicket.Mode.SYNC and ticket.status in tickets.UNFINISHED:
        body["note"] = (
            "This sync ask is still being answered (its first request may still be open); "
            f"poll {body['pollUrl']} for the answer. It is charged once, however often it is "
            "replayed."
        )
    return body


def answered_later(ticket: AskTicket) -> bool:
    """An ask whose answer is collected with its ticket: async, or a sync one not finished
    yet (a replay while the first request is still answering)."""
    return ticket.mode == AskTicket.Mode.ASYNC or ticket.status in tickets.UNFINISHED


class AskView(KeyedAPIView):
    """Ask a question of the registry: a grounded, source-checked answer whose every sentence
    cites rows you can open. Sync answers at once; async returns a claim ticket. Metered: 25 a
    day per network address without a key, 25 for a key's life. Not served to cross-origin
    browsers."""

    @extend_schema(
        operation_id="ask",
        tags=["answers"],
        request=AskRequest,
        parameters=[IDEMPOTENCY],
        responses={
            200: contract.response("svc.answer.v1"),
            202: contract.response("svc.ask-ticket.v1"),
            **problem_responses(400, 401, 402, 422, 429, 503),
        },
    )
    def post(self, request):
        data = AskRequest(data=request.data)
        data.is_valid(raise_exception=True)
        idempotency = request.headers.get("Idempotency-Key", "").strip()
        if len(idempotency) > 200:
            raise ApplicationError(
                status=400,
                state="invalid-field",
                field="Idempotency-Key",
                error="Idempotency-Key: at most 200 characters.",
            )
        ticket, _ = services.ask_submit(
            question=data.validated_data["question"],
            mode=data.validated_data["mode"],
            topic=data.validated_data.get("topic", ""),
            key=request.auth,
            address=client_address(request),
            idempotency_key=idempotency,
            as_of=data.validated_data.get("as_of"),
        )
        poll, max_tokens = f"/api/ask/{ticket.ticket}", data.validated_data.get("maxTokens")
        if answered_later(ticket):
            body = answer_within(ticket_body(ticket), max_tokens, poll_url=poll)
            return Response(body, status=202, headers={"Location": poll})
        return Response(answer_within(services.sync_answer(ticket), max_tokens, poll_url=poll))


class TicketQuery(serializers.Serializer):
    maxTokens = budget.query_field()


class TicketView(KeyedAPIView):
    """A claim ticket: `queued`, `running`, `done` (with the answer) or `failed`. Readable by
    the submitting key or, for an anonymous ask, by whoever holds the ticket. `maxTokens` cuts
    a done ticket's answer to a budget, as an ask's."""

    query = TicketQuery

    @extend_schema(
        operation_id="getAnswer",
        tags=["answers"],
        parameters=[OpenApiParameter("ticket", str, OpenApiParameter.PATH), TicketQuery],
        responses={
            200: contract.response("svc.ask-ticket.v1"),
            **problem_responses(400, 401, 404),
        },
    )
    def get(self, request, ticket: str):
        max_tokens = query_params(request, TicketQuery).get("maxTokens")
        found = services.ticket_for(ticket, request.auth)
        body = answer_within(ticket_body(found), max_tokens)
        return Response(body, headers={"Cache-Control": "no-store"})


@read_operation("getQuality", tag="answers", schema="svc.quality.v1", errors=(404,))
class QualityView(ReadView):
    """The published quality card: the Answer Engine's evaluation over every registry the
    project holds, per class (routing, declines, identity, premises, comparisons, conflicts,
    languages, repeat stability, invented claims under a lying model), each as a count, a rate
    and its 95% Wilson interval, with the evaluation's size and date and the code version.
    These are the project's own cases, as the card says. 404 before the first is published."""

    refresh = 300

    def read(self):
        card = selectors.quality_current()
        if card is None:
            raise ApplicationError(
                status=404,
                state="no-quality-card",
                error="No quality card has been published yet (manage.py publish_quality).",
            )
        return card
