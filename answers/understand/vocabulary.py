"""The registry's own vocabulary, as the Answer Engine reads questions against it.

Per topic: its names (lead and attached entities with their aliases), its curated terms (subject
line and question set), its title and slug, its market questions and issuer names, as stems; and
one embedding of all of that. Built when the registry changes (the tagger's version check), never
per question: a question costs one query embedding and a few dot products.
"""

import functools
import re
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import snowballstemmer
from django.db.models import OuterRef, Subquery

from answers.models import Embedding
from answers.understand import embeddings
from ingestion.tagging import Versioned, registry_version
from registry.models import (
    Entity,
    EntityAlias,
    Event,
    EventMention,
    MarketQuestion,
    PrimarySource,
    Quantity,
    SourceReading,
    Theme,
    TopicKind,
)

_WORD = re.compile(r"[^\W_]+(?:[+'][^\W_]*)?", re.UNICODE)
_stemmer = snowballstemmer.stemmer("english")
HEADLINES = 8  # newest distinct headlines folded into a topic's embedding
# What of a topic's text its vector is made from: curated words first, then its first headlines.
# The model's cost is about a millisecond a token on one core (2,000 topics of 760 characters were
# two thirds of a first `embed_registry` at 1M); the evaluation sets score the same with 600 as
# with the whole text (at most 807 characters in the curated registries), and lose a case at 480.
TOPIC_CHARS = 600

# Words that say nothing about which topic is meant: question words, auxiliaries, articles, the
# service's own framing. Kept out of matching and out of "names the registry does not track".
STOP = frozenset(
    """a an and are as at be been being by can could did do does for from had has have how i in
    into is it its me my of on or our please say says should tell than that the their them
    then there these they this those to us was we were what when where which who whom whose
    why will with would you your about after before any anything all also been between both
    each just latest last new next now recent recently since so some still such up down over
    under via vs versus yet per more most much many much very really currently current today
    yesterday week month year happen happened happening going go goes went know known news
    update updates status record registry answer question ignore previous instructions
    system prompt he she him his her hers during""".split()
)


# ISO 4217 codes said before or after an amount ("EUR 2.50"): money, never a name; each with the
# sign a figure is held in.
CURRENCY_CODES = {"eur": "€", "usd": "$", "gbp": "£", "jpy": "¥", "chf": "CHF"}

# English words that say which reading of a figure a phrase is ("the provisional count", "the
# final CORVIS result"): figures read a reading's status by them, and before a name they describe
# what is asked of it, never the name's kind (a sports "final").
PROVISIONAL_WORDS = frozenset("flash preliminary provisional advance initial".split())
FINAL_WORDS = frozenset("final confirmed".split())

# English abbreviations a full stop ends without ending the sentence ("the Dunmore No. 2
# shaft", "St. Ives", "Brevin Resources Inc. said"): put right after a sentence end's stop.
NOT_AN_END = "".join(
    rf"(?<!\b{word}\.)" for word in "No Nos St Mr Mrs Ms Dr Inc Ltd Co Corp vs approx".split()
) + "".join(
    # A bare number of one to three digits with a point is an ordinal where German and the
    # Nordic languages write them so ("Die 12. Rheinische Buchmesse"), not a sentence's end.
    rf"(?<![\s(]{digits}\.)"
    for digits in (r"\d", r"\d\d", r"\d\d\d")
)

# Words that join a name's words and say nothing of which name it is ("Bank of <a country>").
CONNECTORS = frozenset({"of", "the", "de", "del", "da", "do", "la", "le", "des", "di"})


def words(text: str) -> list[str]:
    """Lower-case words of `text`, stop words out (accents kept: questions come in any language)."""
    return [w for w in _WORD.findall(text.lower()) if w not in STOP and len(w) > 1]


# A model's mark written with a hyphen or a space ("C-90", "A 320"): the same mark run together.
_MARK = re.compile(r"\b([A-Za-z]{1,3})[-\s](\d{1,4}[A-Za-z]?)\b")


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    return _stemmer.stemWord(word.lower())


def stems(text: str) -> set[str]:
    return {stem(w) for w in words(text)}


def phrase_said(text: str, phrase: str) -> bool:
    """Whether `text` says `phrase` word for word, by stem, its small words aside ("the fuel
    prices fell" says "fuel price")."""
    said = f" {' '.join(stem(w) for w in words(text))} "
    return f" {' '.join(stem(w) for w in words(phrase))} " in said


# The stop words' stems: a stem set less them is what a text says past its small words.
STOP_STEMS = frozenset(stem(w) for w in STOP)


@dataclass
class Topic:
    pk: int
    subject: str
    title: str
    lead_id: int
    lead: str
    entity_ids: frozenset[int]  # lead and attached
    names: tuple[str, ...]  # every name and alias of those entities
    terms: tuple[str, ...]  # curated subject-line and question-set terms
    stems: frozenset[str] = field(default_factory=frozenset)
    text: str = ""  # what its embedding is made from: curated words and its first headlines
    reported: str = ""  # its first reports' summaries: words its rows use (`identity`)
    # Its curated identity (`Event.kind` and attributes): what a question's subject is held to.
    kind: str = ""
    edition: str = ""
    period: str = ""  # its year or period ("2026"): the period of the figures its rows state
    own_names: tuple[str, ...] = ()  # its curated name, aliases and former names (no entity's)
    former_names: tuple[str, ...] = ()  # what it was called before (`Event.former_names`)
    place: str = ""  # where it is, when its kind is of a place (`Event.place`)
    # Whether it goes on over time (a company, a person): of a kind told from its neighbours by
    # no period, and naming none itself. Its states change from day to day; an occasion's (a
    # rate decision, an election) are of the one occasion.
    ongoing: bool = False
    outcome: str = ""  # the outcome it tracks, as curated ("suspended", "signed")
    curated: str = ""  # the words a curator gave it (`text` without the headlines)
    organisation: str = ""  # its organisation or issuer, as curated (`Event.organisation`)


@dataclass
class Vocabulary:
    topics: list[Topic]
    entity_names: dict[int, list[str]]  # entity id -> name and aliases
    entity_kinds: dict[int, str]  # entity id -> kind (company, person, organization, ...)
    frequency: Counter  # stem -> how many topics carry it
    known: frozenset[str]  # every lower-case word the registry uses, headlines included
    curated: list[str]  # the words of names, titles and terms: what a misspelling is fixed to
    place_words: frozenset[str]  # the words of countries' and places' names
    topic_vectors: np.ndarray | None
    name_labels: list[int]  # entity id per row of name_vectors: "Name (alias, alias)" each
    name_vectors: np.ndarray | None
    model: str | None
    # The curated topic kinds: each noun with the kinds it names, each entity kind with the
    # topic kinds made of it (`TopicKind.nouns`, `TopicKind.entity_kinds`).
    kind_nouns: dict[str, frozenset[str]] = field(default_factory=dict)
    entity_kind_kinds: dict[str, frozenset[str]] = field(default_factory=dict)
    # The curated quantities (`registry.Quantity`): each word's stem, the token of its quantity.
    quantity_words: dict[str, str] = field(default_factory=dict)
    # The curated themes (`registry.Theme`): each theme's words and phrases, lower case.
    themes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # The tokens of the curated quantities a deal sets (`Quantity.agreed`): "will pay" states one.
    agreed: frozenset[str] = frozenset()
    # The words of each curated quantity gone the other way ("loss" of a profit), keyed as
    # `quantity_words` is, to that quantity's token (`Quantity.opposite_words`).
    opposite_words: dict[str, str] = field(default_factory=dict)

    @functools.cached_property
    def carried(self) -> frozenset[int]:
        """The entities some topic leads or carries; the others are neighbours curators keep."""
        return frozenset().union(*(t.entity_ids for t in self.topics))

    @functools.cached_property
    def quantity_phrases(self) -> tuple[tuple[frozenset[str], str], ...]:
        """The curated quantities' phrases of two words or more: (their stems, the token)."""
        return tuple((frozenset(key.split()), token) for key, token in self.quantity_words.items()
                     if " " in key)  # fmt: skip

    @functools.cached_property
    def texts(self) -> list[str]:
        """Every topic's text and every entity's names and aliases."""
        return [t.text for t in self.topics] + [n for ns in self.entity_names.values() for n in ns]

    @functools.cached_property
    def phrases(self) -> str:
        """Every topic's words and every entity's names, lower case, word by word, each text
        between spaces: a name the registry holds is a substring " <words> " of it."""
        return " " + " \n ".join(" ".join(_WORD.findall(t.lower())) for t in self.texts) + " "

    @functools.cached_property
    def own_name_phrases(self) -> list[list[str]]:
        """For each topic, its title and own names of two words or more, word by word between
        spaces (" sandrith north terminal "): read once per vocabulary, not once per question."""
        return [[f" {' '.join(words(n))} " for n in (t.title, *t.own_names) if len(n.split()) > 1]
                for t in self.topics]  # fmt: skip

    @functools.cached_property
    def mark_forms(self) -> dict[str, str]:
        """Each model mark the registry writes ("C-90"), by its letters and digits run together
        in lower case ("c90"): the form a question's "C90" or "C 90" is read as."""
        return {f"{a}{b}".lower(): m.group(0) for t in self.texts for m in _MARK.finditer(t)
                for a, b in [m.groups()]}  # fmt: skip

    @functools.cached_property
    def common_words(self) -> frozenset[str]:
        """The registry's words that are in no entity's name ("construction", "traffic"): a
        question's first word among them is capitalised as a first word, not as a name."""
        named = {
            w for ns in self.entity_names.values() for n in ns for w in _WORD.findall(n.lower())
        }
        return self.known - named

    @functools.cached_property
    def theme_stems(self) -> tuple[tuple[frozenset[str], str], ...]:
        """Each curated theme phrase's stems with its theme ("consumer prices": inflation): two
        figures whose words say one theme are of one subject."""
        return tuple((frozenset(stem(w) for w in _WORD.findall(phrase)), slug)
                     for slug, said in self.themes.items() for phrase in said)  # fmt: skip

    @functools.cached_property
    def name_words(self) -> tuple[str, ...]:
        """The words of entities' names and aliases, three letters or more ("pay" of "<Name>
        Pay"): what a short misspelt word of a name is fixed to, beside the name's other word."""
        said = {w for names in self.entity_names.values() for n in names for w in words(n)}
        return tuple(sorted(w for w in said if len(w) >= 3))

    @functools.cached_property
    def own_phrases_text(self) -> str:
        """Every topic's title and own names, word by word between spaces, in one text (" korrin
        hill mine | ... "): whether a question's name is part of one is one search."""
        said = (n for t in self.topics for n in (t.title, *t.own_names))
        return " | ".join(f" {' '.join(words(n))} " for n in said)

    @functools.cached_property
    def names_by_first_word(self) -> dict[str, list[tuple[str, ...]]]:
        """Each entity name and alias of two words or more, its words in order (connectors
        out), under its first word: the names a question's name may be a namesake of."""
        found: dict[str, list[tuple[str, ...]]] = {}
        for names in self.entity_names.values():
            for name in names:
                said = tuple(w for w in words(name) if w not in CONNECTORS)
                if len(said) >= 2:
                    found.setdefault(said[0], []).append(said)
        return found

    @functools.cached_property
    def name_word_sets(self) -> frozenset[frozenset[str]]:
        """Each entity name's and alias's words as a set: the same name in another word order
        ("Reserva Federal" corrected is "reserve federal", the words of "Federal Reserve")."""
        said = (frozenset(words(n)) - CONNECTORS for ns in self.entity_names.values() for n in ns)
        return frozenset(s for s in said if len(s) >= 2)

    @functools.cached_property
    def name_word_set(self) -> frozenset[str]:
        """`name_words` as a set: whether a word is one of a tracked name's."""
        return frozenset(self.name_words)

    @functools.cached_property
    def name_first_words(self) -> frozenset[str]:
        """The first word of every entity name and alias (lower case): where a name begins."""
        return frozenset(
            said[0] for ns in self.entity_names.values() for n in ns if (said := words(n))
        )

    @functools.cached_property
    def index(self) -> "TopicIndex":
        return TopicIndex.of(self.topics)

    def rarity(self, word_stem: str) -> float:
        """How much one shared stem says: a stem every topic has ("december") says little."""
        seen = self.frequency.get(word_stem, 0)
        return float(np.log((len(self.topics) + 1) / (seen + 0.5))) if seen else 0.0


@dataclass
class TopicIndex:
    """Which topics carry a stem or an entity, as positions in `Vocabulary.topics`: a question
    scores the few topics it shares something with, not every topic in a Python loop (2,000
    topics cost 45 ms that way)."""

    by_stem: dict[str, np.ndarray]
    led_by: dict[int, np.ndarray]
    carrying: dict[int, np.ndarray]  # entity id -> topics it leads or is attached to
    position: dict[int, int]  # topic pk -> position
    order: np.ndarray  # each topic's rank by subject, for stable ties

    @classmethod
    def of(cls, topics: list[Topic]) -> "TopicIndex":
        by_stem: dict[str, list[int]] = {}
        led_by: dict[int, list[int]] = {}
        carrying: dict[int, list[int]] = {}
        for i, topic in enumerate(topics):
            for word_stem in topic.stems:
                by_stem.setdefault(word_stem, []).append(i)
            led_by.setdefault(topic.lead_id, []).append(i)
            for entity_id in topic.entity_ids:
                carrying.setdefault(entity_id, []).append(i)
        ranks = np.empty(len(topics), dtype=np.int64)
        ranks[sorted(range(len(topics)), key=lambda i: topics[i].subject)] = np.arange(len(topics))

        def arrays(found: dict) -> dict:
            return {key: np.array(value, dtype=np.int64) for key, value in found.items()}

        return cls(arrays(by_stem), arrays(led_by), arrays(carrying),
                   {t.pk: i for i, t in enumerate(topics)}, ranks)  # fmt: skip


def current(*, max_age: float | None = None) -> Vocabulary:
    """The vocabulary of the registry as it is now, rebuilt only when the registry changed (on
    any machine: asked at most every `SVC_REGISTRY_CHECK_SECONDS`)."""
    return _vocabulary.get(max_age=max_age)


def forget() -> None:
    _vocabulary.forget()


def _version() -> tuple:
    # A source read for the first time gives its topic words (`_first_readings`).
    read = SourceReading.objects.filter(ok=True, observed_words__isnull=False)
    return (registry_version(), MarketQuestion.objects.count(), PrimarySource.objects.count(),
            read.values("source_id").distinct().count())  # fmt: skip


# What every build computes at once (`build`), never a first question.
_DERIVED = (
    "phrases",
    "name_words",
    "name_word_sets",
    "names_by_first_word",
    "own_phrases_text",
    "index",
    "theme_stems",
)


def _entities() -> tuple[dict[int, list[str]], dict[int, str]]:
    """Each entity's names (its name, aliases, and the edition of a topic it leads that ends
    its name: "KR-7" of "Korvath KR-7") and its kind."""
    entity_names: dict[int, list[str]] = {}
    entity_kinds: dict[int, str] = {}
    for pk, name, kind in Entity.objects.values_list("pk", "name", "kind"):
        entity_names[pk] = [name]
        entity_kinds[pk] = kind
    for entity_id, alias in EntityAlias.objects.values_list("entity_id", "alias"):
        entity_names.setdefault(entity_id, []).append(alias)
    for edition, lead_id in Event.objects.edition_names():
        if edition not in entity_names.setdefault(lead_id, []):
            entity_names[lead_id].append(edition)
    return entity_names, entity_kinds


def build() -> Vocabulary:
    entity_names, entity_kinds = _entities()
    topics = _topics(entity_names)
    frequency = Counter(s for topic in topics for s in topic.stems)
    # Every entity's name too, those no topic carries included: a neighbour curators keep
    # ("<Country> Telecoms Ombudsman") is never "fixed" into a tracked name's word.
    known = frozenset(
        w for text in (*(t.text for t in topics), *(n for ns in entity_names.values() for n in ns))
        for w in _WORD.findall(text.lower()) if len(w) > 1
    )  # fmt: skip
    curated = sorted(
        {w for t in topics for w in words(" ".join([t.title, *t.names, *t.terms])) if len(w) > 3}
    )
    place_words = frozenset(
        w
        for pk, names in entity_names.items()
        if entity_kinds[pk] in ("country", "place")
        for w in words(" ".join(names))
    )
    model = embeddings.embedder()
    topic_vectors = name_vectors = None
    if model is not None and topics:
        texts = {t.pk: t.text[:TOPIC_CHARS] for t in topics}
        topic_vectors = embedded(model, Embedding.Kind.TOPIC, texts)
        names = {pk: _display(n) for pk, n in entity_names.items()}
        name_vectors = embedded(model, Embedding.Kind.ENTITY, names)
    vocab = Vocabulary(topics, entity_names, entity_kinds, frequency, known, curated,
                       place_words, topic_vectors, list(entity_names), name_vectors,
                       model.name if model else None, *_kinds(), _quantities(),
                       _themes(), _agreed(), _quantities(opposite=True))  # fmt: skip
    # Built here, by whoever builds the vocabulary (a start's preload, the beat), never by the
    # first question that needs them: the word sets of every name cost a first user-worded ask
    # most of its time at 1M documents.
    for derived in _DERIVED:
        getattr(vocab, derived)
    return vocab


def _quantities(*, opposite: bool = False) -> dict[str, str]:
    """Each curated quantity's words (`opposite`: its words gone the other way), stemmed, to
    its token ("=cost"): not a stem any word has. A phrase ("handed over", "average selling
    price") is keyed by its words' stems past the stop words, sorted and joined by spaces
    (`Vocabulary.quantity_phrases`)."""
    return {key: f"={q.slug}" for q in Quantity.objects.all()
            for word in (q.all_opposite_words() if opposite else q.all_words())
            if (key := quantity_key(word))}  # fmt: skip


def _agreed() -> frozenset[str]:
    return frozenset(f"={slug}" for slug in Quantity.objects.filter(agreed=True)
                     .values_list("slug", flat=True))  # fmt: skip


def quantity_key(word: str) -> str:
    stems = sorted({stem(w) for w in _WORD.findall(word.lower()) if w not in STOP})
    return " ".join(stems)


def _themes() -> dict[str, tuple[str, ...]]:
    return {t.slug: tuple(w.lower() for w in t.all_words()) for t in Theme.objects.all()}


def built() -> Vocabulary | None:
    """This process's vocabulary if one is built, without building or checking one: for
    readings of text that may run where no database is (a figure read alone)."""
    return _vocabulary.built()


def _kinds() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    nouns: dict[str, set[str]] = {}
    made_of: dict[str, set[str]] = {}
    for kind in TopicKind.objects.all():
        slug, entity_kinds = kind.slug, kind.entity_kinds
        for noun in kind.all_nouns():
            nouns.setdefault(noun.lower(), set()).add(slug)
        for entity_kind in entity_kinds:
            made_of.setdefault(entity_kind, set()).add(slug)
    freeze = lambda found: {key: frozenset(value) for key, value in found.items()}  # noqa: E731
    return freeze(nouns), freeze(made_of)


def _topics(entity_names: dict[int, list[str]]) -> list[Topic]:
    """Every topic with the words it is known by: title, subject, its entities' names and
    aliases, its terms and extras (issuers, market questions), and its recent headlines."""
    extra, issued = _topic_extras(), _first_readings()
    topics = []
    # A retired topic is no longer maintained: the engine neither routes to it nor suggests it.
    events = Event.objects.published().select_related("kind").prefetch_related("entities")
    for event in events.order_by("pk"):
        ids = frozenset({event.lead_entity_id, *(e.pk for e in event.entities.all())})
        names = tuple(n for entity_id in sorted(ids) for n in entity_names.get(entity_id, []))
        terms = tuple(dict.fromkeys([*event.subject_terms, *event.question_terms]))
        lead = entity_names.get(event.lead_entity_id, [""])[0]
        # The topic's own names (its curated name, aliases and former names) are its words too.
        own = [n for n in dict.fromkeys((event.name, *event.aliases, *event.former_names))
               if n and n != event.title and n not in names]  # fmt: skip
        text = ". ".join(
            [event.title, event.subject.replace("-", " "), ", ".join([*names, *own]),
             ", ".join(terms), *extra.get(event.pk, [])]
        )  # fmt: skip
        first = _first_reports(event)
        headlines = ". ".join(first)
        topics.append(
            Topic(event.pk, event.subject, event.title, event.lead_entity_id, lead, ids,
                  (*names, *own), terms, frozenset(stems(text)), f"{text}. {headlines}",
                  " ".join(filter(None, [*first.values(), issued.get(event.pk, "")])),
                  event.kind.slug if event.kind else "", event.edition, event.period.lower(),
                  tuple(own), tuple(event.former_names), event.place, _ongoing(event),
                  event.outcome.lower(), text, event.organisation)
        )  # fmt: skip
    return topics


def _ongoing(event: Event) -> bool:
    kind = event.kind
    return bool(kind) and "period" not in (kind.attributes or []) and not event.period


# Vectors this process computed, by kind (the rest were read back): `embed_registry` says them.
COMPUTED: Counter = Counter()


def embedded(model, kind: str, texts: dict[int, str]) -> np.ndarray:
    """The vectors of `texts` in their order: those kept in the database whose text is unchanged,
    the rest computed (in batches) and kept. Two processes computing at once both write the same
    row; the unique key settles it."""
    digests = {key: embeddings.digest(text) for key, text in texts.items()}
    kept = {
        key: np.frombuffer(bytes(vector), dtype=np.float32)
        for key, digest, vector in Embedding.objects.filter(
            kind=kind, model=model.name, key__in=list(texts)
        ).values_list("key", "text_sha256", "vector")
        if digest == digests.get(key)
    }
    missing = {key: texts[key] for key in texts if key not in kept}
    kept.update(embeddings.vectors_store(model, kind, missing))
    COMPUTED[kind] += len(missing)
    return np.stack([kept[key] for key in texts])


def _first_reports(event: Event) -> dict[str, str]:
    """The topic's first distinct headlines, each with its summary: how reporting words it
    ("oil", "Goma", "rebels"). The first, not the newest: they stop changing once a topic has a
    few, so its embedding is made once, not after every ingest. They are not stems: a headline is
    not curation."""
    rows = (
        EventMention.objects.filter(event=event)
        .order_by("day", "document_id")
        .values_list("document__title", "document__summary")[: HEADLINES * 4]
    )
    first: dict[str, str] = {}
    for title, summary in rows:
        first.setdefault(title, summary)
    return dict(list(first.items())[:HEADLINES])


def _display(names: list[str]) -> str:
    return f"{names[0]} ({', '.join(names[1:])})" if len(names) > 1 else names[0]


def _topic_extras() -> dict[int, list[str]]:
    """Market questions and issuer names per topic: words a question about it may use."""
    extra: dict[int, list[str]] = {}
    for event_id, question in MarketQuestion.events.through.objects.values_list(
        "event_id", "marketquestion__question"
    ):
        extra.setdefault(event_id, []).append(question)
    for event_id, name, issuer in PrimarySource.events.through.objects.values_list(
        "event_id", "primarysource__name", "primarysource__issuer"
    ):
        extra.setdefault(event_id, []).append(f"{name} ({issuer})")
    return extra


def _first_readings() -> dict[int, str]:
    """Per topic, the first words each of its issuers' sources was read saying: what the issuer
    says of it is its own ("reported revenue of €1.1 billion": revenue is no other subject), as
    its first reports are. The first, so they stop changing once read; one query."""
    first = (
        SourceReading.objects.filter(source=OuterRef("pk"), ok=True, observed_words__isnull=False)
        .order_by("attempted_at", "pk")
        .values("observed_words")[:1]
    )
    said = dict(PrimarySource.objects.annotate(first=Subquery(first)).values_list("pk", "first"))
    issued: dict[int, list[str]] = {}
    for event_id, source_id in PrimarySource.events.through.objects.values_list(
        "event_id", "primarysource_id"
    ):
        if said.get(source_id):
            issued.setdefault(event_id, []).append(said[source_id][:_ISSUED])
    return {event_id: " ".join(words) for event_id, words in issued.items()}


_ISSUED = 600  # characters of a first reading kept: its sentence, not a whole page

_vocabulary = Versioned(build, _version)
