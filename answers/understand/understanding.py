"""Understanding a question: what it asks (intent), when (a window), about which topic, what it
names that the registry does not track, and what it takes for granted (a premise).

Routing adds three signals over the registry's own vocabulary (`answers.understand.vocabulary`):
names and aliases found by the tagger (after typo correction with rapidfuzz against the registry's
words), shared stems weighted by rarity (curated subject-line and question-set terms included), and
the cosine of the question's embedding to each topic's (when the model loaded). Time expressions are
read by `answers.understand.timewindow`.
"""

import functools
import itertools
import re
from dataclasses import dataclass, field, replace
from datetime import datetime

import numpy as np
from django.utils import timezone
from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA, Levenshtein

from answers.understand import embeddings, identity, languages
from answers.understand.scope import scope_of
from answers.understand.timewindow import TIME_WORDS, Window, time_window
from answers.understand.vocabulary import (
    CONNECTORS,
    CURRENCY_CODES,
    STOP,
    STOP_STEMS,
    Topic,
    Vocabulary,
    phrase_said,
    stem,
    stems,
    words,
)
from ingestion.tagging import current_tagger
from registry.models import Document, EntityMention, Event, EventMention
from search import fulltext

MIN_SCORE = 1.5  # a topic must score at least this to be answered from
RELATIVE_CUT = 0.7  # of the best topic's score, for a second topic to be kept
COMPARE_CUT = 0.35  # the second side of a comparison
TIE = 0.15  # of the best score: topics this close, neither named, are both answered
MAX_TOPICS = 3
SCORED = 10  # topics scored and kept, best first: routing and suggestions read a few
LEAD_NAMED, ATTACHED_NAMED = 3.0, 1.0
SEMANTIC_WEIGHT, SEMANTIC_MARGIN = 60.0, 0.02  # sim above the median topic's, past a margin
NAME_SIMILARITY = 0.87  # a name the registry holds under other words ("Reserva Federal", "EZB")
NAME_MARGIN = 0.015
MAX_SPANS = 8  # capitalised runs examined: a question names a few things, not hundreds
FUZZY_CUTOFF = 80  # rapidfuzz ratio for a misspelt word ("Huricane", "Tavya")
DOCUMENT_WORDS = 50  # newest documents that carry a name the registry itself does not hold
DOCUMENT_NAMED = 3.0  # a topic whose documents use a name the question says: as if named
SEMANTIC_SUPPORT = 1.0  # meaning that backs a topic routed by a single shared word
SIDE_SCORE, SIDE_MARGIN = 3.0, 1.0  # one side of "X and Y", routed by its words and names alone
# What joins two sides, in the seven languages: "and", "or", "vs", "than", Spanish "y" and "o",
# Portuguese "e" and "ou",
# German "und" and "oder", French "et" and "ou", Arabic "أو" and its comma, Japanese と and
# または where they stand between names (a script boundary gives them spaces).
# (A comma inside a number, "250,000", joins no sides.)
_SIDES = re.compile(
    r"\s*(?:\band\b|\bor\b|\bthan\b|\bvs\.?|\bversus\b|[;:\u060c]|,(?!\d{3}\b)|\by\b|\bund\b|\bet\b"
    r"|\bou\b|\boder\b|\bo\b|\be\b(?!-)|(?<!\w)\u0623\u0648(?!\w)"
    r"|(?<=\s)(?:\u3068|\u307e\u305f\u306f)(?=\s))\s*",
    re.IGNORECASE,
)
# Entities a name said in other words may be taken for: institutions and places have names in
# every language ("Reserva Federal"); a company or a person has one name, matched whole.
BY_MEANING_KINDS = frozenset({"organization", "country", "place", "other", "storm"})
_CLAUSE = re.compile(
    r"(?<=[.?!;])\s+|\s*[,;:]\s*(?:and\s+)?also\b,?\s*|\s+and\s+(?=(?:ignore|disregard|forget|"
    r"pretend|say|state|print|write|reply|respond|talk|output|act|answer|switch)\b)",
    re.IGNORECASE,
)
_OVERRIDE = re.compile(
    r"\b(?:ignore|disregard|forget|pretend|jailbreak|override)\b|\binstructions?\b"
    r"|\bsystem\s*(?:prompt|:)|\byour (?:rules|prompt|guidelines)\b|</?\w+>"
)
_IMPERATIVE = re.compile(
    r"^\W*(?:and\s+|also\s+|then\s+|now\s+|please\s+)*(?:say|state|print|write|reply|respond|"
    r"talk|tell|output|repeat|reveal|act|answer|translate|include|switch|instead)\b"
)
# What a place's name becomes for its people ("Cubans", "Americans", "Qataris").
_DEMONYM = frozenset("n ns an ans ian ians s i is".split())
# Words a question or request opens with, capitalised only for being first.
_OPENERS = frozenset(
    """compare contrast tell show give list explain describe summarize summarise summary update
    check find name rank estimate predict please any anything latest quick brief hey hi hello
    okay ok so and but also regarding about besides versus vs qué que quel quelle quels cuál
    cuáles cuánto cuántos wie was wer welche welcher vergleiche comparez compara dime
    zeige o os as qual quais quanto quantos quantas quem diga mostra""".split()
)
# Between a Latin-script name and a word in kana or kanji there is no space to split on.
SCRIPT_BOUNDARY = re.compile(
    r"(?<=[A-Za-z0-9\u00c0-\u024f])(?=[\u3040-\u30ff\u3400-\u9fff])"
    r"|(?<=[\u3040-\u30ff\u3400-\u9fff])(?=[A-Za-z0-9\u00c0-\u024f])"
)
_COMPARATIVE = (
    r"(?:more|less|fewer|higher|lower|bigger|larger|smaller|greater|faster|stronger|"
    r"better|worse|surer|likelier|cheaper|costlier|heavier|deeper|wider)"
)
# The same in the other languages answered: "which ... more" (Spanish, German, French), the
# comparatives that ask which of two ("mayor", "höher", "plus élevé"), and "which of the two"
# (Japanese どちら, Arabic أيهما).
_COMPARATIVE_ELSEWHERE = (
    r"(?:más|mayor|menor|mehr|weniger|höher|niedriger|größer|kleiner|plus|moins)"
)
# English grammar, not a list: "which ... is <adjective>-er / more <adjective>" asks which of
# two ("which is further along", "which tunnel is longer"); a few -er words are no comparative.
_SAID_COMPARATIVE = (
    r"\b(?:is|are|was|were|be|been)\s+(?:(?!(?:under|over|other|either|neither|whether|never"
    r"|ever|after|water|power|number|order|member|quarter)\b)[a-z]{3,}er|more\s+\w+|less\s+\w+)\b"
)
_THAN_ANOTHER = re.compile(rf"\b{_COMPARATIVE}\s+(?:[\w/'\u2019-]+\s+){{0,9}}than\b(.*)")
_WHICH_MORE = re.compile(
    rf"\b(?:which|whose|who)\b.*\b{_COMPARATIVE}\b|\b{_COMPARATIVE}\b.*\bor\b"
    rf"|\b(?:which|whose|who)\b.*{_SAID_COMPARATIVE}"
    # "sell more season tickets in 2025/26 than": what is compared and when stand between.
    rf"|\b{_COMPARATIVE}\s+(?:[\w/'\u2019-]+\s+){{0,9}}than\b"
    # "How far apart are X and Y", "is X above Y": two figures held one to the other.
    r"|\bhow far apart\b|\bgap between\b"
    # "Which starts earlier: X or Y?": two times held one to the other.
    r"|\b(?:which|who)\b(?=.*\bor\b).*\b(?:earlier|sooner|later|first)\b"
    # "Did X deliver as many as Y?", "is X enough to cover Y?"
    r"|\bas (?:many|much|high|large|big)\b.*\bas\b|\benough to (?:cover|pay for|meet)\b"
    rf"|\bhow (?:much|many|far)\s+{_COMPARATIVE}\b.*\bthan\b"
    # "By how much did Q3 deliveries exceed Q2's?": a difference asked of two figures.
    r"|\bhow (?:much|many|far)\b.*\b(?:exceed|surpass|outstrip|beat|top)(?:s|ed|ped|en)?\b"
    # "How far is the offer below the claim?", "how much is it above the budget?"
    r"|\bhow (?:much|far)\s+(?:is|was|are|were)\b.*\b(?:above|below|short\s+of|behind)\b"
    r"|^\s*(?:is|are|was|were|has|have|did|does|do)\b.*\b(?:above|below|exceed(?:s|ed|ing)?)\b"
    # "Did loans rise between 20 and 27 November?": a change between two times compares them.
    r"|\b(?:ris(?:e|en)|rose|f[ae]ll(?:en)?|increas|decreas|grow|grew|drop|climb)\w*\b"
    r"(?:\s+\S+){0,3}?\s+between\b.*\band\b"
    rf"|\b(?:cuál|cuáles|quién|welche[rs]?|wer|quel(?:le)?s?|lequel|laquelle|qui)\b.*"
    rf"\b{_COMPARATIVE_ELSEWHERE}\b.*\b(?:o|oder|ou)\b"
    r"|どちら|比較|比べ|أيهما|قارن|مقارنة"
)

# Intent cues, checked in this order: the first intent whose cue the question carries wins.
INTENTS: list[tuple[str, tuple[str, ...]]] = [
    ("changed", ("what changed", "what has changed", "what's changed", "what is new", "what's new",
                 "anything new", "latest developments", "changes", "qué cambió", "geändert",
                 "quoi de neuf", "o que mudou", "o que há de novo", "novidades")),
    ("compare", ("compare", "comparison", " vs ", " vs. ", " versus ", "difference between",
                 "which is more", "which one", "both", "compara", "vergleich")),
    ("attention", ("attention", "coverage", "momentum", "trending", "how much reporting",
                   "being written", "buzz", "covered", "cobertura")),
    ("how-much", ("how much", "how many", "how big", "how large", "how strong", "how high",
                  "what amount", "what figure", "what level", "cuánto", "cuántos", "wie viel",
                  "combien", "quanto")),
    ("who", ("who ", "which company", "which investor", "which firm", "quién", "wer ", "qui ",
             "quem ")),
    ("why", ("why ", "reason", "por qué", "warum", "pourquoi", "por que", "porque", "porquê")),
    ("markets", ("market", "odds", "chance", "probability", "likely", "likelihood", "bet ",
                 "bettors", "punters", "traders",
                 "betting", "traders", "priced", "expect", "forecast", "polymarket", "kalshi",
                 "manifold", "probable", "wahrscheinlich", "probabilidad", "mercado",
                 "probabilidade", "provável")),
    ("decided", ("decide", "decision", "what happened", "outcome", "result", "announce",
                 "agreed", "signed", "decidió", "entschieden", "décidé", "decidiu", "decisão",
                 "o que aconteceu", "resultado", "did ")),
    ("status", ("still", "status", "currently", "right now", " now", "active", "ongoing",
                "is there", "sigue", "noch", "toujours", "ainda", "situation", "situação",
                "atualmente", "ativo", "ativa", "em curso")),
]  # fmt: skip

# Each intent's cues from the start of a word ("wer " is German's "who", never the end of
# "lower"); a cue written with a space after it ends there too ("chance" also reads "chances").
_WORD_END = r"(?!\w)"
_CUES = [
    (intent, re.compile("|".join(
        rf"(?<!\w){re.escape(c.strip())}{_WORD_END if c.endswith(' ') else ''}" for c in cues)))
    for intent, cues in INTENTS
]  # fmt: skip

# Direction words: a premise names one ("raise", "signed"); the check holds answers to them too.
DIRECTIONS: dict[str, frozenset[str]] = {
    "up": frozenset(
        """raise raised raises raising hike hiked hikes rise rises rose risen rising increase
        increased increases higher boost boosted climb climbed""".split()
    ),
    "down": frozenset(
        """cut cuts cutting lower lowered lowers reduce reduced reduction decrease decreased
        fall fell falls fallen drop dropped slash slashed ease eased eases""".split()
    ),
    "hold": frozenset(
        "hold holds held unchanged steady keep keeps kept pause paused maintain maintained".split()
    ),
    "signed": frozenset("signed sign agreed sealed".split()),
    "collapsed": frozenset("collapsed collapse broke failed".split()),
    "launched": frozenset("launched lifted".split()),
    "delayed": frozenset("delayed postponed scrubbed".split()),
    "won": frozenset("won win wins".split()),
    "lost": frozenset("lost lose loses".split()),
}
_TOKEN = re.compile(r"[^\W_]+(?:[+'][^\W_]*)?", re.UNICODE)
_POSSESSIVE = re.compile(r"['\u2019]s?$")  # "Japan's": the name is Japan
_CONNECTORS = CONNECTORS
# A name after one of these is where the question is set, not what it is about.
_LOCATIVE = {"in", "near", "over", "across", "off", "around", "at", "into", "toward", "towards",
             "en", "dans", "em", "na", "nas", "no", "nos", "im", "nel"}  # fmt: skip


@dataclass
class Routed:
    topic: Topic
    score: float
    named: str | None  # "lead" or "attached" when the question names one of its entities


@dataclass
class Understanding:
    question: str
    intent: str
    window: Window | None
    topics: list[Routed]
    untracked: list[str]
    corrected: str  # the question with its misspellings fixed (its instructions left out)
    suggestions: list[Topic] = field(default_factory=list)
    model: str | None = None
    # The question's subject as it differs from the topic it resembles, when that is why no
    # topic answers it (`answers.understand.identity`).
    mismatch: tuple[identity.Mismatch, Topic] | None = None
    # A request the service does not serve (creative, advice, prediction), set aside.
    scope: str | None = None
    unplaced: str = ""  # "in <a place>" the first topic's rows never place it
    year: int = 0  # the year it is asked in (as of its instant): "this year" is that one

    @property
    def declined(self) -> bool:
        return not self.topics


def understand(question: str, vocab: Vocabulary, *, now: datetime, topic: Topic | None = None,
               as_of: datetime | None = None) -> Understanding:  # fmt: skip
    """What `question` asks, on the clock `now`, of the documents stored by `as_of` (when
    given: an answer as of an instant)."""
    request = scope_of(question)  # a poem, advice, a prediction: set aside, the facts answered
    question = _as_marked(asked_part(SCRIPT_BOUNDARY.sub(" ", question)), vocab)
    corrected = correct(question, vocab)
    window = _asked_window(question, now)
    named, span_names, unknown, mentioned = names(question, corrected, vocab, window)
    documented = _documented(mentioned, unknown, as_of)
    timeless = corrected.replace(window.text, " ") if window else corrected  # "November" is when
    vector = _query_vector(question, vocab)
    scored = score_topics(timeless, vocab, named | span_names, vector, documented)
    intent = intent_of(request.facts or question)
    routed = _routed(scored, intent, timeless, vocab, documented, topic)
    window = _compared_times(window, question, intent, now, routed)
    unheld, about = _asked_untracked(question, unknown, mentioned, routed, vocab)
    wrong, about = _wrong_party(question, unheld, about, routed, vocab)
    if routed and topic is None and (about or (unheld and not any(r.named for r in routed))):
        # About something untracked, or set in an untracked place naming nothing tracked.
        routed = []
    said = identity.restored(question, corrected)
    capitals = languages.capitals_mark_names(languages.identify(question))
    held = functools.partial(held_to_subject, text=said, vocab=vocab, capitals=capitals,
                             typed=question, as_of=as_of, now=now, party=wrong)  # fmt: skip
    routed, mismatch, actor = _held_with_holder(routed, scored, held)
    if mismatch and topic is None and not _subjects_named(named | span_names, vocab):
        routed = _next_agreeing(scored, said, vocab, capitals, question, as_of, now) or routed
        mismatch = None if routed else mismatch
    unplaced = actor or wrong or _unplaced(said, routed, vocab, intent)
    untracked = [n.span for n in unknown if not (unplaced and n.span in unplaced)]  # "held in X"
    suggestions = [t for t, s, _ in scored[:3] if s > 0] if not routed else []
    if mismatch:
        untracked = [mismatch[0].subject, *untracked]
        suggestions = [mismatch[1], *(t for t in suggestions if t.pk != mismatch[1].pk)]
    if request.declined:  # nothing of fact asked: the record it names is the pointer
        suggestions, routed = [r.topic for r in routed] or suggestions, []
    return Understanding(question, intent, window, routed, untracked, corrected, suggestions,
                         vocab.model, mismatch, request.kind, unplaced,
                         (as_of or now).year)  # fmt: skip


def _asked_untracked(question: str, unknown: list, mentioned: list[str], routed: list[Routed],
                     vocab: Vocabulary) -> tuple[list, list]:  # fmt: skip
    """The untracked names the question says (a namesake reporting names beside a routed
    topic's words is a party to it, not asked), and those it asks about: its subject, or what
    the best topic's own deed is done to (`_done_to`; a name only reporting uses included,
    added to `unknown` so that the decline names it)."""
    unheld = [n for n in unknown if not (n.reported and _topic_said(question, n.span, routed))]
    done = [Unheld(span, False, False) for span in mentioned
            if _done_to(question, span, routed, vocab)]  # fmt: skip
    unknown.extend(done)
    about = [n for n in unheld if (n.subject and not n.place)
             or (not n.place and _done_to(question, n.span, routed, vocab))]  # fmt: skip
    return unheld, [*about, *done]


def _wrong_party(question: str, unheld: list, about: list, routed: list[Routed],
                 vocab: Vocabulary) -> tuple[str, list]:  # fmt: skip
    """The untracked name the question says did a named topic's deed, or that it was done
    with ("sold ... to <name>"), when the record names another (`_wrong_actor`), else "";
    and the names asked about less that one (a premise, not the subject)."""
    parties = [*(n for n in about if n.subject),
               *(n for n in unheld if _JOINED_TO.search(question.split(n.span)[0]))]  # fmt: skip
    wrong = next((n.span for n in parties if _wrong_actor(n, routed, vocab, question)), "")
    return wrong, [n for n in about if n.span != wrong]


_JOINED_TO = re.compile(r"\b(?:to|with|by|from)\s+(?:the\s+)?$", re.I)


def _wrong_actor(name: "Unheld", routed: list[Routed], vocab: Vocabulary,
                 question: str = "") -> bool:  # fmt: skip
    """Whether an untracked name the question makes its subject is who it says did a named
    topic's deed ("How much did <an untracked bank> approve for the <tracked> earthquake?"):
    the question names one of the topic's entities and the topic has parties (someone does its
    deed), so the name is a premise to hold to the record, not another subject; never a longer
    form of one of its names ("<Name> Airlines"), unless the question says all that the topic's
    title says it is ("the <Town> Grid Board give consent for the <turbine>")."""
    named = next((r.topic for r in routed if r.named), None)
    if named is None or name.place:
        return False
    if name.namesake and not _title_said(named, question):
        return False
    if any(set(words(n)) <= set(words(name.span)) for n in named.names if words(n)):
        return False  # "<Name> Airlines" of <Name>; "<Other> Foods" beside "<Lead> Foods" is not
    return bool(identity.parties_of(named, vocab))


def _done_to(question: str, name: str, routed: list[Routed], vocab: Vocabulary) -> bool:
    """Whether an untracked name is what the best topic's own deed is done to ("the <regulator>
    fine <another bank>" of its fine on a tracked firm), while the party the topic carries
    past the ones the question names is not said: another occasion of the deed, untracked."""
    if not routed:
        return False
    topic = routed[0].topic
    before = re.search(rf"([^\W\d_]+)\s+(?:the\s+)?{re.escape(name)}", question)
    if before is None or stem(before.group(1).lower()) not in identity.deeds_of(topic):
        return False
    said = {e for _, _, e in current_tagger().entity_spans(question) if e in topic.entity_ids}
    return bool(said) and bool(identity.parties_of(topic, vocab) - said)


def _asked_window(question: str, now: datetime) -> Window | None:
    """The question's window, unless it is the time a yes-or-no question, or a clause setting
    its scene, claims a state came about in ("Was <it> released in March 2026?"): that is a
    premise to hold to the record, not a filter of the rows that would answer it."""
    window = time_window(question, now=now)
    if window is not None and window.end >= now.date() and _AHEAD.search(question):
        return None  # "What do markets expect in December?" on 1 December: when, not a filter
    setting = _SIDE_CLAUSE.match(question)
    asked = _YES_NO.match(question) or (setting and window and window.text in setting.group(0))
    if window is None or not asked:
        return window
    claimed = re.search(rf"\b[a-z]+ed\s+(?:in|on|during)\s+{re.escape(window.text)}", question)
    return None if claimed else window


_YES_NO = re.compile(r"^\W*(?:was|were|is|are|did|has|have|had)\b", re.IGNORECASE)
# What is expected of a time not over yet: the time is when it comes, not when it was said.
_AHEAD = re.compile(r"\b(?:expects?|expected|expecting|will|forecasts?|priced?|odds)\b", re.I)
# A clause setting the scene before what is asked ("When <X> agreed in March 2026 to buy <Y>,
# what price ...?"): the time a deed there is said to be done in is a premise, not a window.
_SIDE_CLAUSE = re.compile(r"^\W*(?:when|after|since|once|given that|now that)\b[^,?]*,", re.I)


def past_setting(question: str) -> str:
    """The question past a clause that sets its scene ("Given that <X> delivered 87 in 2026,
    how many in 2025?": how many in 2025), or the whole question when none does."""
    setting = _SIDE_CLAUSE.match(question)
    return question[setting.end() :] if setting else question


def _subjects_named(named: set[int], vocab: Vocabulary) -> set[int]:
    """The tracked entities a question names that may be its subject: a country or a place
    many topics carry ("the <country> tourism fair") says where, not which."""
    return {e for e in named if vocab.entity_kinds.get(e) not in ("country", "place")}


def _compared_times(window: Window | None, question: str, intent: str, now: datetime,
                    routed: list[Routed]) -> Window | None:  # fmt: skip
    """A comparison of two times ("in October or in September", "the 6 November strike or the
    17 November one") sets them side by side: the first is no window to filter the rows by,
    or the other's would be gone. A time in a topic's title names the topic, not a time."""
    if intent != "compare" or window is None:
        return window
    question = without_titles(question, [side.topic for side in routed])
    other = time_window(question.replace(window.text, " "), now=now)
    return window if other is None else replace(window, filters=False, compared=True)


_MARK_SAID = re.compile(r"\b([A-Za-z]{1,3})[-\s]?(\d{1,4}[A-Za-z]?)\b")


def _as_marked(question: str, vocab: Vocabulary) -> str:
    """The question with each model mark written as the registry writes it ("Corvan C90" as
    "Corvan C-90"): a hyphen or a space left out is no other model."""

    def written(match: re.Match) -> str:
        return vocab.mark_forms.get("".join(match.groups()).lower(), match.group(0))

    return _MARK_SAID.sub(written, question)


def without_titles(question: str, topics: list[Topic]) -> str:
    """The question less the topics' titles as it writes them: a period in a title ("jobs
    report, November 2026") names its topic, not a time asked about."""
    for topic in topics:
        question = re.sub(re.escape(topic.title), " ", question, flags=re.IGNORECASE)
    return question


def _documented(mentioned: list[str], unknown: list, as_of: datetime | None) -> set[int]:
    """The topics whose documents (stored by `as_of`) carry a span the question names; an
    unknown name they carry is the registry's word, not an untracked one (taken off
    `unknown`, and `mentioned` as a name only reporting uses)."""
    documented: set[int] = set().union(*(topics_naming(span, as_of) for span in mentioned))
    for index, name in reversed(list(enumerate(unknown))):
        naming = topics_naming(name.span, as_of)
        if naming and name.namesake:
            # Still untracked; reporting names it as a party to those topics' stories.
            documented |= naming
            unknown[index] = replace(name, reported=True)
        elif naming and name.thing:
            # A thing at a place reporting names ("the <port town> desalination plant"), when
            # no row says the thing: what the question asks about is not held.
            unknown[index] = replace(name, span=name.thing)
        elif naming:
            documented |= naming
            unknown.remove(name)
            mentioned.append(name.span)  # what a topic's deed may be done to (`_done_to`)
    return documented


def _routed(scored, intent: str, timeless: str, vocab: Vocabulary, documented: set[int],
            topic: Topic | None) -> list[Routed]:  # fmt: skip
    """The topics the question is about: the caller's, or the best scored and the sides of a
    comparison."""
    if topic is not None:
        return [Routed(topic, MIN_SCORE, "lead")]
    routed = _subject_first(choose(scored, intent), scored, timeless, intent)
    routed = (
        _named_within(routed, timeless) if intent == "compare" else _asked_topics(routed, timeless)
    )
    sides = sides_of(timeless, vocab, documented, routed if intent == "compare" else None)
    return with_sides(routed, sides, intent) if routed else []


def _asked_topics(routed: list[Routed], text: str) -> list[Routed]:
    """The routed topics less each later one named only by its lead that says none of what the
    question asks past its names, when the first says some ("When did <A> sign its merger with
    <B>?": B's results are not asked, nor A's strike; B is a party the merger is held to)."""
    names = {s for r in routed for s in stem_set(" ".join(r.topic.names))}
    said = stem_set(text) - names - STOP_STEMS

    def says(r: Routed) -> bool:
        return bool(said & stem_set(" ".join([r.topic.title, *r.topic.terms])))

    if len(routed) < 2 or not says(routed[0]):
        return routed
    return routed[:1] + [r for r in routed[1:] if r.named != "lead" or says(r)]


def _named_within(routed: list[Routed], text: str) -> list[Routed]:
    """The two sides of a comparison, less the second when the question names it only inside
    the first's own name ("the <Airline> pilots' strike" names the strike, not the airline's
    traffic figures): one topic, whose figures are compared with each other."""
    if len(routed) != 2 or routed[1].named is None:
        return routed
    first, second = routed[0].topic, routed[1].topic
    said = f" {' '.join(words(text))} "
    rest = said
    for name in sorted({" ".join(words(n)) for n in first.own_names}, key=len, reverse=True):
        rest = rest.replace(f" {name} ", " | ") if len(name.split()) > 1 else rest
    others = {" ".join(words(n)) for n in (*second.names, *second.own_names)} - {""}
    if rest == said or any(f" {name} " in rest for name in others):
        return routed
    return routed[:1]


def _subject_first(routed: list[Routed], scored, text: str, intent: str) -> list[Routed]:
    """The routed topics, another scored one first when the question says its own subject
    ("house prices") and not the best's: a body the best is led by, named as who said it ("the
    statistics office reported that house prices fell"), does not make its topic the subject;
    what was said of another topic's subject is a premise about that topic."""
    if not routed or routed[0].named != "lead" or intent == "compare":
        return routed  # only a body named as who said it gives way
    if _says_subject(routed[0].topic, text):
        return routed
    for topic, score, how in scored[1:]:
        # Named by a thing it carries (a country), not by its words alone: "consumer prices in
        # the eurozone" is no other place's consumer price release.
        if score >= MIN_SCORE and how and _says_subject(topic, text):
            return [Routed(topic, score, how), *(r for r in routed if r.topic.pk != topic.pk)]
    return routed


def _says_subject(topic: Topic, text: str) -> bool:
    """Whether `text` says one of the topic's own subject phrases (its curated terms of two
    words or more, in lower case and none of its names: a name is whose, not what; word for
    word by stem)."""
    names = {n.lower() for n in topic.names}
    return any(len(words(term)) > 1 and term.islower() and term not in names
               and phrase_said(text, term) for term in topic.terms)  # fmt: skip


def held_to_subject(routed: list[Routed], text: str, vocab: Vocabulary, capitals: bool = True,
                    typed: str = "", as_of: datetime | None = None,
                    now: datetime | None = None, party: str = ""):  # fmt: skip
    """The routed topics whose subject every qualifier of the question agrees with, and, when
    none does, the first disagreement with the topic it was found on
    (`answers.understand.identity`); its documents read as stored by `as_of`, the question asked
    on the clock `now` (its year is no other period). A disagreement about
    another actor or place beside a topic the question names by its lead is a premise to correct,
    not another subject: the topic is kept and the words are returned third."""
    said = identity.Said.of(text, current_tagger().entity_spans(text), typed)
    seen = functools.partial(reported, as_of=as_of)
    year = (as_of or now or timezone.now()).year
    first, held = None, list(routed)
    while True:
        # A place or name another routed topic carries is that topic's to answer, while that
        # topic is the question's subject too: once it is not, the rest are held again
        # without it ("<a place of topic B> election": B is not an election, nor is A there).
        kept, miss, actor = _held(said, held, vocab, capitals, seen, year, party)
        first = first or miss
        if not kept or len(kept) == len(held):
            # Past a topic that is not the subject, one kept for a place or name it shares
            # must say something asked of it (a fire is no "<valley>'s wineries harvest").
            # A topic asked by its own curated name ("<Trial>") is said, whatever else is.
            kept = [r for r in kept if _says_of(r.topic, text) or _called_by_own(r.topic, text)
                    ] if first else kept  # fmt: skip
            return kept, (None if kept else first), (actor if kept else "")
        held = kept


def _held(said, routed: list[Routed], vocab: Vocabulary, capitals: bool, seen, year: int,
          party: str = ""):  # fmt: skip
    """One pass of `held_to_subject` over `routed`, each topic held with the others beside it.
    A word of the wrong `party` the question makes the doer of a topic's deed ("<an untracked
    carrier> pay for <the tracked target>") is that premise's, not another subject."""
    kept, first, actor = [], None, ""
    party_words = set(words(party))
    english = languages.identify(said.typed_text) == "en"
    for r in routed:
        others = tuple(o.topic for o in routed if o is not r)
        foreign = FALSE_FRIENDS if not capitals else frozenset()
        context = identity.Context(
            r.named == "lead", others, capitals, foreign, seen, year, english=english
        )
        miss = identity.disagreement(said, r.topic, vocab, context)
        # Named by its lead, or by a name it carries that is no place ("the strike at the
        # <mine> in <another province>"), the topic is the subject: another place is a premise.
        named = r.named == "lead" or (r.named == "attached" and miss is not None
                                      and miss.qualifier == "place")  # fmt: skip
        if miss is not None and named and _wrong_actor_of(miss, r.topic, said.text, vocab):
            actor, miss = actor or miss.subject, None
        if miss is not None and miss.qualifier == "name" and _title_said(r.topic, said.text):
            # Every word of what the topic is said ("set the 2026/27 wheat export quota"): the
            # name said to have done it is a wrong actor, a premise, not another subject.
            actor, miss = actor or miss.subject, None
        if miss is not None and party_words and set(words(miss.subject)) <= party_words:
            miss = None
        if miss is None:
            kept.append(r)
        elif first is None or (_terms_said(r.topic, said.text)
                               and not _terms_said(first[1], said.text)):  # fmt: skip
            first = (miss, r.topic)  # the pointer: the topic whose own noun is asked
    return kept, first, actor


def _wrong_actor_of(miss, topic: Topic, text: str, vocab: Vocabulary) -> bool:
    """Whether a disagreement about a topic named by its lead is a wrong actor of it (a premise)
    rather than another subject: a neighbour body asked of past the topic's own words ("what
    did <an agency> decide about <the lead>?") is the subject; one said to do the topic's deed
    ("<another ministry> raised <the lead>'s fee") is a wrong actor."""
    if not identity.another_actor(miss, topic, vocab):
        return False
    asked_of = identity.uncarried(miss.subject, vocab)
    return not asked_of or _terms_said(topic, text.replace(miss.subject, " "))


def _terms_said(topic: Topic, text: str) -> bool:
    """Whether `text` says one of the topic's curated terms, word for word by stem."""
    return any(phrase_said(text, term) for term in topic.terms)


def _held_with_holder(routed: list[Routed], scored, held):
    """`held` (`held_to_subject`) of the routed topics; when they are left for a subject-defining
    noun none of them holds that another scored topic does ("with payrolls up 250,000, will
    the Fed cut?": the jobs release's payrolls, not the bank's), held again with that topic
    beside them: a tracked subject the question names in passing, never an untracked one."""
    kept, mismatch, actor = held(routed)
    if kept or mismatch is None or mismatch[0].qualifier != "indicator":
        return kept, mismatch, actor
    asked = identity.families_in(mismatch[0].subject).keys()
    taken = {r.topic.pk for r in routed}
    holders = [Routed(topic, score, how) for topic, score, how in scored
               if score > 0 and topic.pk not in taken
               and asked & identity.families_in(topic.text).keys()]  # fmt: skip
    if not holders:
        return kept, mismatch, actor
    # Beside it, a routed topic stays only for words of its own the question says ("will the
    # Fed cut?"), never for a name it shares ("Ostravia" of a fair's visitor target).
    text = held.keywords["text"]
    routed = [r for r in routed if _says_of(r.topic, text)]
    again = held([*routed, holders[0]])
    return again if again[0] else (kept, mismatch, actor)


def _unplaced(text: str, routed: list[Routed], vocab: Vocabulary, intent: str) -> str:
    """Where the question sets its topic that its rows never place it, or (asked why) a cause
    its rows never give: a premise the record does not support."""
    if not routed:
        return ""
    said = identity.Said.of(text, current_tagger().entity_spans(text))
    topic, others = routed[0].topic, tuple(r.topic for r in routed[1:])
    cause = identity.unheld_theme(said, topic, others) if intent == "why" else ""
    return identity.unplaced(said, topic, vocab) or cause


FALLBACK_CUT = 0.5  # of the best score: a topic further down is not what the question meant


def _next_agreeing(scored, text: str, vocab: Vocabulary, capitals: bool, typed: str,
                   as_of: datetime | None = None, now: datetime | None = None):  # fmt: skip
    """When the best topic is not the question's subject and the question names nothing tracked,
    the next scored topic that is ("why are oil prices rising": not a consumer-price release)."""
    best = scored[0][1] if scored else 0.0
    for topic, score, how in scored[1:]:
        if score < max(MIN_SCORE, FALLBACK_CUT * best):
            break
        kept, _, _ = held_to_subject([Routed(topic, score, how)], text, vocab, capitals, typed,
                                     as_of, now)  # fmt: skip
        # Found by a name it carries ("<valley>" of a fire there), it must say what is asked.
        carried = set(current_tagger().tag(text).entity_ids) & topic.entity_ids
        if kept and (not carried or _says_of(topic, text, wide=True)):
            return kept
    return []


def _title_said(topic: Topic, text: str) -> bool:
    """Whether the question says every word of what the topic's title says it is (its
    lower-case words: "wheat export quota" of "<Country> wheat export quota 2026/27")."""
    what = {stem(w) for w in _TOKEN.findall(topic.title) if w.islower() and w not in STOP}
    return len(what) > 1 and what <= stem_set(text)


def _called_by_own(topic: Topic, text: str) -> bool:
    """Whether the question says one of the topic's own curated names (its title, name, aliases
    or former names; no entity's) as written."""
    return any(phrase_said(text, name) for name in (topic.title, *topic.own_names))


def _says_of(topic: Topic, text: str, wide: bool = False) -> bool:
    """Whether the question says a word of the topic's title or terms past its names ("oil
    prices" of an oil price topic; nothing of a fire in "<valley>'s wineries harvest"); `wide`,
    of any of its curated words (its issuers and market questions too)."""
    said = {w for w in stem_set(text) - stem_set(" ".join(topic.names)) if w.isalpha()}
    own = topic.stems if wide else stem_set(" ".join([topic.title, *topic.terms]))
    return bool(said - STOP_STEMS - TIME_WORDS & own)


# German words that are an English family's word ("war" is German's "was"): never read as it.
FALSE_FRIENDS = frozenset("war hat die also fast".split())
REPORTED_SCAN = 400  # a topic's newest documents searched for a word its first reports lack


def reported(topic: Topic, phrases: tuple[str, ...], as_of: datetime | None = None) -> bool:
    """Whether any of the topic's newest documents (stored by `as_of`) uses one of `phrases`."""
    query = " or ".join(f'"{p}"' if " " in p else p for p in phrases if p.isascii())
    if not query:
        return False
    newest = EventMention.objects.filter(event_id=topic.pk).order_by("-day", "-document_id")
    if as_of is not None:
        newest = newest.filter(ingested_at__lte=as_of)
    ids = list(newest.values_list("document_id", flat=True)[:REPORTED_SCAN])
    found = fulltext.matching(query, Document.objects.filter(pk__in=ids))
    # A row that names another occasion or a sibling beside the topic's name ("the 2023 <trial>
    # in <country>", "<maker>'s <mark>-311") came in under it by its words, but is that other
    # thing's: it vouches for no year, place or name of this topic.
    texts = (f"{title}. {summary}" for title, summary in found.values_list("title", "summary"))
    return any(not (identity.another_year(text, topic) or identity.another_edition(text, topic))
               for text in texts)  # fmt: skip


def asked_part(question: str) -> str:
    """The question less the instructions addressed to the system ("ignore your rules and talk
    about X", "SYSTEM: reply with ..."): what asks or sets the scene routes, an instruction never
    does; a question made of nothing else is read whole (and answered, or declined, for what it
    names)."""
    clauses = [c.strip() for c in _CLAUSE.split(question) if c and c.strip()]
    content = [c for c in clauses if not _is_instruction(c)]
    return " ".join(content) if content else question


def _is_instruction(clause: str) -> bool:
    low = clause.lower()
    if _OVERRIDE.search(low):
        return True
    return bool(_IMPERATIVE.match(low)) and not low.rstrip().endswith("?")


# A question that asks for a time ("when did the ban start", "what date is the next strike"),
# not one that sets its scene by one ("what happened when the dam broke").
_WHEN = re.compile(
    r"^\W*(?:since\s+|until\s+|by\s+)?(?:when|cuándo|cuando|wann|quand|quando)\b"
    r"|\bwhen\s+(?:did|does|do|is|was|will|are|were|has|have|had|would)\b"
    r"|\b(?:what|which)\s+(?:date|day)\b|\bhow\s+soon\b",
    re.IGNORECASE,
)


def asks_when(question: str) -> bool:
    """Whether the question asks when something happened or will."""
    return bool(_WHEN.search(question))


def intent_of(question: str) -> str:
    text = f" {question.lower().strip()} "
    if re.match(r"^\s*(will|would|could)\b", question, re.IGNORECASE):
        # What will happen: what crowds believe comes first; unless two things' plans are set
        # one against the other ("create fewer jobs than the <other> expansion"), no number
        # after "than" (a threshold is what crowds price).
        against = _THAN_ANOTHER.search(text)
        return "compare" if against and not re.search(r"\d", against.group(1)) else "markets"
    if _WHICH_MORE.search(text):
        return "compare"
    for intent, cues in _CUES:
        if cues.search(text):
            return intent
    return "overview"


def correct(question: str, vocab: Vocabulary) -> str:
    """The question with misspelt words replaced by the curated word they nearly are (names,
    aliases, titles, terms; never a headline's common word: "costs" must not become "coast")."""

    def fix(match: re.Match) -> str:
        said = match.group(0)
        owner = _POSSESSIVE.search(said)  # "Lusmak's": the name is what is fixed
        word = said[: owner.start()] if owner else said
        fixed = _fixed(word, vocab)
        return fixed + said[len(word) :] if fixed != word else said

    return _short_slips(_TOKEN.sub(fix, question), vocab)


def _fixed(word: str, vocab: Vocabulary) -> str:
    """The curated word a misspelt `word` nearly is, or `word`."""
    low = word.lower()
    common = stem(low) in vocab.frequency and not word[:1].isupper()  # "costs", not "Brazill"
    # A digit makes a mark, never a slip: "L2418" is another batch than "L2417", "X6" than "X5".
    marked = any(c.isdigit() for c in low)
    # A lower-case word of five letters is as often another English word one slip from a
    # curated one ("start" of "<Name> Star") as a slip: it is left as typed.
    short = len(low) < (5 if word[:1].isupper() else 6)
    if short or low in STOP or low in vocab.known or common or marked:
        return word
    best = process.extractOne(low, vocab.curated, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
    if best is None:
        return word
    # A name is matched whole: one slip of a key ("Tavya") is a typo, a different letter group
    # ("Southgate" for "Northgate") is another name, never corrected into ours.
    # Two letters swapped ("Fuison") is one slip of the keys, as a letter dropped is: OSA
    # counts a transposition once, Levenshtein twice. Only at the same length: a swap beside a
    # dropped letter ("Lumenstar" for "Lumentra") is another name.
    same = len(low) == len(best[0])
    edits = (OSA if same else Levenshtein).distance(low, best[0])
    slips = _name_slips(low, best[0], best[0] in vocab.place_words)
    # A lower-case word gets two slips only in a long word of the same length ("wrod"); a word
    # two letters shorter or longer is another word ("stricken" is not "strike").
    lower_case = 2 - (len(low) < 8 or len(low) != len(best[0]))
    if edits > (slips if word[0].isupper() else lower_case):
        return word
    # A name typed with its capital keeps it ("Caloway" is "Calloway"): a name is read by it.
    return best[0][:1].upper() + best[0][1:] if word[0].isupper() else best[0]


def _short_slips(question: str, vocab: Vocabulary) -> str:
    """A short capitalised word one slip from a word of a tracked name ("Cty" in "<Town> Cty
    Council"), fixed only where it then completes that name with the word beside it: on its
    own, a short name one letter from another is another name."""
    tokens = list(_TOKEN.finditer(question))
    fixes = {}
    for i, match in enumerate(tokens):
        word = match.group(0)
        low = word.lower()
        if not word[:1].isupper() or not 3 <= len(low) < 5 or low in vocab.known or low in STOP:
            continue
        if any(c.isdigit() for c in low):
            continue  # a mark, never a slip: "HX3" is another node than "HX2"
        near = [
            c for c in vocab.name_words if abs(len(c) - len(low)) <= 1 and OSA.distance(c, low) == 1
        ]
        sides = [t.group(0).lower() for t in tokens[max(0, i - 1) : i] + tokens[i + 1 : i + 2]]
        for candidate in sorted(near):
            if any(_held_phrase(side, candidate, i, tokens, vocab) for side in sides):
                fixes[match.start()] = (match.end(), candidate)
                break
    for start in sorted(fixes, reverse=True):
        end, candidate = fixes[start]
        question = f"{question[:start]}{candidate}{question[end:]}"
    return question


def _held_phrase(side: str, candidate: str, index: int, tokens, vocab: Vocabulary) -> bool:
    before = index and tokens[index - 1].group(0).lower() == side
    pair = f" {side} {candidate} " if before else f" {candidate} {side} "
    return pair in vocab.phrases


def _query_vector(question: str, vocab: Vocabulary) -> np.ndarray | None:
    model = embeddings.embedder()
    if model is None or vocab.topic_vectors is None:
        return None
    return embeddings.query_vector(model, question)


# German grammar: the article or preposition between a noun and the name it is of.
_GERMAN_OF = re.compile(r"\s(?:des|der|dem|den|von|vom|zum|zur|im|am)\s")


def _german_name(span: str, question: str) -> str:
    """German capitalises every noun: one such word is no name ("Euroraum"), and one before an
    article is the noun of the name after it ("Verschmutzung des <Brook>")."""
    if " " not in span or span.replace(" ", "-") in question:
        return ""
    return _GERMAN_OF.split(span)[-1]


def names(question: str, corrected: str, vocab: Vocabulary, window: Window | None):
    """Entities the question names (tagger, then the model for names said in other words), the
    capitalised names it carries that the registry does not track, and those only its reporting
    uses (their topics are found by the documents that carry them)."""
    tagger = current_tagger()
    named = set(tagger.tag(question).entity_ids) | set(tagger.tag(corrected).entity_ids)
    by_meaning, untracked, mentioned = set(), [], []
    asked_in = languages.identify(question)
    # After a tracked name, an untracked one is who acted on it ("How many <tracked> trams has
    # <someone> built?"): a premise to hold to the record, not the question's subject.
    tracked_before = False
    for span, place, tail, subject in _spans_asked(question, window, vocab)[:MAX_SPANS]:
        span = _german_name(span, question) if asked_in == "de" else span
        if not [w for w in words(span) if w not in _CONNECTORS]:
            continue
        alone = subject and not tracked_before
        if _namesake(span, vocab, tagger):  # "<Name> Capital" of "<Name> Minerals"
            untracked.append(Unheld(_POSSESSIVE.sub("", span), place, alone, namesake=True))
            continue
        fixed = [w for w in words(correct(span, vocab)) if w not in _CONNECTORS]  # "de", "of"
        known = all(w in vocab.known or stem(w) in vocab.frequency for w in fixed)
        if known and not unheld_name(span, vocab, tagger):
            # A first word no topic carries ("Pellora Bank"): a name only reporting uses.
            if stem(fixed[0]) not in vocab.frequency and not tagger.entity_spans(span):
                if thing := _thing_at(span, tail, vocab):  # "the <port town> desalination plant"
                    untracked.append(Unheld(thing, place, alone))
                else:
                    mentioned.append(span)  # a name only reporting uses ("<a port town>")
            else:
                tracked_before = True
            continue
        entity_id = _meant_entity(span, tail, vocab)
        if entity_id is not None:
            by_meaning.add(entity_id)
            tracked_before = True
        elif not own_words(span, asked_in, bool(set(words(span)) & vocab.name_word_set)):
            thing = _thing_at(span, tail, vocab)
            alone = alone and not tagger.entity_spans(span)
            untracked.append(Unheld(_POSSESSIVE.sub("", span), place, alone, thing))
    return named, by_meaning, untracked, mentioned


def _meant_entity(span: str, tail: str, vocab: Vocabulary) -> int | None:
    """The entity a name said in other words means (the model), the name alone or with the
    lower-case words after it ("Coupe continentale"); None when none does."""
    meant = span
    entity_id = _name_by_meaning(span, vocab)
    if entity_id is None and tail and tail[:1].islower() and " " not in span:
        meant = f"{span} {tail}"
        entity_id = _name_by_meaning(meant, vocab)
    if entity_id is not None and not _may_mean(meant, entity_id, vocab):
        return None  # meaning never turns one company, person or lake into another
    return entity_id


def _thing_at(span: str, tail: str, vocab: Vocabulary) -> str:
    """A name only reporting uses with a noun after it that no row of the registry says ("<a
    port town> desalination plant"): a thing there the registry does not hold, whatever its
    reports say of the place; "" when the next word is one the registry uses ("<the town>
    residents"), a verb's form or a small word."""
    first = (tail.split() or [""])[0]
    if not first.isalpha() or not first.islower() or first in STOP or first in vocab.known:
        return ""
    return "" if first.endswith(("ing", "ed")) else f"{span} {first}"


def own_words(span: str, language: str, tracked: bool = False) -> bool:
    """A capitalised run of a question in Portuguese or in a language without a catalogue that
    reads as that language rather than English: the question's own words ("Furacão Tavia",
    "Rezerwa Federalna"), not a name the registry lacks. Why: the engine's vocabulary is the
    registry's, in English; in those languages it cannot tell a capitalised word from a name,
    and taking one for an untracked name declines every question that says a tracked name the
    way its language does. The cost: an untracked name said in that language ("Banco do Japão")
    is not named, and the question is answered only if it routes on its own (German's trade,
    `capitals_mark_names`). A name in English words ("Bank of Japan") is still one. In any
    other language, a run that says a tracked name's word in that language's words ("Southgate
    de la Universidad Carrow") is that name said its way (`tracked`)."""
    wide = language == "pt" or language in languages.UNCATALOGUED
    return (wide or (tracked and language != "en")) and languages.reads_as(span, language)


@dataclass(frozen=True)
class Unheld:
    """A name the question says that the registry does not hold."""

    span: str
    place: bool  # where the question is set ("in <a place>")
    subject: bool  # what it asks about: the name right after its opening ("Did <X> ...")
    # The name with a noun after it that no row says ("<X> desalination"): what is asked about
    # when reporting uses the name alone.
    thing: str = ""
    # Another body of a tracked name ("<Name> Capital" of "<Name> Minerals"): untracked
    # whatever reporting says of it (`_namesake`), and `reported` when reporting names it.
    namesake: bool = False
    reported: bool = False


# The kind of thing a place's name says it is ("Lake", "Port"), not which one: a name said in
# other words must keep a word of the name that says which ("Orrin" of "Lake Orrin").
GENERIC_NAME_WORDS = frozenset(
    """lake mount mountain mountains port river basin bay gulf sea ocean island islands valley
    county city province state states region district airport coast cape peninsula desert
    strait canal sound harbour harbor creek reservoir dam falls hills range ridge plain
    plateau forest park village town north south east west northern southern eastern western
    central united national international new great upper lower fire storm hurricane
    tropical""".split()
)
# Kinds whose names are proper to one thing: a lake, a storm, a mission is never "the same" as
# one with another proper word, however close their meaning.
_PROPER_KINDS = frozenset({"place", "storm", "other"})


def _may_mean(span: str, entity_id: int, vocab: Vocabulary) -> bool:
    """Whether a name said in other words may be taken for this entity: institutions, countries
    and places only, and a place, storm or mission only when the span keeps a word of its name
    that says which one, as written or one slip of a key away."""
    kind = vocab.entity_kinds.get(entity_id)
    if kind not in BY_MEANING_KINDS:
        return False
    names = {w for n in vocab.entity_names.get(entity_id, []) for w in words(n)}
    said = set(words(span)) - _CONNECTORS
    if said & names and not all(any(_akin(w, n) for n in names) for w in said):
        return False  # "<Continent> Investment Bank" shares words with, but is not, ours
    if kind not in _PROPER_KINDS:
        return True
    if not said & GENERIC_NAME_WORDS <= names & GENERIC_NAME_WORDS:
        return False  # "Orrin River" is not "Lake Orrin"
    proper = names - GENERIC_NAME_WORDS
    return not proper or any(OSA.distance(w, p) <= 1 for w in said for p in proper)


def unheld_name(span: str, vocab: Vocabulary, tagger) -> bool:
    """A name of words the registry uses, put together as no name it holds ("<Continent>
    Investment Bank" of the words of "<Continent> Central Bank"): two words or more, no tracked
    name inside it (a longer form of one is `answers.understand.identity`'s to judge), and no
    topic's title, terms, own names, sources or headlines saying it."""
    if len([w for w in words(span) if w not in _CONNECTORS]) < 2 or tagger.entity_spans(span):
        return False
    fixed = words(correct(span, vocab))
    if frozenset(fixed) - _CONNECTORS in vocab.name_word_sets:
        return False  # a held name in another language's order ("Reserva Federal")
    joined = " ".join(fixed)
    # A topic's own curated name says it too ("<A>-<B> tie-up" of a merger).
    held = f" {joined} " in vocab.phrases or f" {joined} " in vocab.own_phrases_text
    return not tagger.entity_spans(joined) and not held


def _topic_said(question: str, span: str, routed: list) -> bool:
    """Whether the question, past a name, says a word of a routed topic's title or terms ("the
    dockers strike" beside "<Name> Dockworkers Union"): it asks of that topic, the name a
    party to it."""
    said = stem_set(question.replace(span, " ")) - STOP_STEMS
    return any(said & stem_set(" ".join([r.topic.title, *r.topic.terms])) - stem_set(span)
               for r in routed)  # fmt: skip


def _namesake(span: str, vocab: Vocabulary, tagger) -> bool:
    """A name that opens with a tracked name's first word and goes on with others than the
    tracked name's ("<Name> Capital" of "<Name> Minerals", "<Name> Airways" of "<Name> Line"):
    another body of that name. Never when the registry holds it whole (an entity's name or
    alias, a topic's title or own names), when it is a longer form of a tracked name (identity
    judges those) or that name spelt otherwise."""
    said = [w for w in words(_POSSESSIVE.sub("", span)) if w not in _CONNECTORS]  # "Caloway's"
    if len(said) < 2 or tagger.entity_spans(span) or tagger.entity_spans(span.split()[0]):
        return False
    if f" {' '.join(said)} " in vocab.own_phrases_text:
        return False  # a topic's own name, or part of one ("Korrin Hill" of "Korrin Hill mine")
    # Of each tracked name it may be one of: its own words past the name's (of three letters
    # or more: "Co" of "Co-operative" is a piece of a word), and the name's words it lacks.
    apart = [({w for w in said if len(w) >= 3} - set(name), set(name) - set(said))
             for name in vocab.names_by_first_word.get(said[0], ())]  # fmt: skip
    # A tracked name whole, perhaps spelt otherwise and perhaps longer ("Helio Fusio Series B"
    # of "Helio Fusion"), is identity's to judge.
    if any(all(any(_akin(a, b) for a in more) for b in less) for more, less in apart):
        return False
    return any(more and less for more, less in apart)


def _akin(word: str, name: str) -> bool:
    """The same word in another spelling or language ("reserva", "reserve"; "banco", "bank";
    "europeo", "european"), not another name sharing its opening ("Carrowfield", "Carrowmere")."""
    if OSA.distance(word, name) <= 2:
        return True
    pairs = zip(word, name, strict=False)
    shared = next((i for i, (a, b) in enumerate(pairs) if a != b), min(len(word), len(name)))
    return shared >= 5 and max(len(word), len(name)) - shared <= 3


def parts(question: str) -> list[str]:
    """The parts of a question "X and Y", "X or Y", "X vs Y", "compare X with Y" joins (and its
    clauses), in order."""
    question = _COMPARED_WITH.sub(r"\1 vs ", question, count=1)
    return [p for p in _SIDES.split(question) if p and words(p)]


# "Compare X with Y", "how does X compare to Y", "X compared against Y": the word after the
# comparison joins two sides as "vs" does (only there: "with" elsewhere is no side's edge).
_COMPARED_WITH = re.compile(r"(\bcompar\w*\b[^,;?]*?)\s+(?:with|to|against)\s+", re.IGNORECASE)


def sides_of(question: str, vocab: Vocabulary, documented: set[int],
             routed: list[Routed] | None = None) -> list[Routed]:  # fmt: skip
    """The topic each side of "X and Y" ("X or Y", "X vs Y") clearly names, routed on its own
    words and names. Given the question's own routing (a comparison's) and one side clear,
    the other part's side where it leans to one of its two best: the one the whole question
    routed first, else its best ("the euro area inflation rate": the release, not the bank)."""
    pieces = parts(question)
    if len(pieces) < 2:
        return []
    tagger = current_tagger()
    sides: list[Routed] = []
    leaning: list[list[Routed]] = []
    for part in pieces:
        corrected = correct(part, vocab)
        named = set(tagger.tag(part).entity_ids) | set(tagger.tag(corrected).entity_ids)
        scored = score_topics(corrected, vocab, named, None, documented)
        (best, score, how), runner = scored[0], scored[1][1] if len(scored) > 1 else 0.0
        if score < SIDE_SCORE or any(best.pk == side.topic.pk for side in sides):
            continue
        if score - runner >= SIDE_MARGIN:
            sides.append(Routed(best, score, how))
        else:
            leaning.append([Routed(t, s, h) for t, s, h in scored[:2]])
    return sides + _leaning_side(leaning, sides, routed) if routed and len(sides) == 1 else sides


def _leaning_side(leaning: list[list[Routed]], sides: list[Routed],
                  routed: list[Routed]) -> list[Routed]:  # fmt: skip
    taken = {side.topic.pk for side in sides}
    order = {r.topic.pk: i for i, r in enumerate(routed)}
    for pair in leaning:
        pair = [r for r in pair if r.topic.pk not in taken]
        if pair:
            return [min(pair, key=lambda r: (order.get(r.topic.pk, len(order)), -r.score))]
    return []


def with_sides(routed: list[Routed], sides: list[Routed], intent: str) -> list[Routed]:
    """A comparison of two clearly named sides compares those; any other question keeps what
    it routed and adds a side it joins to the first."""
    if intent == "compare" and len(sides) == 2:
        return sides
    if len(routed) == 1:
        return routed + [s for s in sides if s.topic.pk != routed[0].topic.pk][:1]
    return routed


def topics_naming(span: str, as_of: datetime | None = None) -> set[int]:
    """The topics whose documents (stored by `as_of`) carry `span` whole: a name the registry's
    documents use is one of its words, not an untracked one ("Mirabel", a town in a wildfire's
    reports)."""
    phrase = " ".join(_TOKEN.findall(span))
    if not phrase:
        return set()
    documents = Document.objects.all()
    if as_of is not None:
        documents = documents.filter(ingested_at__lte=as_of)
    found = fulltext.newest_matches(f'"{phrase}"', documents, DOCUMENT_WORDS)
    ids = [pk for pk, _ in found.rows]
    if not ids:
        return set()
    topics = set(
        EventMention.objects.filter(document_id__in=ids).values_list("event_id", flat=True)
    )
    leads = EntityMention.objects.filter(document_id__in=ids).values_list("entity_id", flat=True)
    topics |= set(Event.objects.filter(lead_entity_id__in=leads).values_list("pk", flat=True))
    return topics


_NO_NAMES = (frozenset(), frozenset())


def _name_spans(question: str, window: Window | None, known,
                names: tuple[frozenset, frozenset] = _NO_NAMES) -> list[tuple]:  # fmt: skip
    """Runs of capitalised words ("Bank of Japan"), leaving out a question word at the start,
    each with whether it is a place the question is set in ("a storm in the Caribbean") and the
    two words after it (a name in a language that capitalises only its first word: "Coupe
    continentale")."""
    spans, current, before = [], [], []
    skip = set(words(window.text)) if window else set()
    found = list(_TOKEN.finditer(question))
    tokens = [m.group(0) for m in found]
    gaps = [""] + [question[a.end() : b.start()] for a, b in itertools.pairwise(found)]
    for index, token in enumerate(tokens):
        if current and identity.NAME_BREAK.search(gaps[index]):  # "in Velmora. When was": two
            spans, current = [*spans, (current, before, "")], []
        low = _POSSESSIVE.sub("", token.lower())  # "What's" opens a question as "What" does
        capital = token[0].isupper() and low not in STOP and low not in skip
        capital = capital and not _money_code(tokens, index)
        if index == 0 and low not in known and not _opens_a_name(tokens):
            # A sentence's first word is capitalised anyway ("Compare", "Qué", "Construction
            # of <a tracked terminal> began"): a name only when the registry names by it.
            capital = False
        if index == 0 and len(tokens) > 1 and low not in names[0]:
            # Nor before a tracked name it is no word of ("Given <a tracked company>'s ..."):
            # one that begins there, not a word inside one ("<Untracked> Robotics").
            capital = capital and _POSSESSIVE.sub("", tokens[1].lower()) not in names[1]
        if capital and not _is_date_word(low):
            if not current:
                before = [t.lower() for t in tokens[max(0, index - 2) : index]]
            current.append(token)
        elif current and (low in _CONNECTORS or _joins_a_body(tokens, index)):
            current.append(token)
        elif current:
            spans.append((current, before, " ".join(tokens[index : index + 2])))
            current = []
    if current:
        spans.append((current, before, ""))
    return [_span_read(span, preceding, tail) for span, preceding, tail in spans
            if any(w.lower() not in _CONNECTORS for w in span)]  # fmt: skip


def _span_read(span: list[str], preceding: list[str], tail: str) -> tuple[str, bool, str, bool]:
    """A run of capitalised words as a name: (its words past a trailing connector, whether it
    is a place the question is set in, the words after it, whether it is the subject)."""
    while span and span[-1].lower() in _CONNECTORS:
        span = span[:-1]
    words_before = [w for w in preceding if w not in ("the", "a", "an")]
    place = bool(words_before) and words_before[-1] in _LOCATIVE
    subject = not words_before or words_before[-1] in _ASKING
    return " ".join(span), place, tail, subject


def _spans_asked(question: str, window: Window | None, vocab: Vocabulary) -> list[tuple]:
    """`_name_spans` of the question, less a name said as what its subject was called before
    (a claim about it, held by composition to its curated former names, never an untracked
    subject)."""
    spans = _name_spans(question, window, vocab.known - vocab.common_words,
                        (vocab.name_word_set, vocab.name_first_words))  # fmt: skip
    former = identity.former_said(question)
    return [s for s in spans if not (former and s[0] in former[1])]


def _money_code(tokens: list[str], index: int) -> bool:
    """A currency code beside an amount ("EUR 2.50", "2.50 EUR"): money, not a name."""
    if tokens[index].lower() not in CURRENCY_CODES:
        return False
    beside = tokens[index - 1 : index] + tokens[index + 1 : index + 2]
    return any(t[:1].isdigit() for t in beside)


# Words a question opens on before what it asks about: "Did <X> ...", "What has <X> ...".
_ASKING = frozenset(
    """did does do has have had is are was were will would can could should what who how why
    when where which whose""".split()
)
# The last word of a body's name that may hold an "and" ("Competition and Markets Authority").
_BODIES = frozenset(
    """authority commission agency council board bank office ministry department court tribunal
    committee company corporation group foods industries holdings partners institute service
    services union association federation fund""".split()
)


def _joins_a_body(tokens: list[str], index: int) -> bool:
    """An "and" inside a body's name: capitalised words follow it up to a body's word."""
    if tokens[index].lower() not in ("and", "&"):
        return False
    run = list(itertools.takewhile(lambda t: t[:1].isupper(), tokens[index + 1 :]))
    return bool(run) and run[-1].lower() in _BODIES


def _name_slips(word: str, name: str, place: bool) -> int:
    """Edits a misspelt name may carry: one (a letter dropped, doubled or slipped, "Brazill"),
    or two in a long name whose opening is intact ("Skyforj"); a name that opens differently
    ("Southgate" for "Northgate") is another name; a place's people may add more ("Americans")."""
    if word.startswith(name) or name.startswith(word):
        demonym = place and word[len(name) :] in _DEMONYM
        return len(word) - len(name) if demonym else 1  # one slip: "Fusio", "Brazill"
    return 2 if len(word) >= 7 and word[:3] == name[:3] else 1 if word[0] == name[0] else 0


def _opens_a_name(tokens: list[str]) -> bool:
    """Whether a question's first word begins a name ("Northgate Robotics funding"): it is
    followed by another capitalised word and is no word a question opens with."""
    return (
        len(tokens) > 1
        and tokens[1][:1].isupper()
        and _POSSESSIVE.sub("", tokens[0].lower()) not in STOP | _OPENERS
        and tokens[1].lower() not in STOP
    )


def _is_date_word(low: str) -> bool:
    """A word of time, a quarter or half of a year ("Q3", "H1") included: never a name."""
    return low in TIME_WORDS or bool(re.fullmatch(r"[qh][1-4]", low))


def _name_by_meaning(span: str, vocab: Vocabulary) -> int | None:
    model = embeddings.embedder()
    if model is None or vocab.name_vectors is None or not len(vocab.name_labels):
        return None
    sims = vocab.name_vectors @ embeddings.query_vector(model, span)
    order = np.argsort(-sims)
    best = int(order[0])
    rival = next((int(i) for i in order[1:] if vocab.name_labels[i] != vocab.name_labels[best]),
                 None)  # fmt: skip
    margin = sims[best] - sims[rival] if rival is not None else 1.0
    if sims[best] >= NAME_SIMILARITY and margin >= NAME_MARGIN:
        return vocab.name_labels[best]
    return None


def score_topics(corrected: str, vocab: Vocabulary, named: set[int], vector: np.ndarray | None,
                 documented: frozenset[int] | set[int] = frozenset(), top: int = SCORED,
                 ) -> list[tuple[Topic, float, str | None]]:  # fmt: skip
    """The best-scoring topics, best first: names, rare shared stems, meaning, and the names only
    their documents use."""
    count, index = len(vocab.topics), vocab.index
    asked = {s for s in stems(corrected) if not s.isdigit()}  # "17" names no topic
    semantic = np.zeros(count)
    if vector is not None and count > 1:
        sims = vocab.topic_vectors @ vector
        semantic = SEMANTIC_WEIGHT * np.maximum(0.0, sims - np.median(sims) - SEMANTIC_MARGIN)
    lexical, shared = np.zeros(count), np.zeros(count, dtype=np.int64)
    for word_stem in sorted(asked & index.by_stem.keys()):  # one order: the same sums, ties
        lexical[index.by_stem[word_stem]] += vocab.rarity(word_stem)
        shared[index.by_stem[word_stem]] += 1
    lead, carries, doc = (np.zeros(count, dtype=bool) for _ in range(3))
    for entity_id in named:
        lead[index.led_by.get(entity_id, [])] = True
        carries[index.carrying.get(entity_id, [])] = True
    doc[[index.position[pk] for pk in documented if pk in index.position]] = True
    # A topic's own name said whole ("the Sandrith North Terminal", a former name) names it as
    # its lead's name does.
    own = _own_name_said(corrected, vocab)
    lead |= own
    attached = carries & ~lead
    score = lexical + semantic + LEAD_NAMED * lead + ATTACHED_NAMED * attached
    score += DOCUMENT_NAMED * doc
    # One shared word ("times" in "17 times 23") is not a topic unless meaning agrees.
    single = (shared == 1) & ~(carries | doc) & (semantic < SEMANTIC_SUPPORT)
    score -= np.where(single, lexical / 2, 0.0)
    if carries.any() or doc.any() or own.any():
        # What a question names constrains it: "America's central bank" is not Corvala's, however
        # many of its words the two share; nor is a town only one topic's reports name.
        score = np.where(carries | doc | own, score, score / 2)
    best = np.lexsort((index.order, -score))[:top]
    return [(vocab.topics[i], float(score[i]),
             "lead" if lead[i] else "attached" if attached[i] else None) for i in best]  # fmt: skip


def _own_name_said(question: str, vocab: Vocabulary) -> np.ndarray:
    """For each topic, whether the question says one of its own names of two words or more
    whole (a curated name, alias or former name that no entity carries)."""
    said = f" {' '.join(words(question))} "
    return np.array([any(name in said for name in names) for names in vocab.own_name_phrases],
                    dtype=bool)  # fmt: skip


def choose(scored: list[tuple[Topic, float, str | None]], intent: str) -> list[Routed]:
    if not scored or scored[0][1] < MIN_SCORE:
        return []
    best = scored[0][1]
    if intent == "compare":  # both sides of a comparison, even the one said in fewer words
        return [Routed(t, s, n) for t, s, n in scored[:2] if s >= COMPARE_CUT * best]
    cut = max(RELATIVE_CUT * best, best - 2.5, MIN_SCORE)
    kept = [Routed(t, s, n) for t, s, n in scored[:MAX_TOPICS] if s >= cut]
    # A topic whose lead the question names comes before one it names only by a party it
    # carries, as near ("How many <model B> did <maker of model A> deliver?": model B's).
    led = next((r for r in kept[1:] if r.named == "lead" and best - r.score < TIE * best), None)
    if kept[0].named == "attached" and led is not None:
        kept = [led, *(r for r in kept if r is not led)]
    # A second topic stays when the question names its lead, or when nothing tells the two
    # apart (both are answered, each labelled, rather than one picked at random).
    return kept[:1] + [
        r
        for r in kept[1:]
        if r.named == "lead" or (best - r.score < TIE * best and kept[0].named != "lead")
    ]


def direction_of(text: str) -> set[str]:
    """The direction families whose words `text` uses."""
    said = {w.lower() for w in _TOKEN.findall(text)}
    return {direction for direction, family in DIRECTIONS.items() if said & family}


def capitalised(names) -> str:
    """The words of `names` written with a capital, as one text: whose a name says, never what
    (an alias a curator wrote in lower case, "passenger traffic", describes what is measured)."""
    return " ".join(w for n in names for w in n.split() if w[:1].isupper())


def stem_set(text: str) -> set[str]:
    return {stem(w) for w in _TOKEN.findall(text.lower())}
