"""The source check: a sentence is served only if the rows it cites say what it says.

Rules, each tested on its own (tests/answers/test_check.py):
1. It cites, and only rows retrieved for this question.
2. Every number in it (amounts, percentages, counts, parts of dates) is in the cited rows.
3. Every name in it (a capitalised word that is not sentence framing) is in the cited rows.
4. Every direction word ("cut", "raised", "signed") belongs to a direction the rows also use.
5. Every certainty word ("definitely", "guaranteed") is in the rows; a sentence about a market
   may carry none at all, and must say it is belief (crowd, priced, odds, belief).
A failing sentence is dropped and counted, with its reason. What the engine writes from the
question itself (a premise it names, a gap it admits) stands before a `;` as a `preface`, and is
not held to rows it does not cite.
"""

import re
from dataclasses import dataclass

from answers.retrieval import Evidence
from answers.understanding import direction_of

_MARKER = re.compile(r"\[(\d+)\]")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_WORD = re.compile(r"[^\W\d_][^\W_]*(?:['+][^\W_]+)?")
CERTAINTY = frozenset(
    """definitely certainly certain surely sure guaranteed guarantee undoubtedly inevitable
    inevitably always never clearly obviously""".split()
)
BELIEF = frozenset(
    """belief believes believe crowd crowds price priced prices odds implied traders
    bettors""".split()
)
# Capitalised words that frame a sentence rather than name anything.
FRAMING = frozenset(
    """the a an on in per as at by for from of to it its this that these those there no not
    nothing and but or yes a historical reporting reported markets market according issuer
    fact record""".split()
)


@dataclass
class Sentence:
    body: str  # checked: what the cited rows must support, with its [n] markers
    preface: str = ""  # the engine's own words from the question ("The record does not show...")

    def text(self) -> str:
        return f"{self.preface}; {self.body}" if self.preface else self.body


def source_check(sentences: list[Sentence], evidence: list[Evidence]):
    """(kept, dropped reasons): each kept sentence passed every rule against its citations."""
    kept, reasons = [], []
    for sentence in sentences:
        reason = failure(sentence.body, evidence)
        if reason:
            reasons.append(reason)
        else:
            kept.append(sentence)
    return kept, reasons


def failure(body: str, evidence: list[Evidence]) -> str | None:
    """Why `body` may not be served, or None if its citations support it."""
    markers = [int(n) for n in _MARKER.findall(body)]
    if not markers:
        return "cites nothing"
    if not all(1 <= n <= len(evidence) for n in markers):
        return "cites a row that was not retrieved"
    cited = [evidence[n - 1] for n in dict.fromkeys(markers)]
    support = " ".join(item.support() for item in cited)
    claim = _MARKER.sub(" ", body)
    for rule in (_numbers, _names, _directions, _certainty):
        reason = rule(claim, support)
        if reason:
            return reason
    if any(item.layer == "market" for item in cited):
        return _belief(claim)
    return None


def _numbers(claim: str, support: str) -> str | None:
    held = {_plain(n) for n in _NUMBER.findall(support)}
    for number in _NUMBER.findall(claim):
        if _plain(number) not in held:
            return f"the number {number} is not in the cited rows"
    return None


def _plain(number: str) -> str:
    return number.replace(",", "").rstrip(".")


def _names(claim: str, support: str) -> str | None:
    held = {w.lower() for w in _WORD.findall(support)}
    for word in _WORD.findall(claim):
        if word[0].isupper() and word.lower() not in FRAMING | BELIEF and word.lower() not in held:
            return f"the name {word} is not in the cited rows"
    return None


def _directions(claim: str, support: str) -> str | None:
    missing = direction_of(claim) - direction_of(support)
    return f"the direction {sorted(missing)[0]} is not in the cited rows" if missing else None


def _certainty(claim: str, support: str) -> str | None:
    said = {w.lower() for w in _WORD.findall(claim)} & CERTAINTY
    held = {w.lower() for w in _WORD.findall(support)}
    unsupported = said - held
    return (
        f"the certainty word {sorted(unsupported)[0]} is not in the cited rows"
        if unsupported
        else None
    )


def _belief(claim: str) -> str | None:
    said = {w.lower() for w in _WORD.findall(claim)}
    if said & CERTAINTY:
        return "a market sentence states certainty"
    if not said & BELIEF:
        return "a market sentence does not say it is belief"
    return None


def markers_of(text: str) -> list[int]:
    return [int(n) for n in _MARKER.findall(text)]
