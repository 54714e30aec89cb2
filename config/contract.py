"""The typed contract: one JSON Schema per answer envelope, the one source of every description
of an answer: the OpenAPI components, the MCP tools' `outputSchema`, and the tests that hold
each answer to its schema.

Each envelope's schema is a file `<app>/schemas/<tag>.json` (JSON Schema 2020-12) whose `$id`
is the envelope's `schema` tag (`svc.signals.v1`). Alias fields are properties like any other.
Schemas allow unknown members: within a version, answers only ever gain fields.

An envelope carried inside another (a ticket's answer, a Watch's reading) is a reference by tag,
`{"$ref": "svc.answer.v1"}`, never a copy (a copy drifted: the ticket's answer lacked
`language`); one of its definitions is `<tag>#/$defs/<name>`. The OpenAPI document points it at
the tag's component; an MCP `outputSchema` and the tests' validators read `self_contained(tag)`,
which carries each envelope and definition referred to in its own `$defs`.

Definitions a room generates from its own source (a Watch's coordinates, from the catalogue) are
named in the file by `x-defs-from` (a dotted path to a function returning them) and merged into
its `$defs` when the contract loads.
"""

import copy
import json
from functools import cache
from typing import Any

from django.conf import settings
from django.utils.module_loading import import_string
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

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
            if source := schema.pop("x-defs-from", None):
                schema["$defs"] = {**schema.get("$defs", {}), **import_string(source)()}
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
    """`tag`'s schema as one document: every envelope and definition it refers to (and those
    they refer to) carried in its `$defs`, an envelope under its tag and a definition as
    `<tag>.<name>`; `$id` and `$schema` left out, as a tool's outputSchema or a validator reads it
    alone."""
    return _carrying(_body(schema_of(tag)), tag)


def carried(schema: dict[str, Any]) -> dict[str, Any]:
    """A schema written with references into the contract (`<tag>`, `<tag>#/$defs/<name>`) as
    one document, what it refers to carried in its `$defs` (an MCP tool's inputSchema)."""
    return _carrying(copy.deepcopy(schema), "")


def pointed_at_components(schema: dict[str, Any]) -> dict[str, Any]:
    """A schema written with references into the contract, as the OpenAPI document writes it:
    each pointed at its component."""
    return _pointed(schema, "", REF)


def _carrying(body: dict[str, Any], tag: str) -> dict[str, Any]:
    """`body` (of `tag`'s schema) with its references local and what they name in `$defs`: only
    what is named, so a definition of a large envelope does not carry the whole envelope."""
    defs: dict[str, Any] = {}
    pending = _wanted(body, tag)
    while pending:
        owner, name = pending.pop()
        key = f"{owner}.{name}" if name else owner
        if key in defs:
            continue
        schema = schema_of(owner)
        node = copy.deepcopy(schema["$defs"][name] if name else _body(schema))
        defs[key] = _pointed(node, owner, "#/$defs/")
        pending |= _wanted(node, owner)
    result = _pointed(body, tag, "#/$defs/")
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


def _wanted(node: Any, tag: str) -> set[tuple[str, str]]:
    """What `node` (of `tag`'s schema) refers to, as (envelope, definition name or "" for the
    envelope itself): `#/$defs/<name>` its own, `<other>` and `<other>#/$defs/<name>`."""
    if isinstance(node, list):
        return set().union(*(_wanted(v, tag) for v in node))
    if not isinstance(node, dict):
        return set()
    found = set().union(*(_wanted(v, tag) for v in node.values()))
    value = node.get("$ref")
    if isinstance(value, str) and value.startswith("#/$defs/"):
        found.add((tag, value.removeprefix("#/$defs/")))
    elif other := _envelope_of(value):
        found.add((other, value.partition("#/$defs/")[2]))
    return found


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


class ContractObject(serializers.DictField):
    """A body's JSON object whose members the contract types (`contract`: `<tag>#/$defs/<name>`):
    the OpenAPI document (`config.openapi`) and an MCP tool's inputSchema (`mcpdoor.schemas`)
    give it that definition by reference; the service behind checks each member and names it."""

    def __init__(self, *, contract: str, **kwargs):
        self.contract = contract
        super().__init__(**kwargs)


class RuledSerializer(serializers.Serializer):
    """A body with a rule of the contract across its fields (`contract_rule`, a JSON Schema with
    references into the contract: a Watch's coordinates are those of its `base`), stated where
    its fields are, in the OpenAPI document and the MCP inputSchema."""

    contract_rule: dict[str, Any] = {}


def add_components(result, generator, request, public):
    """drf-spectacular hook: every envelope as a component (OpenAPI 3.1 takes JSON Schema
    2020-12 as it is), its `$defs` hoisted beside it as `<tag>.<name>`."""
    components = result.setdefault("components", {}).setdefault("schemas", {})
    for tag, schema in schemas().items():
        components[tag] = _pointed(_body(schema), tag, REF)
        for name, definition in schema.get("$defs", {}).items():
            components[f"{tag}.{name}"] = _pointed(definition, tag, REF)
    return result
