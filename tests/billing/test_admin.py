"""Curators grant paid slots as ledger rows and edit prices; the rest is read-only."""

import pytest
from django.conf import settings

from billing import services
from billing.models import ApiKey, Price, SlotGrant

pytestmark = pytest.mark.django_db
ADMIN = f"/{settings.SVC_ADMIN_PATH}billing"


@pytest.fixture
def curator(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("curator", "c@x.example", None))
    return client


def test_a_staff_grant_is_a_ledger_row_that_frees_a_slot(curator):
    key, _ = services.key_issue(address="192.0.2.1")
    response = curator.post(f"{ADMIN}/slotgrant/add/",
                            {"key": key.pk, "slots": 2, "reason": "invoice 17"})  # fmt: skip
    assert response.status_code == 302
    grant = SlotGrant.objects.get()
    assert (grant.slots, grant.granted_by) == (2, "curator")
    assert services.slots_of(key).free == 2
    assert curator.post(f"{ADMIN}/slotgrant/{grant.pk}/change/", {"slots": 9}).status_code == 403


def test_keys_are_read_only_and_never_show_their_digest(curator):
    services.key_issue(address="192.0.2.1")
    key = ApiKey.objects.get()
    page = curator.get(f"{ADMIN}/apikey/{key.pk}/change/").content.decode()
    assert key.prefix in page
    assert key.digest not in page
    assert curator.get(f"{ADMIN}/apikey/add/").status_code == 403


def test_prices_are_edited_in_admin(curator):
    watch = Price.objects.get(unit="watch")
    response = curator.post(f"{ADMIN}/price/{watch.pk}/change/", {
        "unit": "watch", "amount": "22.00", "currency": "USD", "per": watch.per,
        "included": watch.included, "opening_offer": watch.opening_offer,
        "how_to_buy": watch.how_to_buy,
    })  # fmt: skip
    assert response.status_code == 302
    assert str(Price.objects.get(unit="watch").amount) == "22.00"
