"""The topic record (svc.record.v1): the layers assembled, with the versioned names beside them."""

from datetime import UTC, datetime
from typing import Any

from django.conf import settings

from config.aliases import earlier_schema_tags, ride_field_aliases
from config.budget import part
from config.reads import iso
from records.inputs import RecordInputs, record_inputs
from records.layers.consensus import consensus_layer
from records.layers.coverage_metric import coverage_layer
from records.layers.identity import identity_of
from records.layers.judgment import judgment_layer
from records.layers.market import market_layer
from records.layers.primary_sources import primary_sources_layer
from records.layers.record import record_layer
from records.layers.reporting import reporting_layer
from records.layers.state_history import state_history_layer
from records.layers.subject_binding import subject_binding
from records.models import StateTransition
from registry.models import Event

SCHEMA = "svc.record.v1"
TIER_NOTES = {
    Event.Tier.STANDARD: (
        "Standard tier: generated from the maintained event registry. Honest gaps: no "
        "hand-verified source-of-record audit, and no computed reporting-consensus ledger "
        "(consensus is pending)."
    ),
    Event.Tier.FULL: (
        "Full tier: adds a hand-verified source-of-record audit and a computed "
        "reporting-consensus ledger. Honest gaps: reporting is a sample of the newest rows, and "
        "market prices are belief, not fact."
    ),
}


# What a budget (`maxTokens`) drops from a record, in this order: the older reporting rows (the
# items are newest first), then history (state transitions, historical market captures, the
# attention periods, each oldest first). Never the current state, the lead or the issuers'
# readings; the layers' counts (`served`, `questionCount`) still say how many there are.
RECORD_PARTS = (
    ("layers.reporting.items", "end"),
    ("layers.stateHistory.transitions", "start"),
    ("layers.market.arc", "start"),
    ("layers.coverageMetric.periods", "start"),
)
BUDGET_STEPS = tuple(part(path, oldest=oldest) for path, oldest in RECORD_PARTS)


def record_url(subject: str) -> str:
    return f"{settings.SVC_BASE_URL}/api/record/{subject}"


def build_record(
    event: Event, *, now: datetime | None = None, as_of: datetime | None = None
) -> dict[str, Any]:
    """The record now, or as of an instant (`as_of`): from the rows stored by then."""
    inputs = record_inputs(event, now=now, as_of=as_of)
    layers: dict[str, Any] = {
        "primarySources": primary_sources_layer(inputs),
        "reporting": reporting_layer(inputs),
        "record": record_layer(inputs),
        "coverageMetric": coverage_layer(inputs),
        "market": market_layer(inputs),
    }
    layers["judgment"] = judgment_layer(inputs, layers)
    layers["consensus"] = consensus_layer(inputs)
    layers["stateHistory"] = state_history_layer(inputs)
    payload = {
        "schema": SCHEMA,
        "schemaAliases": earlier_schema_tags(SCHEMA),
        "subject": event.subject,
        "title": event.title,
        "tier": event.tier,
        "tierNote": TIER_NOTES[event.tier],
        "subjectBinding": subject_binding(inputs),
        "identity": identity_of(event),
        "publishState": event.publish_state,
        "publishStateNote": _publish_note(event),
        "asOf": inputs.today.isoformat(),
        "asOfInstant": inputs.now.astimezone(UTC).isoformat(),
        "generatedAt": (inputs.generated_at or inputs.now).isoformat(),
        "tracked": event.lead_entity.tracked,
        "access": "Free: no key, no charge.",
        "attribution": f"Cite the service with this record's URL: {record_url(event.subject)}",
        "state": _state(inputs),
        "record": _record_pointer(inputs, layers["record"]),
        "layers": layers,
    }
    return ride_field_aliases("record", payload)


def _publish_note(event: Event) -> str | None:
    """A retired record says so, since when, and what that leaves out; the curator's words after."""
    if event.publish_state != Event.PublishState.RETIRED:
        return event.publish_state_note
    since = event.publish_state_since.strftime("%Y-%m-%d %H:%M UTC")
    said = f" {event.publish_state_note}" if event.publish_state_note else ""
    return (
        f"Retired since {since}: no longer maintained. This record stays readable as it stood; "
        f"listings, signals, the records index and the Answer Engine leave it out.{said}"
    )


def _state(inputs: RecordInputs) -> dict[str, Any]:
    latest = {t.field: t for t in inputs.transitions}
    coverage = latest.get(StateTransition.Field.COVERAGE_STATE)
    wire = latest.get(StateTransition.Field.WIRE_TIER)
    return {
        "coverageState": coverage.to_value if coverage else StateTransition.Coverage.NEW,
        "coverageStateSince": coverage.at.isoformat() if coverage else None,
        "wireTier": wire.to_value if wire else StateTransition.WireTier.WATCH,
        "wireTierSince": wire.at.isoformat() if wire else None,
        "publishState": inputs.event.publish_state,
        "publishStateSince": iso(inputs.event.publish_state_since),
    }


def _record_pointer(inputs: RecordInputs, counted: dict[str, Any]) -> dict[str, Any]:
    subject = inputs.event.subject
    return {
        "url": record_url(subject),
        "page": f"{settings.SVC_SITE_URL}/records/{subject}/",
        "documents": counted["documents"],
        "firstSeen": counted["firstSeen"],
        "lastSeen": counted["lastSeen"],
    }
