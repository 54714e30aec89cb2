"""Market questions and their append-only price snapshots (belief, never fact)."""

from datetime import datetime

from django.db import transaction

from registry.models import MarketPrice, MarketQuestion


@transaction.atomic
def market_price_record(
    *,
    question: MarketQuestion,
    captured_at: datetime,
    probability_pct: float,
    priced_at: datetime | None = None,
    volume_24h: float | None = None,
) -> tuple[MarketPrice, bool]:
    """Append one price snapshot; capturing the same instant twice keeps the first."""
    existing = MarketPrice.objects.filter(question=question, captured_at=captured_at).first()
    if existing:
        return existing, False
    price = MarketPrice(
        question=question,
        captured_at=captured_at,
        probability_pct=probability_pct,
        priced_at=priced_at,
        volume_24h=volume_24h,
    )
    price.full_clean()
    price.save()
    return price, True
