"""Market questions and their append-only price snapshots (belief, never fact)."""

from datetime import datetime

from django.conf import settings
from django.db import DataError, transaction
from django.db.models import Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from config.cachekeys import topics_changed
from ingestion.fetching import fetch_failure_record, fetch_success_record
from ingestion.quotes import MarketFormatError, market_api_url, parse_market_body
from outbound.fetch import FetchError, fetch
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


def market_import(*, question_id: int) -> MarketPrice | None:
    """Fetch one question's market JSON from its venue and append a price snapshot.

    A failed fetch or a body that is not the venue's market shape records the error on the
    question and appends nothing. `fetch` always re-reads (no conditional GET): a price that has
    not moved is still a capture worth keeping.
    """
    market = MarketQuestion.objects.get(pk=question_id)
    attempted_at = timezone.now()
    url = market_api_url(market.venue, market.external_id, settings.SVC_MARKET_APIS)
    try:
        result = fetch(url)
        quote = parse_market_body(market.venue, result.body)
    except (FetchError, MarketFormatError) as exc:
        fetch_failure_record(market, attempted_at=attempted_at, error=str(exc))
        return None
    try:
        return _quote_store(market, quote, attempted_at=attempted_at, result=result)
    except DataError as exc:  # a value no check foresaw: the question's failure, never an escape
        error = f"{market.venue} market JSON could not be stored: {exc}"
        fetch_failure_record(market, attempted_at=attempted_at, error=error)
        return None


def _quote_store(market: MarketQuestion, quote, *, attempted_at: datetime, result) -> MarketPrice:
    with transaction.atomic():
        topics_changed(market.events.values_list("subject", flat=True))
        fetch_success_record(market, attempted_at=attempted_at, result=result)
        MarketQuestion.objects.filter(pk=market.pk).update(
            question=quote.question[:500],
            deadline=quote.deadline,
            is_resolved=quote.is_resolved,
            # The first read that says so; an answer as of an earlier instant reads it open.
            resolved_at=Coalesce("resolved_at", Value(attempted_at)) if quote.is_resolved else None,
        )
        price, _ = market_price_record(
            question=market,
            captured_at=attempted_at,
            probability_pct=quote.probability_pct,
            priced_at=attempted_at,
            volume_24h=quote.volume_24h,
        )
    return price
