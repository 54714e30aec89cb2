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
import math
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from config.fields import json_type
from ingestion.values import BadValue, checked_instant, checked_number, checked_text


class MarketFormatError(Exception):
    """The JSON is not the market shape the venue documents; the message names what is wrong."""


@dataclass(frozen=True)
class MarketQuote:
    question: str
    probability_pct: float
    deadline: datetime | None
    is_resolved: bool
    volume_24h: float | None


# A decimal as the venues write prices in strings ("0.5900"): ASCII digits, no exponent, no sign
# games, so "inf", "nan", "1_0" and full-width digits are refused rather than read as numbers.
_DECIMAL = re.compile(r"-?[0-9]+(\.[0-9]+)?")
_EPOCH_MS_MAX = 253_402_300_799_000  # 9999-12-31T23:59:59Z, the last instant a datetime holds
# Errors a parser meets on a body of the wrong shape (OverflowError: a time past any calendar).
_SHAPE_ERRORS = (AttributeError, IndexError, KeyError, TypeError, ValueError, RecursionError,
                 OverflowError)  # fmt: skip


def parse_market_body(venue: str, body: bytes) -> MarketQuote:
    """One venue's response body into a quote; anything else is a MarketFormatError, never an
    escaped exception (a 100,000-deep array overflows the JSON decoder's recursion)."""
    try:
        payload = json.loads(body)
    except (RecursionError, UnicodeDecodeError, ValueError) as exc:
        raise MarketFormatError(
            f"{venue} market JSON: {type(exc).__name__}: {str(exc)[:120]}"
        ) from None
    return parse_market(venue, payload)


def parse_market(venue: str, payload: Any) -> MarketQuote:
    parser = {"polymarket": _polymarket, "kalshi": _kalshi, "manifold": _manifold}[venue]
    try:
        quote = parser(payload)
    except (MarketFormatError, BadValue) as exc:
        raise MarketFormatError(f"{venue} market JSON: {exc}") from None
    except _SHAPE_ERRORS as exc:
        raise MarketFormatError(
            f"{venue} market JSON: {type(exc).__name__}: {str(exc)[:120]}"
        ) from None
    if not 0 <= quote.probability_pct <= 100:
        raise MarketFormatError(f"{venue} market JSON: probability {quote.probability_pct} % ")
    return quote


def _polymarket(payload: Any) -> MarketQuote:
    if payload == []:  # `/markets?slug=` answers an empty list for a slug it does not know
        raise MarketFormatError("the answer holds no market")
    market = _object(payload[0] if isinstance(payload, list) else payload, "market")
    outcomes = [_text(o, "outcomes[]").lower() for o in _array(market, "outcomes")]
    prices = [_decimal(p, "outcomePrices[]") for p in _array(market, "outcomePrices")]
    if len(outcomes) != len(prices) or not prices:
        raise MarketFormatError(f"{len(outcomes)} outcomes against {len(prices)} prices")
    yes = prices[outcomes.index("yes")] if "yes" in outcomes else prices[0]
    return MarketQuote(
        question=_text(market.get("question"), "question"),
        probability_pct=round(yes * 100, 2),
        deadline=_iso(market.get("endDate"), "endDate"),
        is_resolved=_flag(market.get("closed"), "closed"),
        volume_24h=_volume(market.get("volume24hr"), "volume24hr"),
    )


def _kalshi(payload: Any) -> MarketQuote:
    market = _object(payload, "market")
    market = _object(market.get("market", market), "market")
    dollars = _decimal(market.get("last_price_dollars"), "last_price_dollars")
    return MarketQuote(
        question=_text(market.get("title"), "title"),
        probability_pct=round(dollars * 100, 2),
        deadline=_iso(market.get("close_time"), "close_time"),
        is_resolved=market.get("status") in ("closed", "settled", "finalized", "determined"),
        volume_24h=_volume(market.get("volume_24h"), "volume_24h"),
    )


def _manifold(payload: Any) -> MarketQuote:
    market = _object(payload, "market")
    return MarketQuote(
        question=_text(market.get("question"), "question"),
        probability_pct=round(_decimal(market.get("probability"), "probability") * 100, 2),
        deadline=_epoch_ms(market.get("closeTime"), "closeTime"),
        is_resolved=_flag(market.get("isResolved"), "isResolved"),
        volume_24h=_volume(market.get("volume24Hours"), "volume24Hours"),
    )


def _object(value: Any, field: str) -> dict:
    if not isinstance(value, dict):
        raise MarketFormatError(f"{field} is {json_type(value)}, not an object")
    return value


def _array(market: dict, field: str) -> list:
    """Polymarket sends its arrays JSON-encoded in strings; a plain array is taken too."""
    value = market.get(field)
    if isinstance(value, str):
        value = json.loads(value)
    if not isinstance(value, list):
        raise MarketFormatError(f"{field} is {json_type(value)}, not an array")
    return value


def _text(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise MarketFormatError(f"{field} is {json_type(value)}, not a non-empty string")
    return checked_text(value, field)


def _flag(value: Any, field: str) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        raise MarketFormatError(f"{field} is {json_type(value)}, not a boolean")
    return value


def _decimal(value: Any, field: str) -> float:
    """A finite number, or a decimal in a string; `true` is not 100 % and "inf" is no price."""
    if isinstance(value, str) and _DECIMAL.fullmatch(value.strip()):
        return checked_number(float(value), field)  # 400 digits are a float of infinity
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    raise MarketFormatError(f"{field} is {json_type(value)}, not a finite number")


def _volume(value: Any, field: str) -> float | None:
    if value in (None, ""):
        return None
    volume = _decimal(value, field)
    if volume < 0:
        raise MarketFormatError(f"{field} is negative")
    return volume


def _iso(value: Any, field: str) -> datetime | None:
    if value in (None, ""):
        return None
    if not isinstance(value, str):
        raise MarketFormatError(f"{field} is {json_type(value)}, not an ISO 8601 string")
    parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    return checked_instant(parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC), field)


def _epoch_ms(value: Any, field: str) -> datetime | None:
    if value is None:
        return None
    millis = _decimal(value, field)
    if not 0 <= millis <= _EPOCH_MS_MAX:
        raise MarketFormatError(f"{field} {millis:.6g} is not a time in epoch milliseconds")
    return checked_instant(datetime.fromtimestamp(millis / 1000, tz=UTC), field)


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
