"""The Answer Engine: understand, retrieve, compose, check; answers only from rows it holds.

Each stage has its room: `understanding` (intent, window, routing, untracked names, premise),
`retrieval` (the rows per layer), `composition` (the first sentence answers, the rest support),
`check` (each sentence against the rows it cites). This module assembles them. An optional
generator (OpenAI-compatible, `answers.compose.generator`) may phrase instead, under the same check.
"""

import hashlib
import re
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from django.db.models import OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone, translation

from answers.check import Sentence, failure, markers_of, meaning_failure, source_check
from answers.compose import (
    Layers,
    Writer,
    asks_yes_or_no,
    compose,
    engine_words,
    figure_asked,
    phrasing,
)
from answers.ground import Evidence, gather, unmarked
from answers.understand import Understanding, languages, phrases, understand, vocabulary
from config.reads import envelope
from records.models import StateTransition
from registry.models import Event

_MARKER = re.compile(r"\[([0-9]+)\]")  # the engine's own markers: ASCII digits only


def answer(question: str, *, topic: Event | None = None, generator=None,
           now: datetime | None = None,
           as_of: datetime | None = None) -> dict[str, Any]:  # fmt: skip
    """The `svc.answer.v1` answer to `question` (about `topic` when the caller names one), in the
    question's language, from the rows held at `as_of` (an ask's instant: given again, the same
    rows and the same answer). Without one, as of this instant; a caller that sets only the
    clock (`now`, the evaluation's day) reads every row held."""
    if as_of is None and now is None:
        as_of = timezone.now()
    now = as_of or now
    with languages.answering(question) as language:
        answered = _answer(question, topic, generator, now, as_of)
        answered["answer"] = _language_said(question, answered["answer"])
    # The instant the evidence was read: the same question as of the same instant, on the same
    # rows, is the same answer (a changed registry and a changed engine told apart).
    return {**answered, "language": language, "asOf": now.astimezone(UTC).isoformat()}


def _language_said(question: str, text: str) -> str:
    """`text`, then a line naming the question's language when the engine recognises it and has
    no catalogue for it: the answer is in English, and says why. Last, so the first sentence still
    answers (or names a premise, or declines) as in any other language."""
    name = languages.uncatalogued(question)
    return f"{text} {phrases.ANSWERED_IN_ENGLISH.format(language=name)}" if name else text


# A typographic apostrophe ("<Band>\u2019s", as phones type one) is read as the apostrophe: a
# possessive reads one way whatever the keyboard (the envelope keeps the question as asked).
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})


def _answer(question: str, topic: Event | None, generator, now: datetime,
            as_of: datetime | None) -> dict[str, Any]:  # fmt: skip
    vocab = vocabulary.current()
    pinned = next((t for t in vocab.topics if topic and t.pk == topic.pk), None)
    # A "[2]" typed in the question is text: whatever the engine writes from the question (a
    # premise it names, a name it does not track) can never pose as a citation.
    understood = understand(unmarked(question).translate(_APOSTROPHES), vocab, now=now,
                            topic=pinned, as_of=as_of)  # fmt: skip
    events = Event.objects.in_bulk([r.topic.pk for r in understood.topics])
    # A topic created after the instant read as of was not in the record then.
    understood.topics = [r for r in understood.topics if _existed(events[r.topic.pk], as_of)]
    if understood.declined:
        return declined(understood, as_of=as_of)
    written = _written(question, generator, understood, events, now, as_of)
    if not written[1][0] and _when_asked_of_a_deed(understood):
        written = _at_other_times(question, generator, understood, events, now, as_of) or written
    layers, (kept, reasons, sentences, evidence), *said_first = written
    text, citations = numbered(kept, evidence)
    text = " ".join([*said_first, text]) if kept else text
    if not kept:  # routed, but no row says anything that answers: said, never an empty answer
        text = nothing_held(understood, layers)
    return envelope(
        "svc.answer.v1",
        question=question,
        answer=text,
        citations=citations,
        unknowns=unknowns(understood, layers, _cited(kept, evidence)),
        grounded=bool(citations),
        topics=[_topic_ref(r.topic) for r in understood.topics],
        understood=_understood(understood),
        sourceCheck={
            "sentences": sentences,
            "kept": len(kept),
            "dropped": len(reasons),  # a phrased sentence may carry two of the engine's
            "reasons": reasons,
        },
        disclaimer=str(phrases.DISCLAIMER),
    )


def _checked(question: str, generator, writer: Writer, layers: list[Layers]):
    """The sentences kept by the source check, the reasons for those dropped, how many were
    checked, and the rows they may cite: the engine's own, then a phrasing model's in their
    place where it holds (it may cite any row of the answered layers)."""
    allowed = engine_words()
    kept, reasons = source_check(writer.sentences, writer.pool, allowed)
    if not generator:
        return kept, reasons, len(writer.sentences), writer.pool
    evidence = _all_rows(writer, layers)
    phrased, refused = _phrased(question, generator, writer, evidence, allowed)
    checked = len(writer.sentences) + len(phrased) + len(refused)
    phrased, moved = phrasing.lead_held(kept, phrased)
    return phrasing.assemble(kept, phrased), refused + moved + reasons, checked, evidence


def _phrased(question: str, generator, writer: Writer, evidence: list[Evidence],
             allowed: frozenset[str]) -> tuple[list[phrasing.Phrased], list[str]]:  # fmt: skip
    """The model's sentences over numbered facts, filled in and held to the same check (its
    connectives allowed beside the engine's words), plus the meaning floor; each refusal with
    its reason."""
    facts = [phrasing.Fact(n, writer.statement(row), n) for n, row in enumerate(evidence, 1)]
    language = translation.get_language() or "en"
    allowed = allowed | phrasing.connective_words(language)
    raw = generator(question, facts, language)
    if not raw:
        return [], []
    read, refused = phrasing.read(raw, facts, language)
    passed = []
    for sentence in read:
        reason = failure(sentence.body, evidence, allowed) or meaning_failure(
            sentence.body, evidence
        )
        if reason:
            refused.append(f"phrasing: {reason}")
        else:
            passed.append(sentence)
    return passed, refused


def _cited(sentences: list[Sentence], evidence: list[Evidence]) -> list[Evidence]:
    markers = dict.fromkeys(n for s in sentences for n in markers_of(s.body))
    return [evidence[n - 1] for n in markers if 0 < n <= len(evidence)]


def _when_asked_of_a_deed(understood: Understanding) -> bool:
    window = understood.window
    return bool(window and window.filters) and asks_yes_or_no(understood.question)


def _at_other_times(question: str, generator, understood: Understanding,
                    events: dict[int, Event], now: datetime, as_of: datetime | None):  # fmt: skip
    """Nothing in the time a yes or no asks of ("Did <body> approve <drug> in March?"): what is
    held at other times answers its premise of when, after a sentence saying it is outside the
    time asked; None when nothing is held at all. A figure asked of a month is never answered
    by another month's (only a yes or no comes here)."""
    wider = _written(question, generator, replace(understood, window=None), events, now, as_of)
    if not wider[1][0]:
        return None
    return (*wider, nothing_held(understood, wider[0], elsewhere=True))


def _written(question: str, generator, understood: Understanding, events: dict[int, Event],
             now: datetime, as_of: datetime | None):  # fmt: skip
    """The rows per routed topic, and what `_checked` keeps of the composition over them."""
    layers = [
        Layers.of(r.topic, gather(events[r.topic.pk], r.topic, understood, now=now, as_of=as_of))
        for r in understood.topics
    ]
    return layers, _checked(question, generator, compose(understood, layers), layers)


def nothing_held(understood: Understanding, layers: list[Layers], *, elsewhere=False) -> str:
    """That nothing held answers, in the window asked if any; with `elsewhere`, that what
    follows is from other times."""
    titles = " or ".join(lay.topic.title for lay in layers)
    window = understood.window
    span = f" {phrases.SPAN_IN_WINDOW.format(window=window.describe())}" if (
        window and window.filters) else ""  # fmt: skip
    said = phrases.NOTHING_HELD_THEN if elsewhere else phrases.NOTHING_HELD
    return str(said.format(titles=titles, span=span))


def _all_rows(writer: Writer, layers: list[Layers]) -> list[Evidence]:
    """The pool the composition cited first, then every other retrieved row."""
    rows = list(writer.pool)
    for lay in layers:
        for item in lay.rows():
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
    said = [str(phrases.UNTRACKED_NAME.format(name=name)) for name in understood.untracked]
    first = layers[0]
    title = first.topic.title
    noun, target = figure_asked(understood, first.topic)
    if noun and not any(noun in r.snippet.lower() for r in cited if re.search(r"\d", r.snippet)):
        said.append(f"{phrases.NO_FIGURES.format(noun=noun, target=target or title)}.")
    if understood.intent in ("status", "decided", "overview") and not first.readings:
        said.append(str(phrases.NO_ISSUER_READING.format(topic=title)))
    if understood.intent in ("markets", "compare") and not first.live:
        said.append(str(phrases.NO_LIVE_MARKET.format(topic=title)))
    window = understood.window
    if window and window.filters and not first.reports:
        span = window.describe()
        said.append(str(phrases.NO_REPORTING_IN_WINDOW.format(topic=title, window=span)))
    if understood.intent == "changed" and not first.changes:
        said.append(str(phrases.NO_CHANGE_RECORDED.format(topic=title)))
    latest = max((r.date for r in cited if r.date), default=None)
    if not said and latest and latest >= _latest_held(layers):
        # Only when nothing later is held: rows newer than the cited ones may sit in the record.
        said.append(str(phrases.NOTHING_AFTER.format(date=latest)))
    return said


def _latest_held(layers: list[Layers]) -> str:
    return max((r.date for lay in layers for r in lay.rows() if r.date), default="")


def declined(understood: Understanding, *, as_of: datetime | None = None) -> dict[str, Any]:
    """Not in the record: said plainly, naming what is not tracked, with topics worth a look
    (those that existed at `as_of`, flagged ones first as recorded then)."""
    events = Event.objects.in_bulk([t.pk for t in understood.suggestions])
    suggestions = [
        _topic_ref(t) for t in understood.suggestions if _existed(events.get(t.pk), as_of)
    ]
    text, gaps = _declined_text(understood, suggestions[0]["title"] if suggestions else "")
    if not suggestions:
        suggestions = [
            {"topic": e.subject, "title": e.title, "record": f"/api/record/{e.subject}"}
            for e in _flagged_first(as_of)
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
        disclaimer=str(phrases.DISCLAIMER),
    )


def _existed(event: Event | None, as_of: datetime | None) -> bool:
    return event is not None and (as_of is None or event.created_at <= as_of)


def _flagged_first(as_of: datetime | None) -> list[Event]:
    """Five topics (that existed at `as_of`), flagged ones first ("flagged" sorts before
    "watch": the wire tier, as recorded by `as_of`), then by subject."""
    if as_of is None:
        return list(Event.objects.published().order_by("wire_tier", "subject")[:5])
    wire = StateTransition.objects.filter(
        event=OuterRef("pk"), field=StateTransition.Field.WIRE_TIER, at__lte=as_of
    ).order_by("-at", "-id")
    tier = Coalesce(Subquery(wire.values("to_value")[:1]), Value(StateTransition.WireTier.WATCH))
    topics = Event.objects.published().filter(created_at__lte=as_of).annotate(wire_then=tier)
    return list(topics.order_by("wire_then", "subject")[:5])


def _declined_text(understood: Understanding, nearest: str = "") -> tuple[str, list[str]]:
    """Why nothing is answered, first sentence first, and the gaps it leaves (each once). An
    untracked subject is told the `nearest` topic the registry does track, in words: a client
    that shows only the text (a voice, a chat relay) never reads `suggestions`."""
    untracked = [str(phrases.UNTRACKED_NAME.format(name=n)) for n in understood.untracked]
    if understood.scope:
        text = str(phrases.SCOPE[understood.scope])
        gaps = [text]
        if understood.suggestions:
            record = f"/api/record/{understood.suggestions[0].subject}"
            text = f"{text} {phrases.READ_THE_RECORD.format(record=record)}"
    elif understood.mismatch:
        miss, neighbour = understood.mismatch
        text = phrases.DECLINED_NEIGHBOUR.format(subject=miss.subject, neighbour=neighbour.title)
        text, gaps = str(text), untracked
    elif understood.untracked:
        names = " or ".join(dict.fromkeys(understood.untracked))
        text, gaps = str(phrases.DECLINED_UNTRACKED.format(names=names)), untracked
        if nearest:
            text = f"{text} {phrases.NEAREST_TRACKED.format(neighbour=nearest)}"
    else:
        text, gaps = str(phrases.DECLINED_NOT_IN_RECORD), [str(phrases.NO_TOPIC_NAMED)]
    return text, list(dict.fromkeys(gaps))


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
        "scope": understood.scope,
        "routing": "meaning and words" if understood.model else "words only (model not loaded)",
    }
