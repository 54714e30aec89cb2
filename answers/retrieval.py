"""Retrieval: the rows that can answer a question about one topic, inside its time window.

Per layer: the issuer's readings (facts of record), reporting (full-text candidates among the
topic's newest documents, ranked by shared rare words plus meaning, one row per origin cluster),
market questions (live or labelled as historical captures, with their moves in the window), the
service's recorded state transitions and tripwire flips, and its attention. Every row carries the
snippet the source check will hold a sentence to.
"""

from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from answers import embeddings
from answers.understanding import Understanding, Window, stem_set
from answers.vocabulary import Topic, stems, words
from records.models import StateTransition
from registry import fulltext
from registry.models import (
    Document,
    Event,
    EventMention,
    MarketPrice,
    MarketQuestion,
    PrimarySource,
    SourceReading,
    TripwireAlert,
)
from registry.selectors.markets import with_prices

TOPIC_SCAN = 1000  # a topic's newest documents searched for reporting
CANDIDATES = 40  # reporting rows ranked lexically
RANKED_BY_MEANING = 2  # of those, the best re-ranked by the meaning of their titles (30 ms each)
SNIPPET = 400


@dataclass
class Evidence:
    layer: str  # primarySources | reporting | market | stateHistory | coverageMetric
    kind: str  # reading | report | price | move | transition | flip | attention
    topic: str  # subject
    topic_title: str
    title: str
    url: str
    source: str
    date: str | None
    snippet: str
    facts: dict[str, Any] = field(default_factory=dict)
    score: float = 0.0

    def support(self) -> str:
        """Everything a sentence citing this row may rest on."""
        return " ".join([self.snippet, self.title, self.source, self.date or "", self.topic_title])


def gather(event: Event, topic: Topic, understood: Understanding, *, now: datetime):
    window = understood.window if understood.window and understood.window.filters else None
    rows = [*readings(event, topic, window)]
    rows += reporting(event, topic, understood.question, window)
    rows += markets(event, topic, window, now=now)
    if understood.intent == "changed" or window is not None:
        rows += transitions(event, topic, window, now=now)
        rows += flips(event, topic, window, now=now)
    rows.append(attention(event, topic))
    return rows


def readings(event: Event, topic: Topic, window: Window | None) -> list[Evidence]:
    """What each issuer guarding the topic said: its latest reading, or its latest in the window."""
    rows = []
    for source in event.primary_sources.all().order_by("slug"):
        said, day, state = source.observed, source.observed_date, source.observed_state
        if window is not None:
            reading = (
                SourceReading.objects.filter(
                    source=source, ok=True, attempted_at__date__range=(window.start, window.end)
                )
                .exclude(observed_words=None)
                .order_by("-attempted_at")
                .first()
            )
            said, day, state = (
                (reading.observed_words, reading.observed_date, reading.observed_state)
                if reading
                else (None, None, None)
            )
        if not said:
            continue
        when = day.isoformat() if day else None
        rows.append(
            Evidence("primarySources", "reading", topic.subject, topic.title, source.name,
                     _link(source), source.issuer, when,
                     f"{source.issuer} ({source.name}), read {when}: {said}"[:SNIPPET],
                     {"observed": said, "state": state})
        )  # fmt: skip
    return rows


def _link(source: PrimarySource) -> str:
    return source.links[0]["url"] if source.links else source.fetch_url


def reporting(event: Event, topic: Topic, question: str, window: Window | None) -> list[Evidence]:
    """The topic's reporting that best answers the question: one row per origin cluster."""
    mentions = EventMention.objects.filter(event=event)
    if window is not None:
        mentions = mentions.filter(day__range=(window.start, window.end))
    newest = list(
        mentions.order_by("-day", "-document_id").values_list("document_id", flat=True)[:TOPIC_SCAN]
    )
    documents = Document.objects.filter(pk__in=newest, is_market_question_page=False)
    asked = [w for w in words(question) if w not in stems(topic.title)]
    found = fulltext.matching(" or ".join(asked), documents) if asked else documents.none()
    candidates = list(found.select_related("outlet").order_by("-day", "-id")[:CANDIDATES])
    if len(candidates) < CANDIDATES:  # too few words matched: the newest reporting makes up
        seen = {d.pk for d in candidates}
        more = documents.exclude(pk__in=seen).select_related("outlet").order_by("-day", "-id")
        candidates += list(more[: CANDIDATES - len(candidates)])
    return _one_per_origin(_ranked(candidates, question), topic)


def _ranked(documents: list[Document], question: str) -> list[tuple[float, Document]]:
    asked = stem_set(question)
    scored = [
        (len(asked & stem_set(f"{d.title} {d.summary}")) + d.day.toordinal() * 1e-6, d)
        for d in documents
    ]
    scored.sort(key=lambda pair: -pair[0])
    head = scored[:RANKED_BY_MEANING]
    sims = similarity(question, [d.title for _, d in head])
    head = [(score + 10 * sim, d) for (score, d), sim in zip(head, sims, strict=True)]
    head.sort(key=lambda pair: -pair[0])
    return head + scored[RANKED_BY_MEANING:]


def similarity(question: str, texts: list[str]) -> list[float]:
    """Cosine of each text to the question; zeros when the model is not loaded."""
    model = embeddings.embedder()
    if model is None or not texts:
        return [0.0] * len(texts)
    vectors = np.stack(_passage_vectors(model, texts))
    return [float(s) for s in vectors @ embeddings.query_vector(model, question)]


_passages: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
PASSAGES_KEPT = 8192


def _passage_vectors(model, texts: list[str]) -> list[np.ndarray]:
    """Headlines and report sentences repeat (syndicated copies, a running story): each is
    embedded once per process, and those not yet seen in one batch (one call costs about what
    four texts cost together)."""
    missing = list(dict.fromkeys(t for t in texts if (model.name, t) not in _passages))
    if missing:
        for text, vector in zip(missing, model.passages(missing), strict=True):
            _passages[(model.name, text)] = vector
        while len(_passages) > PASSAGES_KEPT:
            _passages.popitem(last=False)
    return [_passages[(model.name, t)] for t in texts]


def _one_per_origin(ranked: list[tuple[float, Document]], topic: Topic) -> list[Evidence]:
    rows, origins, titles = [], set(), set()
    for score, doc in ranked:
        origin = doc.story_id or f"doc-{doc.pk}"
        if origin in origins or doc.title.lower() in titles:
            continue  # a syndicated copy of a row already served
        origins.add(origin)
        titles.add(doc.title.lower())
        day = doc.day.isoformat()
        snippet = f"{doc.title}. {doc.summary}".strip()[:SNIPPET]
        rows.append(
            Evidence("reporting", "report", topic.subject, topic.title, doc.title, doc.url,
                     doc.outlet.name, day, snippet, {"summary": doc.summary}, score)
        )  # fmt: skip
    return rows


def markets(event: Event, topic: Topic, window: Window | None, *, now: datetime):
    """Each question's price (live, or a historical capture) and its move inside the window; in a
    past window, the price as it stood then."""
    rows = []
    for q in with_prices(event.market_questions.all()).order_by("deadline", "pk"):
        pct, at = q.latest_pct, q.latest_at
        if window is not None:
            pct, at = _price_in(q, window)
        if pct is None:
            continue
        historical = q.is_resolved or bool(q.deadline and q.deadline < now)
        day = at.date().isoformat()
        deadline = q.deadline.date().isoformat() if q.deadline else None
        venue = q.get_venue_display()
        state = "resolved, a historical capture" if q.is_resolved else (
            "deadline passed, a historical capture" if historical else "open")  # fmt: skip
        snippet = f"{venue}: {q.question} priced at {pct:g}% on {day} ({state}"
        snippet += f"; deadline {deadline})" if deadline else ")"
        facts = {"pct": pct, "historical": historical, "resolved": q.is_resolved,
                 "deadline": deadline, "question": q.question, "venue": venue}  # fmt: skip
        rows.append(Evidence("market", "price", topic.subject, topic.title, q.question, q.url,
                             venue, day, snippet, facts))  # fmt: skip
        move = _move(q, window, now=now)
        if move:
            rows.append(move(topic))
    return rows


def _price_in(q: MarketQuestion, window: Window):
    last = (
        MarketPrice.objects.filter(question=q, captured_at__date__range=(window.start, window.end))
        .order_by("-captured_at")
        .values_list("probability_pct", "captured_at")
        .first()
    )
    return last or (None, None)


def _move(q: MarketQuestion, window: Window | None, *, now: datetime):
    start = window.start if window else (now - timedelta(days=7)).date()
    end = window.end if window else now.date()
    prices = list(
        MarketPrice.objects.filter(question=q, captured_at__date__range=(start, end))
        .order_by("captured_at")
        .values_list("captured_at", "probability_pct")
    )
    if len(prices) < 2 or prices[0][1] == prices[-1][1]:
        return None
    (first_at, first), (last_at, last) = prices[0], prices[-1]
    venue = q.get_venue_display()
    snippet = (
        f"{venue}: {q.question} moved from {first:g}% on {first_at.date().isoformat()} to "
        f"{last:g}% on {last_at.date().isoformat()}"
    )
    facts = {"from": first, "to": last, "question": q.question, "venue": venue}
    day = last_at.date().isoformat()
    return lambda topic: Evidence(
        "market", "move", topic.subject, topic.title, q.question, q.url, venue, day, snippet, facts
    )


def transitions(event: Event, topic: Topic, window: Window | None, *, now: datetime):
    start, end = _span(window, now)
    rows = []
    for t in StateTransition.objects.filter(event=event, at__date__range=(start, end)).order_by(
        "at"
    ):
        day = t.at.date().isoformat()
        snippet = f"{topic.title}: {t.field} moved from {t.from_value} to {t.to_value} on {day}"
        rows.append(
            Evidence("stateHistory", "transition", topic.subject, topic.title,
                     f"{topic.title}: {t.field} {t.from_value} to {t.to_value}",
                     f"/api/v1/records/{topic.subject}/history",
                     "this service", day, snippet,
                     {"field": t.field, "from": t.from_value, "to": t.to_value})
        )  # fmt: skip
    return rows


def flips(event: Event, topic: Topic, window: Window | None, *, now: datetime):
    start, end = _span(window, now)
    alerts = TripwireAlert.objects.filter(
        source__events=event, at__date__range=(start, end)
    ).select_related("source")
    rows = []
    for alert in alerts.order_by("at"):
        day = alert.at.date().isoformat()
        source = alert.source
        snippet = (
            f"{source.issuer} ({source.name}) flipped from {alert.from_state} to "
            f"{alert.to_state} on {day}"
        )
        rows.append(
            Evidence("primarySources", "flip", topic.subject, topic.title,
                     f"{source.name}: {alert.from_state} to {alert.to_state}",
                     _link(source), source.issuer, day, snippet,
                     {"from": alert.from_state, "to": alert.to_state})
        )  # fmt: skip
    return rows


def _span(window: Window | None, now: datetime):
    if window is not None:
        return window.start, window.end
    return (now - timedelta(days=7)).date(), now.date()


def attention(event: Event, topic: Topic) -> Evidence:
    state = event.coverage_state.replace("_", " ")
    snippet = f"{topic.title}: coverage state {state}; wire tier {event.wire_tier}"
    return Evidence("coverageMetric", "attention", topic.subject, topic.title, topic.title,
                    f"/api/record/{topic.subject}", "this service", None, snippet,
                    {"state": state, "wire": event.wire_tier})  # fmt: skip
