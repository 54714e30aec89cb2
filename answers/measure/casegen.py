"""Cases generated from a registry's own structure (issue 51): no list can be tuned to them.

Every case is derived, deterministically by seed, from what the registry holds of its published
topics: their curated identity (kind, names, edition, period, place), their lead entity's kind
and aliases, and the curated kinds' nouns (`TopicKind`). Neighbours change one attribute and must
be declined as untracked, naming what was asked; near misses keep the subject and must be
answered from its topic. The cases take the identity set's shape, so `evaluation.identity_scored`
scores them per class and per registry.

Decline classes: `kind` (the topic's name called by another kind's noun), `edition` (another
number, edition or model), `place` (another of the registry's places before the topic's kind),
`period` (another year), `longer-name` (the lead's name extended by a word of another entity's
name), `untracked` (a name no registry holds, called by the topic's kind's noun). Answer
classes: `alias` (the lead's or the topic's aliases and former names), `typo` (a letter of the
name's longest word doubled or two swapped, and one dropped), `lower-case` and `upper-case` (the
name typed in lower case, in capitals), `own-kind` (the name called by its own kind's noun),
`possessive` (the topic's own name after its lead's possessive, either apostrophe),
`place-premise` (a topic curated with a place said to be done in another: answered, the premise
named first).
The figure classes (`comparison`, `comparison-lower`, `comparison-yes-no`,
`comparison-one-side` (a measure only one side's rows name), `premise`, `premise-in-passing`
(the wrong figure in a relative clause or "its <measure> of <figure>"), `premise-beside` (the
wrong figure of one topic set as the scene of a question about another), `newest`, `plan`,
`revision`) are `answers.measure.figurecases`'.
"""

import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from answers.measure.figurecases import figure_cases
from registry.models import Entity, EntityAlias, Event, PrimarySource, TopicKind

# How a question is put: grammar, not facts about any registry ({subject} is what it is about).
ASKING = (
    "What is the latest on {subject}?",
    "What happened with {subject} this week?",
    "Tell me what the record says about {subject}.",
    "Any news about {subject}?",
)
_ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"]
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_WORD = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class Subject:
    """One published topic as the generator reads it."""

    event: Event
    lead: str
    aliases: tuple[str, ...]
    named_kinds: frozenset[str]  # the kinds its lead's name names

    @property
    def name(self) -> str:
        return self.event.own_name


def cases_generate(*, registry: str, seed: int, per_class: int | None = None,
                   subjects: frozenset[str] | None = None) -> list[dict]:  # fmt: skip
    """The cases of every class for the registry as it is in the database (its published
    topics, or those of `subjects`), labelled `registry`; at most `per_class` of each class,
    drawn by `seed`."""
    rng = random.Random(seed)
    kinds = list(TopicKind.objects.all())
    subjects = [s for s in _subjects(kinds) if subjects is None or s.event.subject in subjects]
    taken = {n.lower() for n in _all_names()}
    cases = [
        {**case, "registry": registry}
        for subject in subjects
        for make in GENERATORS
        for case in make(subject, rng, kinds=kinds, subjects=subjects, taken=taken)
    ]
    cases += [{**case, "registry": registry} for case in figure_cases(subjects, rng)]
    return _capped(cases, per_class, rng) if per_class else cases


def _capped(cases: list[dict], per_class: int, rng: random.Random) -> list[dict]:
    by_class: dict[str, list[dict]] = {}
    for case in cases:
        by_class.setdefault(case["class"], []).append(case)
    return [c for group in by_class.values() for c in rng.sample(group, min(per_class, len(group)))]


def _subjects(kinds: list[TopicKind]) -> Iterator[Subject]:
    """Published topics whose lead leads no other topic (a name two topics share is neither
    one's to answer alone)."""
    topics = Event.objects.published().select_related("kind", "lead_entity").order_by("subject")
    leads = Counter(t.lead_entity_id for t in topics)
    aliases: dict[int, list[str]] = {}
    for entity_id, alias in EntityAlias.objects.values_list("entity_id", "alias"):
        aliases.setdefault(entity_id, []).append(alias)
    for topic in topics:
        lead = topic.lead_entity
        if leads[lead.pk] > 1:
            continue
        named = {k.slug for k in kinds if lead.kind in k.entity_kinds}
        named |= {topic.kind.slug} if topic.kind else set()
        own = (*aliases.get(lead.pk, []), *topic.aliases, *topic.former_names)
        yield Subject(topic, lead.name, tuple(own), frozenset(named))


def _all_names() -> list[str]:
    """Every name the registry holds: entities', aliases, issuers' and topics' own."""
    names = list(Entity.objects.values_list("name", flat=True))
    names += PrimarySource.objects.values_list("issuer", flat=True)
    names += [n for pair in Event.objects.values_list("title", "name") for n in pair if n]
    return names + list(EntityAlias.objects.values_list("alias", flat=True))


def _declined(subject: Subject, klass: str, question: str, untracked: str) -> dict:
    return {"class": klass, "question": question, "declined": True, "untracked": untracked,
            "neighbourOf": subject.event.subject}  # fmt: skip


def _answered(subject: Subject, klass: str, question: str) -> dict:
    return {"class": klass, "question": question, "topics": [subject.event.subject]}


def _nouns(kind: TopicKind) -> list[str]:
    """A kind's English nouns of one word: what the English templates put before a name."""
    return [n for n in kind.nouns.get("en", []) if n.isalpha()]


def kind_neighbours(subject: Subject, rng: random.Random, *, kinds, **_) -> list[dict]:
    """The lead's name called by a noun of a kind it is not ("the novelist <a company>")."""
    if not subject.named_kinds:
        return []
    own = {n for k in kinds if k.slug in subject.named_kinds for n in k.all_nouns()}
    # Kinds of things (made of entities), not of events: "the singer <name>", never "the
    # election <name>".
    others = [k for k in kinds if k.slug not in subject.named_kinds and k.entity_kinds]
    cases = []
    for kind in rng.sample(others, min(3, len(others))):
        noun = rng.choice([n for n in _nouns(kind) if n not in own] or [""])
        if noun:
            called = f"the {noun} {subject.lead}"
            cases.append(_declined(subject, "kind", rng.choice(ASKING).format(subject=called),
                                   f"{noun} {subject.lead}"))  # fmt: skip
    return cases


def edition_neighbours(subject: Subject, rng: random.Random, *, taken, **_) -> list[dict]:
    """Its name with another number, edition or model that no tracked name has."""
    edition = subject.event.edition
    other = _next_edition(edition, rng) if edition else ""
    if not other or edition not in subject.name:
        return []
    name = subject.name.replace(edition, other, 1)
    if name.lower() in taken:
        return []
    return [_declined(subject, "edition", rng.choice(ASKING).format(subject=name), other)]


def _next_edition(edition: str, rng: random.Random) -> str:
    """Another edition of the same form: a number moved, the next Roman numeral or letter, a
    model's digits moved."""
    step = rng.choice([1, 2])
    if edition.isdigit():
        return str(int(edition) + step)
    if edition in _ROMAN[:-2]:
        return _ROMAN[_ROMAN.index(edition) + step]
    digits = re.search(r"\d+", edition)
    if digits:
        return edition[: digits.start()] + str(int(digits.group()) + step) + edition[digits.end() :]
    last = edition[-1]
    if len(edition.split()[-1]) == 1 and last.isalpha() and last.upper() < "X":
        return edition[:-1] + chr(ord(last.upper()) + step)
    return ""


def place_neighbours(subject: Subject, rng: random.Random, **_) -> list[dict]:
    """Its name with its place swapped for another of the registry's places that no topic of
    its kind carries ("<Country B> general election 2026" for country A's)."""
    event = subject.event
    held = [e.name for e in event.entities.all() if e.kind in ("country", "place")]
    said = next((p for p in [event.place, *held] if p and p in subject.name), "")
    if not event.kind or not said:
        return []
    # Every topic of its kind, in any registry loaded: a place one of them carries may be
    # tracked under that kind already.
    same_kind = Event.objects.filter(kind=event.kind).prefetch_related("entities")
    carried = {e.pk for t in same_kind for e in t.entities.all()} | {
        t.lead_entity_id for t in same_kind}  # fmt: skip
    places = Entity.objects.filter(kind__in=["country", "place"]).exclude(pk__in=carried)
    names = sorted(p.name for p in places if p.name.lower() not in subject.name.lower())
    return [
        _declined(
            subject,
            "place",
            rng.choice(ASKING).format(subject=f"the {subject.name.replace(said, place, 1)}"),
            place,
        )
        for place in rng.sample(names, min(2, len(names)))
    ]


# A place said as where the subject was done: a premise to correct, never another subject.
PLACED = {
    True: ("Did the {subject} take place in {place}?", "Was the {subject} held in {place}?"),
    False: ("Is {subject} based in {place}?", "Was {subject} founded in {place}?"),
}


def place_premises(subject: Subject, rng: random.Random, **_) -> list[dict]:
    """A topic curated with a place, said to be done in another of the registry's places that
    none of its words names: answered from the topic, the premise named first. Said as an
    occasion is ("held in") for a kind told apart by its period, else as a body is ("based in")."""
    event = subject.event
    if not (event.place and event.kind):
        return []
    own = {e.pk for e in event.entities.all()}
    words = f"{subject.name} {event.title} {event.place}".lower()
    # Never a place that leads a topic of its own ("<a volcano>"): the question would be of two.
    leads = Event.objects.values_list("lead_entity_id", flat=True)
    places = Entity.objects.filter(kind__in=["country", "place"]).exclude(pk__in=own)
    places = places.exclude(pk__in=leads)
    names = sorted(p.name for p in places if p.name.lower() not in words)
    if not names:
        return []
    place = rng.choice(names)
    occasion = "period" in (event.kind.attributes or [])
    question = rng.choice(PLACED[occasion]).format(subject=subject.name, place=place)
    return [{"class": "place-premise", "counts": "premises", "question": question,
             "topics": [event.subject], "premise": True, "place": place}]  # fmt: skip


def period_neighbours(subject: Subject, rng: random.Random, **_) -> list[dict]:
    """Its name with another year ("the 2022 <election>" for the 2026 one)."""
    year = _YEAR.search(subject.name)
    if not year:
        return []
    other = str(int(year.group()) - rng.choice([2, 4, 8]))
    bare = " ".join(_YEAR.sub("", subject.name).split()).strip(" ,")
    question = rng.choice(ASKING).format(subject=f"the {other} {bare}")
    return [_declined(subject, "period", question, other)]


def longer_names(subject: Subject, rng: random.Random, *, taken, **_) -> list[dict]:
    """The lead's name extended by the last word of another tracked name of its kind
    ("<Company> Logistics" from another company's "... Logistics")."""
    lead = subject.event.lead_entity
    if lead.kind not in ("company", "organization") or len(subject.lead.split()) > 3:
        return []
    last = {n.split()[-1] for n in Entity.objects.filter(kind=lead.kind).values_list("name",
            flat=True) if len(n.split()) > 1}  # fmt: skip
    words = sorted(w for w in last if w.isalpha() and w[0].isupper() and w not in subject.lead)
    held = [set(n.split()) for n in taken]
    for word in rng.sample(words, len(words)):
        name = f"{subject.lead.split()[0]} {word}"
        # Not a tracked name, nor a shortening of one ("<A> Service" of "<A> Hydrology Service").
        if not any(set(name.lower().split()) <= words_of for words_of in held):
            return [_declined(subject, "longer-name", rng.choice(ASKING).format(subject=name),
                              name)]  # fmt: skip
    return []


def aliases(subject: Subject, rng: random.Random, **_) -> list[dict]:
    """Each alias and former name of the lead and the topic, asked about by itself."""
    return [
        _answered(subject, "alias", rng.choice(ASKING).format(subject=alias))
        for alias in subject.aliases
        if len(alias) >= 3
    ]


def typos(subject: Subject, rng: random.Random, **_) -> list[dict]:
    """The lead's name with its longest word misspelt twice over: a letter doubled or two
    swapped, and a letter dropped."""
    words = _WORD.findall(subject.lead)
    longest = max(words, key=len, default="")
    if len(longest) < 6:
        return []
    i = rng.randrange(2, len(longest) - 2)
    wrongs = {rng.choice([longest[:i] + longest[i] + longest[i:],
                          longest[:i] + longest[i + 1] + longest[i] + longest[i + 2 :]]),
              longest[:i] + longest[i + 1 :]} - {longest}  # fmt: skip
    return [
        _answered(subject, "typo", rng.choice(ASKING).format(subject=subject.lead.replace(
            longest, wrong, 1)))
        for wrong in sorted(wrongs)
    ]  # fmt: skip


def letter_cased(subject: Subject, rng: random.Random, **_) -> list[dict]:
    """The lead's name typed in lower case, and in capitals, as people type it."""
    return [
        _answered(subject, klass, rng.choice(ASKING).format(subject=name))
        for klass, name in (("lower-case", subject.lead.lower()),
                            ("upper-case", subject.lead.upper()))
        if name != subject.lead
    ]  # fmt: skip


def possessives(subject: Subject, rng: random.Random, **_) -> list[dict]:
    """The topic's own name after its lead's possessive ("<Company>'s <Mission>"), typed with
    a straight or a typographic apostrophe as people type it: the topic, answered. Only a
    proper name follows a possessive (every word capitalised, or a mark: "Halcyon-3"); a
    description ("<Agency>'s offshore wind auction") is asked otherwise."""
    own, lead = subject.name, subject.lead
    if lead.lower() in own.lower() or own.lower() in lead.lower():
        return []  # "<Country>'s <Country> election" is no way anyone asks
    if not all(w[:1].isupper() or w[:1].isdigit() for w in own.split()):
        return []
    mark = rng.choice(["'", "\u2019"])
    owner = f"{lead}{mark}" if lead.endswith("s") else f"{lead}{mark}s"
    return [_answered(subject, "possessive", rng.choice(ASKING).format(subject=f"{owner} {own}"))]


_SYLLABLES = "ka ro vel mun dri sa pel tor qua ni bes lo zar fen gu hal ori tem".split()


def untracked(subject: Subject, rng: random.Random, *, taken, **_) -> list[dict]:
    """A name no registry holds, called by the noun of the topic's kind ("the storm <a new
    name>"): nothing tracked, however alike the question reads."""
    kind = subject.event.kind
    nouns = _nouns(kind)[:1] if kind else []
    if not nouns:
        return []
    for _ in range(10):
        name = "".join(rng.sample(_SYLLABLES, 3)).capitalize()
        if name.lower() not in taken and not any(name.lower() in t for t in taken):
            question = rng.choice(ASKING).format(subject=f"the {nouns[0]} {name}")
            return [_declined(subject, "untracked", question, name)]
    return []


def own_kinds(subject: Subject, rng: random.Random, *, kinds, **_) -> list[dict]:
    """The lead's name called by a noun of its own kind ("the storm <storm>")."""
    kind, lead = subject.event.kind, subject.event.lead_entity
    nouns = _nouns(kind)[:1] if kind else []  # the kind's own word: a drug is no "truck"
    if not nouns or (lead.kind != Entity.Kind.OTHER and lead.kind not in kind.entity_kinds):
        return []  # the lead is what the topic is about, not a thing of its kind
    called = f"the {nouns[0]} {subject.lead}"
    return [_answered(subject, "own-kind", rng.choice(ASKING).format(subject=called))]


GENERATORS = (kind_neighbours, edition_neighbours, place_neighbours, period_neighbours,
              longer_names, untracked, aliases, typos, letter_cased, own_kinds,
              place_premises, possessives)  # fmt: skip
