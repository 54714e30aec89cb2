"""Retrieval: the rows that can answer a question about one topic, inside its time window.

Per layer: the issuer's readings (facts of record), reporting (every document attached to the
topic, curated or naming its lead entity, ranked by shared rare words plus meaning from kept
vectors, one row per origin cluster),
market questions (live or labelled as historical captures, with their moves in the window), the
service's recorded state transitions and tripwire flips, and its attention. Every row carries the
snippet the source check will hold a sentence to.
"""

import re
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

import numpy as np
from django.db.models import Case, Exists, F, OuterRef, Prefetch, QuerySet, When

from answers.ground import figures, premises
from answers.understand import (
    Topic,
    Understanding,
    Window,
    another_body,
    another_edition,
    another_kind,
    another_party,
    another_site,
    another_speaker,
    another_year,
    asks_when,
    embeddings,
    longer_name_opening,
    nearest_another,
    numbered_topic,
    phrase_said,
    stem,
    stem_set,
    stems,
    vocabulary,
    words,
)
from ingestion.tagging import BODY_KINDS
from records.inputs import last_day
from records.models import StateTransition
from records.states import states_at
from registry.models import (
    Document,
    EntityMention,
    Event,
    EventMention,
    MarketPrice,
    MarketQuestion,
    PrimarySource,
    SourceReading,
    TripwireAlert,
)
from registry.selectors.markets import with_prices
from search import fulltext

TOPIC_SCAN = 1000  # a topic's newest documents of each kind (curated, naming its lead) searched
LEXICAL_SCAN = 200  # of those, the newest full-text matches scored by their stems
LEXICAL_EMBEDDED = 8  # the best lexical matches whose kept vector is checked against their text
SEMANTIC_WEIGHT = 0.4  # a document three spreads closer in meaning weighs more than every stem
CANDIDATES = 40  # rows served by their combined score (then one per origin)
OWN_ROW = 0.01  # a curated mention's edge over a row only naming the lead: above recency alone
SNIPPET = 400
SOURCE_HISTORY = 50  # an issuer's newest readings searched for the topic asked about


# A citation-like token inside ingested text (a bracketed numeral in any bracket, "[^2]", a
# footnote mark): text, never a citation. The engine's own "[n]" markers are the only ones an
# answer carries, so such a token is written "(n)" wherever a row is quoted or handed on.
_CITATION_LIKE = re.compile(
    "[\\[\uff3b\u3010\u3014\u3016\u27e6]\\s*\\^?\\s*(\\d{1,6})\\s*"
    "[\\]\uff3d\u3011\u3015\u3017\u27e7]"
)
_FOOTNOTE_MARKS = re.compile("[\u2020\u2021\u00b9\u00b2\u00b3\u2070\u2074-\u2079]")


# Text addressed to a reader's assistant rather than to readers ("ignore previous instructions",
# "system:", a sentence opening on "Say ..."): kept as quoted data, never an answer's lead.
_POSING = re.compile(
    r"\b(?:ignore|disregard|forget|override)\b[^.]{0,60}\b(?:instructions?|rules|prompts?|"
    r"previous|prior|above|guidelines)\b|\b(?:system\s*prompt|system\s*:|assistant\s*:|"
    r"as an ai\b|you are now\b|jailbreak)|(?:^|[.!?:]\s+)(?:say|state|answer|reply|respond|"
    r"print|output|repeat)\s+(?:that|only|with)\b",
    re.IGNORECASE,
)


def posing(text: str) -> bool:
    """Whether `text` addresses instructions to whoever reads it for someone else."""
    return _POSING.search(text) is not None


def neutral(text: str) -> str:
    """`text` with its citation-like tokens made plain text."""
    return _FOOTNOTE_MARKS.sub("", _CITATION_LIKE.sub(lambda m: f"({int(m.group(1))})", text))


# A bracketed numeral anyone could read as a citation marker: "[7]", "[ 7 ]", "[1, 2]", "[1-3]",
# in any digits ("[\u0667]" is 7 to int()).
_NUMERAL_IN_BRACKETS = re.compile(r"\[([\s,;\-\u2013]*\d[\d\s,;\-\u2013]*)\]")


def unmarked(text: str) -> str:
    """`text` (words the engine quotes: the question's, a row's) with each bracketed numeral in
    full-width brackets, so that it reads the same and no reader, here or a client's, takes it for
    a marker. A sentence carries its citations as `[n]` in its own text; only the engine writes
    them (`Writer.add`, `answers.compose.phrasing`)."""
    return _NUMERAL_IN_BRACKETS.sub("\uff3b\\1\uff3d", text)


@dataclass
class Evidence:
    layer: str  # primarySources | reporting | market | stateHistory | coverageMetric
    kind: str  # reading | report | price | move | transition | flip | attention | superseded
    topic: str  # subject
    topic_title: str
    title: str
    url: str
    source: str
    date: str | None
    snippet: str
    facts: dict[str, Any] = field(default_factory=dict)
    score: float = 0.0
    # The figures (as written) it gives of a neighbour edition, not of its topic
    # (`neighbours`): no answer weighs them.
    others: frozenset[str] = frozenset()

    def __post_init__(self):
        # Every row is quoted from ingested text: its citation-like tokens are text.
        self.title, self.snippet = neutral(self.title), neutral(self.snippet)
        self.source = neutral(self.source)
        self.facts = {k: neutral(v) if isinstance(v, str) else v for k, v in self.facts.items()}

    @property
    def text(self) -> str:
        """What the row says in full: an issuer's reading, a report's summary, else its
        snippet."""
        return self.facts.get("observed") or self.facts.get("summary") or self.snippet

    @property
    def posing(self) -> bool:
        """Instruction-like text: quoted like any row, never placed first."""
        return posing(self.snippet)

    def support(self) -> str:
        """Everything a sentence citing this row may rest on: its whole statement too, past
        the snippet's cut (an issuer's long reading quoted in full)."""
        whole = self.facts.get("observed") or self.facts.get("summary") or ""
        said = [self.snippet, str(whole), self.title, self.source, self.date or ""]
        return " ".join([*said, self.topic_title])


def gather(event: Event, topic: Topic, understood: Understanding, *, now: datetime,
           as_of: datetime | None = None):  # fmt: skip
    """The rows that can answer, on the clock `now`. With `as_of`, every row is one the service
    held at that instant: stored, read or recorded by then, so asked again as of the same
    instant, the same rows come back (`None`: every row held, for a caller that sets the
    clock, as the evaluation does)."""
    window = understood.window if understood.window and understood.window.filters else None
    if window is not None and _claimed(understood.question, window, topic):
        window = None  # "since the strike began on 24 November": a premise, not a window
    rows = _stated(event, topic, understood.question, window, as_of=as_of)
    # A figure of a past month or day is reported after it: asked for one, that reporting
    # counts too ("passengers in October" read on 20 November).
    # A statistical release's month is the month its figures are of, whatever is asked of it
    # (a day, "yesterday's reports", is when they were published).
    # Months run together name their ends too: "rise from September to October" asks of each.
    asked = figures.periods(understood.question)
    asked |= {end for period in asked if "-" in period for end in period.split("-")}
    release = topic.kind == "statistical-release" and bool(window and figures.periods(window.text))
    figure = _asks_figure(understood) or release
    if (not rows or figure) and _reference_period(window, now):
        since = _stated(event, topic, understood.question, Window(
            window.start, now.date(), window.text, filters=True), as_of=as_of)  # fmt: skip
        if asked and now.date() > window.end + RECENT:  # long past: what names it speaks of it
            since = [row for row in since if asked & _periods_named(row.text)] or rows
        rows = since
    two_times = _two_times(understood, rows, asked, figure)
    rows += _earlier(event, topic, two_times or asks_when(understood.question), as_of)
    rows += markets(event, topic, window, now=now, as_of=as_of)
    if understood.intent == "changed" or window is not None:
        rows += transitions(event, topic, window, now=now, as_of=as_of)
        rows += flips(event, topic, window, now=now, as_of=as_of)
    rows.append(attention(event, topic, as_of=as_of))
    return rows


def _two_times(understood: Understanding, rows: list[Evidence], asked: frozenset[str],
               figure: bool) -> bool:  # fmt: skip
    """Whether the question asks two figures side by side, so an issuer's earlier readings may
    hold the one the latest replaced ("the approved budget"): two times compared, a comparison,
    two periods named ("rise from September to October"), or a figure of a period the issuer's
    latest reading is not of ("how much in September" when it is October's). A period the
    latest is of asks that reading: the ones before it are its history ("the third quarter",
    read 410,000 then 412,500)."""
    compared = understood.window is not None and understood.window.compared
    latest = set().union(*(figures.periods(r.text) for r in rows if r.kind == "reading"))
    of_period = (figure and bool(asked - latest)) or len(asked - {p for p in asked if "-" in p}) > 1
    return compared or of_period or understood.intent == "compare"


def _earlier(event: Event, topic: Topic, answers: bool, as_of: datetime | None) -> list[Evidence]:
    """The issuer's readings before its latest: rows that answer when two times are asked (or
    a date), else its history, never an answer (kind "superseded"): it tells a value it
    replaced, which no report repeating it disputes, and whether it revised one."""
    earlier = earlier_readings(event, topic, as_of=as_of)
    return earlier if answers else [replace(r, kind="superseded") for r in earlier]


def _asks_figure(understood: Understanding) -> bool:
    """Whether the question asks for a figure: how much or many, a comparison, a figure it
    states ("did exports exceed €1 billion"), or a word that names one ("the latest figures",
    "the value of exports")."""
    if understood.intent in ("how-much", "compare"):
        return True
    window = understood.window
    text = understood.question.replace(window.text, " ") if window else understood.question
    said = {w.lower() for w in re.findall(r"[^\W\d_]+", text)}
    return bool(figures.stated(text) or said & (figures.NEUTRAL | _VALUE_WORDS | _PLAN_NOUNS))


# Words that name a figure asked of a period, besides those that say which reading it is; a
# plan's nouns too ("did it beat its October forecast": the forecast and the outcome of October).
_VALUE_WORDS = frozenset("value values volume volumes amount amounts".split())
_PLAN_NOUNS = figures.PLAN_NOUNS | {"forecast", "forecasts"}


_GIVEN = re.compile(r"^\W*given(?:\s+that)?\b([^,?]*),", re.IGNORECASE)


def _claimed(question: str, window: Window, topic: Topic) -> bool:
    """Whether the question's time is part of what it takes for granted ("Since the strike
    began on 24 November, ..."): a claim the answer holds to the record, which a window would
    filter away."""
    time = window.text.lower()
    if time in premises.stated_before(question).lower():
        return True  # "X began in 2024. When will it finish?"
    given = _GIVEN.match(question)
    if given and time in given.group(1).lower():
        return True  # "Given that it was called X until 2019, who ...?": granted, not when
    if time in premises.other_month(question, topic).lower():
        return True  # "the <November> blackout in October": a wrong month, not a window
    months = {m.lower() for m in re.findall(figures.MONTH, time, re.IGNORECASE)}
    if len(months) > 1 or len(set(figures.days_said(time))) > 1:
        return False  # "rise from September to October": asked between two times, not of one
    claim = premises.claim_about(question, topic)
    return claim is not None and time in claim.words.lower()


def _periods_named(text: str) -> frozenset[str]:
    """The periods a row names, a day's month among them ("in the year to 30 September 2026"
    names September)."""
    return figures.periods(text) | {day.split()[-1] for day in figures.days_said(text)}


def _stated(event: Event, topic: Topic, question: str, window: Window | None, *,
            as_of: datetime | None) -> list[Evidence]:  # fmt: skip
    """What the issuers and the reporting say, in the window."""
    rows = [*readings(event, topic, window, as_of=as_of)]
    return rows + reporting(event, topic, question, window, as_of=as_of)


# How long after a period its figures are still published: a final reading or a revision of a
# month can come months after it (a final August output read in November); past `RECENT`, only
# a row that names the period is read as of it.
REFERENCE_REACH = timedelta(days=366)
RECENT = timedelta(days=62)


def _reference_period(window: Window | None, now: datetime) -> bool:
    """A whole month or more, recently over ("October", "the third quarter"): a figure for it
    is published after it ends (October's freight figures in November), so when nothing was
    said within it, what was said about it since is read; so is a single day's ("why did the
    strike start on 2 November": what happened that day is reported after it)."""
    if window is None:
        return False
    day = window.start == window.end  # a day something happened on: it is reported after
    month = window.start.day == 1 and (window.end - window.start).days >= 27
    # A year's figures (a harvest, an annual release) come out in the year after it.
    reach = max(REFERENCE_REACH, window.end - window.start)
    return (day or month) and window.end < now.date() <= window.end + reach


def held(rows: QuerySet, column: str, as_of: datetime | None) -> QuerySet:
    """`rows` whose `column` (when stored, read or recorded) is at or before `as_of`, if given."""
    return rows if as_of is None else rows.filter(**{f"{column}__lte": as_of})


def readings(event: Event, topic: Topic, window: Window | None, *, as_of: datetime | None):
    """What each issuer guarding the topic said of it: its latest reading (by `as_of`), or its
    latest in the window. An issuer guarding several topics speaks of one at a time: its reading
    is this topic's only when it says this topic's words at least as much as another's."""
    rows = []
    sources = event.primary_sources.order_by("slug").prefetch_related(
        Prefetch("events", queryset=Event.objects.only("pk")))  # fmt: skip
    for source in sources:
        belongs = _of_topic(topic, [e.pk for e in source.events.all()], source)
        said, day, state = _said(source, window, as_of, belongs)
        if not said:
            continue
        rows.append(_reading_row(topic, source, said, day, state))
    return rows


def _reading_row(topic: Topic, source: PrimarySource, said: str, day, state) -> Evidence:
    when = day.isoformat() if day else None
    return Evidence("primarySources", "reading", topic.subject, topic.title, source.name,
                    _link(source), source.issuer, when,
                    f"{source.issuer} ({source.name}), read {when}: {said}"[:SNIPPET],
                    {"observed": said, "state": state}, others=neighbours(said, topic))  # fmt: skip


EARLIER_READINGS = 3  # an issuer's readings before its latest, for two times set side by side


def earlier_readings(event: Event, topic: Topic, *, as_of: datetime | None) -> list[Evidence]:
    """What each issuer guarding the topic said before its latest reading (its last few other
    readings of the topic, by `as_of`): a comparison of two times ("October or September")
    needs the reading of the earlier one, which the latest has replaced."""
    rows = []
    for source in event.primary_sources.order_by("slug"):
        belongs = _of_topic(topic, list(source.events.values_list("pk", flat=True)), source)
        readings = held(SourceReading.objects.filter(source=source, ok=True), "attempted_at", as_of)
        seen = {source.observed}
        for reading in readings.exclude(observed_words=None).order_by("-attempted_at", "-id")[
            :SOURCE_HISTORY
        ]:
            words = reading.observed_words
            if words in seen or (belongs is not None and not belongs(words)):
                continue
            seen.add(words)
            day = reading.observed_date or reading.attempted_at.date()
            rows.append(_reading_row(topic, source, words, day, reading.observed_state))
            if len(seen) > EARLIER_READINGS:
                break
    return rows


def _said(source: PrimarySource, window: Window | None, as_of: datetime | None,
          belongs=None):  # fmt: skip
    """(words, their date, state) of the source's latest confirmed reading (by `as_of`; in the
    window, when there is one) that `belongs` to the topic (any, when None). The source's own
    stamps hold the latest: they serve when no reading since `as_of` has moved them, else the
    readings by then are read."""
    # The issuer's own date where its words carry one, else the day they were read: a pattern
    # that reads no date was quoted "said on None".
    latest = window is None and (as_of is None or (source.observed_read_at or as_of) <= as_of)
    if latest and (belongs is None or belongs(source.observed or "")):
        read = source.observed_read_at.date() if source.observed_read_at else None
        return source.observed, source.observed_date or read, source.observed_state
    readings = held(SourceReading.objects.filter(source=source, ok=True), "attempted_at", as_of)
    if window is not None:
        readings = readings.filter(attempted_at__date__range=(window.start, window.end))
    if window is not None or belongs is not None:
        readings = readings.exclude(observed_words=None)
    readings = readings.order_by("-attempted_at", "-id")
    if belongs is None:
        reading = readings.first()
    else:
        reading = next((r for r in readings[:SOURCE_HISTORY] if belongs(r.observed_words)), None)
    if reading is None:
        return None, None, None
    day = reading.observed_date or reading.attempted_at.date()
    return reading.observed_words, day, reading.observed_state


def _of_topic(topic: Topic, guarded: list[int], source: PrimarySource):
    """For an issuer guarding other topics too, whether words it said are this topic's: they
    say more of its title and terms than of any other's it guards (words all of them share,
    the issuer's own name, tell none apart), or say none of any; None when it guards one, or
    when the topic is the issuer itself, a body its own page speaks for whatever else the page
    names (a company's investor page: "guidance raised after the <product> approval")."""
    built = vocabulary.built()
    if built is None or len(guarded) < 2:
        return _of_edition(topic)
    if topic.kind in _BODIES and source.issuer.strip().lower() in map(str.lower, topic.names):
        return None
    position = built.index.position
    others = [built.topics[position[pk]] for pk in guarded if pk in position and pk != topic.pk]
    kept = [_own_words(topic), *map(_own_words, others)]
    shared = frozenset.intersection(*kept)
    kept = [k - shared for k in kept]

    def belongs(said: str) -> bool:
        heard = stem_set(said)
        scores = [len(heard & k) for k in kept]
        return scores[0] >= max(scores) and not another_edition(said, topic)

    return belongs


# Kinds of topic that are a body which speaks for itself (`registry.kinds`).
_BODIES = frozenset({"company", "organisation", "person"})


def _of_edition(topic: Topic):
    """For an issuer guarding one topic that something numbers (`numbered_topic`: an edition,
    a number or an ordinal), whether words it said are of that one, not of a sibling it also
    announces; None when nothing numbers it."""
    if not numbered_topic(topic):
        return None
    return lambda said: not another_edition(said, topic)


def _own_words(topic: Topic) -> frozenset[str]:
    return frozenset(stem_set(" ".join([topic.title, *topic.terms])))


def _link(source: PrimarySource) -> str:
    links = source.web_links()
    return links[0]["url"] if links else source.fetch_url


def reporting(event: Event, topic: Topic, question: str, window: Window | None, *,
              as_of: datetime | None = None) -> list[Evidence]:  # fmt: skip
    """The topic's reporting that best answers the question, one row per origin cluster: among
    every document attached to it (its curated mentions and those naming its lead entity), ranked
    by the rare stems they share with the question plus how close they mean it.

    Five queries whatever the number of documents: the two newest-first id lists, the text
    match, the kept vectors, the rows served; of the documents stored by `as_of`."""
    attached, curated = _attached(event, window, as_of)
    if not attached:
        return []
    title = stems(topic.title)
    asked = [w for w in words(question) if stem(w) not in title]
    lexical = _lexical(attached, asked)
    semantic = _semantic(attached, question, lexical, as_of)
    newest = len(attached)
    # Of rows the question tells apart by nothing, the topic's own (attached by its curated
    # terms) before one that only names its lead, then the newest.
    scored = sorted(
        (
            (lexical.get(pk, (0.0, ""))[0] + semantic.get(pk, 0.0) + OWN_ROW * (pk in curated)
             + (newest - n) * 1e-6, pk)
            for n, pk in enumerate(attached)
        ),
        reverse=True,
    )[:CANDIDATES]  # fmt: skip
    served = (
        Document.objects.select_related("outlet")
        .annotate(original=_original_by(as_of))
        .in_bulk([pk for _, pk in scored])
    )
    ranked = [(score, served[pk]) for score, pk in scored if pk in served]
    sites = topic.place and _a_body(topic.lead_id)
    # A topic curated at a place (a plant, a site) and led by a body that has others: a report
    # that only names the body is the topic's where it says the place or one of its own names;
    # else it is of the body's other sites.
    ranked = [(score, doc) for score, doc in ranked
              if doc.pk in curated or not sites or _placed_here(doc, topic)]  # fmt: skip
    return _one_per_origin(ranked, topic)


def _a_body(entity_id: int) -> bool:
    return vocabulary.current().entity_kinds.get(entity_id) in BODY_KINDS


def _placed_here(doc: Document, topic: Topic) -> bool:
    """Whether a report says the topic's curated place or one of its own names."""
    text = f"{doc.title}. {doc.summary}"
    return any(phrase_said(text, name) for name in (topic.place, *topic.own_names) if name)


def _original_by(as_of: datetime | None):
    """A copy's original (`ingestion.copies`), when it was stored by `as_of`: one stored later
    was not known, and the copy stood for itself."""
    if as_of is None:
        return F("copy__original_id")
    return Case(
        When(copy__original__ingested_at__lte=as_of, then=F("copy__original_id")), default=None
    )


def _attached(event: Event, window: Window | None,
              as_of: datetime | None) -> tuple[list[int], set[int]]:  # fmt: skip
    """Ids of the topic's newest documents (stored by `as_of`), newest first, and the set of
    those that are its curated mentions: its curated mentions and the mentions of its lead
    entity (documents naming it without a curated term: the record withholds those, the
    Answer Engine reads them), each bounded to the newest TOPIC_SCAN and read backwards off its
    (event, day) and (entity, day, document) index; market question pages left out."""
    curated = held(EventMention.objects.filter(event=event, counted=True), "ingested_at", as_of)
    # A document another topic's curated terms attached is that topic's, whatever lead it names
    # too ("<maker>'s servicing price" is no news of the maker's field test).
    elsewhere = EventMention.objects.filter(document_id=OuterRef("document_id"), counted=True)
    named = EntityMention.objects.filter(
        entity_id=event.lead_entity_id, document__is_market_question_page=False
    ).exclude(Exists(elsewhere.exclude(event_id=event.pk)))
    if as_of is not None:
        named = named.filter(day__lte=last_day(as_of), ingested_at__lte=as_of)
    if window is not None:
        curated = curated.filter(day__range=(window.start, window.end))
        named = named.filter(day__range=(window.start, window.end))
    own, lead = (dict(mentions.order_by("-day", "-document_id")
                      .values_list("document_id", "day")[:TOPIC_SCAN])
                 for mentions in (curated, named))  # fmt: skip
    rows = {**own, **lead}
    return sorted(rows, key=lambda pk: (rows[pk], pk), reverse=True), set(own)


def _lexical(attached: list[int], asked: list[str]) -> dict[int, tuple[float, str]]:
    """The full-text matches among `attached` (newest LEXICAL_SCAN), each scored by the rarity of
    the stems it shares with the question, as a share of the question's own (0 to 1), with its
    passage text for the vectors computed on the fly."""
    if not asked:
        return {}
    documents = Document.objects.filter(embeddings.one_of(Document, "id", attached))
    found = fulltext.matching(" or ".join(asked), documents).order_by("-day", "-id")
    wanted = {stem(w) for w in asked}
    weights = _rarities(wanted)
    total = sum(weights[s] for s in sorted(weights)) or 1.0
    scores = {}
    for pk, title, summary in found.values_list("pk", "title", "summary")[:LEXICAL_SCAN]:
        text = embeddings.passage(title, summary)
        shared = sorted(wanted & stem_set(text))  # one order of addition, one sum
        scores[pk] = (sum(weights[s] for s in shared) / total, text)
    return scores


def _rarities(wanted: set[str]) -> dict[str, float]:
    """How much each asked stem says, by how many topics carry it: a stem no topic carries (a
    word of reporting, not of curation: "resigns", "flooded") says the most."""
    vocab = vocabulary.current()
    rarest = float(np.log((len(vocab.topics) + 1) / 0.5))
    return {s: vocab.rarity(s) if vocab.frequency.get(s) else rarest for s in wanted}


def _semantic(
    attached: list[int],
    question: str,
    lexical: dict[int, tuple[float, str]],
    as_of: datetime | None,
) -> dict[int, float]:
    """How much closer than the rest each document means the question: the cosine of its kept
    passage vector to the question's, as a z-score over the topic's documents that have one
    (e5's cosines sit in a narrow band, about 0.75 to 0.9, so their spread is what speaks).
    Documents without a vector score 0 (average). An ask computes none: what it reads is what
    the background run (`documents_embed`) kept, so asking again reads the same vectors and gives
    the same answer; a best lexical match whose kept vector is of an older text is read as one
    without, and a vector kept after `as_of` was not there to read."""
    model = embeddings.embedder()
    if model is None:
        return {}
    kept = embeddings.kept_documents(model, attached, by=as_of)
    for pk in sorted(lexical, key=lambda pk: (-lexical[pk][0], pk))[:LEXICAL_EMBEDDED]:
        if pk in kept and kept[pk][0] != embeddings.digest(lexical[pk][1]):
            del kept[pk]
    if len(kept) < 2:
        return {}
    keys = list(kept)
    sims = np.stack([kept[pk][1] for pk in keys]) @ embeddings.query_vector(model, question)
    spread = float(sims.std()) or 1.0
    z = (sims - float(sims.mean())) / spread
    return {pk: SEMANTIC_WEIGHT * float(score) for pk, score in zip(keys, z, strict=True)}


def similarity(question: str, texts: list[str], *, remember: bool = True) -> list[float]:
    """Cosine of each text to the question; zeros when the model is not loaded. `remember=False`
    embeds the question without keeping its vector (a phrased sentence that may be refused)."""
    model = embeddings.embedder()
    if model is None or not texts:
        return [0.0] * len(texts)
    vectors = np.stack(_passage_vectors(model, texts))
    query = embeddings.query_vector if remember else embeddings.query_vector.__wrapped__
    return [float(s) for s in vectors @ query(model, question)]


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


def neighbours(text: str, topic: Topic) -> frozenset[str]:
    """The figures `text` gives of a neighbour: of a numbered topic, those whose nearest
    numbering before them is another edition's ("Phase 2 ..., budgeted at $62 million" in a row
    of Phase 1); of any, those whose clause first names another body that shares the lead's
    short name ("Halvard Airways ... carried 610,000 passengers" in a row of Halvard Air); of
    a topic of one occasion and year, those a sentence gives of another year's ("The 2021
    auction of the same band raised €760 million")."""
    if not text:
        return frozenset()
    numbered = numbered_topic(topic)
    found = figures.stated(text)
    before = [None, *found][: len(found)]  # the figure before each
    return frozenset(f.text for f, prior in zip(found, before, strict=True)
                     if (numbered and nearest_another(f.sentence[: f.sentence.find(f.text)], topic))
                     or another_body(_clause_of(f), topic)
                     or another_speaker(_lead_in(f, prior), topic)
                     or _of_another_name(f, topic)
                     or _under_a_longer_name(f, topic)
                     or another_site(_part_of(f), topic)
                     or another_year(f.sentence, topic))  # fmt: skip


def _under_a_longer_name(figure: figures.Stated, topic: Topic) -> bool:
    """Whether the figure's clause opens on a longer name under the lead's first word
    (`longer_name_opening`) that neither gives the figure nor says it of the topic's lead:
    "Brennick Field, a regional airport, handled 410,000" is that airport's count; "The <Town>
    Seafarers Union said 65 sailings" is the union's word on the topic's own."""
    clause = _clause_of(figure)
    name = longer_name_opening(clause, topic)
    if not name or stem_set(name) & figures.speaker(figure):
        return False
    # A clause that names the topic's own lead past it is of the topic ("The <Town> Shippers
    # Association expects the <Town> Port Authority to set the levy at 3.00 euros").
    rest = clause[clause.find(name) + len(name) :].lower()
    return not any(own.lower() in rest for own in (topic.lead, *topic.own_names) if own)


def _of_another_name(figure: figures.Stated, topic: Topic) -> bool:
    """Whether the words a figure is said with name another tracked name and none of the
    topic's own past the words they share ("The ash plume of <B> reached 11.2 km, against 6.1
    km at <A>" in a row of A: 11.2 km is B's)."""
    built = vocabulary.built()
    if built is None or not figures.set_beside(figure):
        return False  # only a row that sets two things' figures side by side gives another's
    said = {w.lower() for w in re.findall(r"[^\W\d_]+", figures.around(figure)) if w[:1].isupper()}
    own = {w for name in topic.names for w in words(name)}
    others = said & built.name_word_set - own
    if not others:
        return False
    shared = {w for ws in built.name_word_sets if ws & others for w in ws}
    return not said & (own - shared)


def _lead_in(figure: figures.Stated, previous: figures.Stated | None) -> str:
    """The words of a figure's clause before it, since the figure before it there: who gives
    it ("the <body> put October petrol at"), not who gives the next ("..., against 1.742 crowns
    reported by <the topic's body>")."""
    clause = _clause_of(figure)
    at = max(clause.find(figure.text), 0)
    after = clause.find(previous.text, 0, at) if previous else -1
    return clause[after + len(previous.text) if after >= 0 else 0 : at]


def _part_of(figure: figures.Stated) -> str:
    """The part of its sentence a figure stands in between commas (or stronger stops)."""
    at = max(figure.sentence.find(figure.text), 0)
    starts = [figure.sentence.rfind(mark, 0, at) for mark in (", ", "; ", ": ")]
    ends = [e for e in (figure.sentence.find(m, at) for m in (", ", "; ", ": ")) if e >= 0]
    return figure.sentence[max(starts) + 1 : min(ends) if ends else None].strip()


def _clause_of(figure: figures.Stated) -> str:
    """The part of its sentence a figure stands in, up to a semicolon or a colon either side."""
    at = max(figure.sentence.find(figure.text), 0)
    start = max(figure.sentence.rfind(";", 0, at), figure.sentence.rfind(": ", 0, at)) + 1
    ends = [e for e in (figure.sentence.find(";", at), figure.sentence.find(": ", at)) if e >= 0]
    return figure.sentence[start : min(ends) if ends else None]


def _one_per_origin(ranked: list[tuple[float, Document]], topic: Topic) -> list[Evidence]:
    """One row per origin story: a copy joins its original's story (`ingestion.copies`), so the
    two are never cited side by side; where both rank, the original is the one cited. A report
    of a story already served that states a figure none of its served rows state is a voice of
    its own ("set at 4.5 million tonnes, sources say" beside "set at 4.2 million"): kept."""
    rows, served, titles = [], {}, set()
    by_id = {doc.pk: doc for _, doc in ranked}
    for score, ranked_doc in ranked:
        doc = by_id.get(ranked_doc.original, ranked_doc)
        origin = doc.story_id or f"doc-{doc.pk}"
        said = f"{doc.title}. {doc.summary}"
        if doc.title.lower() in titles or (
            origin in served and not _new_figure(said, served[origin])
        ):
            continue  # a syndicated copy of a row already served
        if another_edition(said, topic) or another_year(said, topic) or another_body(said, topic):
            continue  # a neighbour's report, attached by the words it shares
        if another_edition(doc.title, topic):
            continue  # its headline is of a sibling, whatever its body says of the topic's own
        # A namesake's row ("Pop singer <Name>"); one whose headline does the topic's deed to
        # another party (another occasion, whatever else its body mentions).
        if another_kind(said, topic) or another_party(doc.title, topic):
            continue
        served.setdefault(origin, []).append(said)
        titles.add(doc.title.lower())
        day = doc.day.isoformat()
        snippet = f"{doc.title}. {doc.summary}".strip()[:SNIPPET]
        rows.append(
            Evidence("reporting", "report", topic.subject, topic.title, doc.title, doc.url,
                     doc.outlet.name, day, snippet, {"summary": doc.summary}, score,
                     neighbours(doc.summary, topic))
        )  # fmt: skip
    return rows


def _new_figure(said: str, served: list[str]) -> bool:
    """Whether a report states a figure none of its story's served rows state: read only when a
    second report of a served story ranks, never for a story's first."""
    held = {value for text in served for value in _values(text)}
    return bool(_values(said) - held)


def _values(text: str) -> set[tuple]:
    """The figures a text states, and the times it gives ("volume production in the third
    quarter of 2027"): a report of a served story giving a time of its own is a voice too."""
    times = {("time", t) for t in [*figures.dated_periods(text), *figures.days_said(text)]}
    return {(f.unit, f.low, f.high) for f in figures.stated(text)} | times


def markets(event: Event, topic: Topic, window: Window | None, *, now: datetime,
            as_of: datetime | None = None):  # fmt: skip
    """Each question's price (live, or a historical capture) and its move inside the window; in a
    past window, the price as it stood then."""
    rows = []
    questions = with_prices(event.market_questions.all(), as_of=as_of)
    for q in questions.order_by("deadline", "pk"):
        pct, at = q.latest_pct, q.latest_at
        if window is not None:
            pct, at = _price_in(q, window, as_of)
        if pct is None:
            continue
        resolved = q.is_resolved and (as_of is None or q.resolved_at is None or (
            q.resolved_at <= as_of))  # fmt: skip
        historical = resolved or bool(q.deadline and q.deadline < now)
        day = at.date().isoformat()
        deadline = q.deadline.date().isoformat() if q.deadline else None
        venue = q.get_venue_display()
        state = "resolved, a historical capture" if resolved else (
            "deadline passed, a historical capture" if historical else "open")  # fmt: skip
        snippet = f"{venue}: {q.question} priced at {pct:g}% on {day} ({state}"
        snippet += f"; deadline {deadline})" if deadline else ")"
        facts = {"pct": pct, "historical": historical, "resolved": resolved,
                 "deadline": deadline, "question": q.question, "venue": venue}  # fmt: skip
        rows.append(Evidence("market", "price", topic.subject, topic.title, q.question, q.url,
                             venue, day, snippet, facts))  # fmt: skip
        move = _move(q, window, now=now, as_of=as_of)
        if move:
            rows.append(move(topic))
    return rows


def _price_in(q: MarketQuestion, window: Window, as_of: datetime | None):
    prices = held(MarketPrice.objects.filter(question=q), "captured_at", as_of)
    last = (
        prices.filter(captured_at__date__range=(window.start, window.end))
        .order_by("-captured_at")
        .values_list("probability_pct", "captured_at")
        .first()
    )
    return last or (None, None)


def _move(q: MarketQuestion, window: Window | None, *, now: datetime, as_of: datetime | None):
    start = window.start if window else (now - timedelta(days=7)).date()
    end = window.end if window else now.date()
    prices = list(
        held(MarketPrice.objects.filter(question=q), "captured_at", as_of)
        .filter(captured_at__date__range=(start, end))
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


def transitions(event: Event, topic: Topic, window: Window | None, *, now: datetime,
                as_of: datetime | None = None):  # fmt: skip
    start, end = _span(window, now)
    rows = []
    recorded = held(StateTransition.objects.filter(event=event), "at", as_of)
    for t in recorded.filter(at__date__range=(start, end)).order_by("at", "pk"):
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


def flips(event: Event, topic: Topic, window: Window | None, *, now: datetime,
          as_of: datetime | None = None):  # fmt: skip
    start, end = _span(window, now)
    alerts = held(TripwireAlert.objects.filter(source__events=event), "at", as_of)
    alerts = alerts.filter(at__date__range=(start, end)).select_related("source")
    rows = []
    for alert in alerts.order_by("at", "pk"):
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


def attention(event: Event, topic: Topic, *, as_of: datetime | None = None) -> Evidence:
    """The topic's coverage state and wire tier (as recorded by `as_of`)."""
    coverage, wire = (event.coverage_state, event.wire_tier) if as_of is None else (
        states_at(event, as_of))  # fmt: skip
    state = coverage.replace("_", " ")
    snippet = f"{topic.title}: coverage state {state}; wire tier {wire}"
    return Evidence("coverageMetric", "attention", topic.subject, topic.title, topic.title,
                    f"/api/record/{topic.subject}", "this service", None, snippet,
                    {"state": state, "wire": wire})  # fmt: skip
