"""layers.judgment: the service's labelled reading over the other layers.

Deterministic and composed only from what the layers hold: what the issuer says (fact of
record), what reporting says (attributed), what markets believe (never a directional claim), and
what is unknown.
"""

from typing import Any

from records.inputs import RecordInputs


def judgment_layer(inputs: RecordInputs, layers: dict[str, Any]) -> dict[str, Any]:
    parts, unknown = [], []
    sources = layers["primarySources"]["sources"]
    said = [s for s in sources if s["observed"]]
    if said:
        parts.append(
            "Issuers say: " + "; ".join(f"{s['issuer']}: '{s['observed']}'" for s in said[:3]) + "."
        )
    else:
        unknown.append("no first-party issuer has been read for this topic")
    reporting = layers["reporting"]
    if reporting["status"] == "observed":
        parts.append(
            f"Reporting: {reporting['served']} of {reporting['sampledForSubject']} sampled rows "
            "naming the lead subject are event-relevant (attributed, to verify at source)."
        )
    elif reporting["status"] == "subject-not-in-tracked-entity-set":
        unknown.append("reporting is unmeasured: the lead subject is not tracked")
    else:
        unknown.append("no sampled reporting row is event-relevant")
    direction = layers["coverageMetric"]["direction"]
    parts.append(f"The service's own attention is {direction.replace('_', ' ')}.")
    current = layers["market"]["current"]
    if current:
        top = current[0]
        parts.append(
            f"Markets: a crowd prices '{top['question']}' at {top['probabilityPct']:g}% "
            "(belief, not fact)."
        )
    if unknown:
        parts.append("Unknown: " + "; ".join(unknown) + ".")
    return {
        "label": "The service's reading",
        "basis": "A labelled reading over the layers above; it adds no fact of its own.",
        "asOf": inputs.today.isoformat(),
        "text": " ".join(parts),
    }
