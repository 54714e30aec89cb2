"""layers.coverageMetric: the service's own attention, not the event's state."""

from collections import Counter
from datetime import date
from typing import Any

from django.utils.translation import ngettext

from records.inputs import RecordInputs
from records.models import StateTransition
from records.states import coverage


def _reading(current: int, baseline: int, pct: int | None) -> str:
    mentions = ngettext("%(n)d mention", "%(n)d mentions", current) % {"n": current}
    counts = f"{mentions} in the last 7 days against {baseline} in the 21 before"
    if pct is None:
        return f"{counts}: too thin a history to call a trend."
    return f"{counts}: {pct:+d}% against the baseline rate."


def coverage_layer(inputs: RecordInputs) -> dict[str, Any]:
    return coverage_block(inputs.days, inputs.transitions, today=inputs.today)


def coverage_block(
    days: list[tuple[date, int]], transitions: list[StateTransition], *, today: date
) -> dict[str, Any]:
    """The layer from a topic's mentions per day and its transitions (also GET .../coverage)."""
    reading = coverage(days, today=today)
    recorded = [t for t in transitions if t.field == StateTransition.Field.COVERAGE_STATE]
    # The direction served is the recorded state, so it always equals the latest transition.
    direction = recorded[-1].to_value if recorded else reading.direction
    if direction == StateTransition.Coverage.NEW:
        direction = StateTransition.Coverage.INSUFFICIENT_HISTORY
    periods = Counter()
    for day, mentions in days:
        periods[f"{day:%Y}"] += mentions
        periods[f"{day:%Y-%m}"] += mentions
    pct = reading.baseline_relative_pct
    return {
        "label": "How the service's own attention moves",
        "basis": (
            "Mentions per day in the last 7 days against the 21 days before them. This measures "
            "the service's attention, not the state of the event."
        ),
        "reading": _reading(reading.current, reading.baseline, pct),
        "direction": direction,
        "baselineRelativePct": pct,
        "trackedDays": reading.tracked_days,
        "eventMentions": sum(mentions for _, mentions in days),
        "periods": [{"period": key, "mentions": periods[key]} for key in sorted(periods)],
    }
