"""Tagging: which entities a text names, which events it is about, which verbs it asserts.

One pass of an Aho-Corasick automaton (pyahocorasick) finds every entity name and alias, every
event term and every lexicon phrase at once, whatever the size of the registry; matches count
only as whole words. Names and aliases of four characters or fewer ("Fed", "US", "ECB") match
with their exact case, so "fed up" or "us" never tag an entity.

An event is attached when the text names its lead entity and carries a subject-line term, or
names the lead and carries two question-set terms (the spec's relevance rule). A topic's own
curated names (its name, aliases and former names: "<Band>'s <Tour>" has its own) name its
subject as its lead does: a report of "the <Tour>" that never names the band is the topic's.

A document's short name of a company or an organisation (a name that begins another of its
names: "Corvane" of "Corvane Aerospace") followed by a capitalised word none of its names
continues with ("Corvane Motors") names another body, not that one: it tags nothing there. A
role ("Corvane Chief Executive"), a month, a day, a model's mark and a headline in title case
are no such word.
"""

import calendar
import itertools
import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import ahocorasick
from django.conf import settings
from django.db.models import Count, Max

from ingestion.lexicon import LEXICON
from registry import generation
from registry.models import Entity, EntityAlias, Event

EXACT_CASE_MAX_LENGTH = 4
# Words that name a role or an organ inside a body: "<Bank> President" is still that bank.
ROLES = frozenset(
    """chair chairman chairwoman chairperson president vice governor governors board minister
    secretary spokesman spokeswoman spokesperson ceo chief officials official staff head
    director executive""".split()
)
# Kinds of entity a longer name can be another of ("<Name> Motors" beside "<Name> Aerospace").
BODY_KINDS = frozenset({"company", "organization"})
_NEXT_WORD = re.compile(r"[ \t]+([A-Z][\w'\u2019-]*)")
_PREVIOUS_WORD = re.compile(r"\b([A-Z][\w'\u2019-]*)[ \t]+$")
_CALENDAR = frozenset(w.lower() for w in (*calendar.month_name, *calendar.day_name) if w)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n")


@dataclass(frozen=True)
class Tags:
    entity_ids: frozenset[int]
    event_ids: frozenset[int]
    verbs: tuple[str, ...]
    terms: frozenset[str]


@dataclass(frozen=True)
class EventTerms:
    event_id: int
    lead_id: int
    subject_terms: frozenset[str]
    question_terms: frozenset[str]
    names: frozenset[str] = frozenset()  # the topic's own names, lower case


class Tagger:
    def __init__(self, *, names: Iterable[tuple[str, int]], events: Iterable[EventTerms],
                 bodies: Iterable[int] = ()):  # fmt: skip
        names = list(names)
        self._short = _short_names(names, frozenset(bodies))
        # Every word of a tracked name: one before a short name is a place or a body, not a
        # person's first name ("Selvane Brantholm" is no namesake).
        self._name_words = frozenset(w for surface, _ in names for w in surface.lower().split())
        folded: dict[str, list[tuple[str, object]]] = defaultdict(list)
        exact: dict[str, list[tuple[str, object]]] = defaultdict(list)
        for surface, entity_id in names:
            surface = surface.strip()
            if len(surface) <= EXACT_CASE_MAX_LENGTH:
                exact[surface].append(("entity", entity_id))
            elif surface:
                folded[surface.lower()].append(("entity", entity_id))
        self._events_by_lead: dict[int, list[EventTerms]] = defaultdict(list)
        events = list(events)
        self._longest = max(
            (len(n) for n in [*(s for s, _ in names), *(n for e in events for n in e.names)]),
            default=0,
        )
        self._events_by_name: dict[int, EventTerms] = {}
        for event in events:
            self._events_by_lead[event.lead_id].append(event)
            for name in event.names:
                folded[name].append(("topic", event.event_id))
                self._events_by_name[event.event_id] = event
            for term in event.subject_terms | event.question_terms:
                # A curator's "BRIGHTWATER" or "XR-204" is matched as written in any case, as
                # a long name is: the text it is sought in is folded.
                folded[term.lower()].append(("term", term))
        for verb, phrases in LEXICON.items():
            for phrase in phrases:
                folded[phrase].append(("verb", str(verb)))
        self._folded = _automaton(folded)
        self._exact = _automaton(exact)

    def tag(self, text: str, *, namesakes: bool = False) -> Tags:
        """What `text` names; with `namesakes` (a document), a body's short name that begins
        another body's longer name tags nothing there (the module's rule)."""
        found: dict[str, set] = {"entity": set(), "term": set(), "verb": set(), "topic": set()}
        for automaton, haystack in ((self._folded, text.lower()), (self._exact, text)):
            for start, end, kind, value in _whole_word_spans(automaton, haystack):
                if namesakes and kind == "entity" and self.namesake(text, start, end, value):
                    continue
                found[kind].add(value)
        terms = frozenset(found["term"])
        return Tags(
            entity_ids=frozenset(found["entity"]),
            event_ids=frozenset(self._attached(found["entity"], terms, found["topic"])),
            verbs=tuple(sorted(found["verb"])),
            terms=terms,
        )

    def entity_spans(self, text: str) -> list[tuple[int, int, int]]:
        """Where `text` names an entity: (start, end, entity id), longest match first at each
        place. What a question says around a name (`answers.understand.identity`) tells one body
        from another that shares its words ("Northwind" in "Northwind Logistics")."""
        spans = []
        for automaton, haystack in ((self._folded, text.lower()), (self._exact, text)):
            for start, end, kind, value in _whole_word_spans(automaton, haystack):
                if kind == "entity":
                    spans.append((start, end, value))
        return sorted(set(spans), key=lambda s: (s[0], -(s[1] - s[0]), s[2]))

    def namesake(self, text: str, start: int, end: int, entity_id: int) -> bool:
        """Whether the short name at `start:end` of entity `entity_id` (an `entity_spans` span)
        stands in a longer name of another body (the module's rule): the
        capitalised word after it is none its own names continue with, or one before it opens a
        person's name ("Jonas <Name>"), neither a role, month, day, mark or tracked name's
        word, in a sentence not written in title case."""
        continued = self._short.get((text[start:end].lower(), entity_id))
        if continued is None:
            return False
        after = _NEXT_WORD.match(text, end)
        before = _PREVIOUS_WORD.search(text, 0, start)
        longer = after is not None and self._apart(after.group(1).lower(), continued)
        # "Orvane Linz fab expansion": the word after is a tracked name of its own, or the
        # whole is a topic's own name; no other body's longer name.
        longer = longer and not self._names_at(text, start, after.start(1))
        opened = before is not None and self._opens(text, before)
        return (longer or opened) and not _title_case(_sentence_at(text, start))

    def _names_at(self, text: str, start: int, after: int) -> bool:
        """Whether a topic's own name runs from `start` through the word at `after`, or a
        tracked name begins at `after`: one pass of each automaton over the text from the
        short name on (a document's whole text is scanned once already, by `tag`)."""
        # No name is longer than the longest tracked one: the text past it is never read.
        stop = min(len(text), after + self._longest)
        while stop < len(text) and text[stop].isalnum():
            stop += 1  # a whole word at the end, as the whole text would give it
        rest, word = text[start:stop], after - start
        for automaton, haystack in ((self._folded, rest.lower()), (self._exact, rest)):
            for at, end, kind, _ in _whole_word_spans(automaton, haystack):
                if (kind == "topic" and at == 0 and end > word) or (
                    kind == "entity" and at == word
                ):
                    return True
        return False

    def _apart(self, word: str, continued: set[str]) -> bool:
        plain = word in continued or word in ROLES or word in _CALENDAR
        return not plain and not any(c.isdigit() for c in word)

    def _opens(self, text: str, before: re.Match) -> bool:
        """Whether the capitalised word just before a name is another name's first word, not a
        sentence's opening word, a possessive, a role, a month or a tracked name's word."""
        word = before.group(1)
        opening = (
            not text[: before.start()].strip() or text[: before.start()].rstrip()[-1] in ".!?:\n"
        )
        low = word.lower()
        known = low in self._name_words or low in ROLES or low in _CALENDAR
        return not (opening or known or word.endswith(("'s", "\u2019s")))

    def _attached(self, entity_ids: set[int], terms: frozenset[str],
                  named: set[int]) -> Iterable[int]:  # fmt: skip
        events = [e for lead_id in entity_ids for e in self._events_by_lead.get(lead_id, ())]
        events += [self._events_by_name[event_id] for event_id in named]
        for event in events:
            if event.subject_terms & terms or len(event.question_terms & terms) >= 2:
                yield event.event_id


def _short_names(names: list[tuple[str, int]], bodies: frozenset[int]) -> dict:
    """(a body's short name, lower case, its id) -> the words its longer names go on with: a
    name whose words begin another of the same body's names ("corvane" of "corvane
    aerospace": {"aerospace"})."""
    by_body: dict[int, list[list[str]]] = defaultdict(list)
    for surface, entity_id in names:
        if entity_id in bodies:
            by_body[entity_id].append(surface.lower().split())
    short: dict[tuple[str, int], set[str]] = {}
    for entity_id, surfaces in by_body.items():
        for one, other in itertools.permutations(surfaces, 2):
            if one and len(other) > len(one) and other[: len(one)] == one:
                short.setdefault((" ".join(one), entity_id), set()).add(other[len(one)])
    return short


def _sentence_at(text: str, at: int) -> str:
    starts = [m.end() for m in _SENTENCE.finditer(text, 0, at)]
    begin = starts[-1] if starts else 0
    ends = _SENTENCE.search(text, at)
    return text[begin : ends.start() if ends else len(text)]


def _title_case(sentence: str) -> bool:
    """A headline written in title case ("Corvane Sees Record Deliveries"): its capitals say
    nothing of names."""
    long = [w for w in re.findall(r"[^\W\d_]{4,}", sentence)]
    return len(long) >= 3 and sum(w[0].isupper() for w in long) >= 0.8 * len(long)


def _automaton(keys: dict[str, list[tuple[str, object]]]) -> ahocorasick.Automaton | None:
    if not keys:
        return None
    automaton = ahocorasick.Automaton()
    for key, payloads in keys.items():
        # A term many topics share is one payload, not one per topic: each match yielded them
        # all, so tagging slowed with every topic naming the same word (2,000 shared "rate").
        automaton.add_word(key, (len(key), tuple(dict.fromkeys(payloads))))
    automaton.make_automaton()
    return automaton


def _whole_word_spans(automaton, haystack: str):
    """(start, end, kind, value) of each whole-word match; `end` is exclusive."""
    if automaton is None:
        return
    last = len(haystack) - 1
    for end, (length, payloads) in automaton.iter(haystack):
        start = end - length + 1
        if start > 0 and haystack[start - 1].isalnum():
            continue
        if end < last and haystack[end + 1].isalnum():
            continue
        for kind, value in payloads:
            yield start, end + 1, kind, value


class Versioned:
    """One process's copy of something built from the registry, rebuilt only when `version()`
    moves. Whether it moved is asked at most every `max_age` seconds (by default
    `SVC_REGISTRY_CHECK_SECONDS`, 10): a curator's edit on any machine arrives within that, and
    a busy worker does not pay the version's queries per call."""

    def __init__(self, build: Callable[[], Any], version: Callable[[], tuple]):
        self._build, self._version = build, version
        self._state: dict[str, Any] = {}

    def get(self, *, max_age: float | None = None) -> Any:
        state, now = self._state, time.monotonic()
        if max_age is None:
            max_age = settings.SVC_REGISTRY_CHECK_SECONDS
        if "built" in state and now - state["checked"] < max_age:
            return state["built"]
        version = self._version()
        if state.get("version") != version:
            state["built"], state["version"] = self._build(), version
        state["checked"] = now
        return state["built"]

    def forget(self) -> None:
        self._state.clear()

    def built(self) -> Any:
        """What was built last, without checking the version (None before the first build)."""
        return self._state.get("built")


def current_tagger(*, max_age: float | None = None) -> Tagger:
    """The tagger for the registry as it is now, rebuilt only when entities or events change."""
    return _tagger.get(max_age=max_age)


def forget_tagger() -> None:
    """Drop this process's tagger; the next call rebuilds it (curation services call this)."""
    _tagger.forget()


def registry_version() -> tuple:
    """The registry's generation, which every curation write moves on whichever machine
    (`registry.generation`), and cheap aggregates beside it for writes that bypass model
    signals: a row added, removed or edited moves a count or an auto_now stamp."""
    entities = Entity.objects.aggregate(n=Count("pk"), top=Max("updated_at"))
    aliases = EntityAlias.objects.aggregate(n=Count("pk"), top=Max("updated_at"))
    events = Event.objects.aggregate(n=Count("pk"), top=Max("updated_at"))
    return (generation.current(), *entities.values(), *aliases.values(), *events.values())


def _build_tagger() -> Tagger:
    names = [*Entity.objects.values_list("name", "pk"),
             *EntityAlias.objects.values_list("alias", "entity_id"),
             *Event.objects.edition_names()]  # fmt: skip
    bodies = Entity.objects.filter(kind__in=BODY_KINDS).values_list("pk", flat=True)
    fields = ("pk", "lead_entity_id", "subject_terms", "question_terms", "name", "title",
              "aliases", "former_names")  # fmt: skip
    events = [
        EventTerms(
            event_id=pk,
            lead_id=lead_id,
            subject_terms=frozenset(subject_terms),
            question_terms=frozenset(question_terms),
            names=frozenset(
                n.strip().lower() for n in (name or title, *aliases, *former) if n.strip()
            ),
        )
        for pk, lead_id, subject_terms, question_terms, name, title, aliases, former in (
            Event.objects.values_list(*fields)
        )
    ]
    return Tagger(names=names, events=events, bodies=bodies)


_tagger = Versioned(_build_tagger, registry_version)
