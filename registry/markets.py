"""Prediction-market JSON into one quote shape. Prices are belief, never fact.

Each venue's public market JSON, as its API returns it:
- Polymarket Gamma (`/markets?slug=` or `/markets/{id}`): `question`, `outcomes` and
  `outcomePrices` as JSON-encoded strings, `endDate`, `volume24hr`, `closed`.
- Kalshi (`/markets/{ticker}`, wrapped in `{"market": ...}`): `title`, `last_price_dollars`,
  `previous_price_dollars` (strings of dollars, one dollar = certainty), `close_time`, `status`.
- Manifold (`/slug/{slug}` or `/market/{id}`): `question`, `probability` (0..1), `closeTime`
  in epoch milliseconds, `isResolved`, `volume24Hours`.
"""

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any


class MarketFormatError(Exception):
    """The JSON is not the market shape the venue documents; the message names what is wrong."""


@dataclass(frozen=True)
class MarketQuote:
    question: str
    probability_pct: float
    deadline: datetime | None
    is_resolved: bool
    volume_24h: float | None


def parse_market(venue: str, payload: Any) -> MarketQuote:
    parser = {"polymarket": _polymarket, "kalshi": _kalshi, "manifold": _manifold}[venue]
    try:
        quote = parser(payload)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as exc:
        raise MarketFormatError(f"{venue} market JSON: {type(exc).__name__}: {exc}") from None
    if not 0 <= quote.probability_pct <= 100:
        raise MarketFormatError(f"{venue} market JSON: probability {quote.probability_pct} % ")
    return quote


def _polymarket(payload: Any) -> MarketQuote:
    market = payload[0] if isinstance(payload, list) else payload
    outcomes = [o.lower() for o in json.loads(market["outcomes"])]
    prices = [float(p) for p in json.loads(market["outcomePrices"])]
    yes = prices[outcomes.index("yes")] if "yes" in outcomes else prices[0]
    return MarketQuote(
        question=market["question"],
        probability_pct=round(yes * 100, 2),
        deadline=_iso(market.get("endDate")),
        is_resolved=bool(market.get("closed")),
        volume_24h=_number(market.get("volume24hr")),
    )


def _kalshi(payload: Any) -> MarketQuote:
    market = payload.get("market", payload)
    return MarketQuote(
        question=market["title"],
        probability_pct=round(float(market["last_price_dollars"]) * 100, 2),
        deadline=_iso(market.get("close_time")),
        is_resolved=market.get("status") in ("closed", "settled", "finalized", "determined"),
        volume_24h=_number(market.get("volume_24h")),
    )


def _manifold(payload: Any) -> MarketQuote:
    close_ms = payload.get("closeTime")
    return MarketQuote(
        question=payload["question"],
        probability_pct=round(float(payload["probability"]) * 100, 2),
        deadline=datetime.fromtimestamp(close_ms / 1000, tz=UTC) if close_ms else None,
        is_resolved=bool(payload.get("isResolved")),
        volume_24h=_number(payload.get("volume24Hours")),
    )


def _iso(value: str | None) -> datetime | None:
    if not value:
        return None
    parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _number(value: Any) -> float | None:
    return None if value in (None, "") else float(value)


def market_api_url(venue: str, external_id: str, bases: dict[str, str]) -> str:
    """Where a venue serves one market's JSON (bases come from settings, tests point them home)."""
    base = bases[venue].rstrip("/")
    if venue == "polymarket":
        return f"{base}/markets/{external_id}" if external_id.isdigit() else (
            f"{base}/markets?slug={external_id}"
        )  # fmt: skip
    if venue == "kalshi":
        return f"{base}/markets/{external_id}"
    return f"{base}/slug/{external_id}" if "-" in external_id else f"{base}/market/{external_id}"


def change_24h_pct(prices: list[tuple[datetime, float]]) -> float | None:
    """Percentage-point change over 24 hours from snapshots (newest first), or None.

    Compared with the newest snapshot at least 24 hours older than the latest one, and no more
    than 48 hours older, so a gap in captures never passes off a week's move as a day's.
    """
    if not prices:
        return None
    latest_at, latest = prices[0]
    for at, pct in prices[1:]:
        age = (latest_at - at).total_seconds() / 3600
        if age >= 24:
            return round(latest - pct, 2) if age <= 48 else None
    return None
