"""subjectBinding: which entity leads the record, why, and which attached ones are not bound."""

import re
from typing import Any

from records.inputs import RecordInputs
from registry.models import Entity

_STOP = {"the", "of", "and", "for", "de"}


def named_in(entity: Entity, subject: str) -> bool:
    """Whether the subject slug names the entity: its whole slug, or its last word when that is
    distinctive ("congo" of democratic-republic-of-the-congo). A shared common word is not
    enough: "hurricane" in a subject does not name the National Hurricane Center."""
    padded = f"-{subject}-"
    if f"-{entity.slug}-" in padded:
        return True
    last = re.split(r"[^a-z0-9]+", entity.slug)[-1]
    return len(last) >= 5 and last not in _STOP and f"-{last}-" in padded


def subject_binding(inputs: RecordInputs) -> dict[str, Any]:
    event, lead = inputs.event, inputs.event.lead_entity
    candidates = [entity for entity in inputs.attached if entity.pk != lead.pk]
    defensible = [e.name for e in candidates if named_in(e, event.subject)]
    rejected = [e.name for e in candidates if not named_in(e, event.subject)]
    bound = named_in(lead, event.subject)
    statement = f"{lead.name} is the lead subject: " + (
        f"it is named in the subject line '{event.subject}'"
        if bound
        else f"a curator chose it, though the subject line '{event.subject}' does not name it"
    )
    if event.action_class and bound and defensible:
        statement += (
            f", after the record's action class ({event.action_class}), which decided it over "
            f"{', '.join(defensible)}"
        )
    statement += "."
    if rejected:
        names = ", ".join(rejected)
        statement += f" Attached but not bound, as the subject line does not name them: {names}."
    return {
        "entity": lead.name,
        "bound": bound,
        "basis": "named-in-subject",
        "statement": statement,
        "candidatesConsidered": [lead.name, *(e.name for e in candidates)],
        "alsoDefensible": defensible,
        "rejected": rejected,
        "actionClass": event.action_class,
    }
