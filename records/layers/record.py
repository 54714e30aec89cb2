"""layers.record: counts of documents the service ingested; not a claim about the world."""

from typing import Any

from records.inputs import RecordInputs


def record_layer(inputs: RecordInputs) -> dict[str, Any]:
    active = sorted(day for day, mentions in inputs.days if mentions)
    documents = sum(mentions for _, mentions in inputs.days)
    moves = [{"name": name, "together": together} for name, together in inputs.co_mentions]
    return {
        "label": "What the service counted",
        "basis": (
            "Documents the service ingested and attached to this topic; market question pages "
            "are excluded. Counts, not a claim about the world."
        ),
        "documents": documents,
        "outlets": inputs.outlets,
        "activeDays": len(active),
        "firstSeen": active[0].isoformat() if active else None,
        "lastSeen": active[-1].isoformat() if active else None,
        "firstSeenStatus": "observed" if active else "none-recorded",
        "lastSeenStatus": "observed" if active else "none-recorded",
        "firstSeenNote": None,
        "lastSeenNote": None,
        "homeDomains": inputs.event.home_domains,
        "asserts": dict(sorted(inputs.verbs.items())) or None,
        "assertionCoverage": round(inputs.documents_with_verbs / documents, 3) if documents else 0,
        "movesWith": moves,
        "movesWithLabels": [move["name"] for move in moves],
        "provenance": "curated",
    }
