"""Slots and addresses under contention (issue 18): keys sharing one address, aliases of it,
and the verification mail each address may receive."""

import importlib
import re
import threading

import pytest
from django.apps import apps as django_apps
from django.core import mail
from django.db import OperationalError, close_old_connections, connection
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from billing import services as billing
from billing.addresses import canonical_address
from billing.models import ApiKey, MailboxDay, SlotUse
from config.problems import ApplicationError
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
            email=email, email_canonical=email, email_verified_at=timezone.now()
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
@pytest.mark.parametrize("paid", [0, 2])
def test_two_keys_of_one_address_saving_at_once_never_answer_5xx(settings, paid):
    settings.SVC_BURST_RATES = {**settings.SVC_BURST_RATES, "watch": "1000/m", "keys": "1000/m"}
    one, two = key_for("ada@example.org"), key_for("ada@example.org")
    if paid:
        billing.slot_grant(key=ApiKey.objects.get(prefix=one["HTTP_X_API_KEY"][:13]),
                           slots=paid, reason="test")  # fmt: skip
    answers = race_saves([one, two], per_key=8)
    statuses = sorted(getattr(a, "status_code", repr(a)) for a in answers)
    assert statuses == [201] * (5 + paid) + [402] * (11 - paid), statuses
    held = SlotUse.objects.filter(released_at__isnull=True)
    assert held.filter(kind="opening").count() == 5
    assert held.filter(kind="paid").count() == paid


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


# --- one mailbox, one opening offer ------------------------------------------------------------


def verify_by_mail(email: str) -> dict[str, str]:
    """A new key that verifies `email` the way a holder does: ask, open the mail, press."""
    api = APIClient()
    who = {"HTTP_X_API_KEY": api.post("/api/keys").json()["key"]}
    asked = api.post("/api/keys/verify", {"email": email}, format="json", **who)
    assert asked.status_code == 202, asked.json()
    assert mail.outbox[-1].to == [email]  # the mail goes to the address as typed
    path = re.search(r"https?://[^/]+(/keys/confirm/\S+/)", mail.outbox[-1].body).group(1)
    assert Client().post(path).status_code == 200
    return who


@pytest.fixture
def unhurried(settings):
    settings.SVC_BURST_RATES = {**settings.SVC_BURST_RATES, "watch": "1000/m", "keys": "1000/m"}
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("bob+1@example.com", "bob+2@example.com"),
        ("bob@example.com", "Bob+news@Example.COM"),
        ("B.o.b@gmail.com", "bob@googlemail.com"),
        ("bob+x@googlemail.com", "bo.b@gmail.com"),
        ('"ann"@example.com', "ann@example.com"),  # a quoted local part is the same mailbox
        ('"Ann+x"@example.com', "ann+y@example.com"),
        ("ann@bücher.example", "ann@xn--bcher-kva.example"),  # IDN and its punycode
        ("ann@BÜCHER.example", "ann@bücher.example"),
    ],
)
def test_aliases_of_one_mailbox_share_one_opening_offer(unhurried, first, second):
    api = APIClient()
    one, two = verify_by_mail(first), verify_by_mail(second)
    for _ in range(3):
        assert api.post("/api/v1/watches", SIGNALS, format="json", **one).status_code == 201
    for _ in range(2):
        assert api.post("/api/v1/watches", SIGNALS, format="json", **two).status_code == 201
    refused = api.post("/api/v1/watches", SIGNALS, format="json", **two)
    assert refused.status_code == 402
    assert refused.json()["state"] == "no-free-slot"
    assert api.post("/api/v1/watches", SIGNALS, format="json", **one).status_code == 402
    assert api.get("/api/keys/me", **two).json()["slots"]["opening"] == 5


@pytest.mark.django_db
def test_different_mailboxes_keep_their_own_offers(unhurried):
    api = APIClient()
    one, two = verify_by_mail("bob@example.com"), verify_by_mail("b.ob@example.com")
    for who in (one, two):
        for _ in range(5):
            assert api.post("/api/v1/watches", SIGNALS, format="json", **who).status_code == 201


@pytest.mark.parametrize(
    ("typed", "mailbox"),
    [
        ("Bob+News@Example.COM", "bob@example.com"),
        ("b.o.b+x@GoogleMail.com", "bob@gmail.com"),
        ("b.ob@example.com", "b.ob@example.com"),  # dots matter outside Gmail
        ("+only@example.com", "+only@example.com"),  # nothing but a tag: kept
        ("bob@example.com.", "bob@example.com"),
        ('"ann"@example.com', "ann@example.com"),
        ('"a\\"b"@example.com', 'a"b@example.com'),  # an escape inside quotes resolved
        ("ann@bücher.example", "ann@xn--bcher-kva.example"),
        ("ann@XN--BCHER-KVA.example", "ann@xn--bcher-kva.example"),
    ],
)
def test_the_canonical_mailbox_of_an_address(typed, mailbox):
    assert canonical_address(typed) == mailbox


@pytest.mark.django_db
def test_the_migration_backfills_keys_and_opening_slots_with_the_mailbox():
    key = ApiKey.objects.create(digest="d" * 64, prefix="svc_live_abcd", email="b.ob+1@gmail.com",
                                email_verified_at=timezone.now())  # fmt: skip
    SlotUse.objects.create(key=key, kind="opening", email="b.ob+1@gmail.com", holder="w_1")
    migration = importlib.import_module("billing.migrations.0003_canonical_addresses")
    migration.backfill(django_apps, None)
    key.refresh_from_db()
    assert (key.email, key.email_canonical) == ("b.ob+1@gmail.com", "bob@gmail.com")
    assert SlotUse.objects.get().email == "bob@gmail.com"


# --- verification mail per mailbox -------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "spellings",
    [
        ['"ann"@example.com', "ann@example.com", '"ann+1"@example.com'],
        ["ann@bücher.example", "ann@xn--bcher-kva.example", "Ann@BÜCHER.example"],
    ],
)
def test_verification_mail_cap_counts_quoted_and_idn_spellings_as_one(unhurried, spellings):
    api, who = APIClient(), key_for(None)
    for n in range(5):
        sent = api.post("/api/keys/verify", {"email": spellings[n % 3]}, format="json", **who)
        assert sent.status_code == 202, sent.json()
    for spelling in spellings:
        refused = api.post("/api/keys/verify", {"email": spelling}, format="json", **who)
        assert refused.status_code == 429, spelling
    assert len(mail.outbox) == 5


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["ann@[203.0.113.9]", "ann@[IPv6:2001:db8::1]"])
def test_a_domain_literal_is_refused_and_counts_nothing(unhurried, typed):
    api, who = APIClient(), key_for(None)
    refused = api.post("/api/keys/verify", {"email": typed}, format="json", **who)
    assert refused.status_code == 400
    body = refused.json()
    assert body["field"] == "email"
    assert "domain literal" in body["error"]
    assert not mail.outbox
    assert not MailboxDay.objects.exists()


@pytest.mark.django_db
def test_verification_mail_to_one_mailbox_is_capped_per_day_whatever_the_alias(unhurried):
    api = APIClient()
    one, two = key_for(None), key_for(None)
    typed = ["bob@example.com", "Bob+1@example.com", "bob+2@example.com", "BOB@example.com"]
    for n in range(5):
        who = (one, two)[n % 2]
        email = typed[n % len(typed)]
        sent = api.post("/api/keys/verify", {"email": email}, format="json", **who)
        assert sent.status_code == 202, sent.json()
    refused = api.post("/api/keys/verify", {"email": "bob+3@example.com"}, format="json", **one)
    body = refused.json()
    assert refused.status_code == 429
    assert (body["state"], body["field"]) == ("rate-limited", "email")
    assert 0 < int(refused["Retry-After"]) <= 86400
    assert body["retryAfter"] == int(refused["Retry-After"])
    assert len(mail.outbox) == 5
    other = api.post("/api/keys/verify", {"email": "carol@example.com"}, format="json", **one)
    assert other.status_code == 202  # another mailbox has its own count


@pytest.mark.django_db
def test_the_per_mailbox_cap_is_a_setting(unhurried, settings):
    settings.SVC_VERIFY_MAILS_PER_ADDRESS_DAY = 1
    api, who = APIClient(), key_for(None)
    ask = {"email": "dan@example.com"}
    assert api.post("/api/keys/verify", ask, format="json", **who).status_code == 202
    assert api.post("/api/keys/verify", ask, format="json", **who).status_code == 429


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_twelve_concurrent_verification_mails_to_one_mailbox_send_exactly_five(unhurried):
    key = ApiKey.objects.get(prefix=key_for(None)["HTTP_X_API_KEY"][:13])
    gate, results = threading.Barrier(12), []

    def run(n):
        try:
            gate.wait()
            results.append(
                billing.email_verification_send(
                    key=key, email=f"eve+{n}@example.com", confirm_url="https://x/{token}"
                )
            )
        except Exception as exc:
            results.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    refused = [r for r in results if isinstance(r, ApplicationError)]
    assert (len(results) - len(refused), len(refused)) == (5, 7), results
    assert {(r.status, r.field) for r in refused} == {(429, "email")}
    assert len(mail.outbox) == 5
