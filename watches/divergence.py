"""Belief divergence: topics where a market prices against what the record states.

The record's side is a statement of an outcome as done: the issuer's latest reading of a source
guarding the topic, or one of the topic's newest reports (`REPORTS_READ`), read by the Answer
Engine's own rule (`answers.ground.conflicts.decisions`: a state stated as done, never hedged,
negated or a noun). The market's side is a live question of the topic asking about that outcome
(`answers.ground.conflicts.asked_of`: "Will the Fed cut?" asks about a cut, not about another
meeting's; a question with no state word of its own asks of the outcome the topic tracks, its
curated identity, so any stated outcome counts, not only a rate decision's). The statement holds the
outcome at 100%. A statement of an opposite state ("held" against "will cut") is not taken as one: a
market question looks ahead, and the state an issuer stated last time is no side of the next
occasion.

A pair diverges when the market prices the stated outcome below even odds, at least
`minGapPoints` from 100 (priced against: the Answer Engine's rule for a crowd against the issuer),
or its price has fallen at least `minGapPoints` within the window, counted from the later of the
window's start and the statement (moved against: the crowd moving away from the record while
still above even). Each match cites both sides and gives the gap's size (100 less the price) and
age: from the earliest read of the unbroken run of reads priced against the statement, never
before the statement itself; for a move alone, from the price it fell from. Prices are belief,
never fact.

Fixed queries whatever the registry holds: the live questions with their topics, the sources
guarding those topics, their newest reports, and the prices read since the earliest instant a
match may need (at most `HISTORY` back).
"""

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import F, OuterRef, Q, Subquery, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from answers.ground import asked_of, stated_outcomes
from config.reads import envelope, iso
from registry.models import (
    EventMention,
    MarketPrice,
    MarketQuestion,
    PrimarySource,
    Vertical,
)

REPORTS_READ = 6  # the newest reports of a topic held against its markets, as the engine's
HISTORY = timedelta(days=90)  # the furthest back a gap's age is counted
SAID_CHARS = 300
MATCHES = 200  # at most, the widest gaps
STATED = 100.0  # a statement of the outcome as done holds it at 100%
EVEN = 50.0  # below even odds, the crowd prices against the statement
NOTE = (
    "A market price is what a crowd believes, never a fact: a divergence says the crowd and the "
    "record disagree, not which is right. Each side is cited; open both."
)


@dataclass(frozen=True)
class Statement:
    side: str  # issuer | reporting
    source: str
    title: str
    url: str
    said: str
    at: datetime


def divergences(*, min_gap: float, window: int, vertical: Vertical | None) -> dict[str, Any]:
    """Each live question of a topic priced or moved against one of its statements, the widest
    gap first: the `svc.belief-divergence.v1` envelope a belief-divergence Watch reads."""
    now = timezone.now()
    questions = _live_questions(now, vertical)
    topics = {event.pk: event for q in questions for event in q.topics}
    statements = _statements(list(topics), now)
    pairs = [
        (topic, q, statement)
        for q in questions
        for topic in q.topics
        for statement in _stated(statements.get(topic.pk, []), q.question, topic.outcome)
    ]
    since = min((s.at for _, _, s in pairs), default=now)
    prices = _prices([q.pk for _, q, _ in pairs], max(since, now - HISTORY), now, window)
    found: dict[tuple[int, int], dict] = {}
    for topic, question, statement in pairs:
        match = _match(statement, prices.get(question.pk, []), min_gap, window, now)
        if match and (topic.pk, question.pk) not in found:  # the issuer's first, then newest
            found[(topic.pk, question.pk)] = _row(topic, question, statement, match)
    rows = sorted(found.values(), key=_widest_first)
    return envelope(
        "svc.belief-divergence.v1",
        filters={"minGapPoints": min_gap, "window": window,
                 "vertical": vertical.slug if vertical else None},
        note=NOTE,
        divergences=rows[:MATCHES],
    )  # fmt: skip


def _widest_first(row: dict) -> tuple:
    return -row["gap"]["points"], row["topic"], row["market"]["id"]


def _live_questions(now: datetime, vertical: Vertical | None) -> list[MarketQuestion]:
    """Open questions of some topic (not resolved, deadline ahead or none), with the topics
    they belong to (those led by an entity of `vertical` when one is given)."""
    live = MarketQuestion.objects.filter(is_resolved=False).filter(
        Q(deadline__isnull=True) | Q(deadline__gt=now)
    )
    questions = list(live.filter(events__isnull=False).distinct().order_by("pk"))
    links = MarketQuestion.events.through.objects.filter(marketquestion__in=questions)
    if vertical:
        links = links.filter(event__lead_entity__verticals=vertical)
    topics = defaultdict(list)
    for link in links.select_related("event").order_by("event__subject"):
        topics[link.marketquestion_id].append(link.event)
    for question in questions:
        question.topics = topics.get(question.pk, [])
    return [q for q in questions if q.topics]


def _statements(topic_ids: list[int], now: datetime) -> dict[int, list[Statement]]:
    """Per topic: its issuers' latest readings, then its newest reports (market pages aside)."""
    said: dict[int, list[Statement]] = defaultdict(list)
    links = PrimarySource.events.through.objects.filter(
        event_id__in=topic_ids, primarysource__observed__isnull=False
    ).select_related("primarysource")
    for link in links.order_by("primarysource__slug"):
        source = link.primarysource
        at = source.observed_read_at or source.last_success or now
        url = source.web_links()[0]["url"] if source.web_links() else source.fetch_url
        said[link.event_id].append(
            Statement("issuer", source.issuer, source.name, url, source.observed, at)
        )
    newest = (
        EventMention.objects.filter(event_id__in=topic_ids)
        .filter(document__is_market_question_page=False)
        .annotate(rank=_newest_per_topic())
        .filter(rank__lte=REPORTS_READ)
        .select_related("document__outlet")
    )
    for mention in newest.order_by("event_id", "rank"):
        doc = mention.document
        text = f"{doc.title}. {doc.summary}" if doc.summary else doc.title
        at = doc.published_at or doc.fetched_at
        said[mention.event_id].append(
            Statement("reporting", doc.outlet.name, doc.title, doc.url, text, at)
        )
    return said


def _newest_per_topic() -> Window:
    newest = [F("day").desc(), F("document_id").desc()]
    return Window(RowNumber(), partition_by=F("event_id"), order_by=newest)


def _stated(statements: list[Statement], question: str, outcome: str) -> list[Statement]:
    """The statements that state as done the outcome `question` asks about: its own state
    word, else the outcome the topic tracks (its curated identity, `Event.outcome`)."""
    asked = asked_of(question, outcome)
    if not asked:
        return []
    return [s for s in statements if asked & stated_outcomes(s.said, outcome)]


def _prices(question_ids: list[int], since: datetime, now: datetime, window: int) -> dict:
    """(captured at, probability) per question, oldest first: every read since the earlier of
    `since` and the window's start, and the last read before that (the price a move is counted
    from, when none was read between), in one query."""
    start = min(since, now - timedelta(days=window))
    last_before = MarketQuestion.objects.filter(pk__in=question_ids).annotate(
        last=Subquery(
            MarketPrice.objects.filter(question=OuterRef("pk"), captured_at__lt=start)
            .order_by("-captured_at", "-pk")
            .values("pk")[:1]
        )
    )
    prices = defaultdict(list)
    rows = MarketPrice.objects.filter(
        Q(question_id__in=question_ids, captured_at__gte=start)
        | Q(pk__in=last_before.filter(last__isnull=False).values("last"))
    )
    for question_id, at, pct in rows.order_by("captured_at", "pk").values_list(
        "question_id", "captured_at", "probability_pct"
    ):
        prices[question_id].append((at, pct))
    return prices


def _match(statement: Statement, prices: list, min_gap: float, window: int,
           now: datetime) -> dict | None:  # fmt: skip
    """The gap between the statement's side (100) and the market's latest price, and the
    fall within the window; None when the price is not below even odds by `min_gap` and did not
    fall by it."""
    reads = [(at, pct) for at, pct in prices if at <= now]
    if not reads:
        return None
    latest_at, latest = reads[-1]
    gap = STATED - latest
    move = _move(reads, max(now - timedelta(days=window), statement.at))
    priced = _against(latest, min_gap)
    moved = bool(move and move["points"] >= min_gap)
    if not (priced or moved):
        return None
    since = _run_start(reads, min_gap, statement.at) if priced else move["sinceAt"]
    return {"latest": (latest_at, latest), "gap": gap, "since": since,
            "move": move if moved else None,
            "fired": [name for name, hit in (("priced-against", priced),
                                             ("moved-against", moved)) if hit]}  # fmt: skip


def _against(pct: float, min_gap: float) -> bool:
    return pct < EVEN and STATED - pct >= min_gap


def _move(reads: list, start: datetime) -> dict | None:
    """How far the price fell since `start`: from the last read at or before it (else the
    first after it) to the latest."""
    before = [read for read in reads if read[0] <= start]
    after = [read for read in reads if read[0] > start]
    origin = before[-1] if before else (after[0] if after else None)
    if origin is None or origin is reads[-1]:
        return None
    (from_at, from_pct), (_, to_pct) = origin, reads[-1]
    away = from_pct - to_pct
    return {"fromPct": from_pct, "toPct": to_pct, "points": round(away, 2), "sinceAt": from_at}


def _run_start(reads: list, min_gap: float, floor: datetime) -> datetime:
    """The first read of the unbroken run of reads priced against the statement that ends
    with the latest; never before `floor` (the statement)."""
    start = reads[-1][0]
    for at, pct in reversed(reads):
        if not _against(pct, min_gap):
            break
        start = at
    return max(start, floor)


def _cited(statement: Statement) -> dict[str, Any]:
    return {
        "side": statement.side,
        "source": statement.source,
        "title": statement.title,
        "url": statement.url,
        "said": statement.said[:SAID_CHARS],
        "at": iso(statement.at),
    }


def _row(topic, question: MarketQuestion, statement: Statement, match: dict) -> dict[str, Any]:
    latest_at, latest = match["latest"]
    now = timezone.now()
    move = match["move"]
    return {
        "topic": topic.subject,
        "title": topic.title,
        "fired": match["fired"],
        "statement": _cited(statement),
        "market": {
            "id": question.pk,
            "question": question.question,
            "url": question.url,
            "venue": question.venue,
            "probabilityPct": latest,
            "pricedAt": iso(latest_at),
            "reading": f"A crowd prices this at {latest:g}%: belief, not fact.",
        },
        "gap": {
            "points": round(match["gap"], 2),
            "since": iso(match["since"]),
            "ageHours": round((now - match["since"]).total_seconds() / 3600, 1),
        },
        "move": _fall(move),
    }


def _fall(move: dict | None) -> dict | None:
    if move is None:
        return None
    return {**{k: v for k, v in move.items() if k != "sinceAt"}, "since": iso(move["sinceAt"])}
