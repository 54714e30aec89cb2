"""Budgets on the MCP door: every read tool, and ask, takes `maxTokens` (`config.budget`).

A tool's answer is cut the way its surface declares here: a page is read again shorter, so its
cursor (or offset) follows the last item served; a record, a reading or an entity loses its
least important lists first; an answer its supporting sentences (`answers.serve.budget`, applied by
the ask and get_answer handlers, which know the ticket the whole answer is kept under). A tool
with nothing it may drop (start_here, the catalogue) fits or is refused naming the minimum.
The REST record, signals and ask take the same parameter under the same rule.
"""

import json
from dataclasses import dataclass
from typing import Any

from rest_framework import serializers

from config import budget
from config.budget import Step, part
from records.builder import RECORD_PARTS

BUDGET_ARGUMENT = "maxTokens"


@dataclass(frozen=True)
class Budget:
    page: str | None = None  # the list a shorter read (`limit`) shortens
    steps: tuple[Step, ...] = ()


def _parts(prefix: str, parts: tuple[tuple[str, str], ...]) -> tuple[Step, ...]:
    return tuple(part(f"{prefix}{path}", oldest=oldest) for path, oldest in parts)


# A Watch's reading: a record's layers as a record loses them, else its base's list (the lead,
# the first, kept), an entity's days oldest first.
READING = (
    *_parts("reading.", RECORD_PARTS),
    *(
        part(f"reading.{member}", keep=1)
        for member in ("signals", "entities", "clusters", "alerts", "questions", "divergences")
    ),
    part("reading.daily", oldest="start"),
)

BUDGETS = {
    "start_here": Budget(),
    "get_topic_record": Budget(steps=_parts("", RECORD_PARTS)),
    "list_topics": Budget(page="records"),
    "get_topic_history": Budget(page="transitions"),
    "get_reporting": Budget(page="items"),
    "get_coverage": Budget(steps=(part("daily", oldest="start"),)),
    "get_entity": Budget(steps=(part("daily", oldest="start"),)),
    "search_entities": Budget(page="matches"),
    "compare_entities": Budget(),
    "top_accelerating": Budget(page="entities"),
    "get_signals": Budget(page="signals"),
    "get_corroborated": Budget(page="clusters"),
    "list_verticals": Budget(),
    "get_primary_sources": Budget(page="sources"),
    "get_source": Budget(steps=(part("readings"), part("flips"))),  # each newest first
    "get_tripwire_alerts": Budget(page="alerts"),
    "get_market_questions": Budget(page="questions"),
    "search_reporting": Budget(page="documents"),
    "list_datasets": Budget(),
    "get_dataset": Budget(page="rows"),
    "list_standard_watches": Budget(),
    "unfurl_watch": Budget(steps=READING),
    "list_saved_watches": Budget(),
    "recall_watch": Budget(
        steps=(part("latestReadings"), part("versions", oldest="start", keep=1))
    ),
    "get_watch_readings": Budget(page="readings"),
}
# Their handlers cut the answer themselves (`answers.serve.budget.answer_within`).
ANSWERING = ("ask", "get_answer")


def with_budget(arguments: type[serializers.Serializer] | None) -> type[serializers.Serializer]:
    """A tool's argument serializer taking `maxTokens` too (the twin's own when it does)."""
    base = arguments or serializers.Serializer
    if BUDGET_ARGUMENT in base().fields:
        return base
    name = f"{base.__name__}WithBudget"
    return type(name, (base,), {BUDGET_ARGUMENT: budget.query_field(), "__module__": __name__})


def answered(name: str, handler, args: dict, caller) -> Any:
    """The handler's payload within the caller's `maxTokens`, if given."""
    max_tokens = args.get(BUDGET_ARGUMENT)
    spec = BUDGETS.get(name)
    if max_tokens is None or spec is None:
        return handler(args, caller)
    if spec.page:
        return budget.page_fitted(
            lambda n: _payload(handler({**args, "limit": n}, caller)),
            limit=args["limit"],
            member=spec.page,
            max_tokens=max_tokens,
            steps=spec.steps,
        )
    return budget.fitted(_payload(handler(args, caller)), max_tokens, spec.steps)


def _payload(payload: Any) -> dict:
    """A payload as a dict (a cached record comes as its rendered JSON)."""
    return payload if isinstance(payload, dict) else json.loads(payload)
