"""Constrained phrasing: a language model may order and join the engine's facts, never state one.

The model receives numbered facts (the engine's own clauses, each quoting one row) and writes
sentences that refer to them by placeholder (`{2}`). Between placeholders it may write only
connective text, and that text must be made, word for word, of a closed vocabulary
(`CONNECTIVES`: "and", "meanwhile", "by contrast"... with no number, name, date, direction,
certainty, negation or causal word in it). The engine fills each placeholder with its fact word for
word and puts the fact's marker after it. So every number, name, date, direction and certainty word
in a phrased sentence comes from a fact; what the model can still get wrong is which facts it
joins, and the source check (`answers.check`) holds the filled sentence to its rows as it holds the
engine's own.

A phrased sentence replaces the engine's sentences whose facts it carries, one by one
(`assemble`): a rejected one leaves the engine's sentence in place, never the whole answer.
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
}  # fmt: skip
MAX_FACTS = 3  # in one phrased sentence: more reads as a list, and a list is the engine's job
MAX_EXTRA = 2  # phrased sentences over facts the engine's own answer did not use
_PLACEHOLDER = re.compile(r"\{\s*(\d+)\s*\}")
_MARKER = re.compile(r"\[\s*\d+\s*\]")
# Punctuation a model may put between facts; everything else it writes must be a connective.
_PUNCTUATION = re.compile(
    "[\\s,;:()\u2014\u2013\\-\"'\u201c\u201d\u00ab\u00bb\u3001\uff0c\uff1b\uff1a\uff08\uff09.!?"
    "\u3002\uff01\uff1f\u061f\u060c\u061b]+"
)  # ASCII and full-width punctuation, Arabic comma, semicolon and question mark
_END = re.compile("(?<=[.!?\u3002\uff01\uff1f\u061f])\\s*")
_SPACED = ("ja",)  # languages written without spaces between words


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


def read(text: str, facts: list[Fact], language: str) -> tuple[list[Phrased], list[str]]:
    """The model's sentences that use only placeholders and connectives, filled in; and why each
    other sentence was refused."""
    by_number = {fact.n: fact for fact in facts}
    kept, refused = [], []
    for raw in (s.strip() for s in _END.split(_MARKER.sub(" ", text or "")) if s.strip()):
        sentence, reason = _fill(raw, by_number, language)
        if sentence is None:
            refused.append(f"phrasing: {reason}")
        else:
            kept.append(sentence)
    return kept, refused


def _fill(raw: str, facts: dict[int, Fact], language: str) -> tuple[Phrased | None, str]:
    numbers = [int(n) for n in _PLACEHOLDER.findall(raw)]
    if not numbers:
        return None, f"a sentence uses no fact ({_short(raw)})"
    unknown = [n for n in numbers if n not in facts]
    if unknown:
        return None, f"the fact {{{unknown[0]}}} was not given"
    if len(set(numbers)) != len(numbers) or len(numbers) > MAX_FACTS:
        return None, f"a sentence repeats facts or joins more than {MAX_FACTS}"
    for segment in _PLACEHOLDER.split(raw)[::2]:
        stray = stray_words(segment, language)
        if stray:
            return None, f"the words {_short(stray)!r} are not connectives"
    parts = _PLACEHOLDER.split(raw)
    body = ""
    for index, part in enumerate(parts):
        if index % 2:
            fact = facts[int(part)]
            body += f" {fact.clause.rstrip('.。')} [{fact.row}] "
        else:
            body += part.replace(".", " ").replace("。", " ")
    body = re.sub(r"\s+([,;:])", r"\1", re.sub(r"\s+", " ", body)).strip(" ,;:")
    body = body[:1].upper() + body[1:]
    end = "。" if language == "ja" else "."
    return Phrased(f"{body}{end}", [facts[n].row for n in numbers]), ""


def stray_words(segment: str, language: str) -> str:
    """What in `segment` is not a connective of `language` (empty when all of it is)."""
    vocabulary = CONNECTIVES.get(language, CONNECTIVES["en"])
    if language in _SPACED:
        rest = _PUNCTUATION.sub("", segment)
        for phrase in sorted(vocabulary, key=len, reverse=True):
            rest = rest.replace(phrase, "")
        return rest
    tokens = [t for t in _PUNCTUATION.split(segment.casefold()) if t]
    phrases = {tuple(p.split()) for p in vocabulary}
    longest = max(len(p) for p in phrases)
    index, stray = 0, []
    while index < len(tokens):
        for size in range(longest, 0, -1):
            if tuple(tokens[index : index + size]) in phrases:
                index += size
                break
        else:
            stray.append(tokens[index])
            index += 1
    return " ".join(stray)


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
