"""An answer within a token budget (`maxTokens`, `config.budget`): supporting sentences dropped
with the citations only they use, never the lead (the first sentence, which answers).

In the order `config.budget` promises: first the sentences that cite only reporting, the oldest
row first; then those citing history (state transitions, the service's attention, historical
market captures), oldest first; then any other supporting sentence, the last first. A citation
keeps its `n` (a marker in a kept sentence still finds its row); one no kept sentence cites is
dropped with its sentence. The rest of the answer (what was understood, the source check, the
unknowns, the disclaimer) is never cut.
"""

import re
from collections.abc import Callable

from config import budget
from config.budget import Step
from config.problems import ApplicationError

# A sentence ends after its markers and its full stop ("... [2]." or "... [2] [3]。"): where
# the engine joins its sentences with a space. Text before the first marker (a preface) rides
# with the sentence it prefaces.
_END = re.compile(r"\[\d+\](?:[\s,]*\[\d+\])*[.!?\u3002\uff01\uff1f]\s+")
_MARKER = re.compile(r"\[([0-9]+)\]")  # the engine's own markers: ASCII digits only
HISTORY = ("stateHistory", "coverageMetric")


def sentences(text: str) -> list[str]:
    parts, start = [], 0
    for end in _END.finditer(text):
        parts.append(text[start : end.end()].strip())
        start = end.end()
    tail = text[start:].strip()
    return [*parts, tail] if tail else parts


def answer_steps(at: str = "") -> list[Step]:
    """The steps that shorten an answer (at `at`, a member holding it: a ticket's `answer`)."""
    return [
        _step(at, "reportingSentences", _only_reporting),
        _step(at, "historySentences", _citing_history),
        _step(at, "otherSentences", lambda rows: True, newest_first=True),
    ]


def _only_reporting(rows: list[dict]) -> bool:
    return bool(rows) and all(row["layer"] == "reporting" for row in rows)


def _citing_history(rows: list[dict]) -> bool:
    return any(
        row["layer"] in HISTORY or "historical capture" in row.get("snippet", "") for row in rows
    )


def _step(at: str, name: str, kind: Callable[[list[dict]], bool], *,
          newest_first: bool = False) -> Step:  # fmt: skip
    def droppable(answer: dict) -> list[int]:
        """Indexes of the supporting sentences of this kind, in the order they go."""
        said = sentences(answer["answer"])
        cited = {c["n"]: c for c in answer["citations"]}
        rows = [[cited[int(n)] for n in _MARKER.findall(s) if int(n) in cited] for s in said]
        found = [i for i in range(1, len(said)) if kind(rows[i])]
        if newest_first:
            return found[::-1]
        return sorted(found, key=lambda i: (min(r["date"] or "" for r in rows[i]), i))

    def units(payload: dict) -> int:
        answer = payload.get(at) if at else payload
        return len(droppable(answer)) if isinstance(answer, dict) and "answer" in answer else 0

    def drop(payload: dict, k: int) -> dict:
        answer = payload[at] if at else payload
        gone = set(droppable(answer)[:k])
        kept = [s for i, s in enumerate(sentences(answer["answer"])) if i not in gone]
        text = " ".join(kept)
        used = {int(n) for n in _MARKER.findall(text)}
        shorter = {**answer, "answer": text,
                   "citations": [c for c in answer["citations"] if c["n"] in used]}  # fmt: skip
        return {**payload, at: shorter} if at else shorter

    def left(payload: dict) -> int:
        answer = payload.get(at) if at else payload
        return len(sentences(answer["answer"])) if isinstance(answer, dict) else 0

    return Step(f"answer.{name}", units, drop, left)


def answer_within(payload: dict, max_tokens: int | None, *, poll_url: str = "") -> dict:
    """An answer (`svc.answer.v1`) or a ticket holding one within `max_tokens`. The ask is
    answered and charged before its size is known: a budget below its smallest form is the
    400 naming the minimum, and says where the whole answer is kept (`pollUrl`)."""
    at = "answer" if payload.get("schema") == "svc.ask-ticket.v1" else ""
    try:
        return budget.fitted(payload, max_tokens, answer_steps(at))
    except ApplicationError as refused:
        if poll_url:
            refused.members["pollUrl"] = poll_url
            refused.error += f" The answer is kept: GET {poll_url} reads it whole."
        raise
