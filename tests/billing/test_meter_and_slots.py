"""The ask meter and Watch slots: exact allowances, refunds once, paid slots first."""

import threading
from datetime import UTC, date, datetime, timedelta

import pytest
from django.db import close_old_connections, connection

from billing import services
from billing.models import AddressDay, ApiKey, AskCharge, SlotUse
from config.problems import ApplicationError

pytestmark = pytest.mark.django_db
NOON = datetime(2026, 11, 22, 12, tzinfo=UTC)
ADDRESS = "198.51.100.7"


def new_key(**fields) -> ApiKey:
    key, _ = services.key_issue(address="192.0.2.1")
    ApiKey.objects.filter(pk=key.pk).update(**fields)
    key.refresh_from_db()
    return key


def verified(email="ada@example.org") -> ApiKey:
    return new_key(email=email, email_verified_at=NOON)


# --- asks --------------------------------------------------------------------------------------


def test_a_key_has_25_asks_for_life_then_402_with_the_next_step():
    key = new_key()
    for _ in range(25):
        services.ask_charge(key=key, address=ADDRESS, now=NOON)
    with pytest.raises(ApplicationError) as refused:
        services.ask_charge(key=key, address=ADDRESS, now=NOON + timedelta(days=400))
    assert (refused.value.status, refused.value.state) == (402, "asks-exhausted")
    assert refused.value.members["next"][0]["href"] == "/api/tariff"
    assert ApiKey.objects.get(pk=key.pk).asks_used == 25
    assert AskCharge.objects.count() == 25


def test_anonymous_asks_are_25_per_address_per_utc_day_then_key_required():
    for _ in range(25):
        services.ask_charge(key=None, address=ADDRESS, now=NOON)
    with pytest.raises(ApplicationError) as refused:
        services.ask_charge(key=None, address=ADDRESS, now=NOON)
    assert (refused.value.status, refused.value.state) == (401, "key-required")
    services.ask_charge(key=None, address="198.51.100.8", now=NOON)  # another address
    last_second = datetime(2026, 11, 22, 23, 59, 59, tzinfo=UTC)
    with pytest.raises(ApplicationError):
        services.ask_charge(key=None, address=ADDRESS, now=last_second)
    services.ask_charge(key=None, address=ADDRESS, now=last_second + timedelta(seconds=1))
    assert AddressDay.objects.get(address=ADDRESS, day=date(2026, 11, 23)).asks_used == 1


def test_a_refund_happens_exactly_once():
    key = new_key(asks_used=24)
    charge = services.ask_charge(key=key, address=ADDRESS, now=NOON)
    assert ApiKey.objects.get(pk=key.pk).asks_used == 25
    assert services.ask_refund(charge_id=charge.pk) is True
    assert services.ask_refund(charge_id=charge.pk) is False  # the engine failed twice
    assert ApiKey.objects.get(pk=key.pk).asks_used == 24
    anonymous = services.ask_charge(key=None, address=ADDRESS, now=NOON)
    services.ask_refund(charge_id=anonymous.pk)
    services.ask_refund(charge_id=anonymous.pk)
    assert AddressDay.objects.get(address=ADDRESS).asks_used == 0


# --- slots -------------------------------------------------------------------------------------


def test_paid_slots_are_taken_before_the_opening_offer():
    key = verified()
    services.slot_grant(key=key, slots=1, reason="invoice 1")
    first = services.slot_take(key=key, holder="w1", today=NOON.date())
    second = services.slot_take(key=key, holder="w2", today=NOON.date())
    assert (first.kind, second.kind) == ("paid", "opening")


def test_no_free_slot_is_402_and_saves_nothing():
    key = new_key()  # no verified address, no paid slot
    with pytest.raises(ApplicationError) as refused:
        services.slot_take(key=key, holder="w1", today=NOON.date())
    assert (refused.value.status, refused.value.state) == (402, "no-free-slot")
    assert any("tariff" in step.get("href", "") for step in refused.value.members["next"])
    assert not SlotUse.objects.exists()


def test_the_opening_allowance_is_five_per_address_across_its_keys():
    one, two = verified(), verified()  # two keys, one verified address
    for n in range(3):
        services.slot_take(key=one, holder=f"a{n}", today=NOON.date())
    for n in range(2):
        services.slot_take(key=two, holder=f"b{n}", today=NOON.date())
    with pytest.raises(ApplicationError):
        services.slot_take(key=two, holder="b2", today=NOON.date())
    assert services.slot_release(holder="a0") is True
    assert services.slot_release(holder="a0") is False
    assert services.slot_take(key=two, holder="b2", today=NOON.date()).kind == "opening"


def test_the_opening_offer_ends_after_2026_12_31():
    key = verified()
    services.slot_take(key=key, holder="kept", today=date(2026, 12, 31))
    with pytest.raises(ApplicationError):
        services.slot_take(key=key, holder="late", today=date(2027, 1, 1))
    assert SlotUse.objects.get(holder="kept").released_at is None


# --- concurrency, on PostgreSQL ----------------------------------------------------------------

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="real concurrent transactions need PostgreSQL"
)


def race(n: int, work) -> list:
    """Run `work()` in n threads released at once; returns what each returned or raised."""
    gate, results = threading.Barrier(n), []

    def run():
        try:
            gate.wait()
            results.append(work())
        except Exception as exc:
            results.append(exc)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_fifty_concurrent_asks_on_a_key_with_three_left_charge_exactly_three():
    key = new_key(asks_used=22)
    results = race(50, lambda: services.ask_charge(key=key, address=ADDRESS, now=NOON))
    charged = [r for r in results if isinstance(r, AskCharge)]
    refused = [r for r in results if isinstance(r, ApplicationError)]
    assert (len(charged), len(refused)) == (3, 47)
    assert {r.state for r in refused} == {"asks-exhausted"}
    assert ApiKey.objects.get(pk=key.pk).asks_used == 25


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_thirty_concurrent_anonymous_asks_from_one_address_charge_exactly_25():
    results = race(30, lambda: services.ask_charge(key=None, address=ADDRESS, now=NOON))
    assert sum(isinstance(r, AskCharge) for r in results) == 25
    assert AddressDay.objects.get(address=ADDRESS).asks_used == 25


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_twenty_concurrent_saves_with_five_opening_slots_take_exactly_five():
    key = verified()
    counter = iter(range(100))
    results = race(20, lambda: services.slot_take(key=key, holder=f"w{next(counter)}",
                                                  today=NOON.date()))  # fmt: skip
    assert sum(isinstance(r, SlotUse) for r in results) == 5
    assert {r.state for r in results if isinstance(r, ApplicationError)} == {"no-free-slot"}
    assert SlotUse.objects.count() == 5


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_concurrent_refunds_of_one_charge_refund_once():
    key = new_key(asks_used=10)
    charge = services.ask_charge(key=key, address=ADDRESS, now=NOON)
    results = race(10, lambda: services.ask_refund(charge_id=charge.pk))
    assert results.count(True) == 1
    assert ApiKey.objects.get(pk=key.pk).asks_used == 10
