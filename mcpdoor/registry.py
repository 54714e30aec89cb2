"""The one tool registry. `tools/list`, `tools/call` and the /machine/ pages all read it.

Each tool: its name (`^[a-z0-9_]{1,64}$`), title, description, the serializer that checks its
arguments (the REST twin's, so both doors take the same arguments under the same rules), its
handler, its REST twin, whether it needs a key, and its behaviour hints.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from django.conf import settings
from rest_framework import serializers

from config import contract
from config.aliases import TOOLS as TOOL_ALIASES
from config.aliases import earlier_tool_names
from mcpdoor import budgets
from mcpdoor import handlers as h
from mcpdoor.schemas import input_schema
from records.api import serializers as record_q
from registry.api import serializers as q

NAME = re.compile(r"^[a-z0-9_]{1,64}$")
UNITS = {"s": "second", "m": "minute", "h": "hour", "d": "day"}


@dataclass(frozen=True)
class Tool:
    name: str
    title: str
    description: str
    arguments: type[serializers.Serializer] | None
    handler: Callable[[dict, h.Caller], dict[str, Any]]
    rest_twin: str | None
    key_needed: bool = False
    read_only: bool = True
    idempotent: bool = True
    burst: str | None = None  # its REST twin's burst limit, counted in the same window
    output: tuple[str, ...] = ()  # the envelope tags it answers (config.contract)

    def summary(self) -> str:
        """The description with what a caller must know before calling: key and burst limit."""
        text = self.description
        if self.key_needed:
            text += " Needs a key (x-api-key or Authorization: Bearer)."
        if self.burst:
            count, unit = settings.SVC_BURST_RATES[self.burst].split("/")
            text += (
                f" Burst limit: {count} calls a {UNITS[unit]} per key (or address), counted "
                "with the REST twin's."
            )
        return text

    def listing(self) -> dict[str, Any]:
        """The tool as `tools/list` gives it. Earlier names are not listed as tools of their
        own (the door lists its 29 tools); a tool that still answers to one says so in its
        description and in `_meta`, so a client that calls only listed names can map them."""
        earlier = earlier_tool_names(self.name)
        described = self.summary()
        if earlier:
            described += f" Also answers to its earlier names: {', '.join(earlier)}."
        return {
            **({"_meta": {"svc/earlierNames": earlier}} if earlier else {}),
            "name": self.name,
            "title": self.title,
            "description": described,
            "inputSchema": input_schema(self.arguments),
            "outputSchema": contract.tool_output(*self.output),
            "annotations": {
                "title": self.title,
                "readOnlyHint": self.read_only,
                "destructiveHint": False,
                "idempotentHint": self.idempotent,
                "openWorldHint": False,
            },
        }


def _tools(*tools: Tool) -> dict[str, Tool]:
    """The tools by name; every read tool and ask take a budget (`maxTokens`, mcpdoor.budgets)."""
    for tool in tools:
        assert NAME.match(tool.name), tool.name
        assert (
            tool.name in budgets.BUDGETS or tool.name in budgets.ANSWERING or not (tool.read_only)
        ), f"{tool.name}: a read tool without a budget"
    return {
        tool.name: (
            replace(tool, arguments=budgets.with_budget(tool.arguments))
            if tool.read_only or tool.name in budgets.ANSWERING
            else tool
        )
        for tool in tools
    }


TOOLS = _tools(
    Tool(
        "start_here",
        "Start here",
        "What the service is, what is free, the limits and terms, "
        "current counts, and which tool to call next.",
        None,
        h.start_here,
        None,
        output=("svc.start-here.v1",),
    ),
    Tool(
        "get_topic_record",
        "Topic record",
        "One topic's layered record: issuer facts, "
        "attributed reporting, the service's attention, market belief, judgment, consensus, "
        "state history; with `as_of`, as the service knew it at that instant.",
        h.RecordArgs,
        h.get_topic_record,
        "GET /api/record/{topic}",
        output=("svc.record.v1",),
    ),
    Tool(
        "list_topics",
        "List topics",
        "Every topic with a record, filtered on action class, "
        "tier, coverage state, wire tier or text; paged.",
        record_q.RecordsQuery,
        h.list_topics,
        "GET /api/v1/records",
        output=("svc.records.v1",),
    ),
    Tool(
        "get_topic_history",
        "Topic history",
        "A topic's append-only state history.",
        h.TopicPageArgs,
        h.get_topic_history,
        "GET /api/v1/records/{topic}/history",
        output=("svc.record-history.v1",),
    ),
    Tool(
        "get_reporting",
        "Topic reporting",
        "Reporting rows the relevance rule serves for a "
        "topic, newest first; attributed, not verified.",
        h.TopicPageArgs,
        h.get_reporting,
        "GET /api/v1/records/{topic}/reporting",
        output=("svc.record-reporting.v1",),
    ),
    Tool(
        "get_coverage",
        "Topic coverage",
        "The service's own attention to a topic: direction, mentions per day and per vertical.",
        h.CoverageArgs,
        h.get_coverage,
        "GET /api/v1/records/{topic}/coverage",
        output=("svc.record-coverage.v1",),
    ),
    Tool(
        "get_entity",
        "Entity",
        "One entity by slug, name or alias: counts, aliases, topics, daily attention.",
        h.EntityArgs,
        h.get_entity,
        "GET /api/v1/entities/{slug}",
        output=("svc.entity.v1",),
    ),
    Tool(
        "search_entities",
        "Search entities",
        "Entities whose name or alias contains q.",
        q.EntitySearchQuery,
        h.search_entities,
        "GET /api/v1/entities?q=",
        output=("svc.entity-search.v1",),
    ),
    Tool(
        "compare_entities",
        "Compare entities",
        "Two to ten entities side by side.",
        q.EntityCompareQuery,
        h.compare_entities,
        "GET /api/v1/entities/compare?names=",
        output=("svc.entity-compare.v1",),
    ),
    Tool(
        "top_accelerating",
        "Accelerating entities",
        "Tracked entities whose attention rate most exceeds their baseline.",
        q.AcceleratingQuery,
        h.top_accelerating,
        "GET /api/v1/accelerating",
        output=("svc.accelerating.v1",),
    ),
    Tool(
        "get_signals",
        "Current signals",
        "Current flags: topics whose wire tier is flagged, busiest first.",
        q.SignalsQuery,
        h.get_signals,
        "GET /api/v1/signals",
        output=("svc.signals.v1",),
    ),
    Tool(
        "get_corroborated",
        "Corroborated clusters",
        "Stories carried by origins of known provenance, with their origins and publishers.",
        q.CorroboratedQuery,
        h.get_corroborated,
        "GET /api/v1/corroborated",
        output=("svc.corroborated.v1",),
    ),
    Tool(
        "list_verticals",
        "Verticals",
        "Every vertical with its entities and current mentions.",
        None,
        h.list_verticals,
        "GET /api/v1/verticals",
        output=("svc.verticals.v1",),
    ),
    Tool(
        "get_primary_sources",
        "Primary sources",
        "The first-party issuers read daily, with fetch and read health.",
        q.SourcesQuery,
        h.get_primary_sources,
        "GET /api/v1/sources",
        output=("svc.sources.v1",),
    ),
    Tool(
        "get_source",
        "Primary source",
        "One source: state, guarded topics, readings, flips.",
        h.SourceArgs,
        h.get_source,
        "GET /api/v1/sources/{id}",
        output=("svc.source.v1",),
    ),
    Tool(
        "get_tripwire_alerts",
        "Tripwire alerts",
        "Observed-state flips of primary sources since an instant.",
        q.TripwiresQuery,
        h.get_tripwire_alerts,
        "GET /api/v1/tripwires",
        output=("svc.tripwires.v1",),
    ),
    Tool(
        "get_market_questions",
        "Market questions",
        "Prediction-market questions with their latest price: belief, never fact.",
        q.MarketsQuery,
        h.get_market_questions,
        "GET /api/v1/markets",
        output=("svc.markets.v1",),
    ),
    Tool(
        "search_reporting",
        "Search reporting",
        "Full-text search over ingested reporting, newest first or by relevance.",
        q.DocumentsQuery,
        h.search_reporting,
        "GET /api/v1/documents?q=",
        output=("svc.documents.v1",),
    ),
    Tool(
        "list_datasets",
        "Datasets",
        "The public datasets and their licence.",
        None,
        h.list_datasets,
        "GET /api/v1/datasets",
        output=("svc.datasets.v1",),
    ),
    Tool(
        "get_dataset",
        "Dataset rows",
        "A page of one dataset's rows (the whole file streams from the REST twin).",
        h.DatasetArgs,
        h.get_dataset,
        "GET /api/v1/datasets/{id}",
        output=("svc.dataset.v1",),
    ),
    Tool(
        "ask",
        "Ask",
        "A grounded, source-checked answer whose every sentence cites rows; "
        "sync or async. Metered: 25 a day per address, or 25 per key.",
        h.AskArgs,
        h.ask,
        "POST /api/ask",
        read_only=False,
        idempotent=False,
        output=("svc.answer.v1", "svc.ask-ticket.v1"),
    ),
    Tool(
        "get_answer",
        "Get answer",
        "An async ask's ticket: queued, running, done (with the answer) or failed.",
        h.TicketArgs,
        h.get_answer,
        "GET /api/ask/{ticket}",
        output=("svc.ask-ticket.v1",),
    ),
    Tool(
        "list_standard_watches",
        "Standard Watches",
        "The standard Watches with every coordinate explicit, and the terms for saving one.",
        None,
        h.list_standard_watches,
        "GET /api/v1/watches/standard",
        burst="watch",
        output=("svc.standard-watches.v1",),
    ),
    Tool(
        "unfurl_watch",
        "Unfurl a Watch",
        "Run a Watch once: nothing saved or charged.",
        h.UnfurlArgs,
        h.unfurl_watch,
        "POST /api/v1/watches/unfurl",
        burst="watch",
        output=("svc.watch-reading.v1",),
    ),
    Tool(
        "list_saved_watches",
        "Saved Watches",
        "The newest version of each Watch saved to the key.",
        None,
        h.list_saved_watches,
        "GET /api/v1/watches",
        burst="watch",
        key_needed=True,
        output=("svc.watches.v1",),
    ),
    Tool(
        "save_watch",
        "Save a Watch",
        "Save a Watch into a paid or opening slot, or a new "
        "version of a saved one (watchId) at no charge.",
        h.UnfurlArgs,
        h.save_watch,
        "POST /api/v1/watches",
        burst="watch",
        key_needed=True,
        read_only=False,
        idempotent=False,
        output=("svc.watch.v1",),
    ),
    Tool(
        "recall_watch",
        "Recall a Watch",
        "Every version of a saved Watch and its latest readings.",
        h.WatchIdArgs,
        h.recall_watch,
        "GET /api/v1/watches/{watchId}",
        burst="watch",
        key_needed=True,
        output=("svc.watch.v1",),
    ),
    Tool(
        "retire_watch",
        "Retire a Watch",
        "Retire a saved Watch and free its slot.",
        h.WatchIdArgs,
        h.retire_watch,
        "POST /api/v1/watches/{watchId}/retire",
        burst="watch",
        key_needed=True,
        read_only=False,
        output=("svc.watch.v1",),
    ),
    Tool(
        "get_watch_readings",
        "Watch readings",
        "A saved Watch's stored readings, newest first, paged.",
        h.WatchPageArgs,
        h.get_watch_readings,
        "GET /api/v1/watches/{watchId}/readings",
        burst="watch",
        key_needed=True,
        output=("svc.watch-readings.v1",),
    ),
)


def tool_named(name: str) -> tuple[Tool | None, str]:
    """The tool for a current or earlier name, and the current name."""
    current = next((row.current for row in TOOL_ALIASES if row.earlier == name), name)
    return TOOLS.get(current), current
