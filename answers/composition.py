"""Composition: the first sentence answers the question from the layer its intent calls for; the
rest support it. Sentences quote their rows (a figure is copied from its snippet, never worked
out), so the source check can hold each one to what it cites. A premise the rows do not support
is named first; what the rows cannot say is named in `unknowns`.
"""

import re
from dataclasses import dataclass

from answers.check import Sentence
from answers.retrieval import Evidence, similarity
from answers.understanding import Understanding, direction_of, stem_set
from answers.vocabulary import STOP, Topic, words

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'])")
_AMOUNT = re.compile(r"\d")
SUPPORTING_REPORTS = 2
POINTED = ("how-much", "who", "why")
POINTED_REPORTS = 4
# Words about the asking, not the answer: they pick no sentence ("what did reporting say").
META = stem_set("report reporting reported say said says market markets news tell")
_HOW = re.compile(r"\bhow\s+(?:much|many)\s+(\w+)", re.IGNORECASE)


@dataclass
class Layers:
    """One topic's rows by kind, each list best first."""

    topic: Topic
    readings: list[Evidence]
    reports: list[Evidence]
    live: list[Evidence]
    historical: list[Evidence]
    changes: list[Evidence]  # transitions, flips and price moves, oldest first
    attention: Evidence | None

    @classmethod
    def of(cls, topic: Topic, rows: list[Evidence]) -> "Layers":
        prices = [r for r in rows if r.kind == "price"]
        changes = sorted((r for r in rows if r.kind in ("transition", "flip", "move")),
                         key=lambda r: r.date or "")  # fmt: skip
        return cls(
            topic,
            [r for r in rows if r.kind == "reading"],
            sorted((r for r in rows if r.kind == "report"), key=lambda r: -r.score),
            [p for p in prices if not p.facts["historical"]],
            [p for p in prices if p.facts["historical"]],
            changes,
            next((r for r in rows if r.kind == "attention"), None),
        )


class Writer:
    """Drafts sentences over one pool of rows; a sentence cites by the row's place in the pool."""

    def __init__(self, understood: Understanding):
        self.understood = understood
        self.pool: list[Evidence] = []
        self.sentences: list[Sentence] = []
        self.asked = stem_set(understood.question) - META

    def cite(self, item: Evidence) -> str:
        if item not in self.pool:
            self.pool.append(item)
        return f"[{self.pool.index(item) + 1}]"

    def add(self, items: list[Evidence], body: str, preface: str = "") -> None:
        markers = " ".join(self.cite(item) for item in items)
        self.sentences.append(Sentence(f"{body.rstrip('.')} {markers}.", preface))

    def say(self, item: Evidence, preface: str = "") -> None:
        self.add([item], self.statement(item), preface)

    def statement(self, item: Evidence) -> str:
        facts = item.facts
        if item.kind == "reading":
            return f'{item.source} said on {item.date}: "{facts["observed"].rstrip(".")}"'
        if item.kind == "report":
            return f"{item.source} reported on {item.date}: {self.best_sentence(item)}"
        if item.kind == "price":
            return _price(item)
        if item.kind == "move":
            return (
                f'On {facts["venue"]}, the crowd\'s price for "{facts["question"]}" moved from '
                f"{facts['from']:g}% to {facts['to']:g}% by {item.date}: belief, not fact"
            )
        if item.kind == "transition":
            return (
                f"The service recorded the {facts['field']} of {item.topic_title} moving from "
                f"{facts['from']} to {facts['to']} on {item.date}"
            )
        if item.kind == "flip":
            return f"{item.source} flipped from {facts['from']} to {facts['to']} on {item.date}"
        return (
            f"The service's own attention to {item.topic_title} is {facts['state']}, on wire "
            f"tier {facts['wire']}: a measure of reporting, not of the event"
        )

    def best_sentence(self, item: Evidence) -> str:
        """The sentence of a report that best answers the question, quoted as written."""
        text = item.facts.get("summary") or item.title
        options = [s.strip() for s in _SENTENCE.split(text) if s.strip()] or [item.title]
        intent = self.understood.intent
        scored = []
        for index, sentence in enumerate(options):
            score = len(self.asked & stem_set(sentence))
            if intent == "how-much" and _AMOUNT.search(sentence):
                score += 2
            scored.append((-score, index, sentence))
        return min(scored)[2].rstrip(".")

    def pointed(self, reports: list[Evidence]) -> list[Evidence]:
        """For how much, who and why: the reports whose best sentence means most what was asked
        (a figure first, for how much), ahead of the rest."""
        head = reports[:POINTED_REPORTS]
        sentences = [self.best_sentence(item) for item in head]
        closeness = similarity(self.understood.question, sentences)
        figure = self.understood.intent == "how-much"
        order = sorted(
            range(len(head)),
            key=lambda i: (-(figure and bool(_AMOUNT.search(sentences[i]))), -closeness[i], i),
        )
        return [head[i] for i in order] + reports[POINTED_REPORTS:]


def compose(understood: Understanding, layers: list[Layers]) -> Writer:
    writer = Writer(understood)
    if understood.intent == "compare" and len(layers) > 1:
        _compare(writer, layers)
        return writer
    first, *others = layers
    _answer_topic(writer, first, preface=_premise(understood, first))
    for other in others:  # a second topic the question also names: its leading row
        lead = _lead(understood.intent, other)
        if lead:
            writer.say(lead)
    return writer


def _answer_topic(writer: Writer, layers: Layers, preface: str) -> None:
    intent = writer.understood.intent
    gap = _missing_figure(writer.understood, layers)
    if intent in POINTED:
        layers.reports = writer.pointed(layers.reports)
    if intent == "changed":
        _changes(writer, layers, preface)
    else:
        lead = _lead(intent, layers)
        if lead is None:
            return
        writer.say(lead, "; ".join(p for p in (preface, gap) if p))
    for item in _support(intent, layers):
        if item not in writer.pool:
            writer.say(item)


def _lead(intent: str, layers: Layers) -> Evidence | None:
    order = {
        "status": ("readings", "reports", "live", "historical"),
        "decided": ("readings", "reports", "live", "historical"),
        "markets": ("live", "historical", "readings", "reports"),
        "attention": ("attention",),
        "how-much": ("reports", "readings", "live"),
        "who": ("reports", "readings"),
        "why": ("reports", "readings"),
        "overview": ("readings", "reports", "live", "historical"),
        "compare": ("live", "readings", "reports", "historical"),
        "changed": ("changes", "reports", "readings"),
    }[intent]
    for name in order:
        found = getattr(layers, name)
        if isinstance(found, list) and found:
            return found[0]
        if isinstance(found, Evidence):
            return found
    return None


def _support(intent: str, layers: Layers) -> list[Evidence]:
    rows = [*layers.readings[:1], *layers.reports[:SUPPORTING_REPORTS]]
    if intent in ("markets", "overview", "decided", "status", "compare"):
        rows += layers.live[:1] or layers.historical[:1]
    if intent == "attention":
        rows = [*layers.reports[:1]]
    return rows


def _changes(writer: Writer, layers: Layers, preface: str) -> None:
    window = writer.understood.window
    if layers.changes:
        for item in layers.changes[:4]:
            writer.say(item, preface)
            preface = ""
        return
    span = f"in {window.describe()}" if window else "in the last 7 days"
    nothing = (
        f"The record shows no state change, issuer flip or price move for {layers.topic.title} "
        f"{span}"
    )
    lead = (layers.reports or layers.readings or [None])[0]
    if lead is not None:
        writer.say(lead, "; ".join(p for p in (preface, nothing) if p))


def _compare(writer: Writer, layers: list[Layers]) -> None:
    leads = [(lay, _lead("compare", lay)) for lay in layers]
    leads = [(lay, lead) for lay, lead in leads if lead is not None]
    if not leads:
        return
    parts = [f"{lay.topic.title}: {writer.statement(lead)} {writer.cite(lead)}"
             for lay, lead in leads]  # fmt: skip
    writer.sentences.append(Sentence("; against ".join(parts) + "."))
    for lay, _ in leads:
        for item in lay.readings[:1] + lay.reports[:1]:
            if item not in writer.pool:
                writer.say(item)


def _premise(understood: Understanding, layers: Layers) -> str:
    """Named first when the rows do not carry the direction the question takes for granted."""
    premise = understood.premise
    if premise is None:
        return ""
    rows = [*layers.readings, *layers.reports, *layers.live, *layers.historical, *layers.changes]
    held = direction_of(" ".join(r.snippet for r in rows))
    if premise.direction in held:
        return ""
    return f'The record does not support the premise "{premise.words}"'


def _missing_figure(understood: Understanding, layers: Layers) -> str:
    noun, target = figure_asked(understood, layers.topic)
    if not noun:
        return ""
    rows = [*layers.reports, *layers.readings]
    want = stem_set(noun) | (stem_set(target) if target else set())
    if any(_AMOUNT.search(r.snippet) and want <= stem_set(r.snippet) for r in rows):
        return ""
    return f"The registry holds no {noun} figures for {target or layers.topic.title}"


def figure_asked(understood: Understanding, topic: Topic) -> tuple[str | None, str | None]:
    """The thing a how-much question counts ("damage") and where ("Cuba"), if it says."""
    if understood.intent != "how-much":
        return None, None
    found = _HOW.search(understood.question)
    noun = found.group(1).lower() if found else None
    topic_words = {w for name in (*topic.names, topic.title) for w in words(name)}
    if not noun or noun in STOP or noun in topic_words:
        return None, None
    places = [name for name in topic.names if name.lower() in understood.question.lower()]
    target = next((p for p in places if p.lower() not in topic.lead.lower()), None)
    return noun, target


def _price(item: Evidence) -> str:
    f = item.facts
    if not f["historical"]:
        return (
            f'On {f["venue"]}, a crowd prices "{f["question"]}" at {f["pct"]:g}% as of '
            f"{item.date}: belief, not fact"
        )
    ended = "the question has resolved" if f["resolved"] else f"its deadline {f['deadline']} passed"
    return (
        f"A historical capture, not a live price: on {f['venue']}, a crowd priced "
        f'"{f["question"]}" at {f["pct"]:g}% on {item.date}, and {ended}'
    )
