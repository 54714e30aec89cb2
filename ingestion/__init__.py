"""Ingestion: everything that enters the registry from outside, and how.

A feed is fetched (`fetching`, through `outbound.fetch`), parsed (`feeds`), and its items become
documents (`documents.documents_ingest`: canonical URL (`canonical`), dedupe, entities, topics and
verbs (`tagging`, `lexicon`), origin stories (`origins`), stored in bulk and counted by
`aggregates`). First-party issuers are read (`issuers`) and verified (`verification`); market
prices are parsed (`quotes`) and kept (`prices`).

May import: `registry.models`, `registry.bulk`, `aggregates`, `outbound`, `config`. Never the
read side (selectors, records, answers, watches) or a face.
"""

from ingestion.documents import IncomingDocument, IngestReport, documents_ingest
from ingestion.fetching import feed_fetch
from ingestion.prices import market_import, market_price_record
from ingestion.verification import source_fetch, sources_verify

__all__ = [
    "IncomingDocument",
    "IngestReport",
    "documents_ingest",
    "feed_fetch",
    "market_import",
    "market_price_record",
    "source_fetch",
    "sources_verify",
]
