"""Understanding a question: what it asks (intent), when (a window), about which topic, what it
names that the registry does not track, and what it takes for granted (a premise).

Routing adds three signals over the registry's own vocabulary (`answers.vocabulary`): names and
aliases found by the tagger (after typo correction with rapidfuzz against the registry's words),
shared stems weighted by rarity (curated subject-line and question-set terms included), and the
cosine of the question's embedding to each topic's (when the model loaded). Time expressions are
read by `answers.timewindow`.
"""

import re
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
from rapidfuzz import fuzz, process

from answers import embeddings
from answers.timewindow import TIME_WORDS, Window, time_window
from answers.vocabulary import STOP, Topic, Vocabulary, stem, stems, words
from registry.tagging import current_tagger

MIN_SCORE = 1.5  # a topic must score at least this to be answered from
RELATIVE_CUT = 0.7  # of the best topic's score, for a second topic to be kept
COMPARE_CUT = 0.35  # the second side of a comparison
TIE = 0.25  # topics this close, neither named, are both answered
MAX_TOPICS = 3
LEAD_NAMED, ATTACHED_NAMED = 3.0, 1.0
SEMANTIC_WEIGHT, SEMANTIC_MARGIN = 60.0, 0.02  # sim above the median topic's, past a margin
NAME_SIMILARITY = 0.87  # a name the registry holds under other words ("Reserva Federal", "EZB")
NAME_MARGIN = 0.015
MAX_SPANS = 8  # capitalised runs examined: a question names a few things, not hundreds
FUZZY_CUTOFF = 80  # rapidfuzz ratio for a misspelt word ("Huricane", "Tavya")

# Intent cues, checked in this order: the first intent whose cue the question carries wins.
INTENTS: list[tuple[str, tuple[str, ...]]] = [
    ("changed", ("what changed", "what has changed", "what's changed", "what is new", "what's new",
                 "anything new", "latest developments", "changes", "qué cambió", "geändert",
                 "quoi de neuf", "o que mudou")),
    ("compare", ("compare", "comparison", " vs ", " vs. ", " versus ", "difference between",
                 "which is more", "which one", "both", "compara", "vergleich")),
    ("attention", ("attention", "coverage", "momentum", "trending", "how much reporting",
                   "being written", "buzz", "covered")),
    ("how-much", ("how much", "how many", "how big", "how large", "how strong", "how high",
                  "what amount", "what figure", "what level", "cuánto", "cuántos", "wie viel",
                  "combien", "quanto")),
    ("who", ("who ", "which company", "which investor", "which firm", "quién", "wer ", "qui ")),
    ("why", ("why ", "reason", "por qué", "warum", "pourquoi", "por que")),
    ("markets", ("market", "odds", "chance", "probability", "likely", "likelihood", "bet ",
                 "betting", "traders", "priced", "expect", "forecast", "polymarket", "kalshi",
                 "manifold", "probable", "wahrscheinlich", "probabilidad")),
    ("decided", ("decide", "decision", "what happened", "outcome", "result", "announce",
                 "agreed", "signed", "decidió", "entschieden", "décidé", "decidiu", "did ")),
    ("status", ("still", "status", "currently", "right now", " now", "active", "ongoing",
                "is there", "sigue", "noch", "toujours", "ainda", "situation")),
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
_PREMISE_LEAD = re.compile(
    r"\b(?:why|when|how)\s+(?:did|has|have|had|was|were|is)\b|^\s*(?:did|has)\b"
    r"|\b(?:after|since|following)\s+the\b",
    re.IGNORECASE,
)
_TOKEN = re.compile(r"[^\W_]+(?:[+'][^\W_]*)?", re.UNICODE)
_CONNECTORS = {"of", "the", "de", "del", "da", "do", "la", "le", "des", "di"}
# A name after one of these is where the question is set, not what it is about.
_LOCATIVE = {"in", "near", "over", "across", "off", "around", "at", "into", "toward", "towards",
             "en", "dans", "em", "im", "nel"}  # fmt: skip


@dataclass
class Premise:
    direction: str
    words: str  # the question's own words for it


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
    premise: Premise | None
    suggestions: list[Topic] = field(default_factory=list)
    model: str | None = None

    @property
    def declined(self) -> bool:
        return not self.topics


def understand(question: str, vocab: Vocabulary, *, now: datetime,
               topic: Topic | None = None) -> Understanding:  # fmt: skip
    corrected = correct(question, vocab)
    window = time_window(question, now=now)
    vector = _query_vector(question, vocab)
    named, span_names, unknown = names(question, corrected, vocab, window)
    scored = score_topics(corrected, vocab, named | span_names, vector)
    intent = intent_of(question)
    routed = choose(scored, intent) if topic is None else [Routed(topic, MIN_SCORE, "lead")]
    subjects = [span for span, place in unknown if not place]
    if routed and subjects and not any(r.named for r in routed) and topic is None:
        routed = []  # the question is about something untracked: never a neighbour's record
    untracked = [span for span, _ in unknown]
    suggestions = [t for t, s, _ in scored[:3] if s > 0] if not routed else []
    return Understanding(question, intent, window, routed, untracked, premise_of(question),
                         suggestions, vocab.model)  # fmt: skip


def intent_of(question: str) -> str:
    text = f" {question.lower().strip()} "
    if re.match(r"^\s*(will|would|could)\b", question, re.IGNORECASE):
        return "markets"  # a question about what will happen: what crowds believe comes first
    for intent, cues in INTENTS:
        if any(cue in text for cue in cues):
            return intent
    return "overview"


def correct(question: str, vocab: Vocabulary) -> str:
    """The question with misspelt words replaced by the curated word they nearly are (names,
    aliases, titles, terms; never a headline's common word: "costs" must not become "coast")."""

    def fix(match: re.Match) -> str:
        word = match.group(0)
        low = word.lower()
        if len(low) < 5 or low in STOP or low in vocab.known or stem(low) in vocab.frequency:
            return word
        best = process.extractOne(low, vocab.curated, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
        return best[0] if best else word

    return _TOKEN.sub(fix, question)


def _query_vector(question: str, vocab: Vocabulary) -> np.ndarray | None:
    model = embeddings.embedder()
    if model is None or vocab.topic_vectors is None:
        return None
    return embeddings.query_vector(model, question)


def names(question: str, corrected: str, vocab: Vocabulary, window: Window | None):
    """Entities the question names (tagger, then the model for names said in other words), and
    the capitalised names it carries that the registry does not track."""
    tagger = current_tagger()
    named = set(tagger.tag(question).entity_ids) | set(tagger.tag(corrected).entity_ids)
    by_meaning, untracked = set(), []
    for span, place in _name_spans(question, window, vocab.known)[:MAX_SPANS]:
        span_words = [w for w in words(span) if w not in _CONNECTORS]
        if not span_words:
            continue
        fixed = words(correct(span, vocab))
        if all(w in vocab.known or stem(w) in vocab.frequency for w in fixed):
            continue
        entity_id = _name_by_meaning(span, vocab)
        if entity_id is not None:
            by_meaning.add(entity_id)
        else:
            untracked.append((span, place))
    return named, by_meaning, untracked


def _name_spans(question: str, window: Window | None, known) -> list[tuple[str, bool]]:
    """Runs of capitalised words ("Bank of Japan"), leaving out a question word at the start,
    each with whether it is a place the question is set in ("a storm in the Caribbean")."""
    spans, current, before = [], [], []
    skip = set(words(window.text)) if window else set()
    tokens = [m.group(0) for m in _TOKEN.finditer(question)]
    for index, token in enumerate(tokens):
        low = token.lower()
        capital = token[0].isupper() and low not in STOP and low not in skip
        if index == 0 and low not in known:
            capital = False  # a sentence's first word is capitalised anyway ("Compare", "Qué")
        if capital and not _is_date_word(low):
            if not current:
                before = [t.lower() for t in tokens[max(0, index - 2) : index]]
            current.append(token)
        elif current and low in _CONNECTORS:
            current.append(token)
        elif current:
            spans.append((current, before))
            current = []
    if current:
        spans.append((current, before))
    found = []
    for span, preceding in spans:
        while span and span[-1].lower() in _CONNECTORS:
            span = span[:-1]
        words_before = [w for w in preceding if w not in ("the", "a", "an")]
        place = bool(words_before) and words_before[-1] in _LOCATIVE
        if span:
            found.append((" ".join(span), place))
    return found


def _is_date_word(low: str) -> bool:
    return low in TIME_WORDS


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


def score_topics(corrected: str, vocab: Vocabulary, named: set[int],
                 vector: np.ndarray | None) -> list[tuple[Topic, float, str | None]]:  # fmt: skip
    """Every topic with its score, best first: names, rare shared stems, meaning."""
    asked = stems(corrected)
    semantic = np.zeros(len(vocab.topics))
    if vector is not None and len(vocab.topics) > 1:
        sims = vocab.topic_vectors @ vector
        semantic = SEMANTIC_WEIGHT * np.maximum(0.0, sims - np.median(sims) - SEMANTIC_MARGIN)
    scored = []
    for index, topic in enumerate(vocab.topics):
        is_lead = topic.lead_id in named
        attached = bool(named & topic.entity_ids) and not is_lead
        lexical = sum(vocab.rarity(s) for s in asked & topic.stems)
        score = lexical + LEAD_NAMED * is_lead + ATTACHED_NAMED * attached + semantic[index]
        scored.append(
            (topic, float(score), "lead" if is_lead else "attached" if attached else None)
        )
    scored.sort(key=lambda row: (-row[1], row[0].subject))
    return scored


def choose(scored: list[tuple[Topic, float, str | None]], intent: str) -> list[Routed]:
    if not scored or scored[0][1] < MIN_SCORE:
        return []
    best = scored[0][1]
    if intent == "compare":  # both sides of a comparison, even the one said in fewer words
        return [Routed(t, s, n) for t, s, n in scored[:2] if s >= COMPARE_CUT * best]
    cut = max(RELATIVE_CUT * best, best - 2.5, MIN_SCORE)
    kept = [Routed(t, s, n) for t, s, n in scored[:MAX_TOPICS] if s >= cut]
    # A second topic stays when the question names its lead, or when nothing tells the two
    # apart (both are answered, each labelled, rather than one picked at random).
    return kept[:1] + [
        r
        for r in kept[1:]
        if r.named == "lead" or (best - r.score < TIE and kept[0].named != "lead")
    ]


def premise_of(question: str) -> Premise | None:
    """A direction the question takes for granted ("Why did the Fed raise rates?")."""
    if not _PREMISE_LEAD.search(question):
        return None
    tokens = _TOKEN.findall(question)
    for index, token in enumerate(tokens):
        for direction, family in DIRECTIONS.items():
            if token.lower() in family:
                return Premise(direction, " ".join(tokens[max(0, index - 2) : index + 4]))
    return None


def direction_of(text: str) -> set[str]:
    """The direction families whose words `text` uses."""
    said = {w.lower() for w in _TOKEN.findall(text)}
    return {direction for direction, family in DIRECTIONS.items() if said & family}


def stem_set(text: str) -> set[str]:
    return {stem(w) for w in _TOKEN.findall(text.lower())}
