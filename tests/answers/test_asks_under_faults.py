"""Asks under faults, from the caller's side: a broker that refuses the message, a database
that goes away mid-answer, and a replay while the first ask is still being answered.

Whatever fails, the ask is charged once and answered once, or refunded once, and any 503 for
an ask that has a ticket carries that ticket, so the caller can collect the answer later.
"""

import json
import threading

import pytest
from django.db import InterfaceError, OperationalError, connection
from kombu.exceptions import OperationalError as BrokerError
from rest_framework.test import APIClient

from answers import tasks
from answers.models import AskTicket
from answers.serve import engine, tickets
from billing.models import AddressDay, AskCharge
from worlds.demo import demo_load

QUESTION = {"question": "Is Hurricane Tavia still active?"}
real_answer = engine.answer


def ask(api, body=QUESTION, **headers):
    return api.post("/api/ask", body, format="json", **headers)


def counting_engine(monkeypatch):
    calls = []

    def answer(*args, **kwargs):
        calls.append(1)
        return real_answer(*args, **kwargs)

    monkeypatch.setattr(engine, "answer", answer)
    return calls


def broker_down(monkeypatch):
    def refuse(*args, **kwargs):
        raise BrokerError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(tasks.answer_ticket, "apply_async", refuse)
    monkeypatch.setattr(tasks.answer_ticket, "delay", refuse)


def broker_up(monkeypatch):
    monkeypatch.delattr(tasks.answer_ticket, "apply_async")
    monkeypatch.delattr(tasks.answer_ticket, "delay")


def refunded() -> bool:
    return AskCharge.objects.get().refunded_at is not None


# --- the broker refuses an async ask's message ---------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_an_async_ask_the_broker_refuses_is_503_carrying_its_ticket_and_answered_once(
    monkeypatch,
):
    demo_load()
    api = APIClient()
    calls = counting_engine(monkeypatch)
    broker_down(monkeypatch)
    response = ask(api, {**QUESTION, "mode": "async"})
    assert response.status_code == 503
    assert response["Content-Type"] == "application/problem+json"
    assert int(response["Retry-After"]) > 0
    body = response.json()
    assert body["state"] == "queue-unavailable"
    ticket = AskTicket.objects.get()
    assert body["ticket"] == ticket.ticket
    assert body["pollUrl"] == f"/api/ask/{ticket.ticket}"
    assert ticket.ticket in body["error"]
    assert response["Location"] == body["pollUrl"]
    assert ticket.status == "queued"
    assert AddressDay.objects.get().asks_used == 1  # charged once, not refunded
    assert api.get(body["pollUrl"]).json()["status"] == "queued"

    assert tasks.reap_tickets() == {"requeued": 0, "failed": 0}  # too fresh to call lost
    broker_up(monkeypatch)
    assert tasks.reap_tickets(stale_minutes=0) == {"requeued": 1, "failed": 0}
    polled = api.get(body["pollUrl"]).json()
    assert polled["status"] == "done"
    assert polled["answer"]["grounded"] is True
    assert len(calls) == 1
    assert tasks.reap_tickets(stale_minutes=0) == {"requeued": 0, "failed": 0}
    assert len(calls) == 1
    assert AddressDay.objects.get().asks_used == 1
    assert not refunded()


@pytest.mark.django_db(transaction=True)
def test_the_reaper_answers_a_lost_ask_itself_while_the_broker_is_still_down(monkeypatch):
    from io import StringIO

    from django.core.management import call_command

    demo_load()
    api = APIClient()
    calls = counting_engine(monkeypatch)
    broker_down(monkeypatch)
    poll = ask(api, {**QUESTION, "mode": "async"}).json()["pollUrl"]
    out = StringIO()
    call_command("reap_asks", "--stale-minutes", "0", stdout=out)
    assert json.loads(out.getvalue()) == {"requeued": 1, "failed": 0}
    assert api.get(poll).json()["status"] == "done"
    assert len(calls) == 1
    call_command("reap_asks", "--stale-minutes", "0", stdout=StringIO())
    assert len(calls) == 1
    # a redelivered message that turns up late finds the ticket answered
    assert tickets.ticket_run(ticket_id=AskTicket.objects.get().pk) == "done"
    assert len(calls) == 1


@pytest.mark.django_db(transaction=True)
def test_a_lost_ask_at_the_attempts_cap_fails_and_is_refunded_once(monkeypatch, settings):
    demo_load()
    api = APIClient()
    broker_down(monkeypatch)
    poll = ask(api, {**QUESTION, "mode": "async"}).json()["pollUrl"]
    AskTicket.objects.update(attempts=settings.SVC_ASK_ATTEMPTS)
    assert tasks.reap_tickets(stale_minutes=0) == {"requeued": 0, "failed": 1}
    assert api.get(poll).json()["status"] == "failed"
    assert AddressDay.objects.get().asks_used == 0
    assert tasks.reap_tickets(stale_minutes=0) == {"requeued": 0, "failed": 0}
    assert AddressDay.objects.get().asks_used == 0  # not -1


@pytest.mark.django_db(transaction=True)
def test_the_mcp_ask_tool_names_the_ticket_when_the_broker_refuses(monkeypatch):
    demo_load()
    broker_down(monkeypatch)
    call = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "ask", "arguments": {**QUESTION, "mode": "async"}},
    }
    response = APIClient().post("/api/mcp", call, format="json")
    assert response.status_code == 200
    result = response.json()["result"]
    assert result["isError"] is True
    ticket = AskTicket.objects.get()
    assert ticket.ticket in result["content"][0]["text"]
    assert "queue-unavailable" in result["content"][0]["text"]
    assert ticket.status == "queued"


# --- the database goes away while a sync ask is answered -----------------------------------------


class DatabaseCut:
    """From the moment it is cut, every query fails as a stopped server's would."""

    def __init__(self, error):
        self.error, self.wrapper = error, None

    def __call__(self, execute, sql, params, many, context):
        raise self.error("server closed the connection unexpectedly")

    def cut(self):
        self.wrapper = connection.execute_wrapper(self)
        self.wrapper.__enter__()

    def restore(self):
        if self.wrapper is not None:
            self.wrapper.__exit__(None, None, None)
            self.wrapper = None


@pytest.mark.django_db
@pytest.mark.parametrize("error", [OperationalError, InterfaceError])
def test_a_sync_ask_cut_off_by_the_database_is_503_carrying_its_ticket_answered_once(
    api, monkeypatch, error
):
    demo_load()
    calls = []
    database = DatabaseCut(error)

    def answer(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            database.cut()
            raise error("server closed the connection unexpectedly")
        return real_answer(*args, **kwargs)

    monkeypatch.setattr(engine, "answer", answer)
    try:
        response = ask(api)
    finally:
        database.restore()
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    body = response.json()
    assert body["state"] == "database-unavailable"
    ticket = AskTicket.objects.get()
    assert body["ticket"] == ticket.ticket
    assert body["pollUrl"] == f"/api/ask/{ticket.ticket}"
    assert ticket.ticket in body["error"]
    assert "was refunded" not in body["error"]
    assert ticket.status == "running"
    assert AddressDay.objects.get().asks_used == 1
    assert not refunded()

    assert tasks.reap_tickets(stale_minutes=0) == {"requeued": 1, "failed": 0}
    polled = api.get(body["pollUrl"]).json()
    assert polled["status"] == "done"
    assert polled["answer"]["grounded"] is True
    assert len(calls) == 2  # the cut one and the answer
    assert tasks.reap_tickets(stale_minutes=0) == {"requeued": 0, "failed": 0}
    assert len(calls) == 2
    assert AddressDay.objects.get().asks_used == 1
    assert not refunded()


# --- a replay while the first ask is still being answered ----------------------------------------


@pytest.mark.django_db(transaction=True)
def test_replaying_a_sync_ask_still_being_answered_is_202_with_its_ticket_never_refunded(
    monkeypatch,
):
    demo_load()
    entered, release = threading.Event(), threading.Event()

    def held(*args, **kwargs):
        entered.set()
        assert release.wait(30)
        return real_answer(*args, **kwargs)

    monkeypatch.setattr(engine, "answer", held)
    first = {}

    def first_ask():
        try:
            first["response"] = ask(APIClient(), HTTP_IDEMPOTENCY_KEY="held-1")
        finally:
            connection.close()

    thread = threading.Thread(target=first_ask)
    thread.start()
    try:
        assert entered.wait(30)
        replay = ask(APIClient(), HTTP_IDEMPOTENCY_KEY="held-1")
    finally:
        release.set()
        thread.join(60)
    assert replay.status_code == 202
    body = replay.json()
    ticket = AskTicket.objects.get()
    assert body["ticket"] == ticket.ticket
    assert body["status"] == "running"
    assert body["pollUrl"] == f"/api/ask/{ticket.ticket}"
    assert replay["Location"] == body["pollUrl"]
    assert "refunded" not in json.dumps(body)
    assert first["response"].status_code == 200
    again = ask(APIClient(), HTTP_IDEMPOTENCY_KEY="held-1")
    assert again.status_code == 200
    assert again.json()["answer"] == first["response"].json()["answer"]
    assert AskCharge.objects.count() == 1
    assert not refunded()
    assert AddressDay.objects.get().asks_used == 1


@pytest.mark.django_db
@pytest.mark.parametrize("status", ["queued", "running"])
def test_a_replay_of_an_unfinished_sync_ask_is_202_with_its_ticket(api, status):
    demo_load()
    first = ask(api, HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == 200
    AskTicket.objects.update(status=status, answer=None)
    replay = ask(api, HTTP_IDEMPOTENCY_KEY="k-1")
    assert replay.status_code == 202
    assert replay.json()["status"] == status
    assert "refunded" not in json.dumps(replay.json())
    assert not refunded()


@pytest.mark.django_db
def test_the_mcp_ask_tool_names_the_ticket_when_the_database_is_cut_mid_answer(api, monkeypatch):
    demo_load()
    database = DatabaseCut(OperationalError)

    def answer(*args, **kwargs):
        database.cut()
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(engine, "answer", answer)
    call = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "ask", "arguments": QUESTION},
    }
    try:
        response = api.post("/api/mcp", call, format="json")
    finally:
        database.restore()
    assert response.status_code == 200
    result = response.json()["result"]
    assert result["isError"] is True
    text = result["content"][0]["text"]
    ticket = AskTicket.objects.get()
    assert f"/api/ask/{ticket.ticket}" in text
    assert "database-unavailable" in text
    assert "Retry after" in text
    assert ticket.status == "running"
    assert not refunded()


# --- the database goes away as the charge is committed ----------------------------------------


def commit_reply_lost(monkeypatch, *, committed: bool):
    """The first COMMIT is sent and the connection drops before its reply: the server did
    (`committed`) or did not commit, and the caller cannot tell which."""
    from django.db import connections

    wrapper = connections["default"]
    real_commit, real_rollback = wrapper._commit, wrapper._rollback
    lost = []

    def commit():
        if lost:
            return real_commit()
        lost.append(1)
        real_commit() if committed else real_rollback()
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(wrapper, "_commit", commit)
    return lost


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("mode", ["sync", "async"])
def test_an_ask_whose_commit_reply_was_lost_is_503_carrying_a_ticket_it_can_find(monkeypatch, mode):
    demo_load()
    api = APIClient()
    calls = counting_engine(monkeypatch)
    assert commit_reply_lost(monkeypatch, committed=True) == []
    response = ask(api, {**QUESTION, "mode": mode})
    assert response.status_code == 503
    body = response.json()
    assert body["state"] == "database-unavailable"
    ticket = AskTicket.objects.get()
    assert body["ticket"] == ticket.ticket
    assert body["pollUrl"] == f"/api/ask/{ticket.ticket}"
    assert response["Location"] == body["pollUrl"]
    assert "404" in body["error"]  # says what a poll that finds nothing means
    assert AddressDay.objects.get().asks_used == 1
    assert api.get(body["pollUrl"]).json()["status"] == "queued"

    assert tasks.reap_tickets(stale_minutes=0)["requeued"] == 1
    polled = api.get(body["pollUrl"]).json()
    assert polled["status"] == "done"
    assert len(calls) == 1
    assert AddressDay.objects.get().asks_used == 1
    assert not refunded()


@pytest.mark.django_db(transaction=True)
def test_an_ask_whose_commit_never_happened_polls_404_and_charged_nothing(monkeypatch):
    demo_load()
    api = APIClient()
    commit_reply_lost(monkeypatch, committed=False)
    response = ask(api, {**QUESTION, "mode": "async"})
    assert response.status_code == 503
    body = response.json()
    assert body["ticket"]
    assert not AskTicket.objects.exists()
    assert not AskCharge.objects.exists()
    assert api.get(body["pollUrl"]).status_code == 404
    assert ask(api, {**QUESTION, "mode": "async"}).status_code == 202  # asking again is fine
    assert AskCharge.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_an_ask_cut_before_its_commit_is_a_plain_503_and_charged_nothing(monkeypatch):
    demo_load()
    api = APIClient()
    database = DatabaseCut(OperationalError)
    database.cut()
    try:
        response = ask(api, {**QUESTION, "mode": "async"})
    finally:
        database.restore()
    assert response.status_code == 503
    body = response.json()
    assert body["state"] == "database-unavailable"
    assert "ticket" not in body
    assert not AskCharge.objects.exists()
