"""The one alias table.

Renamed public names stay as permanent aliases (spec, Versioning 4). Everything versioned reads
from here: the route aliases in `config.urls`, the MCP tool and prompt aliases, field aliases that
ride beside their successors in answers, schema-tag aliases, and the OpenAPI root key
`x-svc-aliases`. Rows are appended, never removed.
"""

from dataclasses import asdict, dataclass
from typing import Any

POLICY = (
    "Renamed public names stay as permanent aliases: nothing a caller already uses stops "
    "answering, each answer says which name is current, and alias rows are appended, never "
    "removed. Within API version 1.0.0 changes are additive only; a renamed field keeps riding "
    "beside its successor with the same value."
)


@dataclass(frozen=True)
class Alias:
    earlier: str
    current: str
    since: str | None = None
    scope: str | None = None  # for fields: the answer the field rides in
    note: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {key: value for key, value in asdict(self).items() if value is not None}


ROUTES = (
    Alias(
        earlier="GET /api/truth/{topic}",
        current="GET /api/record/{topic}",
        since="2026-10-01",
        note="operationId getTruthObject -> getTopicRecord",
    ),
)

SCHEMAS = (Alias(earlier="svc.truth.v1", current="svc.record.v1", since="2026-10-06"),)

TOOLS = (
    Alias(earlier="orient", current="start_here", since="2026-09-07"),
    Alias(earlier="get_truth_object", current="get_topic_record", since="2026-09-07"),
    Alias(earlier="get_truth_record", current="get_topic_record", since="2026-10-01"),
)

PROMPTS = (Alias(earlier="judge-us-first", current="look-around", since="2026-10-06"),)

_DOCS = "counts.attention.current.documents.count"
_VERTICALS = "counts.attention.current.verticals.count"

FIELDS = (
    Alias(earlier="recordState", current="state", since="2026-09-09", scope="record"),
    Alias(earlier="maintainedRecord", current="record", since="2026-09-09", scope="record"),
    Alias(earlier="signals", current=_DOCS, scope="get_entity"),
    Alias(earlier="verticals", current=_VERTICALS, scope="get_entity"),
    Alias(earlier="matches[].signals", current=f"matches[].{_DOCS}", scope="search_entities"),
    Alias(
        earlier="matches[].verticals", current=f"matches[].{_VERTICALS}", scope="search_entities"
    ),
    Alias(earlier="entities[].signals", current=f"entities[].{_DOCS}", scope="top_accelerating"),
    Alias(
        earlier="entities[].verticals", current=f"entities[].{_VERTICALS}", scope="top_accelerating"
    ),
    Alias(earlier="signals[].signalCount", current=f"signals[].{_DOCS}", scope="get_signals"),
    Alias(
        earlier="signals[].verticalCount", current=f"signals[].{_VERTICALS}", scope="get_signals"
    ),
    Alias(
        earlier="clusters[].independentOrigins",
        current="clusters[].knownOriginCount",
        scope="get_corroborated",
        note=(
            "independentOrigins mirrors knownOriginCount (origins whose upstream is known) and is "
            "never larger than it; before 2026-10-12 it mirrored a publisher count instead."
        ),
    ),
)


def current_tool_name(name: str) -> str:
    """The current name for a tool name, which may be an alias."""
    return _successor(TOOLS, name)


def current_prompt_name(name: str) -> str:
    return _successor(PROMPTS, name)


def earlier_tool_names(current: str) -> list[str]:
    """The earlier names a tool still answers to, oldest first."""
    return [row.earlier for row in TOOLS if row.current == current]


def earlier_schema_tags(current: str) -> list[str]:
    return [row.earlier for row in SCHEMAS if row.current == current]


def _successor(rows: tuple[Alias, ...], name: str) -> str:
    for row in rows:
        if row.earlier == name:
            return row.current
    return name


def ride_field_aliases(scope: str, payload: dict[str, Any]) -> dict[str, Any]:
    """Set every earlier field of `scope` beside its successor, with the same value.

    Paths are dotted; `name[]` walks each item of a list. A successor missing from the payload
    leaves its alias out rather than inventing a value. Mutates and returns `payload`.
    """
    for row in FIELDS:
        if row.scope == scope:
            _ride(payload, row.earlier, row.current)
    return payload


def _ride(node: Any, earlier: str, current: str) -> None:
    if "[]." in earlier:
        head, earlier_rest = earlier.split("[].", 1)
        current_head, current_rest = current.split("[].", 1)
        if head != current_head:
            raise ValueError(f"alias {earlier!r} and {current!r} walk different lists")
        for item in node.get(head) or []:
            _ride(item, earlier_rest, current_rest)
        return
    found, value = _lookup(node, current)
    if found:
        node[earlier] = value


def _lookup(node: Any, dotted: str) -> tuple[bool, Any]:
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            return False, None
        node = node[part]
    return True, node


def openapi_extension() -> dict[str, Any]:
    """The whole table, as served under the OpenAPI root key `x-svc-aliases`."""
    return {
        "policy": POLICY,
        "tools": [row.as_dict() for row in TOOLS],
        "prompts": [row.as_dict() for row in PROMPTS],
        "routes": [row.as_dict() for row in ROUTES],
        "fields": [row.as_dict() for row in FIELDS],
        "schemas": [row.as_dict() for row in SCHEMAS],
    }
