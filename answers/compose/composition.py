"""Composition: the first sentence answers the question from the layer its intent calls for; the
rest support it. Sentences quote their rows (a figure is copied from its snippet, never worked
out), so the source check can hold each one to what it cites. A premise the rows do not support
is named first; what the rows cannot say is named in `unknowns`.
"""

import functools
import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime

from django.utils import translation
from django.utils.functional import Promise

from answers.check import Sentence
from answers.compose import verdicts
from answers.ground import Evidence, conflicts, figures, posing, premises, similarity, unmarked
from answers.understand import (
    NOT_AN_END,
    STOP,
    STOP_STEMS,
    Topic,
    Understanding,
    asks_ahead,
    asks_when,
    capitalised,
    families_in,
    former_held,
    former_said,
    past_setting,
    phrase_said,
    phrases,
    stem,
    stem_set,
    stems,
    time_window,
    vocabulary,
    words,
)

_SENTENCE = re.compile(rf"(?<=[.!?]){NOT_AN_END}\s+(?=[A-Z0-9\"'])")
SUPPORTING_REPORTS = 2
POINTED = ("how-much", "who", "why")
FIGURED = ("how-much", "overview", "status")  # intents a figure of a curated quantity answers
POINTED_REPORTS = 4
# Intents whose answer is a figure's reading: a revision of it is said with it (who and why are
# answered by the report that says who or why).
REVISABLE = ("how-much", "status", "overview", "decided", "compare")
# Words about the asking, not the answer: they pick no sentence ("what did reporting say").
_NEUTRAL = frozenset(stem_set(" ".join([*figures.NEUTRAL, "current", "now", "new", "today"])))
META = stem_set("report reporting reported say said says market markets news tell")
# A setting the question takes for granted before what it asks ("Since <X> is paying $1.85
# billion, which authority ...?"): its words choose no sentence.
_SETTING = re.compile(
    r"^\W*(?:since|after|following|once|now that|given(?: that)?|with)\b[^,?]*,", re.IGNORECASE
)
# "Do news reports agree with <the issuer>?": asks whether the sources agree.
_SOURCES_AGREE = re.compile(
    r"\b(?:reports?|reporting|news|media|outlets?|press|papers?|sources?)\b.{0,40}?\b(?:agree|"
    r"disagree|differ|match|contradict|confirm|dispute)",
    re.IGNORECASE,
)
_AGREEING = stem_set(
    "agree agrees agreed disagree disagrees differ differs match contradict confirm dispute"
)
_WORDS = re.compile(r"[^\W\d_][^\W_]*(?:['+][^\W_]+)?")
_HOW_LONG = re.compile(r"\bhow\s+long\b", re.IGNORECASE)
_HOW_MEASURE = re.compile(r"\bhow\s+([^\W\d_]+)", re.IGNORECASE)
# "How many nurses", "how much does parking cost": the thing counted, after a verb that asks.
_HOW = re.compile(
    r"\bhow\s+(?:much|many)\s+(?:(?:does|do|did)\s+(?:the\s+)?)?"
    r"(\w+)",
    re.IGNORECASE,
)
_KIND_LABELS = {
    "forecast": phrases.LABEL_FORECAST,
    "earlier": phrases.LABEL_EARLIER,
    "rejected": phrases.LABEL_REJECTED,
}


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
    # The issuer's readings before its latest, when no figure of two times is asked: its
    # history, never cited (`retrieval.gather`).
    superseded: list[Evidence] = field(default_factory=list)

    def rows(self) -> list[Evidence]:
        return [*self.readings, *self.reports, *self.live, *self.historical, *self.changes]

    @classmethod
    def of(cls, topic: Topic, rows: list[Evidence]) -> "Layers":
        prices = [r for r in rows if r.kind == "price"]
        changes = sorted((r for r in rows if r.kind in ("transition", "flip", "move")),
                         key=lambda r: r.date or "")  # fmt: skip
        return cls(
            topic,
            [r for r in rows if r.kind == "reading"],
            sorted((r for r in rows if r.kind == "report"), key=lambda r: (r.posing, -r.score)),
            [p for p in prices if not p.facts["historical"]],
            [p for p in prices if p.facts["historical"]],
            changes,
            next((r for r in rows if r.kind == "attention"), None),
            [replace(r, kind="reading") for r in rows if r.kind == "superseded"],
        )


# A yes-or-no question whether a figure was revised ("Was the October figure revised?").
_ASKED_REVISED = re.compile(
    r"^\W*(?:was|were|has|have|had|is|are|did|does|do)\b.*\b(?:revised?|correct(?:ed)?"
    r"|updated?|changed?)\b",
    re.IGNORECASE,
)


def _continued(phrase: str) -> str:
    """An engine phrase that opens a sentence, set after another's words ("...; the issuer's own
    reading comes first", "Yes, revised from ..."): its first letter in lower case."""
    return f"{phrase[:1].lower()}{phrase[1:]}"


def _kind_called(understood: Understanding) -> set[str]:
    """The stems of the words of an asked topic's title that are nouns of its kind ("chip" of
    the "<name> chip" product), less those a curated quantity names ("earnings")."""
    built = vocabulary.built()
    if built is None:
        return set()
    called = {stem(w) for r in understood.topics for w in words(r.topic.title)
              if r.topic.kind in built.kind_nouns.get(w.lower(), ())}  # fmt: skip
    return {n for n in called if not figures.curated({n})}


class Writer:
    """Drafts sentences over one pool of rows; a sentence cites by the row's place in the pool."""

    def __init__(self, understood: Understanding):
        self.understood = understood
        self.pool: list[Evidence] = []
        self.sentences: list[Sentence] = []
        self.asked = stem_set(understood.question) - META
        if _SOURCES_AGREE.search(understood.question):
            self.asked -= _AGREEING  # whether reports agree is of the sources, not what they say
        self.names = {s for r in understood.topics for s in stem_set(" ".join(r.topic.names))}
        # What its topics are called as things of their kind ("the <name> chip", "o chip
        # <name>") names the subject, not what is measured.
        self.names |= _kind_called(understood)
        # What the question says past its topics' names and the words every question uses.
        # "How long", "how far": the word after "how" asks a measure that no row writes.
        measure = stem_set(" ".join(_HOW_MEASURE.findall(understood.question)))
        self.said = frozenset(self.asked - self.names - STOP_STEMS - measure)
        # What "how many" counts is asked, though a name says it too ("workers" of a union).
        self.counted = _counted_asked(understood.question)
        self.said |= self.counted
        self.when = asks_when(understood.question)
        setting = _SETTING.match(understood.question)
        self.setting = stem_set(setting.group(0)) - self.names if setting else frozenset()
        # The two figures a verdict set side by side, in the question's order (`verdicts`).
        self.compared: tuple[figures.Figure, figures.Figure] | None = None
        # A report's sentence to quote, when a dispute names which (`conflicts.Conflict`).
        self.quoted: dict[int, str] = {}
        # A yes-or-no question of a state the record holds or denies: "Yes" or "No" first.
        self.affirm = ""

    def cite(self, item: Evidence) -> str:
        if item not in self.pool:
            self.pool.append(item)
        return f"[{self.pool.index(item) + 1}]"

    def add(self, items: list[Evidence], body: str, preface: str = "") -> None:
        # The markers are the only ones: a "[7]" typed in the question (quoted in a preface) or
        # written in a row is text, and would otherwise be read as a citation downstream.
        markers = " ".join(self.cite(item) for item in items)
        self.sentences.append(
            Sentence(f"{unmarked(body).rstrip('.')} {markers}.", unmarked(preface))
        )

    def say(self, item: Evidence, preface: str = "", label: str = "") -> None:
        statement = self.statement(item)
        if self.affirm and not self.sentences and not preface:
            # The statement opens on its source's name, whose capital stays.
            statement = str(phrases.ANSWER_THEN.format(answer=self.affirm, verdict=statement))
        kind = _KIND_LABELS.get(self.figure_kind(item))
        if label:  # "On <topic>: an earlier reading, not the latest; <row>": the label first
            said = f"{_continued(str(kind))}; {statement}" if kind else statement
            statement, kind = str(phrases.ON_TOPIC.format(topic=label, statement=said)), None
        kind = _continued(str(kind)) if kind and preface else kind
        self.add([item], statement, "; ".join(str(p) for p in (preface, kind) if p))

    def say_revised(self, earlier: figures.Figure, later: figures.Figure, preface: str = "",
                    label: str = "", phrase=phrases.REVISED_FROM) -> None:  # fmt: skip
        """The later figure's row, said to revise (or, by `phrase`, to read anew) the earlier
        figure, whose row is cited too."""
        said = self.statement(later.row)
        statement = str(phrase.format(earlier=earlier.text, later=later.text, statement=said))
        # "Was it revised?": yes, first; "Is N still the latest?": the answer found, first.
        answer = phrases.ANSWER_YES if _ASKED_REVISED.search(self.understood.question) else (
            self.affirm if not self.sentences and not preface else "")  # fmt: skip
        if not (answer or self.sentences or preface):
            answer = _then_against_now(self.understood.question, earlier, later)
        if answer:
            said = _continued(statement)
            statement = str(phrases.ANSWER_THEN.format(answer=answer, verdict=said))
        if label:
            statement = str(phrases.ON_TOPIC.format(topic=label, statement=statement))
        rows = [later.row, *([earlier.row] if earlier.row is not later.row else [])]
        self.add(rows, statement, preface)

    def measured(self, topic: Topic) -> frozenset[str]:
        """What the question asks about past its topic: its stems less the topic's names, title
        and terms and the words every question uses ("how many people died": died, people)."""
        return self.said - _curated(topic)

    def figure_kind(self, item: Evidence) -> str | None:
        """What a report's quoted figures are when none is an actual reading (a forecast, an
        earlier or a rejected figure): said before it, so it is never read as the answer."""
        if item.kind != "report":
            return None
        kinds = [f.kind for f in figures.stated(self.best_sentence(item))]
        # The first figure's kind names the sentence: "rejected the 4.2% offer and would strike"
        # reports a rejection before it tells of a plan.
        return None if not kinds or set(kinds) & figures.READINGS else kinds[0]

    def statement(self, item: Evidence) -> str:
        """The engine's clause for one row, in the answering language; quoted words stay in
        theirs (a bracketed numeral in them written so it is not a marker)."""
        return unmarked(self._statement(item))

    def _statement(self, item: Evidence) -> str:
        facts = item.facts
        if item.kind == "reading":
            said = phrases.SAID_ON
            return str(said.format(source=item.source, date=item.date,
                                   words=self.reading_words(item)))  # fmt: skip
        if item.kind == "report":
            words = self.best_sentence(item)
            return str(phrases.REPORTED_ON.format(source=item.source, date=item.date, words=words))
        if item.kind == "price":
            return _price(item)
        if item.kind == "move":
            return str(phrases.PRICE_MOVED.format(
                venue=facts["venue"], question=facts["question"], start=f"{facts['from']:g}",
                end=f"{facts['to']:g}", date=item.date))  # fmt: skip
        if item.kind == "transition":
            return str(phrases.STATE_RECORDED.format(
                field=facts["field"], topic=item.topic_title, start=facts["from"],
                end=facts["to"], date=item.date))  # fmt: skip
        if item.kind == "flip":
            flipped = phrases.SOURCE_FLIPPED
            return str(flipped.format(source=item.source, start=facts["from"], end=facts["to"],
                                      date=item.date))  # fmt: skip
        return str(phrases.ATTENTION_STATE.format(
            topic=item.topic_title, state=facts["state"], wire=facts["wire"]))  # fmt: skip

    def reading_words(self, item: Evidence) -> str:
        """An issuer's words as read, whole; of several sentences, the one that answers the
        question when it is not the first ("For the fourth quarter it expects ..." asked what
        is expected): a page's opening line is no answer to what its last says."""
        observed = item.facts["observed"]
        options = [s.strip() for s in _SENTENCE.split(observed) if s.strip()]
        best = self._best_of(options, item.date) if len(options) > 1 else 0
        return (options[best] if best else observed).rstrip(".")

    def best_sentence(self, item: Evidence) -> str:
        """The sentence of a report that best answers the question, quoted as written (the one
        a dispute gives its figure in, when it is said as a side)."""
        if self.quoted.get(id(item)):
            return self.quoted[id(item)].rstrip(".")
        text = item.facts.get("summary") or item.title
        options = [s.strip() for s in _SENTENCE.split(text) if s.strip()] or [item.title]
        return options[self._best_of(options, item.date, item.others)].rstrip(".")

    def _best_of(self, options: list[str], day: str | None,
                 others: frozenset[str] = frozenset()) -> int:  # fmt: skip
        """The index of the sentence that best answers the question: the most words asked past
        the names, a figure when how much is asked, a date when when is; the first of equals.
        One giving a neighbour's figure (`others`: "Mill 5, which has 410,000 tonnes") never
        answers for the topic."""
        intent = self.understood.intent
        # Every sentence names its topic, and says "the" and "of": neither tells one apart; a
        # setting taken for granted ("Since it is paying $1.85 billion, ...") is not asked.
        asked = self.asked - self.names - STOP_STEMS - self.setting
        periods = {p for p in figures.periods(self.understood.question) if not p.isdigit()}
        # A day the question says ("take effect on 1 December"): the sentence giving a day.
        dated = bool(figures.days_said(self.understood.question))
        scored = []
        for index, sentence in enumerate(options):
            score = len(asked & stem_set(sentence)) - 10 * posing(sentence)
            score -= 10 * any(figure in sentence for figure in others)
            score += 2 * bool(periods & figures.periods(sentence))  # the quarter asked
            score += 2 * (dated and bool(figures.days_said(sentence)))
            if intent == "how-much" and _gives_amount(sentence):
                # A count of the very noun asked ("how many passengers") answers most.
                score += 2 + (0, 4, 5)[_counts_asked(self.counted, sentence)]
            if self.when and _ahead(sentence, day) is not None:
                score += 2  # asked when: the sentence that says a date
            scored.append((-score, index))
        return min(scored)[1]

    def pointed(self, reports: list[Evidence]) -> list[Evidence]:
        """For how much, who and why: the reports whose best sentence means most what was asked
        (a figure first, for how much), ahead of the rest."""
        head = reports[:POINTED_REPORTS]
        sentences = [self.best_sentence(item) for item in head]
        closeness = similarity(self.understood.question, sentences)
        figure = self.understood.intent == "how-much"
        # The words asked past the topic's names that a sentence says ("parking" of "how much
        # does parking cost at <the airport>"), before how near its meaning is.
        said = [len(self.said & stem_set(s)) for s in sentences]
        # Asked what is to come ("how many will it handle"), a forecast answers it.
        ahead = figure and asks_ahead(self.understood.question)
        stated = [figures.stated(s) if figure else [] for s in sentences]
        planned = [ahead and any(f.kind == "forecast" for f in held) for held in stated]
        # The noun counted said first ("how many days": "four days of sea trials"); then an
        # amount.
        amounts = [figure and _gives_amount(s) for s in sentences]
        order = sorted(
            range(len(head)),
            key=lambda i: (
                -(figure and _counts_asked(self.counted, sentences[i])),
                -amounts[i],
                -said[i],
                -planned[i],
                -closeness[i],
                i,
            ),
        )
        if figure and order and not planned[order[0]]:
            order = _newest_actual_first(order, stated, head, said)
        return [head[i] for i in order] + reports[POINTED_REPORTS:]


def _gives_amount(sentence: str) -> bool:
    """Whether a sentence gives an amount; a day of a month ("on 12 November") is none."""
    return bool(figures.AMOUNT.search(figures.DAY_OF_MONTH.sub(" ", sentence)))


def _counts_asked(counted: set[str], sentence: str) -> int:
    """How well a sentence counts the noun asked: 2 when one of its figures counts it, or
    another word of its curated quantity ("18 million passengers" of "how many travellers");
    1 when it only says the word ("the pilots' strike" of "how many pilots"); else 0."""
    if not counted:
        return 0
    measured = figures.measured_in(sentence)
    if counted & measured or figures.curated(counted) & figures.curated(measured):
        return 2
    return int(bool(counted & stem_set(sentence)))


def _curated(topic: Topic) -> frozenset[str]:
    """The stems of a topic's title, names and terms."""
    return frozenset(stem_set(" ".join([topic.title, *topic.names, *topic.terms])))


def _newest_actual_first(order: list[int], stated: list[list], head: list[Evidence],
                         said: list[int]) -> list[int]:  # fmt: skip
    """Of the reports giving an actual figure of a quantity the first one gives (as a forecast,
    an earlier reading or the actual), the newest leads: a later reading answers before an
    earlier one, and an actual before a forecast. A report says as many of the question's words
    as the first (`said`), or it is of another thing counted alike ("17 people were killed" is
    not "how many people are sleeping in shelters")."""
    lead = order[0]
    asked = {f.quantity for f in stated[lead] if f.quantity}
    # Of a quantity named in two words or more ("customer records"), a later count is of it
    # whatever verb its report says it with ("exposed", "affected").
    actual = [
        i
        for i in order
        if any(f.kind in ("actual", "revised") and f.quantity in asked
               and (said[i] >= said[lead] or len(f.quantity) > 1) for f in stated[i])
    ]  # fmt: skip
    if not actual:
        return order
    newest = max(actual, key=lambda i: (head[i].date or "", -order.index(i)))
    return [newest, *(i for i in order if i != newest)]


def asks_yes_or_no(question: str) -> bool:
    """Whether a question asks to be answered yes or no ("Did <body> approve it in March?")."""
    return bool(verdicts.YES_NO.match(question))


def compose(understood: Understanding, layers: list[Layers]) -> Writer:
    writer = Writer(understood)
    if not understood.untracked and _threshold(writer, layers[0]):
        return writer  # a held figure set against one the question states
    alone = len(layers) == 1 or not _asks_of(understood.question, layers[1], layers[0])
    if alone and not understood.untracked and _change_or_plan(writer, layers[0]):
        return writer  # what happened set against its plan, or against a period before
    between = understood.intent == "compare" or verdicts.changed_between(understood.question)
    # "Did its ratio improve in 2026 against 2025?": a state the rows say, answered before the
    # verdict, whose comparative says only which is higher; read once for every path below.
    affirmed = _answered(understood, layers[0])
    writer.affirm = affirmed if between else ""
    if between and _within(writer, layers[0], alone=alone):
        return writer  # two readings of one topic the question tells apart
    if understood.intent == "compare" and alone:
        layers = layers[:1]  # a topic routed for the reports it shares is not the other side
    if understood.intent == "compare" and len(layers) > 1:
        _compare(writer, layers)
        return writer
    premise, holder, first = _premise_of_any(understood, layers)
    others = [lay for lay in layers if lay is not first]  # the premise's topic first
    label = first.topic.title if others else ""
    if premise and holder is None and understood.intent in ("why", "who"):
        # A premise the record does not hold is answered by what the issuer says, first.
        holder = next((r for r in first.readings if not r.posing), None)
    preface = _preface(understood, premise, affirmed)
    # Asked to compare and no verdict found, a state word's yes or no answers nothing asked.
    writer.affirm = "" if preface or understood.intent == "compare" else affirmed
    # A topic answered first only for the premise it holds gives that row, then the one asked.
    support = None if first is layers[0] else 0
    _answer_topic(writer, first, preface=preface, label=label, lead=holder, support=support)
    for other in others:  # a second topic the question also names: answered on its own
        _answer_topic(writer, other, preface="", label=other.topic.title, support=1)
    return writer


def _preface(understood: Understanding, premise: str, affirmed: str) -> str:
    """What is said before the answer: a request set aside, what is untracked (unless the
    premise names it: "Brisklane acquired ..." is said there, once), the premise; a "No" the
    premise gives first ("No, the record does not support ... on 2 November")."""
    named = bool(premise) and all(n in premise for n in understood.untracked)
    untracked = "" if named else _untracked(understood)
    if premise and affirmed == str(phrases.ANSWER_NO):
        premise = str(phrases.ANSWER_THEN.format(answer=affirmed, verdict=_continued(premise)))
    return "; ".join(p for p in (_set_aside(understood), untracked, premise) if p)


def _answered(understood: Understanding, layers: Layers) -> str:
    """ "Yes" or "No" for a yes-or-no question of a state ("Has the strike ended?", "Did the
    group cut its quota?") that the record holds or contradicts, read as the claim the same
    words would take for granted after "why"; "" for any other question."""
    question = understood.question.strip()
    if not verdicts.YES_NO.match(question):
        return ""
    if _ASKED_REVISED.search(question):
        return _revised_or_not(question, layers)
    if _LATEST_ASKED.search(question) and (figures.stated(question) or _count_asked(question)):
        return _latest_or_not(question, layers)  # "Is 37 still ...?": the newest, or nothing
    claim = premises.claim_about(f"Why {question[:1].lower()}{question[1:]}", layers.topic)
    rows = [r.snippet for r in [*layers.readings, *layers.reports] if not r.posing]
    if claim is None or claim.acted or not (claim.family or claim.figures):
        # The topic's curated outcome asked ("Did <the board> consent ...?") and said done.
        done = premises.outcome_done(question, rows, layers.topic.outcome)
        return str(phrases.ANSWER_YES) if done else ""
    found = premises.verdict(claim, rows) if rows else "unsupported"
    # A year or a day says when the state held, not a figure of it ("improve in 2026",
    # "contained on 2 November": held that day, or on another). A figure the rows hold is
    # "yes" while no newer reading of it replaced it ("Did it gross $141.2 million?").
    if premises.amounts(claim) and found != "unsupported":
        # Held and still the newest reading of what is asked: a figure a row once gave ("37
        # birds have died so far") is no "Yes" when the newest cannot be told.
        held = found is None and _latest_or_not(question, layers) == str(phrases.ANSWER_YES)
        return str(phrases.ANSWER_YES if held else phrases.ANSWER_NO) if held or found else ""
    if not premises.dated(claim):
        return ""
    return {None: str(phrases.ANSWER_YES), "contradicted": str(phrases.ANSWER_NO)}.get(found, "")


def _revised_or_not(question: str, layers: Layers) -> str:
    """ "Yes" to "Was it revised?" when a row revises a figure of the topic (a later reading
    replacing an earlier one, or a row saying it revised or restated one); "No" when the
    issuer's own readings are held and none does, or the revision went the other way than the
    question says; "" with neither."""
    rows, held, pairs = _revisions(layers)
    said = _REVISED_WAY.search(question)
    if said and _went_other_way(said, pairs) is not None:
        return str(phrases.ANSWER_NO)
    if _CHANGE_ASKED.search(question):  # a figure read anew at another value changed too
        pairs += [(a, b) for a, b in figures.readings_over_time(held, _curated(layers.topic))
                  if not a.overlaps(b)]  # fmt: skip
    # "has grown to 18,600, up from the 14,300 first reported": the first figure, replaced.
    pairs += [(a, b) for a in held for b in held if a.kind == "earlier" and b.reading
              and a.sentence == b.sentence and a.unit == b.unit
              and _FIRST_GIVEN.search(a.sentence)]  # fmt: skip
    wanted = _asked_measure(question, layers)
    measured = [f for f in held if wanted & f.quantity]
    if measured:  # what is asked is measured: only its own revisions answer ("the list price")
        pairs = [(a, b) for a, b in pairs if wanted & b.quantity]
        rows = [r for r in rows if any(f.row is r for f in measured)]
    if pairs or any(_REVISING.search(row.snippet) for row in rows):
        return str(phrases.ANSWER_YES)
    return str(phrases.ANSWER_NO) if layers.readings or measured else ""


def _asked_measure(question: str, layers: Layers) -> frozenset[str]:
    """What a question asks measured, past the topic's names, the words of asking whether a
    figure changed and those every figure shares: a term of the topic's own stays ("the
    latest prize money")."""
    names = stem_set(" ".join(layers.topic.names))
    asked = stem_set(question) - names - STOP_STEMS - _NEUTRAL - _ASKING_REVISED
    if _HOW_LONG.search(question):  # a duration asked, never a length
        asked -= stem_set("long")
    return figures.quantities(asked)


# "Is €61.5 million still the latest figure?", "Is the current count 587?": a figure asked
# for yes or no against the newest one held.
_LATEST_ASKED = re.compile(r"\b(?:latest|still|current(?:ly)?|now|newest|most recent)\b", re.I)


# A comparative a yes-or-no question asks of the figure now against the first one ("Is its
# current investment bigger than the amount it first announced?").
_MORE = re.compile(r"\b(?:bigger|larger|higher|greater|more)\b", re.IGNORECASE)
_LESS = re.compile(r"\b(?:smaller|lower|less|fewer)\b", re.IGNORECASE)
_FIRST_SAID = re.compile(r"\b(?:first|original(?:ly)?|initial(?:ly)?|earlier|previous(?:ly)?)\b",
                         re.IGNORECASE)  # fmt: skip


def _then_against_now(question: str, earlier: figures.Figure, later: figures.Figure) -> str:
    """ "Yes" or "No" to a yes-or-no question setting the figure now against the one it
    replaced by a comparative; "" for any other question. The side said before the
    comparative is its subject ("Was the first amount bigger than ...": the earlier)."""
    more, less = _MORE.search(question), _LESS.search(question)
    first = _FIRST_SAID.search(question)
    if not verdicts.YES_NO.match(question) or not first or bool(more) == bool(less):
        return ""
    comparative = more or less
    higher = later.low > earlier.high if first.start() > comparative.start() else (
        earlier.low > later.high)  # fmt: skip
    lower = later.high < earlier.low if first.start() > comparative.start() else (
        earlier.high < later.low)  # fmt: skip
    if not (higher or lower):
        return ""
    return str(phrases.ANSWER_YES if higher == bool(more) else phrases.ANSWER_NO)


def _latest_or_not(question: str, layers: Layers) -> str:
    """ "Yes" when the one figure the question states is the newest held of what it asks (in
    its unit), "No" when the newest is another; "" when none is held to set it against."""
    asked = figures.stated(question) or _count_asked(question)
    if len(asked) != 1:
        return ""
    topic = _curated(layers.topic)
    _, held, history = _held(layers)
    wanted = _asked_measure(question, layers)
    # "deliveries" asks what "delivered" counts: one word's forms.
    newest = [f for f in figures.newest([*history, *held], topic) if f.unit == asked[0].unit
              and (any(conflicts.covered(w, f.quantity) for w in wanted)
                   or figures.same_quantity(f, asked[0], topic))]  # fmt: skip
    if not newest and not asked[0].quantity:  # asked by its value alone
        return _latest_of_value(asked[0], [*history, *held], topic)
    if not newest:
        return ""
    return str(phrases.ANSWER_YES if newest[0].overlaps(asked[0]) else phrases.ANSWER_NO)


def _latest_of_value(asked: figures.Stated, held: list[figures.Figure],
                     topic: frozenset[str]) -> str:  # fmt: skip
    """Of a figure asked by its value alone ("Is EUR 480 million still the latest figure?"):
    "Yes" when it is a newest reading in its unit, "No" when it is an older reading of a
    quantity whose newest is another; "" when the rows give it as neither."""
    newest = [f for f in figures.newest(held, topic) if f.unit == asked.unit]
    if any(f.overlaps(asked) for f in newest):
        return str(phrases.ANSWER_YES)
    older = [f for f in held if f.unit == asked.unit and f.overlaps(asked)]
    replaced = any(figures.same_quantity(o, n, topic) for o in older for n in newest)
    return str(phrases.ANSWER_NO) if replaced else ""


def _count_asked(question: str) -> list[figures.Stated]:
    """A bare count the question asks of ("Is the latest count 587?"), never a year."""
    found = [m for m in _BARE_COUNT.finditer(question) if not _YEAR.fullmatch(m.group(0))]
    if len(found) != 1:
        return []
    value = float(found[0].group(0).replace(",", ""))
    return [figures.Stated(frozenset(), value, value, "", "actual", found[0].group(0))]


# A model's number is none ("the TK-9").
_BARE_COUNT = re.compile(
    r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?![\w,])|(?<![\w.,])(?<![^\W\d_][-\u2013])\d+(?![\w.,%])"
)
_YEAR = re.compile(r"(?:19|20)\d\d")


def _held(layers: Layers) -> tuple[list[Evidence], list[figures.Figure], list[figures.Figure]]:
    """The topic's rows that state (no posing), their figures, and the figures of the issuer's
    readings before its latest (`Layers.superseded`)."""
    rows = [r for r in [*layers.readings, *layers.reports] if not r.posing]
    held = [f for row in rows for f in figures.held(row)]
    return rows, held, [f for row in layers.superseded for f in figures.held(row)]


def _revisions(layers: Layers) -> tuple[list[Evidence], list[figures.Figure], list[tuple]]:
    """The topic's rows that state, their figures, and (earlier, later) for each figure one of
    them revises; the issuer's own readings before its latest revise too (a figure it gave
    anew)."""
    rows, held, history = _held(layers)
    pairs = figures.revisions([*history, *held], _curated(layers.topic))
    return rows, held, [(a, b) for a, b in pairs if b in held or b.row in rows]


def _revised_against(question: str, layers: Layers) -> Evidence | None:
    """The row of the topic's newest revision when the question says it went the other way
    ("revise its revenue down" of one revised from $1.42 billion to $1.47 billion); else None."""
    said = _REVISED_WAY.search(question)
    return _went_other_way(said, _revisions(layers)[2]) if said else None


def _went_other_way(said: re.Match, pairs: list[tuple]) -> Evidence | None:
    """The row of the newest revision (an issuer's first) when it went against the way `said`
    ("... down") puts it; else None."""
    if not pairs:
        return None
    earlier, later = max(pairs, key=lambda pair: (pair[1].row.kind == "reading", pair[1].date))
    up = said.group(1).lower().startswith(("up", "high"))
    went_other = later.high < earlier.low if up else later.low > earlier.high
    return later.row if went_other else None


_REVISED_WAY = re.compile(
    r"\brevis\w*(?:\W+[\w-]+){0,8}?\W+(upwards?|up|higher|downwards?|down|lower)\b", re.I
)


_REVISING = re.compile(
    r"\b(?:revis(?:ed|es|ing|ion)|restat(?:ed|es|ing|ement)|postpon\w*|delayed|reschedul\w*)\b",
    re.I,
)
_CHANGE_ASKED = re.compile(r"\bchanged?\b", re.I)
_ASKING_REVISED = stem_set("revised revise revision corrected updated changed latest still figure")
_ANNOUNCED = stem_set("announced announce stated given published")
# An earlier figure said to be the first one given, which a later one in its sentence replaced.
_FIRST_GIVEN = re.compile(
    r"\b(?:first|initial(?:ly)?|original(?:ly)?|provisional(?:ly)?)\s+(?:\w+\s+)?"
    r"(?:reported|estimated|given|announced|stated|published|put|counted|figure|estimate|count)\b",
    re.I,
)


def _asks_of(question: str, layers: Layers, beside: Layers) -> bool:
    """Whether the question names a topic by its own words, past those of the topic `beside` it
    (a second topic routed for their shared reports is not asked about)."""
    own = _curated(layers.topic) - _own_curated(beside.topic) - STOP_STEMS
    return bool(own & stem_set(question))


def _own_curated(topic: Topic) -> frozenset[str]:
    """The stems of a topic's title, its own and its lead's names and its terms: not those of
    the entities it only carries (an airport's topic carrying its airline does not make a
    question naming the airline's own topic a question about the airport)."""
    return frozenset(stem_set(" ".join([topic.title, topic.lead, *topic.own_names, *topic.terms])))


def _answer_topic(writer: Writer, layers: Layers, preface: str, label: str = "",
                  support: int | None = None, lead: Evidence | None = None) -> None:  # fmt: skip
    """The topic's first sentence, then its support. A `lead` (the row that holds the figure a
    premise got wrong) comes first whatever the intent would have put there."""
    intent = writer.understood.intent
    if lead is not None:
        writer.say(lead, preface, label=label)
    else:
        if intent in POINTED:
            layers.reports = writer.pointed(layers.reports)
        if intent == "changed":
            _changes(writer, layers, preface)
        elif not (_dated_led(writer, layers, preface, label)
                  or _disagreement(writer, layers, preface, label)
                  or _change_asked(writer, layers, preface)
                  or _of_period(writer, layers, preface, label)
                  or _revision(writer, layers, preface, label)
                  or _led(writer, layers, preface, label)):  # fmt: skip
            return
    for item in _support(intent, layers)[:support]:
        if item not in writer.pool and _answers_how_much(writer, layers, item):
            writer.say(item)


def _change_asked(writer: Writer, layers: Layers, preface: str) -> bool:
    """ "By how much did it raise the fee?": the verdict between the figure now and the one a
    row gives before it (or the one it revised), then the rows; not under a premise named."""
    question = writer.understood.question
    if writer.understood.intent != "how-much" or preface or not verdicts.CHANGE_ASKED.search(
            question):  # fmt: skip
        return False
    if not (verdicts.against_before(writer, layers) or verdicts.revision(writer, layers)):
        return False
    _verdict_then_rows(writer, layers)
    return True


def _answers_how_much(writer: Writer, layers: Layers, item: Evidence) -> bool:
    """Whether a supporting row belongs in an answer to how many or how much: any row for other
    intents; else an issuer's reading, or a report with a figure of what is asked (an expo's
    visitors are no answer to what a model it names in passing costs)."""
    asked = figures.quantities(_past_names(writer, layers))
    curated = bool(figures.curated(asked))  # "the current price" asks one
    intent = writer.understood.intent
    if item.kind != "report" or not (intent == "how-much" or (curated and intent in FIGURED)):
        return True
    # What the rows already said measure counts as asked: they were chosen as the answer.
    answered = [f for row in writer.pool for f in figures.held(row) if f.reading]
    return any(asked & figures.quantities(f.quantity)
               or any(figures.same_quantity(f, g) for g in answered)
               for f in figures.held(item))  # fmt: skip


def _disagreement(writer: Writer, layers: Layers, preface: str, label: str) -> bool:
    """Rows at odds about what is asked, said first, each side with its source (not when belief
    is asked: the prices lead)."""
    question = writer.understood.question
    if writer.understood.intent in ("attention", "markets") or _ASKED_REVISED.search(question):
        return False  # asked whether it was revised, the revision leads
    asking = conflicts.Asking(
        writer.measured(layers.topic), _curated(layers.topic), writer.said,
        figures.periods(question), frozenset(stem_set(capitalised(layers.topic.names))),
        duration=bool(_HOW_LONG.search(question)), period=layers.topic.period,
        ongoing=layers.topic.ongoing, counted=writer.counted,
    )  # fmt: skip
    found = conflicts.conflict(layers.readings, layers.reports, layers.live, asking,
                               earlier=layers.superseded)  # fmt: skip
    if found is None:
        return False
    if writer.affirm and not stem_set(found.what) & stem_set(question):
        return False  # a yes or no answered: a dispute of something it does not ask is no lead
    # An issuer against a report: the issuer's reading is the record's, the report is said
    # after it; two reports (or two issuers) at odds leave the answer to no side.
    disputed = found.first.kind == "reading" and found.second.kind == "report"
    said = str((phrases.ISSUER_DISPUTED if disputed else phrases.ROWS_DISAGREE).format(
        what=found.what))  # fmt: skip
    if writer.affirm and not preface and not writer.sentences:  # "Is N still the latest?"
        said = str(phrases.ANSWER_THEN.format(answer=writer.affirm, verdict=_continued(said)))
    if preface:  # "...does not support the premise "X"; the issuer's own reading comes first"
        said = f"{preface}; {_continued(said)}"
    writer.say(found.first, said, label=label)
    writer.quoted[id(found.second)] = found.quoted
    writer.say(found.second)
    return True


def _counted_asked(question: str) -> frozenset[str]:
    """The stem of the noun "how many" counts ("workers" of "how many workers went on strike"),
    even a word of a name; none for a noun that counts anything ("people")."""
    found = _HOW.search(question)
    noun = found.group(1).lower() if found and found.group(1).lower() not in STOP else ""
    counted = frozenset(stem_set(noun)) - figures.ANY_COUNT
    plural = noun.endswith("s") or noun in figures.UNCHANGED_PLURALS  # "how many aircraft"
    return counted if noun and plural else frozenset()


def _of_period(writer: Writer, layers: Layers, preface: str, label: str) -> bool:
    """A question of another period than its topic's curated one ("the harvest in 2025" of the
    2026 harvest), or of one period of a topic curated for none ("Q3" of a company whose
    pages give each quarter): the row that gives a figure of that period leads, not the
    newest reading (which leads still when it gives one)."""
    own = layers.topic.period
    asked = _periods_asked(writer, layers)
    question = writer.understood.question
    expecting = asks_ahead(question) or stem_set(question) & _EXPECTING  # a plan's to answer
    if writer.understood.intent in ("markets", "attention") or not asked or expecting:
        return False
    rows = [r for r in [*layers.readings, *layers.reports] if not r.posing]
    said = writer.said - stem_set(" ".join(asked))  # what is asked of the period, not when
    held = {id(r): figures.held(r) for r in rows}
    # A figure revised or read anew since answers no period: the one that replaced it does.
    gone = figures.replaced_ids([f for fs in held.values() for f in fs], _curated(layers.topic))
    # "September 2027" asked: a figure of September 2026 is of another period.
    years = {d.rsplit(" ", 1)[0]: d.rsplit(" ", 1)[1] for d in figures.dated_periods(question)}
    current = {key: [f for f in fs if id(f) not in gone
                     and (not f.year or years.get(f.period, f.year) == f.year)]
               for key, fs in held.items()}  # fmt: skip
    # What is asked measured first, then an issuer's reading before a report, then how well.
    wanted = figures.quantities(said)  # "produce" asks a curated "production"
    scored = [
        (score[0] > 0, r.kind == "reading", score, -i, r)
        for i, r in enumerate(rows)
        if (score := _gives_of(said, wanted, current[id(r)], asked))
    ]
    best = max(scored, key=lambda s: s[:4], default=None)
    if best is None or best[2] == (0, 0) or (not own and best[4] is rows[0]):
        return False  # none gives it, or the newest reading does: what follows leads with it
    writer.say(best[4], preface, label=label)
    return True


def _periods_asked(writer: Writer, layers: Layers) -> frozenset[str]:
    """The periods the question names past its topic's own ("December" of the December 2026
    decision, "2026" of a 2026 topic, say nothing of which figure) and past its scene."""
    own = layers.topic.period
    # A period the scene is set in ("Given that it delivered 87 in 2026, how many in 2025?")
    # is not asked, when the question past it names one.
    question = writer.understood.question
    said = figures.periods(past_setting(question)) or figures.periods(question)
    titled = figures.periods(layers.topic.title)  # "<count>, autumn 2026": its own season
    return frozenset(p for p in said
                     if not (own and (p in own or own in p)) and p not in titled)  # fmt: skip


def _gives_of(said: frozenset[str], wanted: frozenset[str], held: list[figures.Figure],
              asked: frozenset[str]) -> tuple[int, int]:  # fmt: skip
    """How well a row's figures (`held`) give one of a period asked, of what the question asks:
    the quantities asked (`wanted`) that the figure measures, then the words asked (`said`)
    that its sentence says; (0, 0) for none."""
    return max(((len(wanted & figures.quantities(f.quantity)), len(said & stem_set(f.sentence)))
                for f in held if f.reading and any(figures.of_period(f, p) for p in asked)),
               default=(0, 0))  # fmt: skip


def _revision(writer: Writer, layers: Layers, preface: str, label: str) -> bool:
    """The newest reading of what is asked first, said to revise the earlier one it replaced
    ("Revised from 3.4% to 3.6%"): a revision, never a disagreement."""
    if writer.understood.intent not in REVISABLE:
        return False
    found = _revised(writer, layers)
    if found is None:
        return False
    gap = _missing_figure(writer.understood, layers)
    earlier, later, phrase = found
    preface = "; ".join(p for p in (preface, gap) if p)
    writer.say_revised(earlier, later, preface, label=label, phrase=phrase)
    return True


def _revised(writer: Writer, layers: Layers):
    """(earlier, later, phrase) when the newest reading of a quantity the question asks about
    replaces an earlier one the rows hold, by a revision or as a newer reading of a count
    (`figures.updates`); the later is that newest reading (an issuer's first)."""
    # Asked whether it was revised, the issuer's own readings before its latest count too.
    history = layers.superseded if _ASKED_REVISED.search(writer.understood.question) else []
    held = [f for row in [*layers.readings, *history, *layers.reports] if not row.posing
            for f in figures.held(row)]  # fmt: skip
    topic = _curated(layers.topic)
    newest = figures.newest(held, topic)
    replaced = [(pair, phrases.REVISED_FROM) for pair in figures.revisions(held, topic)]
    # Of a count read several times, the reading just before the newest is the one said.
    over_time = sorted(figures.readings_over_time(held, topic), key=lambda p: p[0].date)
    replaced += [(pair, phrases.NEWER_READING) for pair in reversed(over_time)]
    # "sold" asks of "sales"; a curated alias's words ("housing starts") ask what it measures.
    asked = figures.curated(writer.asked - STOP_STEMS)
    said = figures.quantities(writer.said) | asked
    periods = _periods_asked(writer, layers)
    for (earlier, later), phrase in replaced:
        if not said & later.quantity:
            continue  # a provision "as redundancy costs rose" is not the redundancy pay asked
        if _of_another_quantity(writer, (earlier, later), _curated(layers.topic), asked, held):
            continue
        if periods and later.period and not any(figures.of_period(later, p) for p in periods):
            continue  # the third quarter revised is no answer about the second
        if said & earlier.quantity - figures.words_of(later):
            continue  # "tickets on offer" is no newer reading of the "ticket sales" asked
        own = layers.topic.period
        lead = next((f for f in newest if f.unit == later.unit and f.period == later.period
                     and figures.same_quantity(f, later, topic)), None)  # fmt: skip
        if lead and (lead.low, lead.high, lead.date) == (later.low, later.high, later.date):
            return earlier, _issuers(lead, newest, topic, own), phrase
    return None


def _of_another_quantity(writer: Writer, pair: tuple, own: frozenset[str],
                         asked: frozenset[str], held: list) -> bool:  # fmt: skip
    """Whether a revised pair measures another quantity than the one asked: none of the curated
    quantities asked ("the damage estimate" of a topic whose relief fund was raised), or, none
    asked, nothing the question says past the topic's own words that another held figure
    measures ("how many homes did the <place> landslide bury" of "the <place> landslide
    recovery fund", when a row says it "buried 140 homes")."""
    measured = pair[0].quantity | pair[1].quantity
    if asked:
        return not asked & measured
    more = figures.quantities(writer.said - own - _NEUTRAL)
    elsewhere = {w for f in held if f not in pair for w in f.quantity}
    return bool(more & elsewhere) and not more & measured


def _issuers(figure: figures.Figure, newest: list[figures.Figure],
             topic: frozenset[str], own: str = "") -> figures.Figure:  # fmt: skip
    """The issuer's reading of the same value, when a report repeats it (a day later): the
    record's own figure leads its echo. The topic's own period (`own`: "2026" of its 2026 rule)
    is no other period than none."""
    periods = {figure.period, own, ""} if figure.period in (own, "") else {figure.period}
    return next((f for f in newest if f.row.kind == "reading" and f.unit == figure.unit
                 and (f.low, f.high) == (figure.low, figure.high) and f.period in periods
                 and figures.same_quantity(f, figure, topic)), figure)  # fmt: skip


def _led(writer: Writer, layers: Layers, preface: str, label: str) -> bool:
    intent = writer.understood.intent
    lead = _market_asked(writer, layers) if intent == "markets" else None
    lead = _odds_moved(writer, layers, lead) if intent == "markets" else lead
    lead = lead or (_planned_figure(writer, layers) if intent == "how-much" else None)
    lead = lead or (_issuer_figure(writer, layers) if intent == "how-much" else None)
    lead = lead or _answering(writer, _lead(intent, layers), layers)
    if lead is None:
        return False
    gap = _missing_figure(writer.understood, layers)
    writer.say(lead, "; ".join(p for p in (preface, gap) if p), label=label)
    return True


_EXPECTING = figures.FORECAST_STEMS | figures.PLAN_STEMS


def _past_names(writer: Writer, layers: Layers) -> frozenset[str]:
    """What the question says past the topic's names (whose) and neutral words: its title's and
    terms' words kept, for they may ask which figure ("how many exhibitors")."""
    return writer.said - stem_set(" ".join(layers.topic.names)) - _NEUTRAL


def _planned_figure(writer: Writer, layers: Layers) -> Evidence | None:
    """Asked what is expected ("how many completions does it now expect for next year"), the
    row that gives a forecast or plan of what is asked, the issuer's first: what was done
    answers no question of what is expected."""
    question = writer.understood.question
    if not (asks_ahead(question) or stem_set(question) & _EXPECTING):
        return None
    asked = figures.quantities(_past_names(writer, layers))
    for row in [*layers.readings, *layers.reports]:
        if any(f.kind == "forecast" and asked & figures.quantities(f.quantity)
               for f in figures.held(row)):  # fmt: skip
            return row
    return None


def _issuer_figure(writer: Writer, layers: Layers) -> Evidence | None:
    """Asked how many or how much, the issuer's reading that gives a figure standing with the
    words asked past the topic's own ("2,900 workers took part" of "how many workers took
    part"): the record's figure leads a report that gives another ("about 3,400 members")."""
    asked = writer.said - _curated(layers.topic) - _NEUTRAL
    found = _reading_with(layers.readings, asked, True)
    # A report gives what is asked past the topic's own ("cutting 260 posts"), in a figure no
    # later reading replaces (a count to October is no answer beside the issuer's November).
    held = [f for row in [*layers.readings, *layers.reports] for f in figures.held(row)]
    current = figures.newest(held, _curated(layers.topic))
    if found or (asked and any(f.row.kind == "report" and _stands_with(f, asked, True)
                               for f in current)):  # fmt: skip
        return found
    # A word of the topic's own terms asked is still what is measured ("how many exhibitors"
    # of a fair curated with "exhibitors"): the reading whose figure measures it, past names.
    found = _reading_with(layers.readings, _past_names(writer, layers), False)
    # Asked in words of its own that no row's figure stands with ("allowed to send abroad" of
    # an export quota), the issuer's reading of what the topic itself measures is the answer.
    own = stem_set(" ".join(layers.topic.terms)) - STOP_STEMS
    return found or _reading_with(layers.readings, frozenset(own), False)


def _reading_with(rows: list[Evidence], asked: frozenset[str], said: bool) -> Evidence | None:
    """The first row with a reading that stands with the words asked (`_stands_with`)."""
    for row in rows if asked else ():
        if any(f.reading and _stands_with(f, asked, said) for f in figures.held(row)):
            return row
    return None


def _stands_with(figure: figures.Figure, asked: frozenset[str], said: bool) -> bool:
    """Whether a figure measures what is asked ("cost" asks a curated price), or (`said`: words
    past the topic's own) its sentence says it."""
    if figures.quantities(asked) & figures.quantities(figure.quantity):
        return True
    return said and bool(asked & stem_set(figure.sentence))


def _market_asked(writer: Writer, layers: Layers) -> Evidence | None:
    """The market question the question asks about ("a hold at 6.75%", live or a historical
    capture), when its words single one out; else None (the live one leads)."""
    prices = [*layers.live, *layers.historical]
    scored = [(len(writer.asked & stem_set(p.facts["question"])), -i, p)
              for i, p in enumerate(prices)]  # fmt: skip
    best = max(scored, default=None, key=lambda row: row[:2])
    return best[2] if best and best[0] > 0 else None


_MOVING = re.compile(
    r"\b(?:move[sd]?|moving|shift(?:ed|s)?|swung|swing|chang(?:e|ed|es|ing)|trend(?:ed)?|"
    r"evolv(?:e|ed)|drift(?:ed)?|went|gone|go)\b",
    re.IGNORECASE,
)


def _odds_moved(writer: Writer, layers: Layers, asked: Evidence | None) -> Evidence | None:
    """How the odds moved, when that is the question: the move of the question asked about (or
    the first held), from the held prices."""
    if not _MOVING.search(writer.understood.question):
        return asked
    moves = [r for r in layers.changes if r.kind == "move"]
    if asked is not None:
        moves = [m for m in moves if m.facts["question"] == asked.facts["question"]] or moves
    return moves[-1] if moves else asked


def _answering(writer: Writer, lead: Evidence | None, layers: Layers) -> Evidence | None:
    """The lead when it says what is asked past the topic's own words; else a report that
    does: an issuer's reading of something else ("members walked out") does not answer "what
    pay rise is the union asking for" where a report of the pay claim does."""
    term = _term_measured(writer, layers)
    if lead is not None and term is not None and not _measures(lead, term):
        rows = [*layers.readings, *layers.reports]  # an issuer's reading of it first
        return next((r for r in rows if not r.posing and _measures(r, term)), lead)
    # A curated quantity asked ("attendance") that the lead measures not, and a row does
    # ("drew 412,000 spectators"): the curator's word for the measure says which row answers.
    wanted = {t for t in _asked_measure(writer.understood.question, layers) if t[:1] == "="}
    if lead is not None and wanted and not _measures_one(lead, wanted):
        rows = [*layers.readings, *layers.reports]
        lead = next((r for r in rows if not r.posing and _measures_one(r, wanted)), lead)
    # "The latest figure" asks it all; words of the topic's own terms ("his contract") ask them.
    # Asked whether it was revised, the words of asking ("changed the announced value") choose
    # no row: the issuer's reading answers.
    asked = writer.said - _curated(layers.topic) - _NEUTRAL
    if _ASKED_REVISED.search(writer.understood.question):
        asked -= _ASKING_REVISED | _ANNOUNCED
    asked = asked or _past_names(writer, layers)
    if lead is None or not asked:
        return lead

    def says(row: Evidence) -> int:
        return len(asked & stem_set(row.text))

    if says(lead):
        return lead
    # A row of something else (a player's goals, asked his contract): the row that says the
    # most of what is asked, an issuer's reading before a report.
    said = [r for r in [*layers.readings, *layers.reports] if not r.posing and says(r)]
    return max(said, key=lambda r: (says(r), r.kind == "reading"), default=lead)


def _term_measured(writer: Writer, layers: Layers) -> frozenset[str] | None:
    """The stems of the topic's own term the question says that some row's figure measures
    ("the car loan rate" of a fuel price release that reports one): what is asked, though it
    is the topic's own word; None when it says none."""
    question, title = writer.understood.question, stems(layers.topic.title)
    for term in sorted(layers.topic.terms, key=len, reverse=True):
        # The topic's own subject ("bridge repair" of the Orlen bridge repair) asks it all.
        if len(words(term)) > 1 and not stems(term) <= title and phrase_said(question, term):
            return frozenset(stems(term))
    return None


def _measures(row: Evidence, term: frozenset[str]) -> bool:
    return any(term <= f.quantity for f in figures.held(row))


def _measures_one(row: Evidence, tokens: set[str]) -> bool:
    return any(tokens & f.quantity for f in figures.held(row))


# What a question asks the time of, and a row's sentence says: a start, an end, a plan ahead.
_STARTING = stem_set(
    "start starts started begin begins began begun open opens opened launch launched commence "
    "commenced introduce introduced effect"
)
_ENDING = stem_set(
    "end ends ended finish finished close closes closed stop stopped conclude concluded expire "
    "expired lift lifted"
)


def _dated_led(writer: Writer, layers: Layers, preface: str, label: str) -> bool:
    """Asked when, the row that says the date leads, before any figure's dispute or revision
    (`_dated`); False when none says one."""
    lead = _dated(writer, layers)
    if lead is not None:
        writer.say(lead, preface, label=label)
    return lead is not None


def _dated(writer: Writer, layers: Layers) -> Evidence | None:
    """For a question that asks when, the row whose sentence says a date of what is asked: a
    start or an end when one is asked ("began on 3 November"), a date ahead of the row when a
    plan is ("a second strike for 12 December"), then the words it shares with the question;
    None when no row says a date."""
    if not writer.when:
        return None
    asked, ranked = writer.asked, []
    asked_ahead = asks_ahead(writer.understood.question)
    rows = [r for r in [*layers.readings, *layers.reports] if not r.posing]
    for i, row in enumerate(rows):
        sentence = writer.best_sentence(row) if row.kind == "report" else row.text
        ahead = _ahead(sentence, row.date)
        if ahead is None:
            continue
        said = stem_set(sentence)
        aspect = sum(bool(asked & w and said & w) for w in (_STARTING, _ENDING))
        aspect += ahead == asked_ahead
        # A day said ("disclosed on 22 September") before a time said loosely ("last month").
        exact = bool(figures.days_said(sentence))
        ranked.append((aspect, exact, len(writer.said & said), -i, row))
    best = max(ranked, key=lambda r: r[:4], default=None)
    return best[4] if best else None


@functools.lru_cache(maxsize=4096)
def _ahead(sentence: str, day: str | None) -> bool | None:
    """Whether the first date a row's sentence says is after the row's own day; None when it
    says none. Kept per sentence: reading dates costs what a parser costs, and an answer
    weighs each sentence more than once."""
    if not day:
        return None
    window = time_window(sentence, now=datetime.fromisoformat(day), events=True)
    return None if window is None else window.start > date.fromisoformat(day)


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
        if isinstance(found, list):
            found = next((row for row in found if not row.posing), None)
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
        # What moved in the world first (issuer flips, prices), then the newest reporting, and
        # the service's own recorded states last: they measure attention, not the event.
        moved = [c for c in layers.changes if c.kind != "transition"]
        ordered = [*moved, *layers.reports[:1], *(c for c in layers.changes if c not in moved)]
        for item in ordered[:4]:
            writer.say(item, preface)
            preface = ""
        return
    span = (
        phrases.SPAN_IN_WINDOW.format(window=window.describe())
        if window
        else phrases.SPAN_LAST_7_DAYS
    )
    nothing = str(phrases.NO_CHANGE_IN_SPAN.format(topic=layers.topic.title, span=span))
    lead = (layers.reports or layers.readings or [None])[0]
    if lead is not None:
        writer.say(lead, "; ".join(p for p in (preface, nothing) if p))


def _compare(writer: Writer, layers: list[Layers]) -> None:
    """A verdict from the figures when both sides hold a comparable one, then each side's own
    leading rows, each with its own citations."""
    sides = [(lay, _lead("compare", lay)) for lay in layers]
    sides = [(lay, lead) for lay, lead in sides if lead is not None]
    if not sides:
        return
    verdict = len(sides) > 1 and verdicts.verdict(writer, [lay for lay, _ in sides])
    # The first topic alone holds both figures the question tells apart; two topics asked are
    # never answered by two figures of one of them.
    if not verdict and _within(writer, layers[0], alone=len(sides) < 2):
        return
    preface = "" if verdict else str(phrases.COMPARE_NO_VERDICT.format(
        first=sides[0][0].topic.title, second=sides[-1][0].topic.title))  # fmt: skip
    said = set()
    for index, (lay, lead) in enumerate(sides):
        writer.say(lead, preface if index == 0 else "", label=lay.topic.title)
        said.add(id(lead))
        for item in lay.readings[:1] + lay.reports[:1]:
            if id(item) not in said:
                writer.say(item)
                said.add(id(item))


def _within(writer: Writer, layers: Layers, alone: bool = True) -> bool:
    """Two readings of one topic: of one indicator for the two periods the question names, or
    (the topic asked `alone`) two figures its parts tell apart by their words; the verdict,
    then the rows it cites in their own words, then the topic's support."""
    if not (verdicts.within(writer, layers) or verdicts.against_before(writer, layers)
            or (alone and (verdicts.parties(writer, layers)
                           or verdicts.apart(writer, layers)))):  # fmt: skip
        return False
    _verdict_then_rows(writer, layers)
    return True


def _verdict_then_rows(writer: Writer, layers: Layers) -> None:
    """After a verdict within one topic: a premise the question states beside it named first
    ("why did it beat its forecast of 400,000?", "after handling 5.1 million passengers, how
    did it compare?"), or one the verdict contradicts; the rows it cites in their own words,
    then the topic's support."""
    premise, _ = _premise(writer.understood, layers)
    if premise:
        _said_before_verdict(writer, premise)
    _compared_premise(writer)
    for item in list(writer.pool):
        writer.say(item)
    for item in _support("compare", layers)[:1]:
        if item not in writer.pool:
            writer.say(item)


def _change_or_plan(writer: Writer, layers: Layers) -> bool:
    """The verdict between an actual figure and its plan ("did it beat its forecast"), a revised
    figure and the one it replaced, or the newest reading and the one of a period a change is
    asked since; then the rows."""
    # A revision first: "the new target larger than the original" sets a plan against the
    # one it replaced, not what was done against a plan.
    if not (verdicts.revision(writer, layers) or verdicts.against_plan(writer, layers)
            or verdicts.since(writer, layers)
            or verdicts.against_before(writer, layers)):  # fmt: skip
        return False
    _verdict_then_rows(writer, layers)
    return True


def _threshold(writer: Writer, layers: Layers) -> bool:
    """The verdict against the figure the question states, then the topic's support."""
    if not verdicts.threshold(writer, layers):
        return False
    for item in _support("compare", layers)[:1]:
        if item not in writer.pool:
            writer.say(item)
    return True


def _compared_premise(writer: Writer) -> None:
    """A statement put to be confirmed that one figure is the higher ("X carried fewer in the
    third quarter than in the second, right?"), which the verdict finds the other way round:
    named first."""
    claim = premises.tagged(writer.understood.question)
    if not claim or writer.compared is None:
        return
    a, b = writer.compared
    lower = bool(verdicts.SAID_LOWER.search(claim))
    higher = bool(verdicts.SAID_HIGHER.search(claim))
    if a.overlaps(b) or lower == higher or (a.low > b.high) == higher:
        return
    _said_before_verdict(writer, str(phrases.PREMISE_CONTRADICTED.format(premise=claim)))


def _said_before_verdict(writer: Writer, said: str) -> None:
    """`said` (a premise named) opens the verdict's sentence, before what opens it already."""
    verdict = writer.sentences[0]
    writer.sentences[0] = Sentence(verdict.body, "; ".join(p for p in (said, verdict.preface) if p))


def _set_aside(understood: Understanding) -> str:
    """A request the service does not serve, asked beside a question of fact: said first."""
    return str(phrases.SCOPE[understood.scope]).rstrip(".") if understood.scope else ""


def _untracked(understood: Understanding) -> str:
    """What the question names that the registry does not track, said before anything is
    answered: an answer never leaves that to its `unknowns`."""
    return "; ".join(
        str(phrases.UNTRACKED_NAME.format(name=name)).rstrip(".") for name in understood.untracked
    )


def _premise(understood: Understanding, layers: Layers) -> tuple[str, Evidence | None]:
    """Named first when the record contradicts or does not hold what the question takes for
    granted (`answers.ground.premises`), with the row that gives the figure it claimed
    otherwise, when it claimed one (what the record holds instead)."""
    topic = layers.topic
    rows = [*layers.readings, *layers.reports, *layers.changes]
    unplaced = understood.unplaced if topic.pk == understood.topics[0].topic.pk else ""
    if unplaced and not _placed_in(unplaced, rows, topic):
        return _unplaced_premise(understood, topic, unplaced), None
    former = former_said(understood.question)
    if former and not former_held(former[1], topic):
        return _former_premise(former[0], topic), None
    # A month a market priced in or reporting ran in is when, not what the topic is of.
    timed = understood.intent in ("compare", "markets", "attention", "changed")
    month = "" if timed else premises.other_month(understood.question, topic)
    month = month or premises.other_day(understood.question, [r.snippet for r in rows])
    if month:
        return str(phrases.PREMISE_UNSUPPORTED.format(premise=month)), None
    against = _revised_against(understood.question, layers)
    if against is not None:
        said = _REVISED_WAY.search(understood.question).group(0)
        return str(phrases.PREMISE_CONTRADICTED.format(premise=said)), against
    claim = premises.claim_about(understood.question, topic)
    if claim is None or _when_of_its_course(understood.question, claim):
        return "", None
    if understood.intent == "compare" and claim.verb in premises.POSITIONS:
        return "", None  # "how far is A below B": the verdict says which is below
    rows = [*rows, *filter(None, [layers.attention])]
    said = _claim_premise(claim, rows, topic)
    fixed = premises.claim_about(understood.corrected, topic) if said[0] else None
    if fixed is not None and fixed.words != claim.words:
        # A misspelt name ("the <Festval> held") is the name its rows say held.
        return said if _claim_premise(fixed, rows, topic)[0] else ("", None)
    return said


def _premise_of_any(understood: Understanding, layers: list[Layers]):
    """`_premise` of the topic the question's claim names (the first, unless the claim says
    another asked topic's name), and that topic; where its rows neither hold nor contradict
    it, another topic the question names that holds what it takes for granted ("with payrolls
    up 250,000, will the bank cut?": the jobs release's payrolls, not the bank's): then that
    topic's rows say whether it holds, which row holds what instead, and it is answered first."""
    named = [lay for lay in layers if _claim_names(understood.question, lay.topic)]
    ordered = [*named, *(lay for lay in layers if lay not in named)]
    first = _premise(understood, ordered[0])
    if first[1] is not None:
        return *first, ordered[0]
    for other in ordered[1:]:
        said = _premise(understood, other)
        if said[1] is not None:
            return *said, other
        if first[0] and not said[0] and premises.claim_about(understood.question, other.topic):
            return "", None, layers[0]  # held there
    return (*first, ordered[0]) if first[0] else ("", None, layers[0])


def _claim_names(question: str, topic: Topic) -> bool:
    """Whether what the question takes for granted says one of the topic's names."""
    claim = premises.claim_about(question, topic)
    said = f" {' '.join(words(claim.words))} " if claim else ""
    names = {" ".join(words(n)) for n in (topic.title, *topic.names, *topic.own_names)} - {""}
    return any(f" {name} " in said for name in names)


def _when_of_its_course(question: str, claim: premises.Claim) -> bool:
    """Whether a question asks when the topic began or ended ("When did the walkout begin?"):
    its start or end is what is asked, in whatever verb its rows say it, not a premise."""
    return (
        asks_when(question)
        and not claim.figures
        and bool(stem_set(claim.verb) & (_STARTING | _ENDING))
    )


def _claim_premise(claim: premises.Claim, rows: list[Evidence],
                   topic: Topic) -> tuple[str, Evidence | None]:  # fmt: skip
    """What the question takes for granted, named when the rows contradict it or hold it only
    of another speaker or month, with the row that says what they hold instead."""
    snippets = [r.snippet for r in rows]
    turned = premises.other_way(claim, snippets)
    if turned is not None:  # "post a loss" where the rows give its net income
        index, quantity, figure = turned
        return str(phrases.PREMISE_HOLDS.format(premise=claim.words, quantity=quantity,
                                                figure=figure)), rows[index]  # fmt: skip
    found = premises.verdict(claim, snippets)
    if found is None:
        # Held as said, but perhaps of another speaker, or in another month, than it says.
        other = premises.misattributed(claim.words, rows)
        if other is not None:
            return str(phrases.PREMISE_CONTRADICTED.format(premise=claim.words)), rows[other]
        stating = premises.unheld_month(claim, rows)
        if stating is None and topic.outcome:  # its outcome taken as done, still to come
            stating = premises.outcome_undone(claim, snippets, topic.outcome)
        if stating is not None:
            return str(phrases.PREMISE_UNSUPPORTED.format(premise=claim.words)), rows[stating]
        instead = _other_outcome(claim, rows, topic)
        if instead is None:
            return "", None
        return str(PREMISE_SAID["contradicted"].format(premise=claim.words)), instead
    holder = premises.holding(claim, snippets)
    row = None if holder is None or rows[holder].posing else rows[holder]
    if row is not None and premises.figures_held(claim, snippets):
        return str(PREMISE_SAID[found].format(premise=claim.words)), row  # its state is wrong
    instead = premises.held_instead(claim, row.snippet) if row is not None else None
    if instead is None and claim.figures:
        # The row stating the other way gives no reading of the figure claimed (a proposal
        # "welcomed" as higher): the first row that does, the issuer's first.
        row, instead = _figure_held(claim, rows) or (row, None)
    if instead is not None:  # what the record holds, in its own words, before its row
        return str(phrases.PREMISE_HOLDS.format(premise=claim.words, quantity=instead[0],
                                                figure=instead[1])), row  # fmt: skip
    return str(PREMISE_SAID[found].format(premise=claim.words)), row


def _figure_held(claim: premises.Claim, rows: list[Evidence]):
    """(row, what it holds) for the first row giving a reading of what a claimed figure measures
    (`premises.held_instead`), or None."""
    for row in rows:
        instead = None if row.posing else premises.held_instead(claim, row.snippet)
        if instead is not None:
            return row, instead
    return None


def _other_outcome(claim: premises.Claim, rows: list[Evidence], topic: Topic) -> Evidence | None:
    """The first row stating the topic's curated outcome as done, when the question claims
    another outcome of it that no row states ("revoke" of a certificate the council suspended):
    the outcome the record holds instead; else None."""
    own = conflicts.outcome_family(topic.outcome) if topic.outcome else None
    verb = stem(claim.verb)
    # A figure claimed ("exposed 2.3 million records") is held to the figure, not the outcome.
    if own is None or claim.figures or {verb, premises.family_of(claim.verb)} & {own, stem(own)}:
        return None
    stating = [r for r in rows if r.kind in ("reading", "report") and not r.posing]
    if any(verb in stem_set(row.text) for row in stating):
        return None  # the record says the claimed deed too
    return next((r for r in stating if own in conflicts.stated_outcomes(r.text, topic.outcome)),
                None)  # fmt: skip


# A name the premise opens on ("Calder Drug Authority decide"), never a place after "in".
_BODY_NAMED = re.compile(r"^(?:the\s+)?((?:[A-Z][\w'\u2019-]*)(?:\s+[A-Z][\w'\u2019-]*)*)")


def _unplaced_premise(understood: Understanding, topic: Topic, unplaced: str) -> str:
    """A place, cause or party the rows never give, named first; a body named as the one that
    did it or owns it, of a topic curated with its own organisation, with that organisation
    ("<another regulator> decide on <the drug>": the registry tracks <the regulator>'s)."""
    premise = _as_claimed(understood, topic, unplaced)
    body = _BODY_NAMED.match(unplaced)
    said = set(words(body.group(1))) if body else set()
    built = vocabulary.built()
    place = built is not None and said <= built.place_words  # "the <Country>n <lead>"
    if not (said and topic.organisation) or place or said <= set(words(topic.organisation)):
        return str(phrases.PREMISE_UNSUPPORTED.format(premise=premise))
    held = phrases.ORGANISATION_HELD.format(topic=topic.title, organisation=topic.organisation)
    # Said as its owner ("<another company>'s <trial>"), the body is contradicted by the one
    # held; said doing something ("<a carrier> sold"), it is only not supported.
    owner = unplaced.rstrip().endswith(("'", "'s", "\u2019", "\u2019s"))
    said = phrases.PREMISE_CONTRADICTED if owner else phrases.PREMISE_UNSUPPORTED
    return f"{said.format(premise=premise)}: {held}"


def _as_claimed(understood: Understanding, topic: Topic, said: str) -> str:
    """A wrong party or place as the question puts it: with the deed it is said to have done
    ("Pellucid Games buy Quillbright Studios"), when the question claims one of it, else with
    what it is joined to (`_as_asked`)."""
    claim = premises.claim_about(understood.question, topic)
    if claim is not None and claim.words.startswith(said.rstrip("'\u2019s")):
        return claim.words
    return _as_asked(understood.question, said)


# The words that join a party to what it is said to be party to ("its merger with <name>").
_JOINED = re.compile(r"(?:\b[\w'\u2019]+\s+){0,2}\b(?:with|by|to|from|for|against)\s+$", re.I)


_OWNED = re.compile(r"(?:\s+[A-Z][\w'\u2019-]*)*\s+[a-z]+")


def _as_asked(question: str, said: str) -> str:
    """A premise's words as the question puts them: a party with what it is joined to ("its
    merger with <name>"), not its name alone."""
    at = question.find(said)
    if at < 0:
        return said
    joined = _JOINED.search(question[:at])
    # A possessive goes on to what it owns ("Oshra Refineries' Halloway refinery").
    owner = said.endswith(("'", "\u2019", "'s", "\u2019s"))
    owned = _OWNED.match(question, at + len(said)) if owner else None
    # The party made the question's subject goes on to its deed ("did the <bank> approve").
    asked_of = _ASKED_OF.search(question[:at])
    done = asked_of and (_DONE_WHOLE.match(question, at + len(said))
                         or _DONE_BY.match(question, at + len(said)))  # fmt: skip
    owned = owned or done
    start, end = joined.start() if joined else at, owned.end() if owned else at + len(said)
    return question[start:end]


_ASKED_OF = re.compile(r"\b(?:did|does|do|has|have|had|will|would)\s+(?:the\s+)?$", re.I)
# The word after the party when it is a verb, not a noun before a name ("the <adjective>
# carmaker <Name>"): no capitalised word follows it.
_DONE_BY = re.compile(r"\s+[a-z]+(?=\s+[a-z]|\s*[?.,;]|$)")
# ... with what it did it to, when the clause ends within a few words ("agree to pay for <the
# tracked target>?").
_DONE_WHOLE = re.compile(r"\s+[a-z]+(?:\s+[^\s?.,;]+){1,6}(?=\s*[?.,;]|$)")


_CAPITALISED = re.compile(r"\b[A-Z][\w'-]*")


def _placed_in(place: str, rows: list[Evidence], topic: Topic) -> bool:
    """Whether a row says the place a question sets the topic in (`_said_in`), in a sentence
    that names the topic too, when the place is a name: a row about another thing there ("19
    miners died in the <pit> collapse in <the province>") does not place this topic there."""
    if not rows or not all(w[:1].isupper() for w in place.split()):
        return _said_in(place, rows)
    names = " ".join((topic.title, *topic.own_names))  # its own, not a party it shares
    own = {w.lower() for w in _CAPITALISED.findall(names)} - set(words(place))
    sentences = [s for r in rows for s in _SENTENCE.split(r.snippet)]
    return any(_said_in(place, [replace(rows[0], snippet=s)]) and own & set(words(s))
               for s in sentences)  # fmt: skip


def _said_in(premise: str, rows: list[Evidence]) -> bool:
    """Whether a row says what a premise names, as written or in another phrase of its curated
    theme ("job losses" of rows that say "job cuts")."""
    text = " ".join(r.snippet for r in rows)
    if premise.lower().rstrip("'\u2019") in text.lower():
        return True
    # A name is said as written: "Oshra Refineries" is not said by rows of "a refinery".
    named = all(w[:1].isupper() for w in premise.split())
    return not named and bool(families_in(premise).keys() & families_in(text).keys())


def _former_premise(claim: str, topic: Topic) -> str:
    """A former name the question gives its topic that the curated ones are not: contradicted
    with what it was called, or unsupported when the registry holds none."""
    if not topic.former_names:
        return str(phrases.PREMISE_UNSUPPORTED.format(premise=claim))
    held = phrases.FORMER_NAMES_HELD.format(topic=topic.title, names=", ".join(topic.former_names))
    return f"{phrases.PREMISE_CONTRADICTED.format(premise=claim)}: {held}"


PREMISE_SAID = {"contradicted": phrases.PREMISE_CONTRADICTED,
                "unsupported": phrases.PREMISE_UNSUPPORTED}  # fmt: skip


def _missing_figure(understood: Understanding, layers: Layers) -> str:
    """Said only when no row gives a figure beside the thing counted, or beside what the
    question says of it ("how many people were evacuated": "2,300 villagers were evacuated")."""
    noun, target = figure_asked(understood, layers.topic)
    if not noun:
        return ""
    rows = [*layers.reports, *layers.readings]
    want = stem_set(noun) | (stem_set(target) if target else set())
    # "travellers" of rows that say "passengers": one curated quantity, in its other word.
    curated = figures.curated(stem_set(noun))
    topic = layers.topic
    said = stems(understood.corrected) - META - stem_set(noun) - stem_set(target or "")
    said -= stem_set(" ".join([topic.title, *topic.names, *topic.terms]))
    for row in rows:
        for sentence in _SENTENCE.split(row.snippet):
            if not figures.AMOUNT.search(sentence):
                continue
            if want <= stem_set(row.snippet) or _counts_people(noun, sentence):
                return ""
            if curated & figures.curated(stem_set(sentence), doers=True):
                return ""
            if said & stem_set(sentence) and not _counts_another(noun, sentence):
                return ""
    return str(phrases.NO_FIGURES.format(noun=noun, target=target or layers.topic.title))


def _counts_people(noun: str, sentence: str) -> bool:
    """Whether a noun that counts anyone ("how many people came") is answered by a count of a
    quantity curators keep ("drew 184,000 visitors": attendance), or one that asks any sum
    ("how much money") by a sum in a currency, whatever it pays for."""
    asked = stem_set(noun)
    if asked <= figures.ANY_SUM:
        return any(f.unit in figures.CURRENCY_UNITS for f in figures.stated(sentence))
    return asked <= figures.ANY_COUNT and any(
        not f.unit and figures.curated(f.quantity) for f in figures.stated(sentence)
    )


def _counts_another(noun: str, sentence: str) -> bool:
    """Whether every count the sentence gives is of another thing than the noun asked ("12.4
    million smartphones" asked how many tablets), by their words and curated quantities."""
    asked = figures.quantities(stem_set(noun))
    counts = [f for f in figures.stated(sentence) if not f.unit]
    others = [
        f for f in counts if f.quantity - {f.done} and not asked & figures.quantities(f.quantity)
    ]
    return not asked <= figures.ANY_COUNT and bool(counts) and others == counts


def figure_asked(understood: Understanding, topic: Topic) -> tuple[str | None, str | None]:
    """The thing a how-much question counts ("damage") and where ("Cuba"), if it says."""
    if understood.intent != "how-much":
        return None, None
    found = _HOW.search(understood.corrected)
    noun = found.group(1).lower() if found else None
    topic_words = {w for name in (*topic.names, topic.title) for w in words(name)}
    if not noun or noun in STOP or noun in topic_words:
        return None, None
    places = [name for name in topic.names if name.lower() in understood.question.lower()]
    # The topic called by another of its names ("<Festival> Biennial" of the "<Festival>
    # Biennale") is not where a thing is counted: a target shares no word with the topic's own.
    own = set(words(f"{topic.lead} {topic.title}"))
    target = next((p for p in places if p.lower() not in topic.lead.lower()
                   and not set(words(p)) & own), None)  # fmt: skip
    return noun, target


def _price(item: Evidence) -> str:
    f = item.facts
    pct = f"{f['pct']:g}"
    if not f["historical"]:
        return str(phrases.CROWD_PRICES.format(venue=f["venue"], question=f["question"], pct=pct,
                                               date=item.date))  # fmt: skip
    ended = (
        phrases.ENDED_RESOLVED
        if f["resolved"]
        else phrases.ENDED_DEADLINE_PASSED.format(deadline=f["deadline"])
    )
    return str(phrases.HISTORICAL_PRICE.format(venue=f["venue"], question=f["question"], pct=pct,
                                               date=item.date, ended=ended))  # fmt: skip


def engine_words() -> frozenset[str]:
    """Every word of the engine's own sentences in the active language: the check allows them
    (the rows must carry everything else)."""
    return _engine_words(translation.get_language() or "en")


@functools.lru_cache(maxsize=16)
def _engine_words(language: str) -> frozenset[str]:
    texts = [str(v) for v in vars(phrases).values() if isinstance(v, Promise)]
    return frozenset(
        w.casefold() for text in texts for w in _WORDS.findall(re.sub(r"\{\w+\}", " ", text))
    )
