"""Answers that replay: the same question as of the same instant is the same answer, words and
citations, whatever arrived since (documents, their kept vectors, prices, state transitions,
an issuer's new reading). Asked with `asOf` (REST) or `as_of` (MCP); a ticket reads as of its
submission, however late a worker answers it.
"""

import json
from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import call_command

import ingestion
from answers.models import AskTicket
from answers.serve import tickets
from answers.understand import embeddings
from billing.models import AskCharge
from records.models import StateTransition
from records.services import records_transition
from registry import services
from registry.models import Event, MarketQuestion, PrimarySource, SourceReading

pytestmark = pytest.mark.django_db
FED = "rate-decision-federal-reserve-december-2026"
QUESTION = "What is the latest on the Federal Reserve rate decision?"
LOADED = datetime(2026, 11, 22, 8, tzinfo=UTC)
ASKED = datetime(2026, 11, 22, 9, 30, tzinfo=UTC)
LATER = datetime(2026, 11, 23, 10, tzinfo=UTC)
SAID = (  # what the answer's reader compares
    "answer", "citations", "unknowns", "topics", "grounded", "understood", "sourceCheck", "asOf",
)  # fmt: skip


@pytest.fixture
def demo(time_machine, settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(LOADED, tick=False)
    call_command("load_demo")
    records_transition()
    embeddings.documents_embed(limit=None)  # passage vectors kept, as the beat keeps them


def ask(api, **body):
    response = api.post("/api/ask", {"question": QUESTION, **body}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def said(answer: dict) -> dict:
    return {key: answer[key] for key in SAID}


def arrivals(time_machine) -> None:
    """A day later: reporting that the Fed cut, its vectors kept, a new price, a state move and
    the issuer's new statement, read."""
    time_machine.move_to(LATER, tick=False)
    fed = Event.objects.get(subject=FED)
    outlet = services.outlet_upsert(domain="late.example", name="Late Wire")
    ingestion.documents_ingest(items=[
        ingestion.IncomingDocument(
            url=f"https://late.example/fed/{n}", outlet=outlet,
            vertical=fed.documents.first().vertical,
            title=f"Federal Reserve cuts interest rates in its December rate decision ({n})",
            summary="The Federal Reserve cut interest rates by 25 basis points to 3.50% to "
            "3.75%, its rate decision statement said.",
            fetched_at=LATER, published_at=LATER - timedelta(hours=n),
        )
        for n in range(1, 4)
    ])  # fmt: skip
    embeddings.documents_embed(limit=None)
    question = MarketQuestion.objects.filter(events=fed, deadline__gt=LATER).first()
    ingestion.market_price_record(question=question, captured_at=LATER, probability_pct=97.0)
    last = fed.transitions.filter(field=StateTransition.Field.COVERAGE_STATE).last()
    StateTransition.objects.create(
        event=fed, field=last.field, from_value=last.to_value,
        to_value="fading" if last.to_value != "fading" else "steady", at=LATER,
        held_since=last.at,
    )  # fmt: skip
    _issuer_reads(fed, "The Committee decided to lower the target range to 3.50% to 3.75%.")


def _issuer_reads(fed: Event, words: str) -> None:
    """A confirmed reading of the topic's source, stamped as `source_fetch` stamps it."""
    source = fed.primary_sources.get()
    SourceReading.objects.create(source=source, attempted_at=LATER, ok=True, http_status=200,
                                 observed_words=words, observed_date=LATER.date())  # fmt: skip
    PrimarySource.objects.filter(pk=source.pk).update(
        observed=words, observed_date=LATER.date(), observed_read_at=LATER, last_read=LATER,
        last_success=LATER, verified_as_of=LATER.date(),
    )  # fmt: skip


def test_an_answer_asked_again_as_of_its_instant_is_the_same_answer(api, demo, time_machine):
    time_machine.move_to(ASKED, tick=False)
    first = ask(api)
    assert first["asOf"] == ASKED.isoformat()
    assert first["grounded"] is True
    arrivals(time_machine)
    fresh = ask(api)
    assert fresh["asOf"] == LATER.isoformat()
    assert (fresh["answer"], fresh["citations"]) != (first["answer"], first["citations"])
    again = ask(api, asOf=first["asOf"])
    assert said(again) == said(first)
    assert again["generatedAt"] == LATER.isoformat()  # answered now, as of then


def test_an_answer_as_of_any_earlier_instant_reads_what_was_held_then(api, demo, time_machine):
    time_machine.move_to(ASKED, tick=False)
    first = ask(api)
    arrivals(time_machine)
    moments = [ask(api, asOf=(ASKED + timedelta(hours=hours)).isoformat()) for hours in (1, 20)]
    assert [said(answer) for answer in moments] == [
        {**said(first), "asOf": (ASKED + timedelta(hours=hours)).isoformat()} for hours in (1, 20)
    ]


def test_a_ticket_reads_as_of_its_submission_however_late_it_is_answered(api, demo, time_machine):
    time_machine.move_to(ASKED, tick=False)
    first = ask(api)
    queued = api.post("/api/ask", {"question": QUESTION, "mode": "async"}, format="json").json()
    assert queued["status"] == "queued"  # its message waits for a commit the test never makes
    assert queued["asOf"] == ASKED.isoformat()
    arrivals(time_machine)  # a worker comes to it a day later
    ticket = AskTicket.objects.get(ticket=queued["ticket"])
    assert tickets.ticket_run(ticket_id=ticket.pk) == AskTicket.Status.DONE
    polled = api.get(queued["pollUrl"]).json()
    assert said(polled["answer"]) == said(first)
    asked = api.post("/api/ask", {"question": QUESTION, "mode": "async", "asOf": first["asOf"]},
                     format="json").json()  # fmt: skip
    ticket = AskTicket.objects.get(ticket=asked["ticket"])
    tickets.ticket_run(ticket_id=ticket.pk)
    assert said(api.get(asked["pollUrl"]).json()["answer"]) == said(first)


def call(client, name, arguments):
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": name, "arguments": arguments}}  # fmt: skip
    response = client.post("/api/mcp", json.dumps(body), content_type="application/json")
    assert response.status_code == 200, response.content[:300]
    return response.json()["result"]


def test_the_mcp_ask_takes_as_of(api, client, demo, time_machine):
    time_machine.move_to(ASKED, tick=False)
    first = ask(api)
    arrivals(time_machine)
    result = call(client, "ask", {"question": QUESTION, "as_of": first["asOf"]})
    assert result["isError"] is False
    assert said(result["structuredContent"]) == said(first)
    future = call(client, "ask", {"question": QUESTION, "as_of": "2027-01-01T00:00:00Z"})
    assert future["isError"] is True
    assert future["content"][0]["text"].startswith("as_of:")


@pytest.mark.parametrize(
    ("body", "said_"),
    [
        ({"asOf": "2026-11-24T00:00:00Z"}, "is in the future"),
        ({"asOf": "2026-11-21T12:00:00Z", "topic": FED}, "is before the topic"),
        ({"asOf": "2026-11-22"}, "RFC 3339 instant"),
        ({"asOf": 1764000000}, "RFC 3339 instant"),
    ],
)
def test_an_instant_it_cannot_answer_as_of_is_a_400_naming_asOf_and_charges_nothing(
    api, demo, time_machine, body, said_
):
    time_machine.move_to(LATER, tick=False)
    response = api.post("/api/ask", {"question": QUESTION, **body}, format="json")
    problem = response.json()
    assert (response.status_code, problem["field"], problem["state"]) == (
        400, "asOf", "invalid-field")  # fmt: skip
    assert said_ in problem["error"]
    assert not AskCharge.objects.exists()


def test_a_topic_created_after_the_instant_is_not_answered_from(api, demo, time_machine):
    time_machine.move_to(LATER, tick=False)
    answer = ask(api, asOf="2026-11-21T12:00:00Z")  # before the demo's topics were created
    assert answer["grounded"] is False
    assert answer["citations"] == []
    assert answer["topics"] == []


def test_an_idempotency_key_is_one_ask_as_of_one_instant(api, demo, time_machine):
    time_machine.move_to(LATER, tick=False)
    first = api.post("/api/ask", {"question": QUESTION, "asOf": ASKED.isoformat()},
                     format="json", HTTP_IDEMPOTENCY_KEY="k-1")  # fmt: skip
    assert first.status_code == 200
    other = api.post("/api/ask", {"question": QUESTION, "asOf": LOADED.isoformat()},
                     format="json", HTTP_IDEMPOTENCY_KEY="k-1")  # fmt: skip
    assert (other.status_code, other.json()["field"]) == (422, "Idempotency-Key")
