"""Writes the registry's curators own: the curated rows, each keyed on its natural key.

Documents, fetches, readings and prices enter through `ingestion`; counts are kept by
`aggregates`. Re-exported here so callers write `services.entity_upsert`.
"""

from registry.services.curation import (
    entity_upsert,
    event_upsert,
    feed_upsert,
    market_question_upsert,
    outlet_upsert,
    rows_activate,
    source_upsert,
    vertical_upsert,
)
from registry.services.identity import identity_confirm, identity_filled, identity_propose

__all__ = [
    "entity_upsert",
    "event_upsert",
    "feed_upsert",
    "identity_confirm",
    "identity_filled",
    "identity_propose",
    "market_question_upsert",
    "outlet_upsert",
    "rows_activate",
    "source_upsert",
    "vertical_upsert",
]
