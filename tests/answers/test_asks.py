"""POST /api/ask and GET /api/ask/{ticket}: sync, async, idempotent, metered, refunded once."""

import json

import pytest
from django.utils.timezone import now

from answers import services, tasks
from answers.models import AskTicket
from answers.serve import engine, tickets
from billing.models import AddressDay, ApiKey, AskCharge
from tests.conftest import loaded_once
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db
QUESTION = {"question": "Is Hurricane Tavia still active?"}
demo_once = loaded_once(demo_load)


@pytest.fixture
def demo(demo_once):
    """The demo registry, loaded once for the module."""


def ask(api, body=QUESTION, **headers):
    return api.post("/api/ask", body, format="json", **headers)


def test_a_sync_ask_answers_at_once_and_is_charged(api, demo):
    response = ask(api)
    assert response.status_code == 200
    assert response.json()["schema"] == "svc.answer.v1"
    assert response.json()["grounded"] is True
    assert AddressDay.objects.get().asks_used == 1
    assert "access-control-allow-origin" not in response


def test_an_async_ask_returns_a_ticket_redeemed_later(
    api, demo, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = ask(api, {**QUESTION, "mode": "async"})
    assert response.status_code == 202
    body = response.json()
    assert body["schema"] == "svc.ask-ticket.v1"
    assert set(body) >= {"ticket", "status", "pollUrl", "submittedAt"}
    polled = api.get(body["pollUrl"]).json()
    assert polled["status"] == "done"
    assert polled["answer"]["grounded"] is True


def test_a_keyed_ticket_is_read_by_its_key_only(api, demo, django_capture_on_commit_callbacks):
    mine = {"HTTP_X_API_KEY": api.post("/api/keys").json()["key"]}
    other = {"HTTP_X_API_KEY": api.post("/api/keys").json()["key"]}
    with django_capture_on_commit_callbacks(execute=True):
        poll = ask(api, {**QUESTION, "mode": "async"}, **mine).json()["pollUrl"]
    assert api.get(poll, **mine).status_code == 200
    assert api.get(poll, **other).status_code == 404
    assert api.get(poll).status_code == 404
    assert ApiKey.objects.filter(asks_used=1).count() == 1


def test_an_idempotency_key_replays_the_first_submission(api, demo):
    first = ask(api, HTTP_IDEMPOTENCY_KEY="abc-1").json()
    again = ask(api, HTTP_IDEMPOTENCY_KEY="abc-1").json()
    assert again["answer"] == first["answer"]
    assert AskCharge.objects.count() == 1
    changed = ask(api, {"question": "Something else?"}, HTTP_IDEMPOTENCY_KEY="abc-1")
    assert changed.status_code == 422
    assert changed.json()["field"] == "Idempotency-Key"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "question"),
        ({"question": ""}, "question"),
        ({"question": "x" * 2001}, "question"),
        ({"question": "   "}, "question"),
        ({"question": " " + "x" * 2000}, "question"),
        ({"question": "q?", "mode": "later"}, "mode"),
        ({"question": "q?", "topic": "no-such"}, "topic"),
    ],
)
def test_bad_asks_are_400_naming_the_field_and_cost_nothing(api, demo, body, field):
    response = ask(api, body)
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert not AskCharge.objects.exists()


def test_past_the_anonymous_allowance_a_key_is_required(api, demo, settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1
    assert ask(api).status_code == 200
    refused = ask(api)
    assert refused.status_code == 401
    assert refused.json()["state"] == "key-required"
    assert refused.json()["howToGetOne"]


def test_a_used_up_key_gets_402_with_the_next_step(api, demo, settings):
    key = {"HTTP_X_API_KEY": api.post("/api/keys").json()["key"]}
    ApiKey.objects.update(asks_used=settings.SVC_ASKS_PER_KEY)
    refused = ask(api, **key)
    assert refused.status_code == 402
    assert refused.json()["state"] == "asks-exhausted"
    assert refused.json()["next"]


def test_the_ask_preflight_fails(api):
    response = api.options(
        "/api/ask",
        HTTP_ORIGIN="https://elsewhere.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
    )
    assert "access-control-allow-origin" not in response


def test_an_engine_failing_every_attempt_fails_the_ticket_and_refunds_once(api, demo, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("engine down")

    monkeypatch.setattr(engine, "answer", broken)
    response = ask(api)
    assert response.status_code == 503
    assert response.json()["state"] == "engine-failed"
    ticket = AskTicket.objects.get()
    assert ticket.status == "failed"
    assert AskCharge.objects.get().refunded_at is not None
    assert AddressDay.objects.get().asks_used == 0
    tickets.ticket_fail(ticket_id=ticket.pk, error="again")  # a second failure refunds nothing
    assert AddressDay.objects.get().asks_used == 0


def test_an_async_ask_is_retried_then_fails_once(
    api, demo, monkeypatch, django_capture_on_commit_callbacks
):
    calls = []

    def broken(*args, **kwargs):
        calls.append(1)
        raise RuntimeError("engine down")

    monkeypatch.setattr(engine, "answer", broken)
    with django_capture_on_commit_callbacks(execute=True):
        poll = ask(api, {**QUESTION, "mode": "async"}).json()["pollUrl"]
    assert api.get(poll).json()["status"] == "failed"
    assert len(calls) == 3  # the attempts cap
    assert AddressDay.objects.get().asks_used == 0


def test_the_reaper_requeues_a_ticket_a_dead_worker_left_running(api, demo):
    from datetime import timedelta

    from django.utils import timezone

    ticket, _ = services.ask_submit(
        question=QUESTION["question"], mode="async", topic="", key=None, address="192.0.2.9"
    )
    AskTicket.objects.filter(pk=ticket.pk).update(
        status="running", attempts=1, started_at=timezone.now() - timedelta(hours=1)
    )
    assert tasks.reap_tickets() == {"requeued": 1, "failed": 0}
    assert AskTicket.objects.get(pk=ticket.pk).status == "done"  # answered once, eagerly
    assert tickets.ticket_run(ticket_id=ticket.pk) == "done"  # a late redelivery: no-op


def test_reap_asks_leaves_a_fresh_running_ticket_unless_told_no_worker_lives(demo):
    from io import StringIO

    from django.core.management import CommandError, call_command

    ticket, _ = services.ask_submit(
        question=QUESTION["question"], mode="async", topic="", key=None, address="192.0.2.9"
    )
    AskTicket.objects.filter(pk=ticket.pk).update(status="running", attempts=1, started_at=now())

    def reap(*args):
        out = StringIO()
        call_command("reap_asks", *args, stdout=out)
        return json.loads(out.getvalue())

    assert reap() == {"requeued": 0, "failed": 0}  # within SVC_ASK_STALE_MINUTES: still alive
    assert AskTicket.objects.get(pk=ticket.pk).status == "running"
    assert reap("--stale-minutes", "0") == {"requeued": 1, "failed": 0}
    assert AskTicket.objects.get(pk=ticket.pk).status == "done"  # answered once, eagerly
    with pytest.raises(CommandError, match="--stale-minutes"):
        call_command("reap_asks", "--stale-minutes", "-1")


def test_a_keyed_ticket_says_its_key_is_needed_to_poll_it(
    api, demo, django_capture_on_commit_callbacks
):
    mine = {"HTTP_X_API_KEY": api.post("/api/keys").json()["key"]}
    with django_capture_on_commit_callbacks(execute=True):
        keyed = ask(api, {**QUESTION, "mode": "async"}, **mine).json()
        anonymous = ask(api, {**QUESTION, "mode": "async"}).json()
    assert keyed["pollNeedsKey"] is True
    assert "key that asked" in keyed["pollWith"]
    assert anonymous["pollNeedsKey"] is False
    missing = api.get(keyed["pollUrl"])
    assert missing.status_code == 404
    assert "key that asked" in missing.json()["error"]


def test_the_tickets_status_is_declared_as_the_closed_set_it_is():
    from answers.models import AskTicket
    from config.contract import schema_of

    declared = schema_of("svc.ask-ticket.v1")["properties"]["status"]["enum"]
    assert declared == list(AskTicket.Status.values)
