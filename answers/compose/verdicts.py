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

from answers.check import Sentence
from answers.ground import Evidence, figures
from answers.understand import STOP, phrases, stem, stem_set

_STOP_STEMS = frozenset(stem(w) for w in STOP)

LIKELY = stem_set(
    """likely likelihood likelier chance chances odds probability probable bet bettors traders
    confident confidence priced pricing price crowd crowds market markets"""
)
ASKING = stem_set(
    """compare comparison versus vs which higher lower more less bigger larger smaller greater
    better worse difference between against is are was were the a of and or to figure""",
)


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
    asked = stem_set(writer.understood.question) - _STOP_STEMS
    subject = set().union(*(stem_set(" ".join([s.topic.title, *s.topic.names, *s.topic.terms]))
                            for s in (first, second)))  # fmt: skip
    if asked & LIKELY:
        outcome = asked - LIKELY - ASKING - subject
        a, b = _priced(first, outcome), _priced(second, outcome)
        template = phrases.COMPARE_MORE_LIKELY
    else:
        a, b = _amounts(first, second, asked, subject)
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


_UNITS_PREFERRED = ("%", "$", "\u20ac", "\u00a3", "\u00a5", "CHF", "", "bp")


def _amounts(first, second, asked: set[str], subject: set[str]):
    """Each side's figure for what is asked, in a unit both hold. What places the figure: the
    words asked that are no side's name or title ("turnout"), those both sides' rows use; else
    what both sides' titles and terms share that the question says ("inflation")."""
    wanted = asked - ASKING - subject
    names = set().union(*(stem_set(" ".join([s.topic.title, *s.topic.names]))
                          for s in (first, second)))  # fmt: skip
    used = _words_of(first) & _words_of(second)
    near = (wanted or asked - ASKING - names) & used
    if not near:
        shared = stem_set(" ".join([first.topic.title, *first.topic.terms])) & stem_set(
            " ".join([second.topic.title, *second.topic.terms])
        )
        near = asked & shared - ASKING
    a, b = _amount(first, wanted, near), _amount(second, wanted, near)
    unit = next((u for u in _UNITS_PREFERRED if u in a and u in b), None)
    return (a[unit], b[unit]) if unit is not None else (None, None)


def _words_of(side) -> set[str]:
    return set().union(*(stem_set(r.snippet) for r in [*side.readings, *side.reports]))


def _priced(side, outcome: set[str]) -> Figure | None:
    """The live price of this side's market question on the outcome asked."""
    for row in side.live:
        if not outcome or outcome & stem_set(row.facts["question"]):
            pct = row.facts["pct"]
            return Figure(pct, pct, "%", f"{pct:g}%", row)
    return None


def _amount(side, wanted: set[str], near: set[str]) -> dict[str, Figure]:
    """This side's figure for what is asked, per unit: one standing with the words asked (in
    its sentence or what it measures), an actual reading before a provisional one, the
    issuer's first, then the newest, then the nearest the words asked. A percentage must stand
    with them (a rate is not an oil price); a sum may be the side's only one."""
    found: dict[str, list] = {}
    for rank, row in enumerate([*side.readings, *side.reports]):
        text = row.facts.get("observed") or row.facts.get("summary") or row.snippet
        for sentence in re.split(r"(?<=[.;])\s+", text):
            said = stem_set(sentence)
            for figure, kind, quantity in _figures(sentence, row):
                # What it measures is what is asked, over a sentence that only mentions it.
                asked = 2 if near & quantity else 1 if near & said else 0
                key = (-asked, kind != "actual", row.kind != "reading", _newest(row),
                       _distance(sentence, figure, near), rank)  # fmt: skip
                found.setdefault(figure.unit, []).append((key, figure))
    best = {}
    for unit, figures_of_unit in found.items():
        key, figure = min(figures_of_unit, key=lambda pair: pair[0])
        values = {f.low for _, f in figures_of_unit}
        if near and not key[0] and (unit == "%" or len(values) > 1):
            continue  # nothing stands with what is asked, and the side holds no one sum alone
        best[unit] = figure
    return best


def _newest(row: Evidence) -> str:
    """A key that sorts newer rows first."""
    return "".join(chr(0x10FFFF - ord(c)) for c in (row.date or ""))


def _figures(sentence: str, row: Evidence) -> list[tuple[Figure, str, frozenset[str]]]:
    """A sentence's figures that state a reading (actual or provisional, never a forecast, an
    earlier or a rejected one), each with its kind and what it measures."""
    return [
        (Figure(f.low, f.high, f.unit, f.text, row), f.kind, f.quantity)
        for f in figures.stated(sentence)
        if f.kind in ("actual", "provisional") and f.unit != "#"
    ]


def _distance(sentence: str, figure: Figure, wanted: set[str]) -> int:
    """How far the figure stands from the word asked about ("raising $210 million", not the
    valuation of "$2 billion" earlier in the sentence); figures first when nothing is asked."""
    at = sentence.find(figure.text)
    places = [m.start() for m in re.finditer(r"[^\W_]+", sentence)
              if wanted & stem_set(m.group(0))]  # fmt: skip
    return min((abs(at - p) for p in places), default=at)
