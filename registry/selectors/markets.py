"""Market questions and their prices: what crowds believe, never a fact or a forecast of ours."""

from collections import defaultdict
from datetime import datetime, timedelta
from typing import Any

from django.db.models import OuterRef, QuerySet, Subquery
from django.utils import timezone

from config.paging import Cursor, ListScope, keyset_page
from config.reads import envelope
from ingestion.quotes import change_24h_pct
from registry.models import MarketPrice, MarketQuestion

PRICE_HISTORY = timedelta(days=3)  # enough snapshots for a 24-hour change


def with_prices(questions: QuerySet, *, as_of: datetime | None = None) -> QuerySet:
    """Questions annotated with their latest price, its capture time and their first capture;
    as of an instant, of the prices read by then."""
    return questions.annotate(
        latest_pct=Subquery(_price(OuterRef("pk"), "-captured_at", "probability_pct", as_of)),
        latest_at=Subquery(_price(OuterRef("pk"), "-captured_at", "captured_at", as_of)),
        first_at=Subquery(_price(OuterRef("pk"), "captured_at", "captured_at", as_of)),
    )


def _price(question, order: str, column: str, as_of: datetime | None):
    prices = MarketPrice.objects.filter(question=question)
    if as_of is not None:
        prices = prices.filter(captured_at__lte=as_of)
    return prices.order_by(order).values(column)[:1]


def recent_prices(
    question_ids: list[int], *, now: datetime, as_of: datetime | None = None
) -> dict[int, list]:
    """(captured at, probability) per question over the last three days, newest first; as of
    an instant, the three days before it."""
    recent = defaultdict(list)
    prices = MarketPrice.objects.filter(
        question__in=question_ids, captured_at__gte=(as_of or now) - PRICE_HISTORY
    )
    if as_of is not None:
        prices = prices.filter(captured_at__lte=as_of)
    for question_id, at, pct in prices.order_by("-captured_at").values_list(
        "question_id", "captured_at", "probability_pct"
    ):
        recent[question_id].append((at, pct))
    return dict(recent)


def market_row(question: MarketQuestion, prices: list, *, now: datetime) -> dict[str, Any]:
    """One priced question, as the record's market layer and the markets listing show it."""
    venue = question.get_venue_display()
    pct = question.latest_pct
    return {
        "question": question.question,
        "url": question.url,
        "source": f"{venue} · {question.category}" if question.category else venue,
        "probabilityPct": pct,
        "change24hPct": change_24h_pct(prices),
        "pricedAt": question.latest_at.date().isoformat() if question.latest_at else None,
        "capturedAt": question.latest_at.date().isoformat() if question.latest_at else None,
        "deadline": question.deadline.date().isoformat() if question.deadline else None,
        "deadlinePassed": bool(question.deadline and question.deadline < now),
        "reading": (
            f"A crowd on {venue} prices this at {pct:g}%. That is what the crowd believes, "
            "not a fact and not a forecast we make."
            if pct is not None
            else "Not yet priced."
        ),
    }


def markets_list(
    *, topic: str | None, entity: str | None, limit: int, cursor: Cursor | None
) -> dict[str, Any]:
    """Captured market questions, filtered by topic or entity, in capture order."""
    now = timezone.now()
    questions = with_prices(MarketQuestion.objects.prefetch_related("events", "entities"))
    if topic:
        questions = questions.filter(events__subject=topic)
    if entity:
        questions = questions.filter(entities__slug=entity)
    scope = ListScope.of("markets", topic=topic, entity=entity)
    page, next_cursor = keyset_page(questions, scope=scope, order=["id"], limit=limit,
                                    cursor=cursor, position=lambda q: (q.pk,))  # fmt: skip
    prices = recent_prices([q.pk for q in page], now=now)
    return envelope(
        "svc.markets.v1",
        filters={"topic": topic, "entity": entity},
        note="Prediction-market prices are what a crowd believes: never fact, never advice.",
        questions=[
            {
                "id": q.pk,
                "venue": q.venue,
                "externalId": q.external_id,
                **market_row(q, prices.get(q.pk, []), now=now),
                "topics": sorted(e.subject for e in q.events.all()),
                "entities": sorted(e.slug for e in q.entities.all()),
            }
            for q in page
        ],
        nextCursor=next_cursor,
    )
