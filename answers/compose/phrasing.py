"""Constrained phrasing: a language model may order and join the engine's facts, never state one.

The model receives numbered facts (the engine's own clauses, each quoting one row) and writes
sentences that refer to them by placeholder (`{2}`). Between placeholders it may write only
connective text, and that text must be made, word for word, of a closed vocabulary
(`CONNECTIVES`: "and", "meanwhile", "by contrast"... with no number, name, date, direction,
certainty, negation or causal word in it). The engine fills each placeholder with its fact word for
word and puts the fact's marker after it. So every number, name, date, direction and certainty word
in a phrased sentence comes from a fact; what the model can still get wrong is which facts it
joins, and the source check (`answers.check.sentences`) holds the filled sentence to its rows as it
holds the engine's own.

A phrased sentence replaces the engine's sentences whose facts it carries, one by one
(`assemble`): a rejected one leaves the engine's sentence in place, never the whole answer. The
lead stays the engine's choice (`lead_held`). What the model may write between facts besides
connectives is a closed set of marks (a comma, a semicolon, a full stop); only the first
`MAX_SENTENCES` sentences of a reply within `REPLY_CAP` bytes are read, and no refusal quotes it.
"""

import re
from dataclasses import dataclass, field

from answers.check import Sentence, markers_of

# The words a model may write itself, per answer language. Additive and contrastive connectives
# only: "because", "so", "after", "then" or "despite" would assert a cause or an order no fact
# states; "not", "no" would turn a fact around. Multi-word entries match as a whole.
CONNECTIVES: dict[str, tuple[str, ...]] = {
    "en": ("and", "also", "meanwhile", "separately", "in addition", "additionally", "while",
           "whereas", "by contrast", "in contrast", "on the other hand", "for its part", "as for",
           "but", "as well", "elsewhere", "in short", "first", "second", "finally", "besides"),
    "es": ("y", "también", "mientras", "mientras tanto", "por separado", "además", "en cambio",
           "por otro lado", "por su parte", "en cuanto a", "pero", "asimismo", "por último"),
    "de": ("und", "auch", "unterdessen", "währenddessen", "außerdem", "zudem", "während",
           "dagegen", "hingegen", "andererseits", "seinerseits", "ihrerseits", "aber",
           "getrennt davon", "schließlich"),
    "fr": ("et", "aussi", "également", "pendant ce temps", "par ailleurs", "en outre", "de plus",
           "tandis que", "alors que", "en revanche", "d'autre part", "de son côté", "quant à",
           "mais", "enfin"),
    "ja": ("また", "一方", "一方で", "さらに", "そして", "なお", "これに対し", "ただし", "最後に"),
    "ar": ("و", "كما", "في حين", "بينما", "في المقابل", "من جهة أخرى", "إضافة إلى ذلك", "أيضا",
           "لكن", "أخيرا"),
    "pt": ("e", "também", "enquanto", "entretanto", "por outro lado", "além disso",
           "em contrapartida", "separadamente", "por sua vez", "quanto a", "mas", "igualmente",
           "por fim"),
}  # fmt: skip
MAX_FACTS = 3  # in one phrased sentence: more reads as a list, and a list is the engine's job
MAX_EXTRA = 2  # phrased sentences over facts the engine's own answer did not use
# What of a reply is read at all. The model is asked for four sentences of placeholders and
# connectives, a few hundred bytes: a reply past the byte cap is not read (a cut could leave half
# a sentence), and only its first sentences are.
REPLY_CAP = 4096
MAX_SENTENCES = 4
# ASCII digits, three at most: no fact list is that long, and int() of a model's 5,000-digit
# "number" would raise. Anything else in braces is not a placeholder, and braces are refused.
_PLACEHOLDER = re.compile(r"\{\s*([0-9]{1,3})\s*\}")
_MARKER = re.compile(r"\[\s*[0-9]{1,3}\s*\]")  # a marker the model wrote: never its citation
# The closed set of marks a model may write itself, per language: between facts a comma or a
# semicolon, at the end of a sentence a full stop, in the forms the language writes them (ASCII
# always). A colon would make one fact the explanation or cause of the other; quotes or a
# question mark around a fact would cast doubt on it; a dash or brackets would make one an
# aside; none is the model's to add.
_SEPARATORS = {"ja": ",;\u3001\uff0c\uff1b", "ar": ",;\u060c\u061b"}
_STOPS = {"ja": ".\u3002\uff0e"}
_LATIN = (",;", ".")
# Only to say which kind of mark was refused: anything outside the closed set is refused.
_NAMED = (
    (":\uff1a", "a colon"),
    ("\"'\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u00ab\u00bb\u2039\u203a\u300c\u300d\u300e\u300f\uff02\uff07",
     "quotation marks"),
    ("?\uff1f\u061f\u00bf", "a question mark"),
    ("!\uff01\u00a1", "an exclamation mark"),
    ("()[]{}<>\uff08\uff09\uff3b\uff3d\uff5b\uff5d\u3010\u3011", "brackets"),
    ("-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uff0d", "a dash"),
)  # fmt: skip
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")  # letters, with an apostrophe inside (d'autre)
_UNSPACED = ("ja",)  # languages written without spaces between words
_FACT_END = ".\u3002"  # a fact's own full stop: the sentence ends after its marker


@dataclass
class Fact:
    """One numbered fact as the model sees it: the engine's clause for one row."""

    n: int
    clause: str
    row: int  # the row's place in the evidence list (1-based), i.e. its marker


@dataclass
class Phrased:
    """A model sentence that passed the vocabulary: its filled text and the rows it cites."""

    body: str
    rows: list[int] = field(default_factory=list)


def prompt_facts(facts: list[Fact]) -> str:
    return "\n".join(f"{{{fact.n}}} {fact.clause}" for fact in facts)


def connective_words(language: str) -> frozenset[str]:
    """The words of `language`'s connectives, for the source check: a phrased sentence's words
    are its facts' and these."""
    return frozenset(w.casefold() for c in _connectives(language) for w in c.split())


def read(text: str, facts: list[Fact], language: str) -> tuple[list[Phrased], list[str]]:
    """The model's sentences that use only placeholders, connectives and the closed set of marks,
    filled in; and why each other sentence was refused. No reason quotes the model: nothing of
    what it wrote is kept unless it passed."""
    if len(text.encode("utf-8", "surrogatepass")) > REPLY_CAP:
        return [], [f"phrasing: the reply runs past {REPLY_CAP} bytes and is not read"]
    by_number = {fact.n: fact for fact in facts}
    stops = _STOPS.get(language, _LATIN[1])
    pieces = re.split(f"(?<=[{re.escape(stops)}])", _MARKER.sub(" ", text))
    sentences = [s.strip() for s in pieces if s.strip()]
    kept, refused = [], []
    for raw in sentences[:MAX_SENTENCES]:
        sentence, reason = _fill(raw.rstrip(stops), by_number, language)
        if sentence is None:
            refused.append(f"phrasing: {reason}")
        else:
            kept.append(sentence)
    if len(sentences) > MAX_SENTENCES:
        refused.append(f"phrasing: the reply runs past {MAX_SENTENCES} sentences; the rest is "
                       "not read")  # fmt: skip
    return kept, refused


def _fill(raw: str, facts: dict[int, Fact], language: str) -> tuple[Phrased | None, str]:
    numbers = [int(n) for n in _PLACEHOLDER.findall(raw)]
    if not numbers:
        return None, "a sentence uses no fact"
    if any(n not in facts for n in numbers):
        return None, "a sentence names a fact that was not given"
    if len(set(numbers)) != len(numbers) or len(numbers) > MAX_FACTS:
        return None, f"a sentence repeats facts or joins more than {MAX_FACTS}"
    parts = _PLACEHOLDER.split(raw.replace("\u2019", "'"))  # a typographic apostrophe (d'autre)
    for segment in parts[::2]:
        reason = segment_refusal(segment, language)
        if reason:
            return None, reason
    return Phrased(_filled(parts, facts, language), [facts[n].row for n in numbers]), ""


def _filled(parts: list[str], facts: dict[int, Fact], language: str) -> str:
    """The sentence with each placeholder replaced by its fact, word for word, and its marker."""
    body = ""
    for index, part in enumerate(parts):
        if index % 2:
            fact = facts[int(part)]
            body += f" {fact.clause.rstrip(_FACT_END)} [{fact.row}] "
        else:
            body += part
    separators = _SEPARATORS.get(language, _LATIN[0])
    body = re.sub(r"\s+", " ", body)
    body = re.sub(f"\\s+([{re.escape(separators)}])", r"\1", body).strip(f" {separators}")
    end = "\u3002" if language == "ja" else "."
    return f"{body[:1].upper()}{body[1:]}{end}"


def segment_refusal(segment: str, language: str) -> str:
    """Why what a model wrote between two facts may not stand (empty when it may): it must be
    connectives of `language` and marks of its closed set."""
    separators = _SEPARATORS.get(language, _LATIN[0])
    tokens = [t for t in re.split(f"[\\s{re.escape(separators)}]+", segment) if t]
    for token in (t for t in tokens if not _WORD.fullmatch(t)):
        mark = next((name for marks, name in _NAMED if any(c in marks for c in token)), "")
        if mark:
            return f"a sentence writes {mark}, which is outside the closed set of marks"
        if any(c.isalnum() for c in token):
            return "a sentence writes words that are not connectives"
        return "a sentence writes a mark outside the closed set of marks"
    if stray_words(tokens, language):
        return "a sentence writes words that are not connectives"
    return ""


def stray_words(tokens: list[str], language: str) -> list[str]:
    """The words among `tokens` that are not connectives of `language` (none when all are)."""
    vocabulary = _connectives(language)
    if language in _UNSPACED:  # no spaces to tell words apart: each run is one connective
        return [t for t in tokens if t not in vocabulary]
    words = [t.casefold() for t in tokens]
    phrases = {tuple(p.split()) for p in vocabulary}
    longest = max(len(p) for p in phrases)
    index, stray = 0, []
    while index < len(words):
        for size in range(longest, 0, -1):
            if tuple(words[index : index + size]) in phrases:
                index += size
                break
        else:
            stray.append(words[index])
            index += 1
    return stray


def _connectives(language: str) -> tuple[str, ...]:
    """`language`'s connectives, case-folded as what they are compared with is ("außerdem" is
    "ausserdem" once folded)."""
    return tuple(c.casefold() for c in CONNECTIVES.get(language, CONNECTIVES["en"]))


def lead_held(engine: list[Sentence], phrased: list[Phrased]) -> tuple[list[Phrased], list[str]]:
    """The phrased sentences that leave the engine's lead where the engine put it, and a reason
    for each other one. The lead is the first of the engine's sentences the check kept: it
    answers the question. A phrased sentence that carries its fact must open with it (it then
    stands in the lead's place); a lead that joins facts itself (a verdict) is the engine's
    reasoning and no join replaces it; and with no sentence of the engine's there is no lead for
    a model's sentence to follow."""
    if not engine:
        return [], ["phrasing: the engine's answer has no lead to follow"] * len(phrased)
    lead = markers_of(engine[0].body)
    kept, refused = [], []
    for sentence in phrased:
        if lead[0] in sentence.rows and (sentence.rows[0] != lead[0] or len(set(lead)) > 1):
            refused.append("phrasing: a sentence moves the engine's lead fact from the lead")
        else:
            kept.append(sentence)
    return kept, refused


def assemble(engine: list[Sentence], phrased: list[Phrased]) -> list[Sentence]:
    """The engine's sentences, each replaced by a phrased sentence that carries all its facts
    where one passed; the engine's preface (a premise it names) stays in front."""
    used: set[int] = set()
    said: set[int] = set()
    out: list[Sentence] = []
    for sentence in engine:
        rows = set(markers_of(sentence.body))
        match = next(
            (i for i, p in enumerate(phrased) if i not in used and rows <= set(p.rows)), None
        )
        if match is not None:
            used.add(match)
            said |= set(phrased[match].rows)
            out.append(Sentence(phrased[match].body, sentence.preface))
        elif not rows <= said:
            out.append(sentence)
    extra = [p for i, p in enumerate(phrased) if i not in used and not set(p.rows) <= said]
    out += [Sentence(p.body) for p in extra[:MAX_EXTRA]]
    return out


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else f"{text[:limit]}..."
