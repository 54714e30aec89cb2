"""The tariff and quotes: the single authority every price, offer and 402 reads from."""

from decimal import Decimal
from typing import Any

from django.conf import settings

from billing.models import Price
from config.reads import envelope


def _unit(price: Price) -> dict[str, Any]:
    return {
        "price": {
            "amount": None if price.amount is None else str(price.amount),
            "currency": price.currency,
            "per": price.per,
        },
        "opening_offer": price.opening_offer or None,
        "how_to_buy": price.how_to_buy_text(),
        "contact": settings.SVC_CONTACT_EMAIL,
        "included": price.included or None,
    }


def tariff() -> dict[str, Any]:
    return envelope(
        "svc.tariff.v1",
        units={price.unit: _unit(price) for price in Price.objects.order_by("unit")},
        limits={
            "asksPerAddressPerDay": settings.SVC_ASKS_PER_ADDRESS_DAY,
            "asksPerKey": settings.SVC_ASKS_PER_KEY,
            "openingSlotsPerVerifiedEmail": settings.SVC_OPENING_SLOTS,
            "openingOfferUntil": settings.SVC_OPENING_OFFER_UNTIL.isoformat(),
        },
        note="Prices are authoritative here; Watch terms and every 402 read from this tariff.",
    )


def quote(*, items: list[dict[str, Any]], verified_email: bool, offer_open: bool) -> dict:
    """Price a basket. The opening offer covers Watch slots first, where it applies."""
    prices = {price.unit: price for price in Price.objects.all()}
    free_watches = settings.SVC_OPENING_SLOTS if verified_email and offer_open else 0
    lines, total, currency = [], Decimal("0"), None
    for n, item in enumerate(items):
        price = prices.get(item["unit"])
        if price is None or price.amount is None:
            lines.append({**item, "amount": None, "note": "not on sale: see how_to_buy"})
            continue
        quantity, months = item["quantity"], item.get("months") or 1
        covered = min(quantity, free_watches) if item["unit"] == Price.Unit.WATCH else 0
        free_watches -= covered
        amount = price.amount * (quantity - covered) * (months if item["unit"] == "watch" else 1)
        total += amount
        currency = currency or price.currency
        lines.append({"line": n + 1, **item, "unitPrice": str(price.amount),
                      "coveredByOpeningOffer": covered, "amount": str(amount)})  # fmt: skip
    return envelope("svc.tariff-quote.v1", lines=lines,
                    total={"amount": str(total), "currency": currency or "USD"})  # fmt: skip
