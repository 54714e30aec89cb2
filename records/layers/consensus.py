"""layers.consensus: the claims ledger. Pending for standard-tier records.

Full-tier records compute it: a claim is an entity with an assertion verb, found together in the
record's documents; it is corroborated when at least two origins of known provenance carry it
(syndicated copies count as their upstream, as in the corroborated clusters). The database
counts each claim's documents and origins (`records.inputs`); this layer ranks and words them.
"""

from typing import Any

from records.inputs import RecordInputs
from registry.models import Event

CORROBORATED_AT = 2
MAX_CLAIMS = 50  # the best-supported claims; `claimsTotal` says how many there are


def consensus_layer(inputs: RecordInputs) -> dict[str, Any]:
    base = {
        "label": "What independent origins agree on",
        "basis": "Claims (entity and assertion verb) counted by origins of known provenance.",
        "retired": [],
    }
    if inputs.event.tier != Event.Tier.FULL:
        return {
            **base,
            "note": "Standard-tier record: no claims ledger is computed.",
            "pending": True,
        }
    claims = [
        {
            "entity": entity,
            "verb": verb,
            "documents": documents,
            "origins": origins,
            "knownOrigins": known,
            "status": "corroborated" if known >= CORROBORATED_AT else "single-origin",
        }
        for entity, verb, documents, origins, known in inputs.claim_rows
    ]
    claims.sort(key=lambda c: (-c["knownOrigins"], -c["documents"], c["entity"], c["verb"]))
    return {
        **base,
        "note": (
            f"A claim is corroborated when {CORROBORATED_AT} or more known origins carry it; the "
            f"{MAX_CLAIMS} best-supported claims about the record's own entities are listed."
        ),
        "pending": False,
        "claimsTotal": len(claims),
        "claims": claims[:MAX_CLAIMS],
    }
