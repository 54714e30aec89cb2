"""Budgets for agents: an answer cut to fit `maxTokens`, the least important parts first.

An agent pays for every token of context an answer takes. It may give `maxTokens`: the answer
is then estimated as one token per four characters of its JSON as served (compact, ASCII
escaped: `estimate`), and, past the budget, shortened step by step in the order its surface
declares (older reporting rows, then history; never the current state or the lead), each
step dropping as few units as make it fit. The answer says what it dropped (`truncated`: each
part's name, how many were dropped and kept) and what it came to (`budget`). A budget below the
smallest answer every step can make is a 400 naming that minimum (`minimumTokens`).

One estimate for every tokenizer, stated where the parameter is described: a model's own count
differs by its vocabulary (JSON punctuation and ASCII words run near four characters a token;
escaped non-Latin text costs more characters, so it is over-counted, never under-counted).

Each surface declares its steps (`Step`): a list of the answer shortened from its least
important end (`part`), or a rule of its own (an answer's supporting sentences with the
citations only they use). A paged list is shortened by reading a shorter page (`page_fitted`),
so its cursor still follows the last item served and nothing is skipped.
"""

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from config.fields import JsonInteger, QueryInteger
from config.problems import ApplicationError

CHARS_PER_TOKEN = 4
MAX_TOKENS = 1_000_000
HELP = (
    "Optional: the most tokens this answer may take, estimated as one token per four characters "
    "of its JSON as served. Past it, the least important parts are dropped first (older "
    "reporting rows, then history; never the current state or the lead) and `truncated` names "
    "each; below the smallest answer that can be made, a 400 names the minimum."
)


def query_field() -> QueryInteger:
    """`maxTokens` in a query string (and a tool's arguments)."""
    return QueryInteger(min_value=1, max_value=MAX_TOKENS, required=False, help_text=HELP)


def body_field() -> JsonInteger:
    """`maxTokens` in a JSON body."""
    return JsonInteger(min_value=1, max_value=MAX_TOKENS, required=False, help_text=HELP)


@dataclass(frozen=True)
class Step:
    """One way of shortening an answer: `units(payload)` it can drop, `drop(payload, k)`, the
    payload without the `k` least important (a new one: the given is never changed), and
    `left(payload)`, how many of its part an answer still holds (said in `truncated`)."""

    name: str
    units: Callable[[dict], int]
    drop: Callable[[dict, int], dict]
    left: Callable[[dict], int]


def part(path: str, *, oldest: str = "end", keep: int = 0) -> Step:
    """A list at `path` (dotted), dropped from its `oldest` end ("end" or "start"), never below
    `keep` items."""
    keys = path.split(".")

    def units(payload: dict) -> int:
        found = _at(payload, keys)
        return max(len(found) - keep, 0) if isinstance(found, list) else 0

    def drop(payload: dict, k: int) -> dict:
        items = _at(payload, keys)
        kept = items[: len(items) - k] if oldest == "end" else items[k:]
        return _replaced(payload, keys, kept)

    def left(payload: dict) -> int:
        found = _at(payload, keys)
        return len(found) if isinstance(found, list) else 0

    return Step(path, units, drop, left)


def _at(payload: dict, keys: list[str]) -> Any:
    for key in keys:
        payload = payload.get(key) if isinstance(payload, dict) else None
    return payload


def _replaced(payload: dict, keys: list[str], value: Any) -> dict:
    """`payload` with the member at `keys` replaced: every dict on the way copied, no other."""
    head, *rest = keys
    return {**payload, head: _replaced(payload[head], rest, value) if rest else value}


def estimate(payload: Any) -> int:
    """Tokens, as one per four characters of the JSON as served."""
    text = json.dumps(payload, separators=(",", ":"), default=str)
    return math.ceil(len(text) / CHARS_PER_TOKEN)


def fitted(payload: dict, max_tokens: int | None, steps: Sequence[Step]) -> dict:
    """`payload` within `max_tokens` (None: as it is), shortened by `steps` in order, each as
    little as makes it fit; with `truncated` and `budget`. A budget below what every step
    together leaves is a 400 naming that minimum."""
    if max_tokens is None:
        return payload
    return _served(*_shortened(payload, max_tokens, steps, {}), max_tokens)


def _shortened(payload: dict, max_tokens: int, steps: Sequence[Step],
               cut: dict[str, tuple[int, int]]) -> tuple[dict, dict]:  # fmt: skip
    """The payload after each step in turn drops the fewest units that make it fit (all it can
    when none do), and what each dropped: {name: (dropped, left)}."""
    for step in steps:
        whole = step.units(payload)
        if not whole or _stamped(payload, cut, max_tokens)["budget"]["fits"]:
            continue
        k = _fewest(payload, step, whole, cut, max_tokens)
        payload = step.drop(payload, k)
        cut = {**cut, step.name: (k, step.left(payload))}
    return payload, cut


def _served(payload: dict, cut: dict[str, tuple[int, int]], max_tokens: int) -> dict:
    stamped = _stamped(payload, cut, max_tokens)
    if not stamped["budget"].pop("fits"):
        raise too_small(_minimum(payload, cut))
    return stamped


def _minimum(payload: dict, cut: dict[str, tuple[int, int]]) -> int:
    """The smallest budget this answer, cut as far as it goes, fits: its estimate when the
    budget it states is that estimate (its digits count too)."""
    minimum = estimated = 1
    for _ in range(4):
        estimated = _stamped(payload, cut, minimum)["budget"]["estimatedTokens"]
        if estimated == minimum:
            break
        minimum = estimated
    return max(minimum, estimated)


def _fewest(payload: dict, step: Step, whole: int, cut: dict, max_tokens: int) -> int:
    """The fewest units of `step` whose dropping makes the answer fit (all of them if none do);
    a bisection over whole renders (each answer's JSON is a few thousand characters)."""
    low, high = 1, whole
    while low < high:
        middle = (low + high) // 2
        trial = step.drop(payload, middle)
        said = {**cut, step.name: (middle, step.left(trial))}
        if _stamped(trial, said, max_tokens)["budget"]["fits"]:
            high = middle
        else:
            low = middle + 1
    return low


def _stamped(payload: dict, cut: dict[str, tuple[int, int]], max_tokens: int) -> dict:
    """The payload with `truncated` and `budget` (its own estimate included: computed until
    the count's digits settle), and whether it fits (`budget.fits`, taken off before serving)."""
    truncated = [{"part": name, "dropped": k, "kept": left} for name, (k, left) in cut.items()]
    budget = {"maxTokens": max_tokens, "estimatedTokens": 0, "charsPerToken": CHARS_PER_TOKEN}
    stamped = {**payload, "truncated": truncated, "budget": budget}
    # One render, its estimate written as "0"; then the estimate's own digits, counted.
    length = len(json.dumps(stamped, separators=(",", ":"), default=str)) - 1
    tokens = math.ceil((length + 1) / CHARS_PER_TOKEN)
    while math.ceil((length + len(str(tokens))) / CHARS_PER_TOKEN) != tokens:
        tokens = math.ceil((length + len(str(tokens))) / CHARS_PER_TOKEN)
    budget["estimatedTokens"] = tokens
    budget["fits"] = tokens <= max_tokens
    return stamped


def too_small(minimum: int) -> ApplicationError:
    return ApplicationError(
        status=400,
        state="budget-too-small",
        field="maxTokens",
        error=(
            f"maxTokens: the smallest answer this request can have takes {minimum} tokens (one "
            f"per {CHARS_PER_TOKEN} characters of its JSON); give at least {minimum}, or leave "
            "maxTokens out."
        ),
        minimumTokens=minimum,
    )


def page_fitted(read: Callable[[int], dict], *, limit: int, member: str,
                max_tokens: int | None, steps: Sequence[Step] = ()) -> dict:  # fmt: skip
    """A page of `member` within the budget: read at `limit`, then, past the budget, read again
    at the most items that fit (at least the first, the lead), so the page's own cursor follows
    the last item served and the next page starts where this one stopped. `steps` shorten
    what is left inside the page after that."""
    payload = read(limit)
    if max_tokens is None:
        return payload
    served = len(payload[member])
    page = part(member, keep=min(served, 1))
    _, cut = _shortened(payload, max_tokens, [page], {})
    if member not in cut:
        return _served(*_shortened(payload, max_tokens, steps, {}), max_tokens)
    n = served - cut[member][0]
    while True:  # a shorter page may gain a cursor the whole one had no need of: one fewer
        shorter, said = _shortened(read(n), max_tokens, steps, {member: (served - n, n)})
        if n == 1 or _stamped(shorter, said, max_tokens)["budget"]["fits"]:
            return _served(shorter, said, max_tokens)
        n -= 1
