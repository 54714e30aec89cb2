"""The typed contract: one JSON Schema per answer envelope, the one source of every description
of an answer: the OpenAPI components, the MCP tools' `outputSchema`, and the tests that hold
each answer to its schema.

Each envelope's schema is a file `<app>/schemas/<tag>.json` (JSON Schema 2020-12) whose `$id`
is the envelope's `schema` tag (`svc.signals.v1`). Alias fields are properties like any other.
Schemas allow unknown members: within a version, answers only ever gain fields.
"""

import copy
import json
from functools import cache
from typing import Any

from django.conf import settings
from drf_spectacular.utils import OpenApiResponse

APPS = ("config", "records", "registry", "billing", "watches", "answers")
REF = "#/components/schemas/"


@cache
def schemas() -> dict[str, dict[str, Any]]:
    """Every envelope's schema by tag."""
    found = {}
    for app in APPS:
        for path in sorted((settings.BASE_DIR / app / "schemas").glob("*.json")):
            schema = json.loads(path.read_text())
            assert schema["$id"] == path.stem, f"{path}: $id must be the file's name"
            found[schema["$id"]] = schema
    return found


def schema_of(tag: str) -> dict[str, Any]:
    return schemas()[tag]


def response(tag: str, description: str = "") -> OpenApiResponse:
    """An operation's answer, described by reference to its envelope's component."""
    return OpenApiResponse({"$ref": REF + tag}, description=description or f"`{tag}`")


@cache
def tool_output(*tags: str) -> dict[str, Any]:
    """An MCP tool's `outputSchema`: its envelope's schema, whole; a tool that answers one of
    several envelopes (ask: an answer or a ticket) takes any of theirs. Built once per process
    (`tools/list` serialises it; nothing mutates it)."""
    whole = [
        {k: v for k, v in copy.deepcopy(schema_of(tag)).items() if k not in ("$id", "$schema")}
        for tag in tags
    ]
    if len(whole) == 1:
        return whole[0]
    return {"type": "object", "anyOf": whole}


def _referenced(node: Any, tag: str) -> Any:
    """`node` with its `#/$defs/X` references pointing at the hoisted `<tag>.X` components."""
    if isinstance(node, dict):
        return {
            key: (
                REF + f"{tag}." + value.removeprefix("#/$defs/")
                if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/")
                else _referenced(value, tag)
            )
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_referenced(item, tag) for item in node]
    return node


def add_components(result, generator, request, public):
    """drf-spectacular hook: every envelope as a component (OpenAPI 3.1 takes JSON Schema
    2020-12 as it is), its `$defs` hoisted beside it as `<tag>.<name>`."""
    components = result.setdefault("components", {}).setdefault("schemas", {})
    for tag, schema in schemas().items():
        body = {k: v for k, v in schema.items() if k not in ("$id", "$schema", "$defs")}
        components[tag] = _referenced(body, tag)
        for name, definition in schema.get("$defs", {}).items():
            components[f"{tag}.{name}"] = _referenced(definition, tag)
    return result
