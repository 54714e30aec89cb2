"""Comparisons: a verdict from the figures both sides hold, or none at all.

Two kinds of figure are compared, each only with its own kind:
- likelihood (the question asks which is more likely, the odds, the chance): what crowds price the
  same outcome at on each side, a live market question whose words carry the outcome asked
  ("hold"); belief, said so;
- amounts (a rate, a sum raised, a count): the first figure each side's statements give for the
  thing asked (issuer readings first, then reports), percentages against percentages and sums in
  one currency against each other. A verdict only where the two do not overlap: a range of 3.75%
  to 4.00% is higher than 2.00%, and nothing is said of 3.75% to 4.00% against 3.90%.
The verdict quotes both figures with their rows' markers, so the source check holds it to them.
"""

import re
from dataclasses import dataclass

from answers import phrases
from answers.check import Sentence
from answers.retrieval import Evidence
from answers.understanding import stem_set

LIKELY = stem_set(
    """likely likelihood likelier chance chances odds probability probable bet bettors traders
    confident confidence priced pricing price crowd crowds market markets"""
)
ASKING = stem_set(
    """compare comparison versus vs which higher lower more less bigger larger smaller greater
    better worse difference between against is are was were the a of and or to figure""",
)
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s?%(?:\s*(?:to|and|-|\u2013)\s*(\d+(?:\.\d+)?)\s?%)?")
_MONEY = re.compile(
    r"([$€£])\s?(\d+(?:[.,]\d+)?)\s*(million|billion|bn|m\b|trillion)?", re.IGNORECASE
)
_SCALE = {"million": 1e6, "m": 1e6, "billion": 1e9, "bn": 1e9, "trillion": 1e12}


@dataclass
class Figure:
    low: float
    high: float
    unit: str
    text: str  # as the row writes it
    row: Evidence


def verdict(writer, sides: list) -> bool:
    """Add the verdict sentence for the first two sides to `writer`; False when there is none."""
    first, second = sides[0], sides[1]
    asked = stem_set(writer.understood.question)
    subject = set().union(*(stem_set(" ".join([s.topic.title, *s.topic.names, *s.topic.terms]))
                            for s in (first, second)))  # fmt: skip
    if asked & LIKELY:
        outcome = asked - LIKELY - ASKING - subject
        a, b = _priced(first, outcome), _priced(second, outcome)
        template = phrases.COMPARE_MORE_LIKELY
    else:
        wanted = asked - ASKING - subject
        near = wanted or asked - ASKING  # a topic's own word ("raise") still places the figure
        a, b = _amount(first, wanted, near), _amount(second, wanted, near)
        template = None
    if a is None or b is None or a.unit != b.unit:
        return False
    if a.low > b.high:
        higher, lower = (first, a), (second, b)
    elif b.low > a.high:
        higher, lower = (second, b), (first, a)
    else:
        return False
    (side, hi), (_, lo) = higher, lower
    template = template or phrases.COMPARE_HIGHER
    body = template.format(
        topic=side.topic.title,
        first=f"{hi.text} {writer.cite(hi.row)}",
        second=f"{lo.text} {writer.cite(lo.row)}",
    )
    writer.sentences.append(Sentence(f"{str(body).rstrip('.')}."))
    return True


def _priced(side, outcome: set[str]) -> Figure | None:
    """The live price of this side's market question on the outcome asked."""
    for row in side.live:
        if not outcome or outcome & stem_set(row.facts["question"]):
            pct = row.facts["pct"]
            return Figure(pct, pct, "%", f"{pct:g}%", row)
    return None


def _amount(side, wanted: set[str], near: set[str]) -> Figure | None:
    """The first figure this side's statements give for what is asked (a sentence carrying one
    of its words), else its first figure at all."""
    for required in (wanted, set()):
        for row in [*side.readings, *side.reports]:
            text = row.facts.get("observed") or row.facts.get("summary") or row.snippet
            for sentence in re.split(r"(?<=[.;])\s+", text):
                if required and not required & stem_set(sentence):
                    continue
                found = _figures(sentence, row)
                if found:
                    return min(found, key=lambda f: _distance(sentence, f, near))
        if not wanted:
            break
    return None


def _figures(sentence: str, row: Evidence) -> list[Figure]:
    found = []
    for percent in _PERCENT.finditer(sentence):
        low = float(percent.group(1))
        high = float(percent.group(2) or low)
        found.append(Figure(min(low, high), max(low, high), "%", percent.group(0).strip(), row))
    for money in _MONEY.finditer(sentence):
        value = float(money.group(2).replace(",", ""))
        value *= _SCALE.get((money.group(3) or "").lower(), 1)
        found.append(Figure(value, value, money.group(1), money.group(0).strip(), row))
    return found


def _distance(sentence: str, figure: Figure, wanted: set[str]) -> int:
    """How far the figure stands from the word asked about ("raising $210 million", not the
    valuation of "$2 billion" earlier in the sentence); figures first when nothing is asked."""
    at = sentence.find(figure.text)
    places = [m.start() for m in re.finditer(r"[^\W_]+", sentence)
              if wanted & stem_set(m.group(0))]  # fmt: skip
    return min((abs(at - p) for p in places), default=at)
