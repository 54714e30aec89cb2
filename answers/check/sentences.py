"""The source check: a sentence is served only if the rows it cites say what it says.

Rules, each tested on its own (tests/answers/test_check.py):
1. It cites, and only rows retrieved for this question.
2. Every number in it (amounts, percentages, counts, parts of dates) is in the cited rows, or
   is the difference or ratio of two figures of one unit they state, as `answers.ground.figures`
   works it out for a verdict ("by 0.6 percentage points": 3.6% against 3.0%).
3. Every word in it, whatever its case, is in the cited rows, in the engine's own sentence
   templates or among the connectives a phrasing model may write (`allowed`): an organisation
   invented in lower case fails as one written with a capital.
4. Every direction word ("cut", "raised", "signed") belongs to a direction the rows also use.
5. Every certainty word ("definitely", "guaranteed") is in the rows; a sentence about a market
   may carry none at all, and must say it is belief (crowd, priced, odds, belief).
6. (Phrased sentences) its meaning is close to what its rows say: the cosine of its embedding to
   the cited snippets' is at least `MEANING_FLOOR` (`meaning_failure`).
A failing sentence is dropped and counted, with its reason. What the engine writes from the
question itself (a premise it names, a gap it admits) stands before a `;` as a `preface`, and is
not held to rows it does not cite.
"""

import functools
import re
from dataclasses import dataclass

from django.utils import translation

from answers.ground import Evidence, figures, similarity
from answers.understand import SCRIPT_BOUNDARY, direction_of, phrases

_MARKER = re.compile(r"\[([0-9]+)\]")  # the engine's own markers: ASCII digits only
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]+")
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
# Calibrated by `manage.py calibrate_check` (docs/decisions.md has the figures): under every
# composed sentence against the rows it cites (lowest 0.782 of 597 on both registries), where a
# row of another topic scores a median of 0.766. A backstop: the phrasing's placeholders and
# closed vocabulary carry the guarantee, this catches a sentence joined to rows it is not about.
MEANING_FLOOR = 0.77
# Words that frame a sentence rather than name or claim anything.
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


def source_check(sentences: list[Sentence], evidence: list[Evidence],
                 allowed: frozenset[str] = frozenset()):  # fmt: skip
    """(kept, dropped reasons): each kept sentence passed every rule against its citations."""
    kept, reasons = [], []
    for sentence in sentences:
        reason = failure(sentence.body, evidence, allowed)
        if reason:
            reasons.append(reason)
        else:
            kept.append(sentence)
    return kept, reasons


def failure(body: str, evidence: list[Evidence],
            allowed: frozenset[str] = frozenset()) -> str | None:  # fmt: skip
    """Why `body` may not be served, or None if its citations support it."""
    markers = [int(n) for n in _MARKER.findall(body)]
    if not markers:
        return "cites nothing"
    if not all(1 <= n <= len(evidence) for n in markers):
        return "cites a row that was not retrieved"
    cited = [evidence[n - 1] for n in dict.fromkeys(markers)]
    support = " ".join(item.support() for item in cited)
    claim = _MARKER.sub(" ", body)
    # Worked out from what the rows say in full, as the verdicts read them (`Evidence.text`):
    # a report's figures may stand past its snippet's cut.
    reason = _numbers(claim, support, figures.derived([item.text for item in cited]))
    for rule in (_directions, _certainty, _names):
        reason = reason or rule(claim, support, allowed)
    if reason:
        return reason
    if any(item.layer == "market" for item in cited):
        return _belief(claim, belief_words())
    return None


def _numbers(claim: str, support: str, worked: set[str]) -> str | None:
    """Each number of the claim is the rows' own, or one `worked` out from their figures."""
    held = {_plain(n) for n in _NUMBER.findall(support)} | worked
    for number in _NUMBER.findall(claim):
        if _plain(number) not in held:
            return f"the number {number} is not in the cited rows"
    return None


def _plain(number: str) -> str:
    return number.replace(",", "").rstrip(".")


def _names(claim: str, support: str, allowed: frozenset[str]) -> str | None:
    held = {w.casefold() for w in _WORD.findall(SCRIPT_BOUNDARY.sub(" ", support))}
    held |= allowed | FRAMING | BELIEF
    for word in _WORD.findall(SCRIPT_BOUNDARY.sub(" ", claim)):
        if word.casefold() not in held and not _in_template_run(word, allowed):
            kind = "name" if word[0].isupper() else "word"
            return f"the {kind} {word} is not in the cited rows"
    return None


def _in_template_run(word: str, allowed: frozenset[str]) -> bool:
    """In a language written without spaces, the engine's own words are runs of kana and kanji
    between its placeholders; a run the sentence splits differently is still one of them."""
    return bool(_UNSPACED.fullmatch(word)) and any(word in run for run in allowed)


def _directions(claim: str, support: str, allowed: frozenset[str]) -> str | None:
    # The engine's own words ("is higher" in a verdict it worked out from two cited figures)
    # are not the rows' to carry; a model can write none of them (answers.compose.phrasing).
    own = " ".join(w for w in _WORD.findall(claim) if w.casefold() not in allowed)
    missing = direction_of(own) - direction_of(support)
    return f"the direction {sorted(missing)[0]} is not in the cited rows" if missing else None


def _certainty(claim: str, support: str, allowed: frozenset[str]) -> str | None:
    said = {w.lower() for w in _WORD.findall(claim)} & CERTAINTY
    held = {w.lower() for w in _WORD.findall(support)}
    unsupported = said - held
    return (
        f"the certainty word {sorted(unsupported)[0]} is not in the cited rows"
        if unsupported
        else None
    )


def _belief(claim: str, belief: frozenset[str]) -> str | None:
    said = {w.casefold() for w in _WORD.findall(SCRIPT_BOUNDARY.sub(" ", claim))}
    if said & CERTAINTY:
        return "a market sentence states certainty"
    if not said & (BELIEF | belief) and not any(b in claim for b in belief if _UNSPACED.match(b)):
        return "a market sentence does not say it is belief"
    return None


def belief_words() -> frozenset[str]:
    """The words of belief in the answering language ("creencia", "Menge", "信念"...)."""
    return _belief_words(translation.get_language() or "en")


@functools.lru_cache(maxsize=16)
def _belief_words(language: str) -> frozenset[str]:
    return frozenset(w.casefold() for w in str(phrases.BELIEF_WORDS).split())


def meaning_failure(body: str, evidence: list[Evidence]) -> str | None:
    """Why a phrased sentence's meaning is not its rows' (None when close enough, or when no
    model is loaded: the lexical rules then stand alone, as the log says)."""
    cited = [evidence[n - 1] for n in dict.fromkeys(markers_of(body)) if 0 < n <= len(evidence)]
    if not cited:
        return None
    claim = _MARKER.sub(" ", body)
    # Not remembered: a sentence the floor refuses leaves nothing behind in a cache.
    closeness = similarity(claim, [" ".join(item.snippet for item in cited)], remember=False)[0]
    if closeness and closeness < MEANING_FLOOR:
        return f"its meaning is not its rows' (similarity {closeness:.2f} < {MEANING_FLOOR})"
    return None


def markers_of(text: str) -> list[int]:
    return [int(n) for n in _MARKER.findall(text)]
