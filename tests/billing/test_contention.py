"""Slots and addresses under contention (issue 18): keys sharing one address, aliases of it,
and the verification mail each address may receive."""

import threading

import pytest
from django.db import OperationalError, close_old_connections, connection
from django.utils import timezone
from rest_framework.test import APIClient

from billing import services as billing
from billing.models import ApiKey, SlotUse
from watches.models import Watch

SIGNALS = {"base": "current-signals"}

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row locks, deadlocks and real concurrent transactions need PostgreSQL",
)


def key_for(email: str | None) -> dict[str, str]:
    secret = APIClient().post("/api/keys").json()["key"]
    if email:
        ApiKey.objects.filter(prefix=secret[:13]).update(
            email=email, email_verified_at=timezone.now()
        )
    return {"HTTP_X_API_KEY": secret}


def race_saves(keys: list[dict[str, str]], per_key: int) -> list:
    """Every key saves `per_key` Watches at once, each save in its own thread and connection."""
    jobs = [who for who in keys for _ in range(per_key)]
    gate, answers = threading.Barrier(len(jobs)), []

    def run(who):
        try:
            client = APIClient()
            gate.wait()
            answers.append(client.post("/api/v1/watches", SIGNALS, format="json", **who))
        except Exception as exc:  # a crash is an answer too: the assertion names it
            answers.append(exc)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=run, args=(who,)) for who in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_keys_of_one_address_saving_at_once_never_answer_5xx(settings):
    settings.SVC_BURST_RATES = {**settings.SVC_BURST_RATES, "watch": "1000/m", "keys": "1000/m"}
    one, two = key_for("ada@example.org"), key_for("ada@example.org")
    answers = race_saves([one, two], per_key=8)
    statuses = sorted(getattr(a, "status_code", repr(a)) for a in answers)
    assert statuses == [201] * 5 + [402] * 11, statuses
    assert SlotUse.objects.filter(kind="opening", released_at__isnull=True).count() == 5


class Deadlock(Exception):
    sqlstate = "40P01"  # what psycopg's errors.DeadlockDetected carries


def deadlocks(times: int, then):
    """A slot_take that loses `times` deadlocks, then does what `then` does."""
    calls = []

    def take(**kwargs):
        calls.append(kwargs)
        if len(calls) <= times:
            raise OperationalError("deadlock detected") from Deadlock()
        return then(**kwargs)

    take.calls = calls
    return take


@pytest.mark.django_db(transaction=True)
def test_a_save_that_loses_a_deadlock_is_run_again_and_succeeds(monkeypatch):
    who = key_for("ada@example.org")
    take = deadlocks(2, billing.slot_take)
    monkeypatch.setattr(billing, "slot_take", take)
    answer = APIClient().post("/api/v1/watches", SIGNALS, format="json", **who)
    assert answer.status_code == 201, answer.json()
    assert len(take.calls) == 3
    assert SlotUse.objects.count() == 1
    assert Watch.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_contention_past_the_retries_is_503_busy_not_database_unavailable(monkeypatch):
    who = key_for("ada@example.org")
    take = deadlocks(100, billing.slot_take)
    monkeypatch.setattr(billing, "slot_take", take)
    answer = APIClient().post("/api/v1/watches", SIGNALS, format="json", **who)
    body = answer.json()
    assert answer.status_code == 503
    assert (body["state"], body["title"]) == ("busy", "Busy, retry")
    assert "database" not in body["error"].lower()
    assert answer["Retry-After"] == "1"
    assert len(take.calls) > 1
    assert not SlotUse.objects.exists()
    assert not Watch.objects.exists()
