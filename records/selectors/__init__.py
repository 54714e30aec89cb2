"""Reads of the read side. `states`: coverage direction, wire tier, latest recorded states;
`topics`: the topics listing and a topic's history, reporting and coverage."""

from records.selectors.states import (
    BASELINE_DAYS,
    CURRENT_DAYS,
    coverage,
    latest_states,
    wire_tier,
)
from records.selectors.topics import (
    records_list,
    topic_coverage,
    topic_history,
    topic_reporting,
)

__all__ = [
    "BASELINE_DAYS",
    "CURRENT_DAYS",
    "coverage",
    "latest_states",
    "records_list",
    "topic_coverage",
    "topic_history",
    "topic_reporting",
    "wire_tier",
]
