"""Reads of the registry, shared by the record builder, the REST read surfaces and MCP tools.

One module per concern; everything is re-exported here so callers write `selectors.x`.
"""

from registry.selectors.attention import (
    entities_accelerating,
    entities_compare,
    entities_named,
    entities_search,
    entity_detail,
    entity_found,
    entity_resolve,
    signals_current,
    verticals_list,
)
from registry.selectors.clusters import clusters_corroborated
from registry.selectors.markets import market_row, markets_list, recent_prices, with_prices
from registry.selectors.platform import stats_current
from registry.selectors.sources import (
    source_automation,
    source_detail,
    source_found,
    source_freshness,
    source_object,
    sources_as_of,
    sources_list,
    tripwires_list,
)
from search.reporting import document_row, documents_search

__all__ = [
    "clusters_corroborated",
    "document_row",
    "documents_search",
    "entities_accelerating",
    "entities_compare",
    "entities_named",
    "entities_search",
    "entity_detail",
    "entity_found",
    "entity_resolve",
    "market_row",
    "markets_list",
    "recent_prices",
    "signals_current",
    "source_automation",
    "source_detail",
    "source_found",
    "source_freshness",
    "source_object",
    "sources_as_of",
    "sources_list",
    "stats_current",
    "tripwires_list",
    "verticals_list",
    "with_prices",
]
