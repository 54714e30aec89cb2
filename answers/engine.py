"""The Answer Engine: answers only from rows the registry holds, each sentence citing them.

1. Retrieve: topics named in the question (entity names and aliases, subject and title words),
   their issuer readings (facts of record), the service's attention, market prices (belief), and
   reporting found by the database's full-text engine (`registry.fulltext`).
2. Compose: one sentence per piece of evidence, labelled by kind, ending in its `[n]` marker.
   An optional generator (OpenAI-compatible, `SVC_ANSWER_GENERATOR_URL`) may phrase instead.
3. Check: a sentence survives only if every marker in it points at evidence retrieved for this
   question; what was dropped is counted. Nothing retrieved: an honest "not in the record".
"""

import hashlib
import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from config.reads import envelope
from registry import fulltext
from registry.models import Document, Event, EventMention
from registry.selectors.markets import with_prices
from registry.tagging import current_tagger

MAX_TOPICS = 3
MIN_TOPIC_SCORE = 1.5  # about one word that few topics share
RELATIVE_CUT = 0.6  # of the best topic's score
REPORTING_PER_TOPIC = 3
TOPIC_SCAN = 1000  # a topic's newest documents searched for reporting
SNIPPET = 280
DISCLAIMER = (
    "Informational only: not investment, legal or betting advice. Reporting is attributed, not "
    "verified; market prices are what a crowd believes, never a fact or a forecast."
)
_WORD = re.compile(r"[a-z0-9]+")
_MARKER = re.compile(r"\[(\d+)\]")
_STOP = frozenset(
    (
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "did",
        "do",
        "does",
        "for",
        "from",
        "has",
        "have",
        "how",
        "in",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "the",
        "this",
        "that",
        "to",
        "was",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "will",
        "with",
        "about",
        "any",
        "there",
        "their",
        "they",
    )
)


@dataclass
class Evidence:
    layer: str  # primarySources | reporting | market | coverageMetric
    statement: str  # the sentence this evidence supports, without its marker
    title: str
    url: str
    source: str
    date: str | None
    snippet: str


def words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1]


def answer(question: str, *, topic: Event | None = None, generator=None) -> dict[str, Any]:
    """The `svc.answer.v1` answer to `question`."""
    topics = [topic] if topic else topics_named(question)
    per_topic = {event.pk: topic_evidence(event, question) for event in topics}
    evidence = [item for items in per_topic.values() for item in items]
    if not topics:
        evidence = reporting_evidence(question, None)
    if not evidence:
        return declined(question)
    sentences = (generator and generator(question, evidence)) or compose(evidence)
    kept, dropped = source_check(sentences, len(evidence))
    if not kept:  # a generator whose every sentence failed the check: the plain composition
        kept = compose(evidence)
    cited = sorted({int(n) for sentence in kept for n in _MARKER.findall(sentence)})
    return envelope(
        "svc.answer.v1",
        question=question,
        answer=" ".join(kept),
        citations=[citation(n, evidence[n - 1]) for n in cited],
        unknowns=unknowns(topics, per_topic, evidence),
        grounded=True,
        topics=[
            {"topic": t.subject, "title": t.title, "record": f"/api/record/{t.subject}"}
            for t in topics
        ],
        sourceCheck={"sentences": len(sentences), "kept": len(kept), "dropped": dropped},
        disclaimer=DISCLAIMER,
    )


def topics_named(question: str) -> list[Event]:
    """Topics the question is about, best first.

    A topic scores the rarity of each word it shares with the question (subject and title; a
    word every topic has, like a month, says little) plus as much again as its rarest possible
    word when the question names its lead or an attached entity. Topics scoring well below the
    best are left out: one shared common word is not a match.
    """
    named = current_tagger().tag(question).entity_ids
    asked = set(words(question))
    rows = list(Event.objects.values_list("pk", "subject", "title", "lead_entity_id"))
    attached = Event.entities.through.objects.filter(entity_id__in=named)
    naming = {pk for pk, *_, lead in rows if lead in named}
    naming |= set(attached.values_list("event_id", flat=True)) if named else set()
    vocabulary = {
        pk: set(words(f"{subject.replace('-', ' ')} {title}")) for pk, subject, title, _ in rows
    }
    frequency = Counter(word for seen in vocabulary.values() for word in seen)
    rarest = math.log(len(rows) + 1)
    scored = []
    for pk, subject, _, _ in rows:
        shared = asked & vocabulary[pk]
        score = sum(math.log((len(rows) + 1) / frequency[word]) for word in shared)
        score += rarest if pk in naming else 0
        if score >= MIN_TOPIC_SCORE:
            scored.append((-score, subject, pk))
    scored.sort()
    best = -scored[0][0] if scored else 0
    chosen = [pk for score, _, pk in scored[:MAX_TOPICS] if -score >= RELATIVE_CUT * best]
    found = Event.objects.select_related("lead_entity").in_bulk(chosen)
    return [found[pk] for pk in chosen]


def topic_evidence(event: Event, question: str) -> list[Evidence]:
    items = []
    for source in event.primary_sources.exclude(observed__isnull=True).exclude(observed=""):
        day = source.observed_date.isoformat() if source.observed_date else None
        link = source.links[0]["url"] if source.links else source.fetch_url
        items.append(
            Evidence(
                "primarySources",
                f'Fact of record: {source.issuer} ({source.name}) reads "{source.observed}"'
                + (f" as of {day}" if day else "")
                + ".",
                source.name,
                link,
                source.issuer,
                day,
                source.observed[:SNIPPET],
            )
        )
    items += reporting_evidence(question, event)
    for q in with_prices(event.market_questions.all()).order_by("pk"):
        if q.latest_pct is None:
            continue
        day = q.latest_at.date().isoformat()
        items.append(
            Evidence(
                "market",
                f"Market belief, not fact: on {q.get_venue_display()} a crowd priced "
                f'"{q.question}" at {q.latest_pct:g}% on {day}.',
                q.question,
                q.url,
                q.get_venue_display(),
                day,
                f"{q.question}: {q.latest_pct:g}%",
            )
        )
    items.append(
        Evidence(
            "coverageMetric",
            f"The service's own attention to {event.title} is "
            f"{event.coverage_state.replace('_', ' ')}, on wire tier {event.wire_tier} "
            "(a measure of reporting, not of the event).",
            event.title,
            f"/api/record/{event.subject}",
            "this service",
            None,
            f"coverage state {event.coverage_state}; wire tier {event.wire_tier}",
        )
    )
    return items


def reporting_evidence(question: str, event: Event | None) -> list[Evidence]:
    """The newest reporting about the topic matching any of the question's words; with no
    topic, only reporting matching all of them (one shared word is not an answer)."""
    terms = words(question)
    if not terms:
        return []
    documents = Document.objects.filter(is_market_question_page=False)
    if event is not None:
        # The topic's newest documents first, by its own mention index: searching all of a busy
        # topic's documents made the full-text filter run over tens of thousands of rows.
        newest = EventMention.objects.filter(event=event).order_by("-day", "-document_id")
        documents = documents.filter(
            pk__in=list(newest.values_list("document_id", flat=True)[:TOPIC_SCAN])
        )
    query = " or ".join(terms) if event is not None else " ".join(terms)
    found = fulltext.matching(query, documents).select_related("outlet")
    return [
        Evidence(
            "reporting",
            f"Reporting, attributed and not verified: {doc.outlet.name} published "
            f'"{doc.title}" on {doc.day.isoformat()}.',
            doc.title,
            doc.url,
            doc.outlet.name,
            doc.day.isoformat(),
            (doc.summary or doc.title)[:SNIPPET],
        )
        for doc in found.order_by("-day", "-id")[:REPORTING_PER_TOPIC]
    ]


def compose(evidence: list[Evidence]) -> list[str]:
    """Facts of record first, then reporting, market belief and the service's attention."""
    order = ["primarySources", "reporting", "market", "coverageMetric"]
    numbered = sorted(enumerate(evidence, start=1), key=lambda pair: order.index(pair[1].layer))
    return [f"{item.statement.rstrip('.')} [{n}]." for n, item in numbered]


def source_check(sentences: list[str], retrieved: int) -> tuple[list[str], int]:
    """Keep sentences whose every `[n]` names retrieved evidence (and that cite at all)."""
    kept = []
    for sentence in sentences:
        markers = [int(n) for n in _MARKER.findall(sentence)]
        if markers and all(1 <= n <= retrieved for n in markers):
            kept.append(sentence)
    return kept, len(sentences) - len(kept)


def citation(n: int, item: Evidence) -> dict[str, Any]:
    return {
        "n": n,
        "title": item.title,
        "url": item.url,
        "source": item.source,
        "date": item.date,
        "layer": item.layer,
        "snippet": item.snippet,
        "snippetSha256": hashlib.sha256(item.snippet.encode()).hexdigest(),
    }


def unknowns(topics: list[Event], per_topic: dict, evidence: list[Evidence]) -> list[str]:
    said = []
    for event in topics:
        layers = {item.layer for item in per_topic[event.pk]}
        if "primarySources" not in layers:
            said.append(
                f"No first-party issuer reading is held for {event.title}: no fact of record."
            )
        if "market" not in layers:
            said.append(f"No market question with a price is captured for {event.title}.")
    if not any(item.layer == "reporting" for item in evidence):
        said.append("No ingested reporting matches the question's words.")
    said.append("Nothing after the registry's latest reading is known to this answer.")
    return said


def declined(question: str) -> dict[str, Any]:
    """Not in the record: said plainly, with topics that may be worth a look."""
    asked = set(words(question))
    scored = sorted(
        (-len(asked & set(words(f"{e.subject.replace('-', ' ')} {e.title}"))), e.subject, e.title)
        for e in Event.objects.only("subject", "title")
    )
    suggestions = [
        {"topic": s, "title": t, "record": f"/api/record/{s}"}
        for score, s, t in scored[:5]
        if score < 0
    ]
    if not suggestions:
        # Nothing shares a word: offer the flagged topics, flagged first, as places to start.
        flagged = Event.objects.order_by("wire_tier", "subject")[:5]  # "flagged" < "watch"
        suggestions = [
            {"topic": e.subject, "title": e.title, "record": f"/api/record/{e.subject}"}
            for e in flagged
        ]
    return envelope(
        "svc.answer.v1",
        question=question,
        answer=(
            "That is not in the record: the registry holds no issuer reading, reporting or "
            "market question that answers it, and this engine does not guess."
        ),
        citations=[],
        unknowns=["The question names no topic, entity or reporting the registry holds."],
        grounded=False,
        suggestions=suggestions,
        topics=[],
        sourceCheck={"sentences": 0, "kept": 0, "dropped": 0},
        disclaimer=DISCLAIMER,
    )
