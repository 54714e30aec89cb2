"""Subject identity: a topic answers a question only when what the question says of its subject
agrees with that topic.

Routing finds the topic a question shares the most with; this step asks whether the question is
about that topic or about a neighbour that shares its words. Each qualifier the question states is
held to the topic's own words (title, names, aliases, curated terms, issuers, market questions and
first headlines: `Topic.text`):
- a longer name: a tracked name the question extends with capitalised words the topic never uses
  ("<Name> Logistics" for "<Name> Robotics", "<City> <Institution>" for the institution);
- a number or edition: a numeral, a letter of a series, a quarter or a year beside a name or noun
  the topic numbers otherwise ("<Mission> 4" for "<Mission> 3", a second quarter for a third);
- a place: a tracked place the topic does not carry, a capitalised word before the topic's own
  words that the topic never uses ("<Country> jobs report", "<Ocean> hurricane season"), or
  another compass point of the topic's place ("western" for its "Eastern");
- an indicator or domain: a word of a curated theme (`registry.Theme`: inflation, unemployment,
  an election, a drought...) none of whose words the topic uses.
A question that disagrees is about something the registry does not track: it is declined, and the
neighbour is named as a pointer only, with no claim taken from its rows.
"""

import calendar
import functools
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass

from answers.understand.timewindow import MONTHS, TIME_WORDS
from answers.understand.vocabulary import (
    CURRENCY_CODES,
    FINAL_WORDS,
    NOT_AN_END,
    PROVISIONAL_WORDS,
    STOP,
    Topic,
    Vocabulary,
    built,
    phrase_said,
    quantity_key,
    stem,
    words,
)
from ingestion.tagging import ROLES, current_tagger

_TOKEN = re.compile(r"[^\W_]+(?:[+'\u2019][^\W_]*)?", re.UNICODE)
_CONNECTORS = frozenset("of the de del da do la le des di for and &".split())
_POSSESSIVE = re.compile(r"['\u2019]s?$")
# An elided article or pronoun before a word ("l'ouragan", "d'Artemis"): the word is what names.
_ELISION = re.compile(r"^(?:l|d|qu|j|n|s|c|m|t)['\u2019]")
COMPASS = {
    "north": "n", "northern": "n", "south": "s", "southern": "s", "east": "e", "eastern": "e",
    "west": "w", "western": "w", "northeast": "ne", "northeastern": "ne", "northwest": "nw",
    "northwestern": "nw", "southeast": "se", "southeastern": "se", "southwest": "sw",
    "southwestern": "sw", "central": "c", "upper": "u", "lower": "l",
}  # fmt: skip
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9,
          "x": 10, "xi": 11, "xii": 12}  # fmt: skip
_ORDINALS = {
    word: n
    for n, forms in enumerate(
        [
            "first premier première primer primero primera erste primeiro primeira",
            "second deuxième seconde segundo segunda zweite",
            "third troisième tercer tercero tercera dritte terceiro terceira",
            "fourth quatrième cuarto cuarta vierte quarto quarta",
            "fifth cinquième quinto quinta fünfte",
            "sixth sixième sexto sexta sechste",
            "seventh septième séptimo séptima siebte siebente sétimo sétima",
            "eighth huitième octavo octava achte oitavo oitava",
            "ninth neuvième noveno novena neunte nono nona",
            "tenth dixième décimo décima zehnte",
            "eleventh onzième undécimo elfte",
            "twelfth douzième duodécimo zwölfte",
        ],
        start=1,
    )
    for stem_form in forms.split()
    for word in (stem_form, *(f"{stem_form}{end}" for end in ("n", "r", "s", "m")
                              if stem_form.endswith("te")))
} | {f"{n}{suffix}": n for n, suffix in
     [(1, "st"), (2, "nd"), (3, "rd"), *((k, "th") for k in range(4, 21))]}  # fmt: skip
ORDINAL_REACH = 3  # an ordinal numbers the next few words: "the fifth offshore wind round"
_QUARTER = re.compile(r"^(?:q([1-4])|([1-4])q)$")
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_AUXILIARIES = frozenset("did does do will would can could should may might must".split())
# Before a year, these make it a time ("in 2025"), read by the time window, not an edition.
_TIME_PREPOSITIONS = frozenset(
    "in since during by before after until till from to between for of through into beyond past"
    " around across".split()
)
_OPENING = frozenset(
    """what who whom whose which when where why how is are was were do does did has have had
    will would could should can may might shall please tell show give list compare explain
    describe summarise summarize any""".split()
)

_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\u0600-\u06ff]")


@dataclass(frozen=True)
class Token:
    text: str
    low: str
    start: int
    end: int

    @property
    def capital(self) -> bool:
        return self.text[:1].isupper()

    @property
    def bare(self) -> str:
        """The word without a possessive ("Northwind's" -> "northwind")."""
        return _POSSESSIVE.sub("", self.low)


@dataclass(frozen=True)
class Said:
    """A question as this step reads it: its words (typos fixed, case kept) and where it names
    tracked entities (token ranges)."""

    text: str
    tokens: tuple[Token, ...]
    names: tuple[tuple[int, int, int], ...]  # (first token, token after the last, entity id)
    # The question as typed, word for word beside `tokens`: what a decline quotes of it.
    typed: tuple[Token, ...] = ()
    typed_text: str = ""

    @classmethod
    def of(cls, text: str, spans: list[tuple[int, int, int]], typed: str = "") -> "Said":
        tokens = _tokens(text)
        as_typed = _tokens(typed) if typed else ()
        if len(as_typed) != len(tokens):
            as_typed, typed = tokens, text
        return cls(text, tokens, _name_tokens(tokens, spans), as_typed, typed)

    @property
    def low(self) -> str:
        return self.text.lower()

    @functools.cached_property
    def named(self) -> frozenset[int]:
        """The indices of the tokens that stand in a tracked name."""
        return frozenset(i for first, after, _ in self.names for i in range(first, after))

    @functools.cached_property
    def verbs(self) -> frozenset[int]:
        """The indices of words a question's order makes verbs: the word after a tracked name
        an auxiliary opens ("When did <storm> strike ...", "Will <bank> cut ..."), whatever
        noun it is spelled like."""
        found = set()
        for first, after, _ in self.names:
            # "Did the <company> strike end?": after an article the name is the noun's owner.
            if first and self.tokens[first - 1].low in _AUXILIARIES and after < len(self.tokens):
                found.add(after)
        return frozenset(i for i in found if not self.tokens[i].capital)


def _tokens(text: str) -> tuple[Token, ...]:
    # "No. 2" numbers what follows ("the Board's No. 2 station"): its capital names nothing.
    return tuple(
        Token(m.group(0).lower() if _NUMBERING.match(text, m.start()) else m.group(0),
              m.group(0).lower(), m.start(), m.end())
        for m in _TOKEN.finditer(text)
    )  # fmt: skip


_NUMBERING = re.compile(r"Nos?\.\s?\d")


@dataclass(frozen=True)
class Mismatch:
    subject: str  # the question's own words for what it asks about
    qualifier: str  # name | number | place | indicator | period


def _name_tokens(tokens: tuple[Token, ...], spans) -> tuple[tuple[int, int, int], ...]:
    """Each tracked name as a token range, the longest at each place, never overlapping."""
    ranges, taken = [], -1
    for start, end, entity_id in spans:
        first = next((i for i, t in enumerate(tokens) if t.start <= start < t.end), None)
        last = next((i for i, t in enumerate(tokens) if t.start < end <= t.end), None)
        if first is None or last is None or first <= taken:
            continue
        ranges.append((first, last + 1, entity_id))
        taken = last
    return tuple(ranges)


# English grammar that says what something was called before ("used to be called", "formerly
# known as", "renamed from"): the name after it is a claim about the topic, never its subject.
_FORMERLY = re.compile(
    r"\b(?:(?:used\s+to\s+be|(?:was|were)\s+(?:once|formerly|previously|originally)|once"
    r"|formerly|previously|originally)\s+(?:called|known\s+as|named)|renamed\s+from)\s+"
    r"(?:the\s+)?(?P<name>[A-Z][\w'\u2019-]*(?:\s+(?:of\s+)?[A-Z][\w'\u2019-]*)*)"
)


def former_said(question: str) -> tuple[str, str] | None:
    """(the words that claim it, the name) when a question says what its subject was called
    before ("used to be called the Autumn Shield drive": "Autumn Shield")."""
    found = _FORMERLY.search(question)
    if found is None:
        return None
    claim = re.split(r"[,?;]", question[found.start() :])[0].strip()
    return claim, found.group("name")


def former_held(name: str, topic: Topic) -> bool:
    """Whether `name` is one of the topic's curated former names, or part of one."""
    said = set(words(name))
    return any(said <= set(words(former)) for former in topic.former_names)


def restored(question: str, corrected: str) -> str:
    """`question` with the misspellings `corrected` fixed, each word keeping its capital (the
    correction lower-cases the words it replaces)."""
    fixed = iter(_TOKEN.findall(corrected))
    if len(_TOKEN.findall(question)) != len(_TOKEN.findall(corrected)):
        return question

    def keep_case(match: re.Match) -> str:
        word = next(fixed)
        return word[:1].upper() + word[1:] if match.group(0)[:1].isupper() else word

    return _TOKEN.sub(keep_case, question)


@dataclass(frozen=True)
class Context:
    """What a topic is held to besides its own words: whether the question names its lead (a
    place it adds after "in" is then where it asks, a premise, not another subject), the other
    topics the question is routed to (what they carry is theirs to answer), whether capitals
    mark names (German capitalises every noun), and `reported(topic, phrases)`: whether the
    topic's own documents use any of `phrases` (its first reports are in its words already)."""

    named_lead: bool
    others: tuple[Topic, ...] = ()
    capitals: bool = True
    # Words of the question's language that spell a family's English word ("war": German "was").
    foreign: frozenset[str] = frozenset()
    reported: Callable[[Topic, tuple[str, ...]], bool] = lambda topic, phrases: False
    year: int = 0  # the year the question is asked in (its clock's)
    # Whether the question is in English: another language says a name's common words in its
    # own ("Universidad <Name>"), which are no other name's.
    english: bool = True


def disagreement(said: Said, topic: Topic, vocab: Vocabulary, context: Context) -> Mismatch | None:
    """How the question's subject differs from `topic`'s, or None when every qualifier it states
    agrees."""
    own = _own_words(topic)
    others = frozenset().union(*(o.entity_ids for o in context.others))
    miss = (
        _other_kind(said, topic, vocab)
        or _kind_before_run(said, topic, vocab)
        or _placed_kind(said, topic, vocab, context)
        or _other_edition(said, topic)
        # Before a longer name is read: "<lead>'s <other town> plant" is another site, never
        # a wrong owner of the tracked one.
        or (_other_site(said, topic) if context.capitals else None)
        or _other_party(said, topic)
        or _other_group(said, topic, own)
        or (_longer_name(said, topic, own, vocab, context) if context.capitals else None)
        or (_foreign_name(said, vocab, own, others, context, topic) if context.capitals else None)
        or (_other_name_sharing(said, topic, own) if context.english else None)
        or _other_number(said, topic, own, context)
        or _other_month(said, topic, context)
        or _other_period(said, topic, context)
        or _other_place(said, topic, vocab, own, context, others)
        or _other_indicator(said, topic, context, vocab)
        or (
            _other_actor(said, topic, vocab, others, context)
            if context.named_lead
            else _untopical_actor(said, topic, vocab, context)
        )
    )
    # Words inside another asked topic's own name are that topic's ("<A> Series B's round"
    # beside a question about <B>): no qualifier of this one.
    at = said.text.lower().find(miss.subject.lower()) if miss else -1
    inside = at >= 0 and any(_in_others_name(said, i, context) for i, t in
                             enumerate(said.tokens) if t.start == at)  # fmt: skip
    return None if inside else miss


_ACTORS = frozenset({"organization", "company", "person"})


# Words that say which occasion or how big, never whose: "the Peliva Air November strike" and
# "the Peliva Air second strike" are of the tracked strike's kind and party.
_OCCASION = (
    frozenset(
        """new latest current ongoing planned next last first second third previous recent big major
    national general all""".split()
    )
    | TIME_WORDS
)


def _other_party(said: Said, topic: Topic) -> Mismatch | None:
    """The topic's name before its head with another qualifier where its title has its own
    ("the Peliva Air cabin crew strike" of the "Peliva Air pilots' strike"): a thing of the
    same kind by another party, which the registry does not track."""
    title = [_POSSESSIVE.sub("", w.lower()) for w in _TOKEN.findall(topic.title)]
    curated = " ".join([topic.title, *topic.names, *topic.terms])  # never a headline's word
    own = {_singular_of(_POSSESSIVE.sub("", w.lower())) for w in _TOKEN.findall(curated)}
    asked = [_POSSESSIVE.sub("", t.low) for t in said.tokens]
    for name in topic.names:
        words = [w.lower() for w in _TOKEN.findall(name)]
        at_title, at_asked = _run_at(title, words), _run_at(asked, words)
        rest = title[at_title + len(words) :] if at_title is not None else []
        # The head before the period a title ends on ("timber harvest volume, Q3 2026").
        rest = list(
            itertools.takewhile(
                lambda w: w.isalpha() and w not in TIME_WORDS and w not in STOP, rest
            )
        )
        if at_asked is None or len(rest) < 2:
            continue  # the title qualifies its head past the name ("pilots' strike")
        after = asked[at_asked + len(words) : at_asked + len(words) + 4]
        head = next((i for i, w in enumerate(after) if w in rest[1:]), None)
        if head is None:
            continue
        mods = after[:head]
        other = [m for m in mods if m.isalpha() and _singular_of(m) not in own]
        # A preposition of any language joins the name to its place ("Clarimist en Bramwell").
        joined = set(mods) & (_OCCASION | STOP | LOCATIVE | _CONNECTORS)  # "del lote": of
        if mods and len(other) == len(mods) and not joined:
            return Mismatch(_words(said, at_asked, at_asked + len(words) + len(mods) + 1), "kind")
    return None


def _other_group(said: Said, topic: Topic, own: frozenset[str]) -> Mismatch | None:
    """The title's head asked of a group the topic never names, as the subject that is on it
    ("Are the doctors at <hospital> on strike?" of the "<place> nurses strike"), where the
    title's own group is not said: a thing of the same kind by another group."""
    title = [_POSSESSIVE.sub("", w) for w in _TOKEN.findall(topic.title)]
    own_group = {_singular_of(w) for w in title[:-1] if w.islower() and w not in STOP}
    asked = [_POSSESSIVE.sub("", t.low) for t in said.tokens]
    if not own_group or own_group & {_singular_of(w) for w in asked}:
        return None
    head = next((i for i, w in enumerate(asked) if title and w == title[-1].lower()), None)
    if head is None or head < 2:
        return None
    for i in range(head):
        token, low = said.tokens[i], asked[i]
        group = token.text.islower() and low.isalpha() and _plural(low) and low not in STOP
        # The group is what is on the head ("doctors ... on strike", "doctors' strike"), never
        # what it befell ("patients affected by the strike").
        on = asked[head - 1] == "on" or i == head - 1
        if group and on and _singular_of(low) not in own and low not in own | _OCCASION:
            return Mismatch(_words(said, i, head + 1), "kind")
    return None


def _plural(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith("ss")


def _run_at(words: list[str], run: list[str]) -> int | None:
    """Where `run` stands in `words`, or None."""
    return next((i for i in range(len(words) - len(run) + 1) if words[i : i + len(run)] == run),
                None)  # fmt: skip


def _other_actor(said: Said, topic: Topic, vocab: Vocabulary, others: frozenset[int],
                 context: Context) -> Mismatch | None:  # fmt: skip
    """A tracked body or person the topic does not carry, beside the topic's own lead ("<maker>
    delivered <another maker's train>"): an actor the record does not tie to it, neither by
    curation nor in the topic's own reports (a union that gives its own count of a strike
    is the strike's). The caller names it as a premise the record does not support, and
    answers the topic."""
    for first, after, entity_id in said.names:
        if entity_id in topic.entity_ids or entity_id in others:
            continue
        if vocab.entity_kinds.get(entity_id) not in _ACTORS:
            continue
        if not context.reported(topic, tuple(vocab.entity_names.get(entity_id, ()))):
            return Mismatch(_words(said, first, after), "name")
    return None


def _untopical_actor(said: Said, topic: Topic, vocab: Vocabulary,
                     context: Context) -> Mismatch | None:  # fmt: skip
    """A body or person the registry keeps as an entity that no topic carries ("What did <an
    agency> decide about <a tracked university>?"), which the topic's reports never name: a
    neighbour its curators know of, whose doings it does not track."""
    for first, after, entity_id in said.names:
        if entity_id in topic.entity_ids or vocab.entity_kinds.get(entity_id) not in _ACTORS:
            continue
        if entity_id in vocab.carried:
            continue
        if not context.reported(topic, tuple(vocab.entity_names.get(entity_id, ()))):
            return Mismatch(_words(said, first, after), "name")
    return None


# --- kinds and editions, read from the topic's curated identity -------------------------------

# Words that put a kind's noun to a name ("the village of <name>", "a singer called <name>").
_NAMING = frozenset("of called named nicknamed".split())
_ARTICLES = frozenset("the a an".split())


def _other_kind(said: Said, topic: Topic, vocab: Vocabulary) -> Mismatch | None:
    """A name of the topic called by a noun of another kind ("the singer <a storm's name>",
    "the village of <a company's name>", "<name>, the novelist"): a thing of that kind under
    the same name, which the registry does not track, unless the topic's own rows count it. The
    kinds and their nouns are curated rows (`TopicKind`); what a name is comes from the topic's
    kind (its lead) and the kinds its entity's kind makes (`TopicKind.entity_kinds`)."""
    for first, after, entity_id in said.names:
        if entity_id not in topic.entity_ids:
            continue
        named = set(vocab.entity_kind_kinds.get(vocab.entity_kinds.get(entity_id, ""), ()))
        if entity_id == topic.lead_id and topic.kind:
            named.add(topic.kind)
        called = _noun_before(said, first, vocab) if not _headed(said, after, topic) else None
        called = called or _noun_apposed(said, after, vocab)
        # A noun the topic's own rows count ("the votes of <council>" of a budget passed "by
        # 34 votes") asks what it holds, not of another thing.
        if called and _counted_in(topic, called[0].split()[-1]):
            continue
        # A noun the topic's curated title or names call it by ("the elephant calf <name>" of
        # "<Zoo>'s elephant calf", curated as an event) is what it is, whatever kind the noun
        # is seeded under; a term beside them ("storm" of a person's topic) is not.
        called_by = " ".join([topic.title, *topic.own_names]).lower()
        if called and called[0] in {w for w in _TOKEN.findall(called_by)}:
            continue
        if named and called and not vocab.kind_nouns[called[0]] & named:
            start, end = min(called[1], first), max(called[2], after)
            while end < len(said.tokens) and said.tokens[end].capital:
                end += 1  # the whole name the noun calls ("the firm <name> Logistics")
            return Mismatch(_words(said, start, end), "kind")
    return None


def _kind_before_run(said: Said, topic: Topic, vocab: Vocabulary) -> Mismatch | None:
    """A capitalised name that is no tracked name but shares a word with the topic's, called
    by another kind's noun ("the footballer <a college's second word>", "the co-working
    company <part of a building's name>"): a thing of that kind, which the registry does not
    track; a kind the topic is, or its entities are, agrees."""
    tracked = said.named
    words = {w.lower() for w in _TOKEN.findall(" ".join([topic.title, *topic.names]))} - STOP
    tokens, i = said.tokens, 1  # a question's first word is capitalised for opening it
    while i < len(tokens):
        first = i
        while i < len(tokens) and tokens[i].capital:
            i += 1
        if i == first:
            i += 1
            continue
        if tracked & set(range(first, i)) or not {t.bare for t in tokens[first:i]} & words:
            continue
        if all(_edition(t) is not None for t in tokens[first:i]):
            continue  # "the final Q1 2027 cap": a quarter is when, no name a noun calls
        called = _noun_before(said, first, vocab)
        if called and not vocab.kind_nouns[called[0]] & _kinds_of(topic, vocab):
            return Mismatch(_words(said, called[1], i), "kind")
    return None


_PLACES = frozenset({"country", "place"})
_RUN = 4  # words after a place that may name what is asked of it ("parliamentary election")


def _placed_kind(said: Said, topic: Topic, vocab: Vocabulary,
                 context: Context) -> Mismatch | None:  # fmt: skip
    """A place the topic carries, followed by nouns of kinds none of which is the topic's or a
    thing's it carries ("<the port of a strike> parliamentary election", "<a drought's basin>
    wind auction"): a thing of that kind at that place, which the registry does not track. One
    noun that is agrees ("<place> election results" of an election, "<country>'s central bank"
    of a rate decision that carries the bank)."""
    if not topic.kind:
        return None
    for first, after, entity_id in said.names:
        if entity_id not in topic.entity_ids or vocab.entity_kinds.get(entity_id) not in _PLACES:
            continue
        nouns = _run_nouns(said, after, vocab)
        # "<lead>'s new <country's adjective> drone plant": a kind's noun before the word the
        # phrase is headed by says what the lead's thing there makes, not what it is.
        if nouns and context.named_lead and _headed_past(said, nouns[-1][1], vocab):
            continue
        if nouns and not any(_agrees(noun, topic, vocab, context) for noun, _ in nouns):
            return Mismatch(_words(said, first, nouns[-1][1]), "kind")
    return None


def _headed_past(said: Said, end: int, vocab: Vocabulary) -> bool:
    """Whether the plain word after a run's last kind noun heads the phrase ("plant" of "drone
    plant"): a lower-case word that names no kind and asks no quantity."""
    if end >= len(said.tokens):
        return False
    low = said.tokens[end].low
    plain = low.isalpha() and low not in STOP and low not in TIME_WORDS and not low.endswith("ed")
    return plain and low not in vocab.kind_nouns and stem(low) not in vocab.quantity_words


def _agrees(noun: str, topic: Topic, vocab: Vocabulary, context: Context) -> bool:
    """A kind's noun that is what the topic is, or what a thing it carries is ("<country>'s
    central bank" of a rate decision that carries the bank), or a word the topic says of
    itself ("floods" of "<place> flooding"). Of the topic's kind, a noun its title calls it
    by another of that kind, which neither its words nor its reports use, is another thing of
    the kind there ("<county> flood" of the "<name> Fire (<county>)")."""
    own = {stem(w) for w in _own_words(topic)}
    if stem(noun.split()[-1]) in own:
        return True
    kinds = vocab.kind_nouns[noun] & _kinds_of(topic, vocab)
    titled = [w for w in _TOKEN.findall(topic.title.lower()) if vocab.kind_nouns.get(w, ()) and
              vocab.kind_nouns[w] & kinds]  # fmt: skip
    return bool(kinds) and not (titled and not context.reported(topic, (noun,)))


def _kinds_of(topic: Topic, vocab: Vocabulary) -> set[str]:
    """The kinds a topic is and its entities are (`TopicKind.entity_kinds`)."""
    return {topic.kind} | {kind for e in topic.entity_ids
                           for kind in vocab.entity_kind_kinds.get(
                               vocab.entity_kinds.get(e, ""), ())}  # fmt: skip


def _run_nouns(said: Said, after: int, vocab: Vocabulary) -> list[tuple[str, int]]:
    """The kinds' nouns among the few plain words right after a name, each with where it ends.
    The words end before what is asked of them: a word of a curated quantity ("<place> flood
    cost insurers") or a past form ("<place> auction delayed")."""
    tokens, found = said.tokens, []
    end = after
    while end < min(len(tokens), after + _RUN):
        low = tokens[end].low
        plain = low.isalpha() and low not in STOP and low not in TIME_WORDS
        if not plain or low.endswith("ed") or stem(low) in vocab.quantity_words:
            break
        end += 1
    for start in range(after, end):
        for width in (2, 1):
            noun = _kind_noun(said, start, start + width, vocab) if start + width <= end else None
            if noun:
                found.append((noun[0], noun[2]))
                break
    return found


def _noun_before(said: Said, first: int, vocab: Vocabulary) -> tuple[str, int, int] | None:
    """A kind's noun just before a name, or before "of" / "called" ("the city of <name>"); a
    word that says which reading is asked ("the final <trial> result") describes what is asked
    of the name, never its kind."""
    end = first - 1 if first and said.tokens[first - 1].low in _NAMING else first
    called = _kind_noun(said, end - 2, end, vocab) or _kind_noun(said, end - 1, end, vocab)
    # Between a tracked name and another ("When did <storm> strike <place>?") the word is the
    # first name's verb, not the second's kind.
    verb = called is not None and any(after == called[1] for _, after, _ in said.names)
    return None if called and (called[0] in _READING_WORDS or verb) else called


_READING_WORDS = PROVISIONAL_WORDS | FINAL_WORDS


def _headed(said: Said, after: int, topic: Topic) -> bool:
    """Whether the name is followed by a word of the topic's own title or terms ("the final
    <name> hop harvest"): that word is what the phrase names, and a word before the name
    describes it, not the name's kind."""
    own = {w.lower() for w in _TOKEN.findall(" ".join([topic.title, *topic.terms]))} - STOP
    return after < len(said.tokens) and said.tokens[after].low in own


def _noun_apposed(said: Said, after: int, vocab: Vocabulary) -> tuple[str, int, int] | None:
    """A kind's noun set beside a name by a comma ("<name>, the novelist")."""
    tokens = said.tokens
    if after >= len(tokens) or "," not in said.text[tokens[after - 1].end : tokens[after].start]:
        return None
    start = after + (tokens[after].low in _ARTICLES)
    return _kind_noun(said, start, start + 2, vocab) or _kind_noun(said, start, start + 1, vocab)


def _kind_noun(said: Said, start: int, end: int, vocab: Vocabulary) -> tuple[str, int, int] | None:
    if start < 0 or end > len(said.tokens) or end <= start:
        return None
    for noun in (" ".join(t.low for t in said.tokens[start:end]),
                 " ".join(_singular(t.low) for t in said.tokens[start:end])):  # fmt: skip
        if noun in vocab.kind_nouns:
            return noun, start, end
    return None


def _other_edition(said: Said, topic: Topic) -> Mismatch | None:
    """Another number, edition or model beside a word of the topic's names than its curated one
    ("<Name> X6" for the "X5"; "<Name>-3X" for the "3"), letters and digits together: the number
    reading below takes only numerals for an edition."""
    held, words, _ = _editions(topic)
    if not any(c.isdigit() for c in held):
        return None
    for i, j in _marks(said.tokens, words):
        if said.tokens[j].bare != held:
            return Mismatch(_words(said, min(i, j), max(i, j) + 1), "number")
    siblings = [mark for mark, number in _marks_said(said.text, held) if number != _MARK_OWN]
    if siblings:
        return Mismatch(_with_name_before(said, siblings[0], words), "number")
    return _other_version(said, held, words)


def _other_version(said: Said, held: str, words: frozenset[str]) -> Mismatch | None:
    """Another version number after a word of the topic's names than its curated one
    ("<Name> 7.3" for the "7.2"): a sibling release."""
    if not _VERSION.fullmatch(held):
        return None
    for found in _VERSION_SAID.finditer(said.text):
        if found.group(1).lower() in words and found.group(2) != held:
            return Mismatch(found.group(0), "number")
    return None


_VERSION = re.compile(r"\d+(?:\.\d+)+")
_VERSION_SAID = re.compile(r"\b([^\W\d_]+)\s+(\d+(?:\.\d+)+)(?![\d.]*\d)")


def _with_name_before(said: Said, mark: str, words: frozenset[str]) -> str:
    """A mark with the words of the topic's names the question writes just before it
    ("<Port> green bond 2026-2")."""
    at = said.text.find(mark)
    start = sum(1 for t in said.tokens if t.end <= at)
    while start and said.tokens[start - 1].bare in words:
        start -= 1
    return said.text[said.tokens[start].start : at] + mark if start < len(said.tokens) else mark


# A model's mark in the form "<letters>-<digits>" or "<letters> <digits>" ("CV-480", "A 321").
_MARK = re.compile(r"^([a-z]{1,4})[\s-]?(\d{2,5}[a-z]{0,2})$")
_MARK_OWN = ""  # the number `_marks_said` gives the topic's own mark


# A series' issue: a year and its number in the year ("2026-1" of a bond series, "2025-B").
_SERIES = re.compile(r"^((?:19|20)\d\d)-(\d{1,2}|[a-z])$")


def _marks_said(text: str, held: str) -> list[tuple[str, str]]:
    """(the mark as written, its number, or "" for the topic's own) for each mark `text` writes
    with the letters of the topic's own ("CV-480" of the "CV-470"), however it is joined, or
    with the year of its series' issue ("2026-2" of the "2026-1"; the season "2026-27" is a
    period, not an issue)."""
    own = _MARK.match(held) or _SERIES.match(held)
    if own is None:
        return []
    number = r"[\s-]?(\d{2,5}[a-z]{0,2})" if own.re is _MARK else r"-(\d{1,2}|[a-z])"
    found = re.finditer(rf"\b{own.group(1)}{number}\b", text, re.IGNORECASE)
    season = f"{(int(own.group(1)) + 1) % 100:02d}" if own.re is _SERIES else None
    return [(m.group(0), "" if m.group(1).lower() == own.group(2) else m.group(1).lower())
            for m in found if m.group(1) != season]  # fmt: skip


def another_edition(text: str, topic: Topic) -> bool:
    """Whether a row (`text`) numbers the topic's name with another number, edition or model
    and never with the topic's own ("the <Name> K8" in a row of the K7, "route 12" in one of
    route 11): a neighbour's row, whatever topic it came in under. Years and quarters are the
    periods figures are of, not editions."""
    held, words, own = _editions(topic)
    versions = {m.group(2) for m in _VERSION_SAID.finditer(text) if m.group(1).lower() in words}
    if _VERSION.fullmatch(held) and versions and held not in versions:
        return True  # only a sibling release ("<Name> 7.3" in a row of the 7.2)
    if any(c.isdigit() for c in held):
        tokens = _tokens(text)
        marks = {tokens[j].bare for _, j in _marks(tokens, words)}
        # The topic's own mark said too ("Pellix P2 pens ...; Pellix P3 pens are not
        # affected"): the row is its own, naming the neighbour beside it.
        if marks and held not in marks | {t.low for t in tokens}:
            return True
        numbers = {number for _, number in _marks_said(text, held)}
        if numbers and _MARK_OWN not in numbers:
            return True  # only a sibling's mark ("the CV-480" in a row of the CV-470)
    numbers = {key: values for key, values in own.items() if key not in ("year", "quarter")}
    found = numbered(text) if numbers else {}
    return any(key in found and not found[key] & values for key, values in numbers.items())


def another_year(text: str, topic: Topic) -> bool:
    """Whether a row (`text`) names a topic of one occasion and one year with another year
    beside its name, and never with its own ("the 2025 <Cup> final" in a row of the 2026
    final): another occasion's row, whatever words brought it in."""
    years = _years_of(topic)
    if topic.ongoing or len(years) != 1:
        return False
    said = _years_by_name(text, topic)
    if said and not said & years:
        return True
    # Of a topic curated for a month ("January 2027"), the month and year said just after the
    # row's naming of it ("the <index> for the 1 June 2026 renewals"): another month's edition.
    own = _month_year(topic.period)
    months = _months_by_name(text, topic) if own else set()
    return bool(months) and own not in months


def _months_by_name(text: str, topic: Topic) -> set[tuple[str, str]]:
    """Each month and year said within a few words after the row's first naming of the topic,
    as `_month_year` gives them."""
    words, tokens = _editions(topic)[1], _tokens(text)
    start = next((i for i, t in enumerate(tokens) if t.bare in words), None)
    end = start
    while end is not None and end < len(tokens) and tokens[end].bare in words:
        end += 1
    near = tokens[end : end + _MONTH_REACH] if end is not None else ()
    return {(a.low[:3], b.low) for a, b in itertools.pairwise(near)
            if a.low in _MONTH_NAMES and _YEAR.match(b.low)}  # fmt: skip


_MONTH_REACH = 6  # "for the 1 June 2026": the words after a name that say which month it is of


def _years_by_name(text: str, topic: Topic) -> set[str]:
    """The year said just before or after the row's first naming of the topic ("Last year's
    2025 <Cup> final drew ..."): what the row is of. A year said of a later naming is a
    comparison ("up from 38,900 at the 2025 festival")."""
    words = _editions(topic)[1]
    tokens = _tokens(text)
    start = next((i for i, t in enumerate(tokens) if t.bare in words), None)
    if start is None:
        return set()
    end = start
    while end < len(tokens) and tokens[end].bare in words:
        end += 1
    beside = [tokens[i].low for i in (start - 1, end) if 0 <= i < len(tokens)]
    return {low for low in beside if _YEAR.match(low)}


def another_body(clause: str, topic: Topic) -> bool:
    """Whether a clause first names the topic's lead inside another body's longer name
    ("Halvard Airways, unrelated to Halvard Air, carried 610,000 passengers" of Halvard Air,
    known as "Halvard"): what it states is that body's, as the tagger reads a document
    (`ingestion.tagging`)."""
    tagger = current_tagger()
    spans = [span for span in tagger.entity_spans(clause) if span[2] == topic.lead_id]
    return bool(spans) and tagger.namesake(clause, *spans[0])


# A clause opening on a name: capitalised words, a possessive's included, after "The".
_OPENING_NAME = re.compile(r"\s*(?:The\s+)?((?:[A-Z][\w'\u2019-]*\s+)*[A-Z][\w'\u2019-]*)")


def longer_name_opening(clause: str, topic: Topic) -> str:
    """The name a clause opens on when it goes on from the first word of the topic's lead with
    a word none of the topic's names continue it with and its curated words never use
    ("Brennick Field, a regional airport, handled 410,000" in a row of Brennick International
    Airport, its first word tagged as the town): another thing under the lead's first word, as
    the tagger reads a body's short name (`another_body`); else "". Whether it is the thing
    a figure is of, or who gives it, is the figure's sentence's to say."""
    lead = [w.lower() for w in _TOKEN.findall(topic.lead)]
    opening = _OPENING_NAME.match(clause)
    if len(lead) < 2 or opening is None:
        return ""  # a one-word lead's namesakes are the tagger's to tell
    said = [_POSSESSIVE.sub("", w.lower()) for w in _TOKEN.findall(opening.group(1))]
    if lead[0] not in said[:-1]:
        return ""
    named = [[w.lower() for w in _TOKEN.findall(name)] for name in topic.names]
    continued = {w for name in named if name[:1] == lead[:1] for w in name[1:]}
    curated = {_POSSESSIVE.sub("", w.lower()) for w in _TOKEN.findall(topic.curated or topic.text)}
    known = continued | curated | STOP | _CONNECTORS | TIME_WORDS | set(MONTHS) | ROLES
    after = said[said.index(lead[0]) + 1]
    return "" if after in known or any(c.isdigit() for c in after) else opening.group(1)


def another_kind(text: str, topic: Topic) -> bool:
    """Whether a row names the topic's entities only as called by another kind's noun ("Pop
    singer <Name>" in a row of the <Name> 7.2 release): a namesake's row, whatever words
    brought it in."""
    vocab = built()
    if vocab is None or not topic.kind:
        return False
    said = Said.of(text, current_tagger().entity_spans(text))
    called = [(_noun_before(said, first, vocab), _kinds_named(entity, topic, vocab))
              for first, _, entity in said.names if entity in topic.entity_ids]  # fmt: skip
    other = [c for c, kinds in called if c and not vocab.kind_nouns[c[0]] & kinds]
    return bool(other) and len(other) == len(called)


def _kinds_named(entity: int, topic: Topic, vocab: Vocabulary) -> set[str]:
    """The kinds an entity of a topic is: its entity kind's (`TopicKind.entity_kinds`), and the
    topic's own when it leads it ("the town of <a company's short name>" is no company)."""
    kinds = set(vocab.entity_kind_kinds.get(vocab.entity_kinds.get(entity, ""), ()))
    return kinds | ({topic.kind} if entity == topic.lead_id else set())


def another_party(text: str, topic: Topic) -> bool:
    """Whether a row does the topic's own deed to a party it does not carry, naming none of the
    parties it carries past the doer ("<the regulator> fined <another bank>" in a row of its
    fine on <a firm>): another occasion's row."""
    vocab = built()
    if vocab is None:
        return False
    deeds, own = deeds_of(topic), {n.lower() for n in topic.names}
    objects = [m.group(2) for m in _DONE_TO.finditer(text)
               if stem(m.group(1).lower()) in deeds and m.group(2).lower() not in own]  # fmt: skip
    if not objects:
        return False
    said = {e for _, _, e in current_tagger().entity_spans(text)}
    parties = parties_of(topic, vocab)
    return bool(said & parties) and bool(parties - said)


def deeds_of(topic: Topic) -> set[str]:
    """The stems of the topic's own terms: the deeds it is of ("fine", "acquire")."""
    return {stem(w) for term in topic.terms for w in words(term)}


def parties_of(topic: Topic, vocab: Vocabulary) -> set[int]:
    """The topic's entities that are bodies or persons: who does its deed, and to whom."""
    return {e for e in topic.entity_ids if vocab.entity_kinds.get(e) in _ACTORS}


# A deed and who it is done to: "fined Pellora Bank", "acquired the Orrin Timberlands".
_DONE_TO = re.compile(r"\b([a-z]+)\s+(?:the\s+)?([A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*)*)")


_NAME_RUN = re.compile(
    r"\b(?:[A-Z][\w'\u2019-]*\s+(?:(?:of|the|for|de|du|des|del|di|da)\s+)?){2,5}[A-Z][\w-]*"
)


def another_speaker(lead_in: str, topic: Topic) -> bool:
    """Whether the words before a figure give it as another jurisdiction's counterpart of the
    topic's own body ("the Dalmoria Energy Regulatory Office put October petrol at" in a row of
    the Selvane Energy Regulatory Office's fuel prices): a name that ends as one of the topic's
    names does, two words or more, opening with another word."""
    own = [_TOKEN.findall(name.lower()) for name in topic.names]
    # A name's joining words stay inside it ("<Country>'s Ministry of Agriculture").
    for run in re.finditer(_NAME_RUN, lead_in):
        words = [_POSSESSIVE.sub("", w) for w in _TOKEN.findall(run.group(0).lower())]
        for name in own:
            tail = len(name) - 1
            # Longer than the name's tail, which it ends with, under another first word.
            longer = tail >= 2 and len(words) > tail and words[-tail:] == name[1:]
            # "The <Name> X5" opens a sentence: an article is no other body's first word.
            if longer and words[-tail - 1] not in (name[0], *STOP):
                return True
    return False


def lead_called(part: str, topic: Topic) -> bool:
    """Whether a part says its speaker only by a noun of the kind the topic's lead is ("the
    airline's" of an airline's strike, "the company's"): the lead is meant, whatever other body
    carries the noun in its own name."""
    vocab = built()
    said = [_POSSESSIVE.sub("", w) for w in _TOKEN.findall(part.lower())]
    said = [w for w in said if w not in STOP]
    if vocab is None or len(said) != 1 or said[0] not in part:  # written in lower case
        return False
    lead_kinds = vocab.entity_kind_kinds.get(vocab.entity_kinds.get(topic.lead_id, ""), ())
    return bool(vocab.kind_nouns.get(said[0], frozenset()) & set(lead_kinds))


def nearest_another(text: str, topic: Topic) -> bool:
    """Whether the numbering nearest the end of `text` (the words before a figure) is another
    edition's, not the topic's own ("Phase 2 of the <Commons> site, a tower budgeted at" in a
    row of Phase 1 that also names Phase 1 later): the figure is the neighbour's."""
    for token in reversed(_tokens(text)):
        tail = text[token.start :]
        if another_edition(tail, topic):
            return True
        if _own_numbering(tail, topic):
            return False
    return False


def _own_numbering(text: str, topic: Topic) -> bool:
    held, words, own = _editions(topic)
    tokens = _tokens(text)
    if held and held in {tokens[j].bare for _, j in _marks(tokens, words)}:
        return True
    found = numbered(text)
    return any(found.get(key, set()) & values for key, values in own.items()
               if key not in ("year", "quarter"))  # fmt: skip


def numbered_topic(topic: Topic) -> bool:
    """Whether anything numbers the topic (an edition mark, a number or ordinal in its title,
    subject or names: "K7", "route 11", "the fourth <Regatta>"), so that a row may number a
    neighbour of it (`another_edition`); years and quarters are periods, not editions."""
    held, _, own = _editions(topic)
    return bool(held) or any(key not in ("year", "quarter") for key in own)


def _marks(tokens: tuple[Token, ...], words: frozenset[str]):
    """(i, j) for each word `i` of the topic's names with a model's mark `j` beside it; a mark
    its names write themselves ("5G" of the "5G spectrum auction, round 2") is none."""
    for i, token in enumerate(tokens):
        if token.bare in words:
            for j in (i - 1, i + 1):
                low = tokens[j].bare if 0 <= j < len(tokens) else ""  # "X5's" is the X5's
                if _model_like(low) and low not in words:
                    yield i, j


def _editions(topic: Topic) -> tuple[str, frozenset[str], dict[str, set]]:
    """What numbers a topic: its curated edition mark, the words of its names (stop words
    left out) and what its title, subject and names number (`numbered`)."""
    return _editions_of(topic.title, topic.subject, topic.names, topic.edition)


@functools.lru_cache(maxsize=4096)
def _editions_of(title: str, subject: str, names: tuple[str, ...], edition: str):
    # Kept by the words themselves, not the topic: a renamed topic is read anew. Read for every
    # row an answer weighs (`another_edition`), so read once per topic's words.
    words = frozenset(w.lower() for w in _TOKEN.findall(" ".join([title, *names]))) - STOP
    # The curated edition before the title numbers what the title names ("156th" of "<Name>
    # wine auction 2026").
    # A curated number numbers the name its title gives too ("<Name> (novel)" of edition 1:
    # "<Name> 2" is another book of the series); never another entity's name, nor one that
    # carries a number of its own.
    titled = [n for n in names if n.lower() in title.lower() and not any(map(str.isdigit, n))]
    numbered_names = [f"{name} {edition}" for name in titled] if edition.isdecimal() else []
    numbers = numbered(". ".join([f"{edition} {title}", subject.replace("-", " "), *names,
                                  *numbered_names]))  # fmt: skip
    return _held_mark(edition, names), words, numbers


def _held_mark(edition: str, names: tuple[str, ...]) -> str:
    """The topic's mark: its curated edition, else the one model's mark among its names and its
    entities' ("HP-310", the alias of the drug a trial tests): a sibling's ("HP-311") beside the
    same letters is then another subject, as beside a curated edition."""
    held = edition.lower().replace(" ", "")
    if any(c.isdigit() for c in held):
        return held
    marks = {n.lower().replace(" ", "") for n in names if _MARK.match(n.strip().lower())}
    return marks.pop() if len(marks) == 1 else held


def _model_like(word: str) -> bool:
    """A model's mark: letters and digits together ("x6", "a321"), not a year or a quarter."""
    return (
        any(c.isdigit() for c in word)
        and any(c.isalpha() for c in word)
        and not _QUARTER.match(word)
        and not _YEAR.match(word)
        and not re.fullmatch(r"\d+(?:st|nd|rd|th|s)", word)
    )


def another_actor(miss: Mismatch, topic: Topic, vocab: Vocabulary | None = None) -> bool:
    """Whether a disagreement names another actor or place rather than another subject: a
    place or a name sharing no word with the topic's lead ("<another country>'s central bank"
    beside the lead's own decision), or a body the registry tracks by that very name sharing
    none with the lead ("its merger with <another tracked airline>" of the lead's merger with a
    third: the wrong party); a longer name, a branch or a number of the lead's own name ("the
    regional <lead>") is another subject."""
    said = {_POSSESSIVE.sub("", w.lower()) for w in _TOKEN.findall(miss.subject)}
    content = said - STOP - _CONNECTORS
    lead = {w.lower() for w in _TOKEN.findall(topic.lead)} - STOP - _CONNECTORS
    own = lead | {w.lower() for w in _TOKEN.findall(topic.title)} - STOP - _CONNECTORS
    if miss.qualifier not in ("place", "name") or not content or content & lead:
        return False
    return not content & own or (vocab is not None and _tracked_name(miss.subject, vocab))


def uncarried(name: str, vocab: Vocabulary) -> bool:
    """Whether `name` is, as written, a name of a body or person the registry keeps that no
    topic carries: a neighbour curators know of, whose doings it does not track."""
    low = _POSSESSIVE.sub("", name.lower())
    return any(low in {n.lower() for n in names} and vocab.entity_kinds.get(e) in _ACTORS
               and e not in vocab.carried for e, names in vocab.entity_names.items())  # fmt: skip


def _tracked_name(name: str, vocab: Vocabulary) -> bool:
    """Whether `name` is a tracked entity's name or alias, as written."""
    low = _POSSESSIVE.sub("", name.lower())
    return any(low == n.lower() for names in vocab.entity_names.values() for n in names)


def _counted_in(topic: Topic, noun: str) -> bool:
    """Whether the topic's first reports count the noun ("by 34 votes")."""
    singular = re.escape(_singular_of(noun.lower()))
    return bool(re.search(rf"\d\s+{singular}(?:s|es)?\b", topic.reported.lower()))


def _own_words(topic: Topic) -> frozenset[str]:
    """Every word the topic is known by, its first reports included (plurals as singulars too)."""
    words = [w.lower() for w in _TOKEN.findall(f"{topic.text} {topic.reported}")]
    bare = [_POSSESSIVE.sub("", w) for w in words]
    return frozenset(words) | frozenset(bare) | frozenset(_singular_of(w) for w in bare)


def _past_namesakes(topic: Topic, own: frozenset[str]) -> frozenset[str]:
    """The words the topic is known by (`own`) less those its reports use only to extend one of
    its names into another ("the novelist <First> <Name>", "the <Name> River flood" of a
    volcano's eruption): a longer name only its reports use is a namesake they mention, not a
    name the topic goes by. A word its reports say after a possessive ("<Name>'s CET1") stays."""
    curated = {_POSSESSIVE.sub("", w.lower()) for w in _TOKEN.findall(topic.curated or topic.text)}
    names = {w.lower() for name in topic.names for w in _TOKEN.findall(name)}
    extending = set()
    for run in _CAPITAL_RUN.findall(topic.reported):
        words = [w.lower() for w in _TOKEN.findall(run)]
        if names & set(words):
            extending |= set(words) - curated - _CONNECTORS
    return frozenset(w for w in own if w not in extending and _singular_of(w) not in extending)


# A run of capitalised words (a name, with its joining words), ended by a possessive.
_CAPITAL_RUN = re.compile(
    r"(?:[A-Z][\w-]*(?:\s+(?:of|the|de|del|da|la|le|di|du|von|van)\b)*\s+)*[A-Z][\w-]*(?!['\u2019])"
)


def _longer_name(said: Said, topic: Topic, own: frozenset[str], vocab: Vocabulary,
                 context: Context) -> Mismatch | None:  # fmt: skip
    """A name of the topic the question extends with capitalised words the topic never uses, or
    a part of it the question singles out ("<Bank>'s regional office"); a body its own reports
    name, which the longer name is, is a party to it (`_party`). Held to the topic's words
    past those only its reports' namesakes use (`_past_namesakes`)."""
    named = [(first, after) for first, after, entity_id in said.names
             if entity_id in topic.entity_ids]  # fmt: skip
    own = _past_namesakes(topic, own) if named else own
    for first, after in named:
        start, end = _extent(said, first, after)
        if start == 0 < first and said.tokens[0].bare not in vocab.name_word_set:
            start = 1  # the question's first word, capitalised by its place ("Given <name>'s")
        extra = [t for t in (*said.tokens[start:first], *said.tokens[after:end])]
        distinguished = any(_distinguishes(t, own) for t in extra)
        if distinguished and not _party(said, start, end, topic, vocab, context):
            return Mismatch(_words(said, start, end), "name")
        branch = _branch(said, start, end, own)
        if branch:
            return branch
    return None


def _foreign_name(said: Said, vocab: Vocabulary, own: frozenset[str], others: frozenset[int],
                  context: Context, topic: Topic) -> Mismatch | None:  # fmt: skip
    """A capitalised word of another tracked name that the topic never uses ("<Mission>-5"
    asked, a crewed flight of another name routed): the question is about that name's thing,
    unless the word begins a body the topic's own reports name (`_party`)."""
    named = said.named
    words = set(vocab.name_words)
    others_words = {
        w for e in others for n in vocab.entity_names.get(e, []) for w in n.lower().split()
    }
    for i, token in enumerate(said.tokens):
        low = token.bare
        if i in named or not token.capital or low in own or low not in words or low in others_words:
            continue
        if low in STOP | _OPENING or low in TIME_WORDS or (i == 0 and low in _OPENING):
            continue
        end = i + 1
        while end < len(said.tokens) and _edition(said.tokens[end]) is not None:
            end += 1
        run = next((j for j in range(i + 1, len(said.tokens) + 1)
                    if j == len(said.tokens) or not said.tokens[j].capital), i + 1)  # fmt: skip
        if not _party(said, i, run, topic, vocab, context):
            return Mismatch(_words(said, i, end), "name")
    return None


_CALLED = frozenset("called named nicknamed renamed as".split())


def _other_name_sharing(said: Said, topic: Topic, own: frozenset[str]) -> Mismatch | None:
    """A name the registry does not hold that shares a word with one of the topic's names and
    adds a capitalised word the topic's curation and the reports naming it never use ("the
    <Maker> Employability Ranking" of the "<Maker> University Rankings"): another thing of
    that name's family, which the registry does not track."""
    vouched = own & _said_of_topic(topic.curated or topic.text, topic.reported, topic.names)
    names = {w.lower() for n in (topic.title, *topic.names) for w in _TOKEN.findall(n)} - STOP
    tokens, start = said.tokens, 0
    while start < len(tokens):
        end = start
        while end < len(tokens) and tokens[end].capital and end not in said.named:
            end += 1
        run = tokens[start:end] if start else tokens[1:end]  # the opening word is no name's
        if start and tokens[start - 1].low in _CALLED:
            run = []  # "was called <Name> until 2019": a name it goes by, claimed, no subject
        shared = [t for t in run if t.bare in names]
        added = [t for t in run if t.bare not in names and _distinguishes(t, vouched)
                 and t.bare not in _OPENING]  # fmt: skip
        if len(run) > 1 and shared and added:
            return Mismatch(_words(said, start + (start == 0), end), "name")
        start = end + 1
    return None


_ACTOR_KINDS = frozenset({"organisation", "company", "person"})


def _party(said: Said, start: int, end: int, topic: Topic, vocab: Vocabulary,
           context: Context) -> bool:  # fmt: skip
    """Whether the capitalised run `start:end` is a body (its last word a curated noun of an
    organisation or a company: "the Motor Trade Association") that the topic's own reports
    name: a party to its story, such as who forecast its figure, not another subject."""
    noun = _kind_noun(said, end - 1, end, vocab)
    if noun is None or not vocab.kind_nouns[noun[0]] & _ACTOR_KINDS:
        return False
    return context.reported(topic, (_words(said, start, end),))


def _branch(said: Said, start: int, end: int, own: frozenset[str]) -> Mismatch | None:
    """A branch word just before or after a name ("the regional <Bank>", "<Bank>'s district
    office", one describing word between): a part of the body, not the body the topic is
    about. A topic whose words use it ("closing 120 branches") is asked about its own words."""
    tokens = said.tokens
    if start and tokens[start - 1].low in BRANCHES and tokens[start - 1].low not in own:
        return Mismatch(_words(said, start - 1, end), "name")
    for j in range(end, min(end + 2, len(tokens))):
        if j > end and not _describes(tokens[end]):
            break
        if tokens[j].low in BRANCHES and _singular_of(tokens[j].low) not in own:
            noun = (
                j + 1 < len(tokens)
                and tokens[j + 1].low.isalpha()
                and tokens[j + 1].low not in STOP | LOCATIVE
            )
            return Mismatch(_words(said, start, j + 1 + noun), "name")
    return None


def _describes(token: Token) -> bool:
    """A word that may stand between a name and its branch ("northern" in "<Bank>'s northern
    branch"): not a verb's form ("closing", "opened") and not a framing word."""
    return token.low.isalpha() and token.low not in STOP and not token.low.endswith(("ing", "ed"))


def _singular_of(word: str) -> str:
    return word[:-2] if word.endswith("ches") else word.rstrip("s")


BRANCHES = frozenset(
    """regional branch branches district subsidiary subsidiaries division divisions arm
    affiliate affiliates chapter local provincial""".split()
)


def _extent(said: Said, first: int, after: int) -> tuple[int, int]:
    """The capitalised run a name stands in: left over capitalised words (never the question's
    opening word), right over capitalised words and the connectors between them; a possessive
    or another tracked name ends it."""
    tokens, named = said.tokens, said.named
    end = _right(said, after, named)  # "<Country>'s Supreme Court": a body of its own
    start = first
    while start > 0 and start - 1 not in named:
        before = tokens[start - 1]
        if NAME_BREAK.search(said.text[before.end : tokens[start].start]):
            break
        joined = before.low in _CONNECTORS and start > 1 and tokens[start - 2].capital
        if not (before.capital or joined):
            break
        if _ELISION.sub("", before.bare) in _OPENING | STOP - _CONNECTORS:
            break  # a question's opening word ("What's", "Did") is capitalised anyway
        start -= 1
    return start, end


def _right(said: Said, after: int, named: set[int]) -> int:
    tokens, end = said.tokens, after
    while end < len(tokens) and end not in named:
        token = tokens[end]
        if NAME_BREAK.search(said.text[tokens[end - 1].end : token.start]):
            break  # "... in Velmora. When was ...": a name ends with its sentence or clause
        joins = (
            token.low in _CONNECTORS
            and end + 1 < len(tokens)
            and tokens[end + 1].capital
            and end + 1 not in named
        )
        if not (token.capital or joins) or _edition(token) is not None:
            break
        end += 1
        if _POSSESSIVE.search(token.low) and token.low.endswith(("'s", "\u2019s")):
            break
    return end


# A sentence's or a clause's end between two words: a name never runs across it.
SENTENCE_BREAK = re.compile(rf"(?:[!?;:]|\.{NOT_AN_END})\s")
# A comma too: "<Airline>, the <Place>-based carrier" sets a description beside the name.
NAME_BREAK = re.compile(rf"{SENTENCE_BREAK.pattern}|,")


def _distinguishes(token: Token, own: frozenset[str]) -> bool:
    low = _ELISION.sub("", token.bare)
    return not (
        low in own
        or families_in(low).keys() & families_in(" ".join(own)).keys()
        or low in ROLES
        or low in _CONNECTORS
        or low in TIME_WORDS
        or low in CURRENCY_CODES  # "<Name> EUR 12 million": a sum's code, no name's
        or _edition(token) is not None
        or _YEAR.match(low)
    )


def _words(said: Said, start: int, end: int) -> str:
    """The question's words from token `start` to `end`, as it typed them."""
    if end <= start:
        return ""
    tokens, text = (said.typed, said.typed_text) if said.typed else (said.tokens, said.text)
    return text[tokens[start].start : tokens[end - 1].end]


# --- numbers and editions ---------------------------------------------------------------------


def _edition(token: Token) -> int | str | None:
    """What a token numbers: a roman numeral (written in capitals), a number, a quarter."""
    low = token.low
    if token.text.isupper() and low in _ROMAN:
        return _ROMAN[low]
    if low.isdecimal() and len(low) <= 2:  # "¹" is a digit to isdigit, not to int
        return int(low)
    quarter = _QUARTER.match(low)
    if quarter:
        return f"q{quarter.group(1) or quarter.group(2)}"
    return None


def _in_figure(text: str, tokens, i: int) -> bool:
    """Whether token `i` is part of a figure, not an edition's number: "3" of "harvest 3.6
    million" or of "3 million" (a decimal's part, or a count before its scale)."""
    token = tokens[i]
    decimal = re.match(r"[.,]\d", text[token.end : token.end + 2]) or re.search(
        r"\d[.,]$", text[max(0, token.start - 2) : token.start]
    )
    scaled = i + 1 < len(tokens) and tokens[i + 1].low in _SCALE_WORDS
    return bool(decimal) or (token.low.isdecimal() and scaled)


_SCALE_WORDS = frozenset("thousand million billion trillion percent per bn m k".split())


def _ordinal(low: str) -> int | None:
    """What an ordinal numbers, in words or figures ("third", "156th")."""
    written = _ORDINAL_NUMBER.match(low)
    return int(written.group(1)) if written else _ORDINALS.get(low)


_ORDINAL_NUMBER = re.compile(r"^(\d{1,4})(?:st|nd|rd|th)$")


def numbered(text: str) -> dict[str, set]:
    """What `text` numbers: {word before a number: its numbers} ("halcyon": {3}, "series":
    {"c"}), {edition noun: the ordinals before it} ("quarter": {3}), and "year": its years."""
    tokens = [Token(m.group(0), m.group(0).lower(), m.start(), m.end())
              for m in _TOKEN.finditer(text)]  # fmt: skip
    found: dict[str, set] = {}
    for i, token in enumerate(tokens):
        value = None if _in_figure(text, tokens, i) else _edition(token)
        # After a word, a possessive too ("<Maker>'s Q3 deliveries"); never after a number. A
        # quarter numbers the period ("harvest volume, Q3"), as a question's does.
        if i and isinstance(value, int) and tokens[i - 1].bare.isalpha():
            found.setdefault(tokens[i - 1].bare, set()).add(value)
        if token.low == "series" and i + 1 < len(tokens) and len(tokens[i + 1].low) == 1:
            found.setdefault("series", set()).add(tokens[i + 1].low)
        ordinal = _ordinal(token.low)
        if ordinal is not None:
            for after in tokens[i + 1 : i + 1 + ORDINAL_REACH]:
                if after.bare != "year":  # "first-year students": a year of theirs, not of it
                    found.setdefault(after.bare, set()).add(ordinal)
        quarter = value if isinstance(value, str) else None
        if quarter:
            found.setdefault("quarter", set()).add(int(quarter[1]))
        if _YEAR.match(token.low):
            found.setdefault("year", set()).add(int(token.low))
    return found


def _other_number(said: Said, topic: Topic, own: frozenset[str],
                  context: Context) -> Mismatch | None:  # fmt: skip
    """A number, series letter, quarter or year the question puts where the topic has another,
    or a prefix the topic never puts on its own word ("semi-" before its "final"); never one
    inside another asked topic's own name ("<A> Series B ... <B> Series C": B's own)."""
    held = _editions(topic)[2]
    asked = _numbers_asked(said)
    for key, (values, start, end) in asked.items():
        if key in held and not values & held[key] and not _in_others_name(said, start, context):
            while end < len(said.tokens) and said.tokens[end].capital:
                end += 1  # the whole name it numbers: "the sixth <Name> Summit"
            # Another year of the occasion, in the question's own words ("the 2024 <Test>
            # field test in <country>").
            occasion = _occasion_asked(said, start, topic) if key == "year" else ""
            return Mismatch(occasion or _with_owner(said, topic, start, end), "number")
    curated = {w.lower() for w in _TOKEN.findall(" ".join([topic.title, *topic.terms]))}
    for i in range(len(said.tokens) - 1):
        first, second = said.tokens[i], said.tokens[i + 1]
        hyphen = said.text[first.end : second.start] == "-"
        # A prefix is a small word ("semi-final"); a capitalised one makes a compound noun
        # ("Kupfer-Royalty"), which names what the topic's word is of.
        small = not first.capital or i == 0
        prefix = hyphen and small and second.low in curated and first.low not in own | TIME_WORDS
        if prefix and _edition(first) is None and first.low not in _ORDINALS:
            return Mismatch(_with_owner(said, topic, i, i + 2), "number")
    return None


def _in_others_name(said: Said, index: int, context: Context) -> bool:
    """Whether the question's token at `index` stands inside the title or an own name of
    another topic the question is routed to."""
    at, low = said.tokens[index].start, said.text.lower()
    for other in context.others:
        for name in {other.title, *other.own_names} - {""}:
            found = low.find(name.lower())
            if found >= 0 and found <= at < found + len(name):
                return True
    return False


_MONTH_NAMES = frozenset(MONTHS) | {w.lower() for w in calendar.month_abbr if w}


def _other_month(said: Said, topic: Topic, context: Context) -> Mismatch | None:
    """Another month and year named as the occasion asked of a topic curated for one ("the
    June 2026 renewals" of the January 2027 index): another edition of the release, whatever its
    reports name beside it. After "for" or "of" ("the index for November 2026") it asks that
    month's edition too, unless the question names the topic's own month (then it asks
    when, which the window reads) or its reports name the month asked (a figure of it);
    inside a name ("<Bank> December 2026 rate decision") it is that name's."""
    own = _month_year(topic.period)
    tokens = said.tokens
    months = {(t.low[:3], n.low) for t, n in itertools.pairwise(tokens) if t.low in _MONTH_NAMES}
    for i in range(1, len(tokens) - 1) if own else ():
        asked = (tokens[i].low[:3], tokens[i + 1].low)
        if tokens[i].low not in _MONTH_NAMES or not _YEAR.match(asked[1]) or asked == own:
            continue
        # After a determiner, a day between ("the 1 June 2026 renewals"): which occasion.
        day = tokens[i - 1].low.isdigit() and i > 1
        edition = (
            tokens[i - 1].low in _EDITION_OF
            and own not in months
            and not context.reported(topic, (f"{tokens[i].text} {asked[1]}",))
        )
        if tokens[i - 1 - day].low in _DETERMINING or edition:
            month = f"{tokens[i].text} {asked[1]}"
            title = re.sub(rf"\b{own[0]}\w*\s+{own[1]}\b", month, topic.title, flags=re.I)
            return Mismatch(title if title != topic.title else f"{topic.title} ({month})",
                            "period")  # fmt: skip
    return None


def _month_year(period: str) -> tuple[str, str] | None:
    """A period's month (its first three letters) and year ("January 2027": jan, 2027)."""
    found = re.search(rf"\b({'|'.join(_MONTH_NAMES)})\w*\s+((?:19|20)\d\d)\b", period.lower())
    return (found.group(1)[:3], found.group(2)) if found else None


def _other_period(said: Said, topic: Topic, context: Context) -> Mismatch | None:
    """Another year asked of a topic curated for one ("<maker> Q3 deliveries in 2025" of the
    Q3 2026 release, "the levy in 2024" of the 2027 one), its own year never said and its
    reports never naming it: another occasion, named as the topic's title with the year asked.
    A year its reports name is a period its figures are of ("up from 2.0 million tonnes in
    2025"); the year the question is asked in is none (a 2027 decision is reported in 2026)."""
    own = re.search(r"(?:19|20)\d\d", topic.period)
    years = [i for i, t in enumerate(said.tokens) if _YEAR.match(t.low)]
    if own is None or any(said.tokens[i].low == own.group(0) for i in years):
        return None
    # A month before the year ("in March 2020") asks when, which the window reads; "its
    # November 2025 meeting" names which occasion.
    years = [i for i in years if not (i and said.tokens[i - 1].low in _MONTH_NAMES
                                      and not _names_occasion(said, i))]  # fmt: skip
    # A bound of time ("called <X> until 2019", "since 2019") says when something else held,
    # never another occasion of the topic.
    years = [i for i in years if not (i and said.tokens[i - 1].low in _BOUNDS)]
    other = next((i for i in years if int(said.tokens[i].low) != context.year), None)
    if other is None or context.reported(topic, (_said_year(said, other),)):
        return None
    asked = said.tokens[other].low
    season = re.match(r"[/\u2013-]\d\d\b", said.text[said.tokens[other].end :])
    asked += season.group(0) if season else ""  # "the 2027-28 season": said as a season
    # A season's first year is no year of its own to swap ("2026-27" asked as "2027-28").
    title = re.sub(rf"{own.group(0)}(?![/\u2013-]\d)", asked, topic.title)
    if asked in title:
        return Mismatch(title, "period")
    return Mismatch(_occasion_asked(said, other, topic) or f"{topic.title} ({asked})", "period")


def _occasion_asked(said: Said, year: int, topic: Topic) -> str:
    """The question's own naming of the other occasion: its year with the words of the topic's
    names after it, and the place it is set in ("the 2023 <Trial> trial in <country>"); "" when
    no word of the topic's names follows the year."""
    words, tokens = _editions(topic)[1], said.tokens
    end = year + 1
    while end < len(tokens) and tokens[end].bare in words:
        end += 1
    if end == year + 1:
        return ""
    if end + 1 < len(tokens) and tokens[end].low in LOCATIVE and tokens[end + 1].capital:
        end += 2
    article = "the " if year and tokens[year - 1].low in _ARTICLES else ""
    return f"{article}{_words(said, year, end)}"


# "postponed to 2029", "due by 2028", "delayed from 2026": a time something moves to or from.
_BOUNDS = frozenset("until till before since to by from".split())


def _said_year(said: Said, year: int) -> str:
    """The year as reports would say it of the occasion: with its month when the question
    gives one ("November 2025" of "its November 2025 meeting"), else alone."""
    month = said.tokens[year - 1].text if year and said.tokens[year - 1].low in _MONTH_NAMES else ""
    return f"{month} {said.tokens[year].low}".strip()


def _names_occasion(said: Said, year: int) -> bool:
    """Whether a month and year (`year` the year's token) stand between a determiner and a noun
    ("its November 2025 meeting"): which occasion, not when."""
    before = said.tokens[year - 2].low if year >= 2 else ""
    after = said.tokens[year + 1].low if year + 1 < len(said.tokens) else ""
    return before in _DETERMINING and after.isalpha() and after not in STOP


_DETERMINING = frozenset("its their the his her this that last".split())
_EDITION_OF = frozenset("for of".split())  # "the index for November 2026": its edition


def _with_owner(said: Said, topic: Topic, start: int, end: int) -> str:
    """The question's words from `start` to `end`, after the name it gives their owner when
    they leave it out ("<Bank>'s fourth-quarter")."""
    words = _words(said, start, end)
    for first, after, entity_id in said.names:
        if entity_id in topic.entity_ids and not start <= first < end:
            return f"{_words(said, first, after)} {words}" if after <= start else words
    return words


def _numbers_asked(said: Said) -> dict[str, tuple[set, int, int]]:
    """What the question numbers, each with the token range that says it; a year only where it
    names an edition ("the 2022 election"), not a time ("in 2022": the window reads that)."""
    tokens = said.tokens
    asked: dict[str, tuple[set, int, int]] = {}

    def add(key: str, value, start: int, end: int) -> None:
        # Every value a question gives a key counts ("Series C or Series B"): it asks of each.
        values, first, last = asked.get(key, (set(), start, end))
        asked[key] = (values | {value}, first, last)

    for i, token in enumerate(tokens):
        value = None if _in_figure(said.text, tokens, i) else _edition(token)
        # After a word, a possessive too ("<Maker>'s Q3 deliveries"); never after a number.
        if i and value is not None and tokens[i - 1].bare.isalpha():
            key = "quarter" if isinstance(value, str) else tokens[i - 1].bare
            value = int(value[1]) if isinstance(value, str) else value
            add(key, value, max(0, _name_start(said, i - 1)), i + 1)
        if token.low == "series" and i + 1 < len(tokens) and len(tokens[i + 1].low) == 1:
            add("series", tokens[i + 1].low, i, i + 2)
        ordinal = _ordinal(token.low)
        if ordinal is not None:
            reach = tokens[i + 1 : i + 1 + ORDINAL_REACH]
            for offset, after in enumerate(reach, start=1):
                if after.bare != "year":  # "first-year students": not the topic's year one
                    add(after.bare, ordinal, i, i + 1 + offset)
        if _YEAR.match(token.low) and _names_an_edition(tokens, i):
            add("year", int(token.low), i, min(len(tokens), i + 3))
    return asked


def _names_an_edition(tokens: tuple[Token, ...], i: int) -> bool:
    """A year beside a name ("the 2022 <Country> election", "<Country>'s 2022 election"), not
    after a word that makes it a time ("in 2022", "into 2027": the window reads those)."""
    if i and (tokens[i - 1].low in _TIME_PREPOSITIONS or tokens[i - 1].bare in TIME_WORDS):
        return False  # "in 2022", "from January 2027": when, not which one
    after = i + 1 < len(tokens) and tokens[i + 1].capital
    before = i > 0 and (tokens[i - 1].capital or _POSSESSIVE.search(tokens[i - 1].low))
    return bool(after or before)


def _name_start(said: Said, index: int) -> int:
    """The first word of the capitalised run that ends at `index`."""
    while (
        index > 0
        and said.tokens[index - 1].capital
        and said.tokens[index - 1].low not in (_OPENING | STOP)
    ):
        index -= 1
    return index


# --- places ------------------------------------------------------------------------------------


def _other_place(said: Said, topic: Topic, vocab: Vocabulary, own: frozenset[str],
                 context: Context, others: frozenset[int]) -> Mismatch | None:  # fmt: skip
    return (
        _tracked_place(said, topic, vocab, context.named_lead, others)
        or (None if _actor_named(topic, vocab, context) else _untracked_place(said, topic, own))
        or _reported_elsewhere(said, topic)
        or _compass(said, topic)
        or (_modifier(said, topic, own, context.english) if context.capitals else None)
    )


def another_site(text: str, topic: Topic) -> bool:
    """Whether `text` (the words a row's figure is said with) names another site where the
    topic's title names its place ("a £90 million <other town> yard expansion with 60 jobs" in
    a row of the <Town> yard expansion), its own place unsaid: that site's figure."""
    if not _placed_heads(topic):
        return False
    return _other_site(Said.of(text, current_tagger().entity_spans(text)), topic) is not None


def _other_site(said: Said, topic: Topic) -> Mismatch | None:
    """Another capitalised word in the place its title puts its curated place, before the same
    head ("its <Other town> plant expansion" of the "<Town> plant expansion"), the place itself
    never said: another site's, which the registry does not track. Only curated words vouch
    for the word: a report filed under the topic may be of that other site."""
    heads = _placed_heads(topic)
    if not heads or topic.place.lower() in said.low:
        return None
    curated = {w.lower() for w in _TOKEN.findall(" ".join([topic.curated, *topic.names]))}
    tokens = said.tokens
    for i in range(1, len(tokens)):
        before = tokens[i - 1]
        if tokens[i].low not in heads or i - 1 in said.named or before.bare in curated:
            continue
        if _names_a_place(before, frozenset(curated), first=i == 1):
            end = i + 1
            while end < len(tokens) and tokens[end].low in curated and tokens[end].low not in STOP:
                end += 1
            return Mismatch(_words(said, i - 1, end), "place")
    return None


def _tracked_place(said: Said, topic: Topic, vocab: Vocabulary, named_lead: bool,
                   others: frozenset[int]) -> Mismatch | None:  # fmt: skip
    """A tracked country or place the topic does not carry, said as its subject's place; never
    one its own name says ("the <Country> tourism fair" of the <Country> International Tourism
    Fair)."""
    places = [e for _, _, e in said.names if vocab.entity_kinds.get(e) in ("country", "place")]
    named = {w.lower() for w in _TOKEN.findall(" ".join([topic.title, *topic.own_names]))}
    # The topic's own place said ("the Corran nurses strike in Dunmore") pins it as its lead
    # does: another place after it is a premise about it, not another subject.
    pinned = named_lead or any(e in topic.entity_ids for e in places) or _owned_term(said, topic)
    for first, after, entity_id in said.names:
        if entity_id not in places or entity_id in topic.entity_ids or entity_id in others:
            continue
        if {t.bare for t in said.tokens[first:after]} <= named:
            continue
        if pinned and first and said.tokens[first - 1].low in LOCATIVE:
            continue  # "<the storm> in <a country>": where it asks, a premise the record holds
        done = (
            first > 1 and said.tokens[first - 1].low in LOCATIVE and _done(said.tokens[first - 2])
        )
        if done and not _titled_place(topic):
            continue  # "held in <a country>": where the tracked thing was done, a premise
        if named_lead and _said_of_lead(said, after, topic):
            continue  # "the <Country>n housebuilder <lead>": the tracked one, placed wrongly
        return Mismatch(_with_subject_words(said, first, after, topic), "place")
    return None


def _titled_place(topic: Topic) -> bool:
    """Whether the topic's title names its curated place ("<Country> higher education
    enrolment"): a count or a decision of that place, so that another place's ("students
    enrolled in <another country>") is another subject, never a premise about this one."""
    return bool(topic.place) and phrase_said(topic.title, topic.place)


def _owned_term(said: Said, topic: Topic) -> bool:
    """Whether the question names one of the topic's entities and says one of its own terms of
    two words or more ("<company>'s new sorting hub in <place>"): the tracked thing, so a place
    said of it is a premise about it."""
    carried = any(e in topic.entity_ids for _, _, e in said.names)
    text = f" {' '.join(words(said.text))} "
    return carried and any(len(t.split()) > 1 and f" {' '.join(words(t))} " in text
                           for t in topic.terms)  # fmt: skip


_ATTRIBUTE_REACH = 3  # plain words between a place and the name it is said of ("housebuilder")


def _said_of_lead(said: Said, after: int, topic: Topic) -> bool:
    """Whether a place is said just before the topic's lead, as what it is ("the <Country>n
    housebuilder <lead>", "<Country>'s <lead>"): the lead named in full says which thing is
    meant, so the place is a premise about it."""
    for first, _, entity_id in said.names:
        if entity_id != topic.lead_id or not after <= first <= after + _ATTRIBUTE_REACH:
            continue
        if all(not t.capital for t in said.tokens[after:first]):
            return True
    return False


def _actor_named(topic: Topic, vocab: Vocabulary, context: Context) -> bool:
    """Whether the question names the topic's lead and the lead is a body or a person (a
    company's breach, a regulator's fine): what it did is told by who did it, so a place said
    of it is a premise, not another thing of the same name there (a dam, a festival)."""
    return context.named_lead and vocab.entity_kinds.get(topic.lead_id) in _ACTORS


def _untracked_place(said: Said, topic: Topic, own: frozenset[str]) -> Mismatch | None:
    """A topic curated as of a place (`Topic.place`) set by name in another that no word of it
    says ("the Brisk Falls dam in Oregon" of the one in Kestland): a namesake there, which the
    registry does not track."""
    tracked = said.named
    if not topic.place or not tracked or topic.place.lower() in said.text.lower():
        return None
    if _pinned(said, topic):
        return None
    for i, token in enumerate(said.tokens[:-1]):
        at = i + 1
        if token.low not in LOCATIVE or at in tracked or i < min(tracked):
            continue
        if i and _done(said.tokens[i - 1]):
            continue  # "held in Glasgow": where the tracked thing was done, a premise
        end = _place_named(said, at, own)
        if end:
            return Mismatch(_words(said, min(tracked), end), "place")
    return None


def _reported_elsewhere(said: Said, topic: Topic) -> Mismatch | None:
    """A question that names the topic by none of its names, only by what it is ("stem rust"),
    set in a place its curated words never say that its reports name as a place ("In
    neighbouring <Plains>, a separate outbreak ..."): that other place's occasion, which the
    registry does not track."""
    if not topic.place or said.named:
        return None
    curated = frozenset(
        w.lower()
        for w in _TOKEN.findall(
            " ".join([topic.title, topic.place, *topic.names, *topic.own_names, *topic.terms])
        )
    )
    for i, token in enumerate(said.tokens[:-1]):
        end = _place_named(said, i + 1, curated) if token.low in LOCATIVE else None
        run = _words(said, i + 1, end) if end else ""
        placed = rf"\b(?:in|at|near|across|neighbou?ring)\s+{re.escape(run)}\b"
        if run and re.search(placed, topic.reported, re.IGNORECASE):
            return Mismatch(run, "place")
    return None


def _place_named(said: Said, at: int, own: frozenset[str]) -> int | None:
    """Where a capitalised run from `at` (after a locative) ends when it names a place no word
    of the topic says: up to a tracked name, never a time ("in October"), a number ("in Q3")
    or an amount ("to EUR 312"); None when it names none."""
    end = at
    while end < len(said.tokens) and said.tokens[end].capital and end not in said.named:
        end += 1
    run = said.tokens[at:end]
    when = any(t.bare in TIME_WORDS or _edition(t) is not None for t in run)
    when = when or any(t.low in CURRENCY_CODES for t in run)
    return end if run and not when and not {t.bare for t in run} & own else None


# Verbs that place what was done, not which thing ("held in", "staged in", "took place in").
_PLACED_BY = frozenset("held won made built set took take takes place happen happens".split())


def _done(token: Token) -> bool:
    """Whether a word is a verb that says where something was done ("held", "hosted")."""
    return token.low in _PLACED_BY or (token.low.endswith("ed") and not token.capital)


def unheld_theme(said: Said, topic: Topic, others: tuple[Topic, ...] = ()) -> str:
    """A curated theme the question gives the topic, beside the topic's own noun, that neither
    its words nor its first reports say, nor another topic asked of ("why did the cyberattack
    cause the water outage" of an outage its rows put down to a burst main): a premise the
    record does not support, as the question words it; empty when there is none."""
    held = families_in(" ".join(f"{t.text} {t.reported}" for t in (topic, *others)))
    return next((phrase for family, phrase in families_in(said.text).items()
                 if family not in held and _beside_own_noun(said, topic, phrase)), "")  # fmt: skip


def _beside_own_noun(said: Said, topic: Topic, phrase: str) -> bool:
    """Whether the question says a common noun of the topic's title apart from `phrase` ("the
    cyberattack ... its network" of a network outage, "job losses from the merger"), never
    right after it ("oil prices" of consumer prices is another indicator)."""
    own = {w for w in _TOKEN.findall(topic.title) if w.islower() and w not in STOP}
    named = said.named
    lows = [t.low for t in said.tokens]
    last, words = phrase.split()[-1], set(phrase.split())
    after = {lows[i + 1] for i, w in enumerate(lows[:-1]) if w.startswith(last)}
    # Said as a word of its own: not in a name ("the Tessaly Water Authority"), nor the phrase's.
    apart = {w for i, w in enumerate(lows) if i not in named and w not in words}
    return bool(own & apart) and not (own & after)


def unplaced(said: Said, topic: Topic, vocab: Vocabulary) -> str:
    """Where the question sets a topic it names that the topic's words never place it ("<the
    storm> in <a country> it never reached"): a premise the record does not support, as the
    question words it ("in <country>"); empty when there is none."""
    own = _own_words(topic)
    for first, after, entity_id in said.names:
        if vocab.entity_kinds.get(entity_id) not in ("country", "place") or not first:
            continue
        place_words = {t.bare for t in said.tokens[first:after]}
        if entity_id in topic.entity_ids or place_words <= own:
            continue
        if said.tokens[first - 1].low in LOCATIVE:
            return _words(said, first - 1, after)
        if _said_of_lead(said, after, topic):
            return _words(said, first, after)  # "the <Country>n housebuilder <lead>"
    return _placed_done(said, topic, own) or _placed_untracked(said, topic, vocab, own)


def _placed_untracked(said: Said, topic: Topic, vocab: Vocabulary, own: frozenset[str]) -> str:
    """An untracked place said after the topic's lead, when the lead is a body or a person ("the
    <company> breach in <a country>"): where its own words never place it, a premise."""
    leads = [first for first, _, e in said.names if e == topic.lead_id]
    if not leads or vocab.entity_kinds.get(topic.lead_id) not in _ACTORS:
        return ""
    for i in range(leads[0] + 1, len(said.tokens) - 1):
        end = _place_named(said, i + 1, own) if said.tokens[i].low in LOCATIVE else None
        if end:
            return _words(said, i, end)
    return ""


def _pinned(said: Said, topic: Topic) -> bool:
    """Whether the question names the topic with its own edition or year ("the 32nd <fair>",
    "the 2026 <prize>"): its subject is the tracked one, and a place said of it a premise."""
    marks = {topic.edition.lower(), *_years_of(topic)} - {""}
    return bool(marks & {t.low for t in said.tokens})


def _years_of(topic: Topic) -> set[str]:
    """The years the topic's curated period says ("2026" of "October 2026")."""
    return set(re.findall(r"\d{4}", topic.period))


def _placed_done(said: Said, topic: Topic, own: frozenset[str]) -> str:
    """Where the question says the tracked thing was done, by a name no word of it says
    ("held in Glasgow", or any place said of it named with its own edition): the place of the
    premise, as the question words it."""
    tokens, pinned = said.tokens, _pinned(said, topic)
    for i in range(1, len(tokens) - 1):
        done = _done(tokens[i - 1]) or pinned
        if tokens[i].low not in LOCATIVE or not done or i + 1 in said.named:
            continue
        end = _place_named(said, i + 1, own)
        if end:
            return _words(said, i, end)
    return ""


LOCATIVE = frozenset(
    """in near over across off around at into toward towards to from on en dans em na nas no nos
    im nel hacia""".split()
)


def _with_subject_words(said: Said, first: int, after: int, topic: Topic) -> str:
    """The place as said with the topic's own words that follow it ("<Country> jobs report")."""
    own = {w.lower() for w in _TOKEN.findall(" ".join([topic.title, *topic.terms]))}
    end = after
    while end < len(said.tokens) and said.tokens[end].bare in own:
        end += 1
    return _words(said, first, end)


def _compass(said: Said, topic: Topic) -> Mismatch | None:
    """Another compass point of the topic's place: "western" where the topic says "Eastern"."""
    named = _compass_pairs(" ".join([topic.title, *topic.names]))
    for i, token in enumerate(said.tokens[:-1]):
        point = COMPASS.get(token.low)
        place = said.tokens[i + 1].bare
        if point and place in named and point not in named[place]:
            return Mismatch(_words(said, i, i + 2), "place")
    return None


def _compass_pairs(text: str) -> dict[str, set[str]]:
    words = [w.lower() for w in _TOKEN.findall(text)]
    pairs: dict[str, set[str]] = {}
    for before, word in itertools.pairwise(words):
        if before in COMPASS:
            pairs.setdefault(word, set()).add(COMPASS[before])
    return pairs


def _modifier(said: Said, topic: Topic, own: frozenset[str], english: bool) -> Mismatch | None:
    """A capitalised word the topic never uses, put before the topic's own curated words as
    their place or owner ("<Ocean> hurricane season" for the "Eastern Pacific hurricane
    season"). Its reports vouch for a word only where they say it of the topic, in a sentence
    naming it: "a separate outage at <another carrier>" is that carrier's, not this one's."""
    curated = {w.lower() for w in _TOKEN.findall(" ".join([*topic.terms]))} - STOP
    own = own & _said_of_topic(topic.curated or topic.text, topic.reported, topic.names)
    heads = _heads(topic)
    named = said.named
    tokens = said.tokens
    for i in range(1, len(tokens)):
        if tokens[i].low not in heads or tokens[i - 1].low in curated:
            continue
        before = tokens[i - 1]
        if i - 1 in named or not _names_a_place(before, own, first=i == 1):
            continue
        if any(c.isdigit() for c in before.low) or (i == 1 and not english):
            continue  # "Q2 freight" is a period's; another language's opening word no place
        start, end = i - 1, i
        while start and any(c.isdigit() for c in tokens[start - 1].low) and start - 1 not in named:
            start -= 1  # its number with it: "the 700 MHz auction"
        while end < len(tokens) and tokens[end].low in curated:
            end += 1
        return Mismatch(_words(said, start, end), "place")
    return None


@functools.lru_cache(maxsize=4096)
def _said_of_topic(curated: str, reported: str, names: tuple[str, ...]) -> frozenset[str]:
    """The words of the topic's curation and of those sentences of its reports that name it (by
    one of `names`), lower case, possessives and plurals read as their bare words."""
    lows = [n.lower() for n in names if n]
    sentences = [s for s in SENTENCE_BREAK.split(reported) if any(n in s.lower() for n in lows)]
    found = [
        _POSSESSIVE.sub("", w.lower()) for w in _TOKEN.findall(" ".join([curated, *sentences]))
    ]
    return frozenset(found) | frozenset(_singular_of(w) for w in found)


def _names_a_place(token: Token, own: frozenset[str], *, first: bool) -> bool:
    """A capitalised word the topic never uses, that is no framing, time or opening word."""
    low = token.low
    framing = low in STOP or low in TIME_WORDS or (first and low in _OPENING)
    return token.capital and token.bare not in own and not framing


def _heads(topic: Topic) -> frozenset[str]:
    """The first words of the topic's curated phrases ("hurricane" of "hurricane season") and
    its curated words that name a kind of subject ("inflation"): what a place or an owner is
    put before, and the noun its title ends on ("outage" of "<Carrier> network outage"). A verb
    it curates ("raise") is no such head."""
    title = _TOKEN.findall(topic.title)
    heads = {title[-1]} if title and title[-1].isalpha() and title[-1].islower() else set()
    for term in topic.terms:
        words = [w.lower() for w in _TOKEN.findall(term)]
        if len(words) > 1 or families_in(term):
            heads.add(words[0])
    return frozenset(heads - STOP)


def _placed_heads(topic: Topic) -> frozenset[str]:
    """The word its title or own names put just after its curated place ("plant" of "<Town>
    plant expansion"): another place before it asks of another site."""
    return _placed_heads_of(topic.place, (topic.title, *topic.own_names))


@functools.lru_cache(maxsize=4096)
def _placed_heads_of(place_name: str, names: tuple[str, ...]) -> frozenset[str]:
    # Kept by the words themselves, as `_editions_of` is: read for every figure of every row
    # an answer weighs (`another_site`), so read once per topic's words.
    place = [w.lower() for w in _TOKEN.findall(place_name)]
    if not place:
        return frozenset()
    heads = set()
    for name in names:
        words = _TOKEN.findall(name)
        at = _run_at([w.lower() for w in words], place)
        if at is not None and at + len(place) < len(words) and words[at + len(place)].islower():
            heads.add(words[at + len(place)])
    return frozenset(heads)


# --- indicators and domains --------------------------------------------------------------------


def families_in(text: str) -> dict[str, str]:
    """{theme: the phrase `text` says it with}, for each curated theme it names (read from the
    vocabulary this process built: the themes are the registry's)."""
    low = text.lower()
    singular = {_singular(w) for w in _TOKEN.findall(low)}
    found = {}
    for family, phrases in _themes().items():
        for phrase in phrases:
            if _says(low, singular, phrase):
                found[family] = phrase
                break
    return found


def _themes() -> dict[str, tuple[str, ...]]:
    vocab = built()
    return vocab.themes if vocab else {}


def _singular(word: str) -> str:
    """A plural's singular, and nothing more: "exporters" is not "exports" (a stem would say it
    is), "elections" is "election"."""
    word = _POSSESSIVE.sub("", word)
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _says(low: str, singular: set[str], phrase: str) -> bool:
    if _UNSPACED.search(phrase):
        return phrase in low
    if " " not in phrase and "'" not in phrase and "-" not in phrase:
        return _singular(phrase) in singular
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", low) is not None


def _other_indicator(said: Said, topic: Topic, context: Context,
                     vocab: Vocabulary) -> Mismatch | None:  # fmt: skip
    """A subject-defining noun (an indicator, a kind of event) none of whose family's words the
    topic uses, nor any other topic the question is routed to: the same issuer or country, asked
    about something else. A noun of the topic's own curated kind agrees whatever its family ("the
    hurricane <name>" for a cyclone: the same storm)."""
    named = said.named
    unnamed = " ".join(t.text for i, t in enumerate(said.tokens)
                       if i not in named | said.verbs and t.low not in context.foreign)  # fmt: skip
    held = families_in(" ".join([topic.text, topic.reported,
                                 *(f"{o.text} {o.reported}" for o in context.others)]))  # fmt: skip
    for family, phrase in families_in(unnamed).items():
        if topic.kind and topic.kind in vocab.kind_nouns.get(phrase, ()):
            continue
        if _beside_own_noun(said, topic, phrase) or _own_measure(phrase, topic, vocab):
            continue  # a claim about the topic or a figure of it, held to its rows
        if family not in held and not context.reported(topic, _themes()[family]):
            return Mismatch(_indicator_subject(said, phrase), "indicator")
    return None


def _own_measure(phrase: str, topic: Topic, vocab: Vocabulary) -> bool:
    """Whether a theme's phrase is a curated quantity's word ("attendance") that the topic's
    words or first reports say in any of that quantity's words ("drew 412,000 spectators"): a
    figure asked of the topic, held to its rows, not another subject. The curator's quantity
    says the words are one measure; the theme alone would call them two."""
    token = vocab.quantity_words.get(quantity_key(phrase))
    if token is None:
        return False
    own = {stem(w) for w in words(f"{topic.text} {topic.reported}")}
    return any(t == token and set(key.split()) <= own for key, t in vocab.quantity_words.items())


def _indicator_subject(said: Said, phrase: str) -> str:
    """The indicator as the question says it, the words around it included ("producer price
    index", "LNG export business"), after the name it gives its owner ("<Issuer> survey")."""
    said_words = _phrase_words(said, phrase) or phrase
    owner = " ".join(_words(said, a, b) for a, b, _ in said.names[:1])
    return f"{owner} {said_words}".strip() if owner else said_words


def _phrase_words(said: Said, phrase: str) -> str:
    """Where the question says `phrase` (a plural too), widened over the content words next to
    it; empty when it is not said word by word (a phrase in a script without spaces)."""
    wanted = [_singular(w) for w in _TOKEN.findall(phrase.lower())]
    tokens, named = said.tokens, said.named
    for i in range(len(tokens) - len(wanted) + 1):
        if [_singular(t.low) for t in tokens[i : i + len(wanted)]] != wanted:
            continue
        start, end = i, i + len(wanted)
        while start > 0 and _widens(tokens[start - 1], start - 1, named):
            start -= 1
        while end < len(tokens) and _widens(tokens[end], end, named):
            end += 1
        return _words(said, start, end)
    return ""


_VERBS = frozenset(
    """move moves change changes rise rises fall falls go goes come comes look looks stand
    stands show shows make makes give gives say says find finds report reports compare doing
    look""".split()
)


def _widens(token: Token, index: int, named: set[int]) -> bool:
    low = token.low
    return (
        index not in named
        and low.isalpha()
        and low not in STOP | _OPENING | LOCATIVE | _VERBS
        and low not in TIME_WORDS
        and not _POSSESSIVE.search(low)
        and not low.endswith(("ed", "ing"))
    )
