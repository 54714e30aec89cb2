"""Names the registry implies from what curators keep: read by the tagger and the Answer Engine."""

import re

from registry.models import Event

# A model's or a number's mark of letters and digits ("KR-7", "X5", "A320"): a bare number
# ("7") or a word ("II") names nothing alone.
_MARK = re.compile(r"(?=[\w-]*\d)(?=[\w-]*[^\W\d_])[^\W_]+(?:[-\u2013][^\W_]+)*")


def edition_names() -> list[tuple[str, int]]:
    """(a topic's curated edition, its lead's id) for each topic whose lead's name ends with its
    edition's mark ("KR-7" of the lead "Korvath KR-7"): the mark alone names the lead, as an
    alias a curator would add does, so a topic kept without that alias is asked by it too."""
    rows = Event.objects.exclude(edition="").values_list(
        "edition", "lead_entity_id", "lead_entity__name"
    )
    return [
        (edition, lead_id)
        for edition, lead_id, name in rows
        if _MARK.fullmatch(edition) and name.lower().endswith(f" {edition.lower()}")
    ]
