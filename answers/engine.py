"""The Answer Engine: understand, retrieve, compose, check; answers only from rows it holds.

Each stage has its room: `understanding` (intent, window, routing, untracked names, premise),
`retrieval` (the rows per layer), `composition` (the first sentence answers, the rest support),
`check` (each sentence against the rows it cites). This module assembles them. An optional
generator (OpenAI-compatible, `answers.generator`) may phrase instead, under the same check.
"""

import hashlib
import re
from datetime import datetime
from typing import Any

from django.utils import timezone

from answers import vocabulary
from answers.check import Sentence, source_check
from answers.composition import Layers, Writer, compose, figure_asked
from answers.retrieval import Evidence, gather
from answers.understanding import Understanding, understand
from config.reads import envelope
from registry.models import Event

DISCLAIMER = (
    "Informational only: not investment, legal or betting advice. Reporting is attributed, not "
    "verified; market prices are what a crowd believes, never a fact or a forecast."
)
_MARKER = re.compile(r"\[(\d+)\]")


def answer(question: str, *, topic: Event | None = None, generator=None,
           now: datetime | None = None) -> dict[str, Any]:  # fmt: skip
    """The `svc.answer.v1` answer to `question` (about `topic` when the caller names one)."""
    now = now or timezone.now()
    vocab = vocabulary.current()
    pinned = next((t for t in vocab.topics if topic and t.pk == topic.pk), None)
    understood = understand(question, vocab, now=now, topic=pinned)
    if understood.declined:
        return declined(understood)
    events = Event.objects.in_bulk([r.topic.pk for r in understood.topics])
    layers = [
        Layers.of(r.topic, gather(events[r.topic.pk], r.topic, understood, now=now))
        for r in understood.topics
    ]
    writer = compose(understood, layers)
    sentences, evidence = writer.sentences, writer.pool
    kept, reasons = source_check(sentences, evidence)
    rows = _all_rows(writer, layers) if generator else []
    phrased = generator(question, rows) if generator else None
    if phrased:
        checked, dropped = source_check([Sentence(s) for s in phrased], rows)
        if checked:  # a generator whose every sentence failed leaves the composed answer
            sentences, evidence, kept, reasons = phrased, rows, checked, dropped
        else:
            reasons = dropped + reasons
            sentences = phrased
    text, citations = numbered(kept, evidence)
    if not kept:  # routed, but no row says anything that answers: said, never an empty answer
        text = nothing_held(understood, layers)
    return envelope(
        "svc.answer.v1",
        question=question,
        answer=text,
        citations=citations,
        unknowns=unknowns(understood, layers, evidence),
        grounded=bool(citations),
        topics=[_topic_ref(r.topic) for r in understood.topics],
        understood=_understood(understood),
        sourceCheck={
            "sentences": len(sentences),
            "kept": len(kept),
            "dropped": len(sentences) - len(kept),
            "reasons": reasons,
        },
        disclaimer=DISCLAIMER,
    )


def nothing_held(understood: Understanding, layers: list[Layers]) -> str:
    titles = " or ".join(lay.topic.title for lay in layers)
    window = understood.window
    span = f" in {window.describe()}" if window and window.filters else ""
    return (
        f"The registry tracks {titles}, but holds nothing{span} that answers this: no issuer "
        "reading, reporting, market price or recorded change it could cite."
    )


def _all_rows(writer: Writer, layers: list[Layers]) -> list[Evidence]:
    """The pool the composition cited first, then every other retrieved row."""
    rows = list(writer.pool)
    for lay in layers:
        for item in [*lay.readings, *lay.reports, *lay.live, *lay.historical, *lay.changes]:
            if item not in rows:
                rows.append(item)
    return rows


def numbered(sentences: list[Sentence], evidence: list[Evidence]):
    """The answer text with markers renumbered in reading order, and its citations in that order."""
    order: dict[int, int] = {}
    for sentence in sentences:
        for n in _MARKER.findall(sentence.body):
            order.setdefault(int(n), len(order) + 1)
    text = " ".join(
        _MARKER.sub(lambda m: f"[{order[int(m.group(1))]}]", s.text()) for s in sentences
    )
    citations = [citation(new, evidence[old - 1]) for old, new in order.items()]
    return text, citations


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


def unknowns(understood: Understanding, layers: list[Layers], cited: list[Evidence]) -> list[str]:
    """The specific pieces this answer lacks, each said plainly."""
    said = [f"The registry does not track {name}." for name in understood.untracked]
    first = layers[0]
    title = first.topic.title
    noun, target = figure_asked(understood, first.topic)
    if noun and not any(noun in r.snippet.lower() for r in cited if re.search(r"\d", r.snippet)):
        said.append(f"The registry holds no {noun} figures for {target or title}.")
    if understood.intent in ("status", "decided", "overview") and not first.readings:
        said.append(f"No first-party issuer reading is held for {title}: no fact of record.")
    if understood.intent in ("markets", "compare") and not first.live:
        said.append(f"No live market question is captured for {title}.")
    window = understood.window
    if window and window.filters and not first.reports:
        said.append(f"No reporting on {title} falls in {window.describe()}.")
    if understood.intent == "changed" and not first.changes:
        said.append(f"No state change, issuer flip or price move is recorded for {title}.")
    if not said:
        latest = max((r.date for r in cited if r.date), default=None)
        said.append(f"Nothing after {latest or 'the latest reading'} is known to this answer.")
    return said


def declined(understood: Understanding) -> dict[str, Any]:
    """Not in the record: said plainly, naming what is not tracked, with topics worth a look."""
    if understood.untracked:
        names = " or ".join(understood.untracked)
        text = (
            f"The registry does not track {names}, so this is not in the record: it holds no "
            "issuer reading, reporting or market question about it, and this engine does not guess."
        )
        gaps = [f"The registry does not track {name}." for name in understood.untracked]
    else:
        text = (
            "That is not in the record: the registry holds no issuer reading, reporting or "
            "market question that answers it, and this engine does not guess."
        )
        gaps = ["The question names no topic, entity or reporting the registry holds."]
    suggestions = [_topic_ref(t) for t in understood.suggestions]
    if not suggestions:
        flagged = Event.objects.order_by("wire_tier", "subject")[:5]  # "flagged" < "watch"
        suggestions = [
            {"topic": e.subject, "title": e.title, "record": f"/api/record/{e.subject}"}
            for e in flagged
        ]
    return envelope(
        "svc.answer.v1",
        question=understood.question,
        answer=text,
        citations=[],
        unknowns=gaps,
        grounded=False,
        suggestions=suggestions,
        topics=[],
        understood=_understood(understood),
        sourceCheck={"sentences": 0, "kept": 0, "dropped": 0, "reasons": []},
        disclaimer=DISCLAIMER,
    )


def _topic_ref(topic) -> dict[str, str]:
    return {"topic": topic.subject, "title": topic.title, "record": f"/api/record/{topic.subject}"}


def _understood(understood: Understanding) -> dict[str, Any]:
    window = understood.window
    return {
        "intent": understood.intent,
        "window": (
            {
                "text": window.text,
                "from": window.start.isoformat(),
                "to": window.end.isoformat(),
                "filters": window.filters,
            }
            if window
            else None
        ),
        "untracked": understood.untracked,
        "routing": "meaning and words" if understood.model else "words only (model not loaded)",
    }
