"""The recorded states: how coverage direction and wire tier are computed, and the latest ones."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.conf import settings

from records.models import StateTransition

CURRENT_DAYS = 7
BASELINE_DAYS = 21
MIN_TRACKED_DAYS = CURRENT_DAYS + BASELINE_DAYS
Coverage = StateTransition.Coverage


@dataclass(frozen=True)
class CoverageReading:
    direction: str  # rising | fading | steady | insufficient_history
    baseline_relative_pct: int | None
    tracked_days: int | None
    current: int  # event mentions in the current window
    baseline: int  # event mentions in the baseline window


def coverage(days: Iterable[tuple[date, int]], *, today: date) -> CoverageReading:
    """The service's own attention to an event: the last 7 days against the 21 before them.

    Both windows are compared as per-day rates. Fewer than 28 tracked days (since the first
    mention), too few mentions, or a baseline of zero is `insufficient_history` with no
    percentage: a thin history is not measured as a trend.
    """
    days = [(day, mentions) for day, mentions in days if day <= today]
    first = min((day for day, _ in days), default=None)
    tracked = (today - first).days + 1 if first else None
    current_start = today - timedelta(days=CURRENT_DAYS - 1)
    baseline_start = current_start - timedelta(days=BASELINE_DAYS)
    current = sum(m for day, m in days if day >= current_start)
    baseline = sum(m for day, m in days if baseline_start <= day < current_start)
    thin = (
        tracked is None
        or tracked < MIN_TRACKED_DAYS
        or current + baseline < settings.SVC_COVERAGE_MIN_MENTIONS
        or baseline == 0
    )
    if thin:
        return CoverageReading(Coverage.INSUFFICIENT_HISTORY, None, tracked, current, baseline)
    current_rate, baseline_rate = current / CURRENT_DAYS, baseline / BASELINE_DAYS
    pct = round(100 * (current_rate - baseline_rate) / baseline_rate)
    if pct >= settings.SVC_COVERAGE_RISING_PCT:
        direction = Coverage.RISING
    elif pct <= -settings.SVC_COVERAGE_RISING_PCT:
        direction = Coverage.FADING
    else:
        direction = Coverage.STEADY
    return CoverageReading(direction, pct, tracked, current, baseline)


def wire_tier(reading: CoverageReading, *, source_flipped_active: bool) -> str:
    """`flagged` when attention is rising on enough documents, or an issuer turned active."""
    rising = (
        reading.direction == Coverage.RISING
        and reading.current >= settings.SVC_FLAG_MIN_CURRENT_DOCUMENTS
    )
    if rising or source_flipped_active:
        return StateTransition.WireTier.FLAGGED
    return StateTransition.WireTier.WATCH


def latest_states(event_ids: Iterable[int]) -> dict[tuple[int, str], StateTransition]:
    """The latest transition of each (event, field), in one query."""
    latest: dict[tuple[int, str], StateTransition] = {}
    rows = StateTransition.objects.filter(event_id__in=list(event_ids)).order_by("at", "id")
    for transition in rows:
        latest[(transition.event_id, transition.field)] = transition
    return latest


def states_at(event, at: datetime) -> tuple[str, str]:
    """(coverage state, wire tier) of a record as recorded by `at`: its latest transition of
    each field then (one query; a record has a few dozen), else where every record starts."""
    coverage, wire = Coverage.NEW, StateTransition.WireTier.WATCH
    rows = StateTransition.objects.filter(event=event, at__lte=at).order_by("at", "id")
    for field, to_value in rows.values_list("field", "to_value"):
        if field == StateTransition.Field.COVERAGE_STATE:
            coverage = to_value
        else:
            wire = to_value
    return coverage, wire
