"""What the topic is (`identity` on the record): its kind, names and distinguishing attributes.

Curated in the admin (or proposed from the registry and marked so) and read by the Answer Engine,
which holds a question's subject to it: a thing of another kind, number, place, organisation or
period under the same name is a neighbour the registry does not track.
"""

from typing import Any

from registry.models import Event

ATTRIBUTES = ("edition", "period", "place", "organisation")


def identity_of(event: Event) -> dict[str, Any]:
    kind = event.kind  # selected with the topic: no query of its own
    attributes = {name: getattr(event, name) or None for name in ATTRIBUTES}
    return {
        "kind": kind.slug if kind else None,
        "kindName": kind.name if kind else None,
        "names": {
            "name": event.own_name,
            "aliases": list(event.aliases),
            "formerNames": list(event.former_names),
        },
        "attributes": attributes,
        "outcome": event.outcome or None,
        "status": event.identity_status,
        "statement": _statement(event, attributes),
    }


def _statement(event: Event, attributes: dict[str, str | None]) -> str:
    """The identity in one sentence, and whether a curator stands behind it."""
    kind = event.kind.name.lower() if event.kind else "thing of no stated kind"
    told = [f"{name} {value}" for name, value in attributes.items() if value]
    by = f", told from its neighbours by {'; '.join(told)}" if told else ""
    tracks = f"; it tracks whether it {event.outcome}" if event.outcome else ""
    status = (
        "Confirmed by the registry's curators."
        if event.identity_status == Event.IdentityStatus.CONFIRMED
        else "Proposed from the title, lead entity and terms; not yet confirmed by a curator."
    )
    article = "an" if kind[:1] in "aeiou" else "a"  # "an agreement", "an election"
    return f"{event.own_name} is {article} {kind}{by}{tracks}. {status}"
