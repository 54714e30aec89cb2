"""layers.primarySources: what first-party issuers say (observed operational state)."""

from typing import Any

from records.inputs import RecordInputs
from registry.selectors import source_automation, source_freshness, source_object

# The layer's fixed words: how its facts are read and kept, the same on every record.
METHOD = {
    "verificationMethod": (
        "Each source is fetched with a conditional GET, its content signed (sha256) and read "
        "by a parser made for that issuer; every attempt is kept as an append-only reading."
    ),
    "discipline": (
        "Three silences are kept apart: never fetched, fetched but unreadable, and read and "
        "quiet. An issuer reporting nothing active is a reading, not an absence."
    ),
    "sourceOfRecord": (
        "The issuer's own words with their date are the fact of record; reporting and markets "
        "never override them."
    ),
    "tripwireNote": (
        "An alert is raised when a watched source's observed state flips; a flip is computed "
        "only from two successful reads, and a failed read flips nothing."
    ),
}


def primary_sources_layer(inputs: RecordInputs) -> dict[str, Any]:
    sources = inputs.sources
    verified = [source.verified_as_of for source in sources if source.verified_as_of]
    return {
        "label": "What first-party issuers say",
        "basis": "Read directly from each issuer's own publication; the fact of record.",
        "status": "observed" if sources else "absent",
        # Present whenever a source is routed; null until one has been verified, never a guess.
        **({"verifiedAsOf": max(verified).isoformat() if verified else None} if sources else {}),
        "verificationNote": _verification_note(sources),
        "freshness": source_freshness(sources, as_of=inputs.as_of),
        **METHOD,
        "stateTripwire": {
            "sources": [source.slug for source in sources if source.observed_state],
            "note": "Sources whose observed state is watched for flips.",
        },
        "automation": source_automation(now=inputs.now, as_of=inputs.as_of),
        "sources": [source_object(source, today=inputs.today) for source in sources],
    }


def _verification_note(sources) -> str | None:
    failing = [source.slug for source in sources if source.consecutive_failures]
    unverified = [source.slug for source in sources if not source.verified_as_of]
    notes = []
    if failing:
        notes.append(
            f"Failing at the latest attempt: {', '.join(failing)}; their last confirmed reading "
            "stands until a fetch succeeds."
        )
    if unverified:
        notes.append(f"Routed but not yet verified: {', '.join(unverified)}.")
    return " ".join(notes) or None
