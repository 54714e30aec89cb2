"""layers.stateHistory: the append-only history of coverage state and wire tier, and beside it
(`publishTransitions`) of the publish state: a topic retired and published again."""

from typing import Any

from config.reads import iso
from records.inputs import RecordInputs
from records.models import PublishTransition, StateTransition


def transition_row(t: StateTransition) -> dict[str, Any]:
    """One transition as every answer shows it (record layer, history, dataset)."""
    return {
        "field": t.field,
        "from": t.from_value,
        "to": t.to_value,
        "at": t.at.isoformat(),
        "heldSince": iso(t.held_since),
    }


def publish_row(t: PublishTransition) -> dict[str, Any]:
    """One publish-state move as answers show it: what and when (who stays in the admin)."""
    return {
        "field": "publish state",
        "from": t.from_value,
        "to": t.to_value,
        "at": t.at.isoformat(),
        "heldSince": iso(t.held_since),
        "note": t.note or None,
    }


def state_history_layer(inputs: RecordInputs) -> dict[str, Any]:
    transitions = [transition_row(t) for t in inputs.transitions]
    return {
        "label": "How this record's states moved",
        "basis": "Appended by the service as states change; never edited and never backfilled.",
        "status": "recorded" if transitions else "none-recorded",
        "note": None if transitions else "No state has been recorded for this topic yet.",
        "transitions": transitions,
        "publishTransitions": [publish_row(t) for t in inputs.publish_transitions],
    }
