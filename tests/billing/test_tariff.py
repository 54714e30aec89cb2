"""GET /api/tariff and POST /api/tariff-quote."""

import pytest

from billing.models import Price

pytestmark = pytest.mark.django_db


def test_the_tariff_names_every_unit_with_price_offer_and_how_to_buy(api):
    body = api.get("/api/tariff").json()
    assert body["schema"] == "svc.tariff.v1"
    assert set(body["units"]) == {"watch", "ask", "read"}
    watch = body["units"]["watch"]
    assert watch["price"] == {"amount": "20.00", "currency": "USD",
                              "per": "saved Watch per month, only if kept"}  # fmt: skip
    assert "2026-12-31" in watch["opening_offer"]
    assert watch["how_to_buy"]
    assert body["limits"]["asksPerKey"] == 25


def test_prices_edited_in_admin_are_the_tariff(api):
    Price.objects.filter(unit="watch").update(amount="25.00")
    assert api.get("/api/tariff").json()["units"]["watch"]["price"]["amount"] == "25.00"


def test_a_quote_applies_the_opening_offer_to_watches_first(api):
    basket = {"items": [{"unit": "watch", "quantity": 7, "months": 2}], "verifiedEmail": True}
    body = api.post("/api/tariff-quote", basket, format="json").json()
    assert body["schema"] == "svc.tariff-quote.v1"
    [line] = body["lines"]
    assert (line["coveredByOpeningOffer"], line["amount"]) == (5, "80.00")  # 2 x 20 x 2 months
    assert body["total"] == {"amount": "80.00", "currency": "USD"}
    unverified = {**basket, "verifiedEmail": False}
    assert api.post("/api/tariff-quote", unverified, format="json").json()["total"]["amount"] == (
        "280.00"
    )


@pytest.mark.parametrize(
    ("basket", "field"),
    [
        ({"items": [{"unit": "gold", "quantity": 1}]}, "items.0.unit"),
        ({"items": [{"unit": "watch", "quantity": 0}]}, "items.0.quantity"),
        ({"items": []}, "items"),
        ({}, "items"),
    ],
)
def test_a_bad_basket_is_400_naming_the_field(api, basket, field):
    response = api.post("/api/tariff-quote", basket, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field


@pytest.mark.django_db
def test_every_buying_step_names_the_contact_the_terms_page_shows(api, client, settings):
    settings.SVC_CONTACT_EMAIL = "sales@feed.example"
    terms = client.get("/terms/").content.decode()
    assert "mailto:sales@feed.example" in terms
    units = api.get("/api/tariff").json()["units"]
    assert units["watch"]["contact"] == "sales@feed.example"
    assert "sales@feed.example" in units["watch"]["how_to_buy"]
    key = {"HTTP_X_API_KEY": api.post("/api/keys").json()["key"]}
    refused = api.post("/api/v1/watches", {"base": "current-signals"}, format="json", **key)
    assert refused.status_code == 402
    buy = next(step for step in refused.json()["next"] if step["action"] == "buy a Watch slot")
    assert buy["contact"] == "sales@feed.example"
    assert "sales@feed.example" in buy["how"]
