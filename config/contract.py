"""The typed contract: one JSON Schema per answer envelope, the one source of every description
of an answer: the OpenAPI components, the MCP tools' `outputSchema`, and the tests that hold
each answer to its schema.

Each envelope's schema is a file `<app>/schemas/<tag>.json` (JSON Schema 2020-12) whose `$id`
is the envelope's `schema` tag (`svc.signals.v1`). Alias fields are properties like any other.
Schemas allow unknown members: within a version, answers only ever gain fields.

An envelope carried inside another (a ticket's answer, a Watch's reading) is a reference by tag,
`{"$ref": "svc.answer.v1"}`, never a copy (a copy drifted: the ticket's answer lacked
`language`). The OpenAPI document points it at the tag's component; an MCP `outputSchema` and
the tests' validators read `self_contained(tag)`, which carries each envelope referred to in its
own `$defs`.
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
    """An MCP tool's `outputSchema`: its envelope's schema, whole and self-contained; a tool that
    answers one of several envelopes (ask: an answer or a ticket) takes any of theirs, their
    `$defs` gathered at the root, where references resolve. Built once per process
    (`tools/list` serialises it; nothing mutates it)."""
    whole = [self_contained(tag) for tag in tags]
    if len(whole) == 1:
        return whole[0]
    gathered = {name: d for schema in whole for name, d in schema.pop("$defs", {}).items()}
    return {"type": "object", "anyOf": whole, **({"$defs": gathered} if gathered else {})}


def self_contained(tag: str) -> dict[str, Any]:
    """`tag`'s schema as one document: every envelope it refers to (and those they refer to)
    carried in its `$defs` under its tag, their own `$defs` as `<tag>.<name>`; `$id` and
    `$schema` left out, as a tool's outputSchema or a validator reads it alone."""
    root = copy.deepcopy(schema_of(tag))
    own = root.pop("$defs", {})
    defs = {f"{tag}.{name}": _pointed(d, tag, "#/$defs/") for name, d in own.items()}
    pending = _envelope_refs(root) | _envelope_refs(own)
    while pending:
        other = pending.pop()
        if other in defs:
            continue
        schema = copy.deepcopy(schema_of(other))
        defs[other] = _pointed(_body(schema), other, "#/$defs/")
        defs.update(
            {
                f"{other}.{n}": _pointed(d, other, "#/$defs/")
                for n, d in schema.get("$defs", {}).items()
            }
        )
        pending |= _envelope_refs(schema) - set(defs)
    result = _pointed(_body(root), tag, "#/$defs/")
    return {**result, **({"$defs": {n: defs[n] for n in sorted(defs)}} if defs else {})}


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in schema.items() if k not in ("$id", "$schema", "$defs")}


def _envelope_of(value: Any) -> str | None:
    """The envelope a reference names: `<tag>` itself or one of its definitions,
    `<tag>#/$defs/<name>`."""
    if not isinstance(value, str):
        return None
    tag = value.split("#/$defs/")[0]
    return tag if tag in schemas() else None


def _envelope_refs(node: Any) -> set[str]:
    """The envelope tags `node` refers to (`{"$ref": "<tag>"}`, `<tag>#/$defs/<name>`)."""
    if isinstance(node, dict):
        tag = _envelope_of(node.get("$ref"))
        found = {tag} if tag else set()
        return found.union(*(_envelope_refs(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_envelope_refs(v) for v in node))
    return set()


def _rewritten(node: Any, ref: Any) -> Any:
    """`node` with every reference replaced by `ref(value)`: each `$ref`, and each target of a
    discriminator's `mapping` (OpenAPI's, which names schemas by reference too)."""
    if isinstance(node, dict):
        return {key: _reference(key, value, ref) for key, value in node.items()}
    if isinstance(node, list):
        return [_rewritten(item, ref) for item in node]
    return node


def _reference(key: str, value: Any, ref: Any) -> Any:
    if key == "$ref" and isinstance(value, str):
        return ref(value)
    if key == "mapping" and isinstance(value, dict):
        return {name: ref(target) for name, target in value.items()}
    return _rewritten(value, ref)


def _pointed(node: Any, tag: str, at: str) -> Any:
    """`node` of `tag`'s schema with its references pointing where the definitions now live,
    `at` (`#/$defs/` inside one document, the components in OpenAPI): its own `#/$defs/X` at
    `<at><tag>.X`, an envelope `<other>` at `<at><other>` and its definition
    `<other>#/$defs/X` at `<at><other>.X`."""

    def ref(value: str) -> str:
        if value.startswith("#/$defs/"):
            return f"{at}{tag}." + value.removeprefix("#/$defs/")
        if _envelope_of(value) is None:
            return value
        return at + value.replace("#/$defs/", ".")

    return _rewritten(node, ref)


def add_components(result, generator, request, public):
    """drf-spectacular hook: every envelope as a component (OpenAPI 3.1 takes JSON Schema
    2020-12 as it is), its `$defs` hoisted beside it as `<tag>.<name>`."""
    components = result.setdefault("components", {}).setdefault("schemas", {})
    for tag, schema in schemas().items():
        components[tag] = _pointed(_body(schema), tag, REF)
        for name, definition in schema.get("$defs", {}).items():
            components[f"{tag}.{name}"] = _pointed(definition, tag, REF)
    return result
