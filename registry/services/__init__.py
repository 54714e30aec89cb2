"""Writes to the registry. Admin actions, commands, tasks and views call these.

One module per concern; everything is re-exported here so callers write `services.feed_fetch`.
"""

from registry.services.curation import (
    entity_upsert,
    event_upsert,
    feed_upsert,
    market_question_upsert,
    outlet_upsert,
    source_upsert,
    vertical_upsert,
)
from registry.services.documents import (
    IncomingDocument,
    IngestReport,
    documents_ingest,
)
from registry.services.fetching import feed_fetch
from registry.services.jobs import scheduled_job_run
from registry.services.markets import market_import, market_price_record
from registry.services.rollups import rollups_rebuild
from registry.services.sources import source_fetch, sources_verify

__all__ = [
    "IncomingDocument",
    "IngestReport",
    "documents_ingest",
    "entity_upsert",
    "event_upsert",
    "feed_fetch",
    "feed_upsert",
    "market_import",
    "market_price_record",
    "market_question_upsert",
    "outlet_upsert",
    "rollups_rebuild",
    "scheduled_job_run",
    "source_fetch",
    "source_upsert",
    "sources_verify",
    "vertical_upsert",
]
