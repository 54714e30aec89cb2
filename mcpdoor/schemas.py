"""Tool input schemas derived from the REST twins' serializers, so both doors take the same
arguments under the same rules, and a tool argument is checked by the serializer itself."""

import json
from functools import cache
from typing import Any

from django.core.validators import RegexValidator
from rest_framework import serializers

from config import contract
from config.fields import Instant, clipped, echoed, json_type
from config.parsers import unsound
from config.problems import field_errors


def _field(field: serializers.Field) -> dict[str, Any]:
    if isinstance(field, serializers.BooleanField):
        schema: dict[str, Any] = {"type": "boolean"}
    elif isinstance(field, serializers.IntegerField):
        schema = {"type": "integer"}
        for bound, key in ((field.min_value, "minimum"), (field.max_value, "maximum")):
            if bound is not None:
                schema[key] = bound
    elif isinstance(field, serializers.ChoiceField):
        schema = {"type": "string", "enum": [str(choice) for choice in field.choices]}
    elif isinstance(field, Instant):
        schema = {"type": "string", "format": "date-time", "maxLength": Instant.MAX_LENGTH}
    elif isinstance(field, serializers.DateTimeField):
        schema = {"type": "string", "description": "ISO-8601 instant, or a date"}
    elif isinstance(field, serializers.ListSerializer):
        schema = {"type": "array", "items": _object(type(field.child))}
    elif isinstance(field, serializers.JSONField):
        schema = {}
    elif isinstance(field, contract.ContractObject):
        schema = {"type": "object", "$ref": field.contract}
    elif isinstance(field, serializers.DictField):
        schema = {"type": "object"}
    elif isinstance(field, serializers.CharField):
        schema = {"type": "string"}
        if field.max_length:
            schema["maxLength"] = field.max_length
        if field.min_length:
            schema["minLength"] = field.min_length
        patterns = [v.regex.pattern for v in field.validators if isinstance(v, RegexValidator)]
        if patterns:
            # JSON Schema patterns are ECMA-262: Python's end-of-text `\Z` is written `$`.
            pattern = patterns[0].replace("\\Z", "$")
            schema["pattern"] = f"^$|{pattern}" if field.allow_blank else pattern
    else:  # related fields and other plain strings (a vertical's slug)
        schema = {"type": "string"}
    if field.help_text:
        schema["description"] = str(field.help_text)
    if field.default is not serializers.empty and not callable(field.default):
        schema["default"] = field.default
    return schema


@cache
def input_schema(serializer: type[serializers.Serializer] | None) -> dict[str, Any]:
    """JSON Schema for a serializer's fields, one document: what it takes from the contract (a
    Watch's coordinates) carried in its `$defs`. Built once per process (`tools/list` serialises
    it, `validated` reads it; nothing mutates it)."""
    return contract.carried(_object(serializer))


def _object(serializer: type[serializers.Serializer] | None) -> dict[str, Any]:
    properties, required = {}, []
    for name, field in serializer().fields.items() if serializer else []:
        properties[name] = _field(field)
        if field.required:
            required.append(name)
    schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = required
    return {**schema, **getattr(serializer, "contract_rule", {})}


class ArgumentError(Exception):
    """A tool argument is wrong; the message names it and says what it should be."""


# What each JSON Schema type admits, as parsed JSON: a boolean is no integer (Python says it is).
_ADMITS = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}
_NAMED = {"string": "a string", "integer": "an integer", "boolean": "a boolean",
          "array": "an array", "object": "an object"}  # fmt: skip


def _typed(name: str, value: Any, schema: dict[str, Any]) -> None:
    """The value is of the JSON type the schema declares, and so is every item and member it
    declares: the serializers behind would coerce `"5"` to 5 and `true` to "True"."""
    kind = schema.get("type")
    if kind in _ADMITS and not _ADMITS[kind](value):
        got = "null" if value is None else f"{json_type(value)} {echoed(value)}"
        raise ArgumentError(f"{name}: expected {_NAMED[kind]}, got {got}.")
    if kind == "array":
        for index, item in enumerate(value):
            _typed(f"{name}[{index}]", item, schema.get("items", {}))
    elif kind == "object":
        for member, item in value.items():
            if member in schema.get("properties", {}):
                _typed(f"{name}.{member}", item, schema["properties"][member])


def validated(serializer: type[serializers.Serializer] | None, arguments: dict) -> dict:
    schema = input_schema(serializer)
    known = schema["properties"]
    unknown = sorted(set(arguments) - set(known))
    if unknown:
        takes = ", ".join(sorted(known)) or "no arguments"
        name = json.dumps(clipped(unknown[0]), ensure_ascii=False)
        raise ArgumentError(f"{name}: this tool does not take it (it takes {takes}).")
    # Said of the argument, as REST's parser says it of a body's field: a NUL, a lone
    # surrogate, a number past a double; the rest of the message is sound, so no parse error.
    if found := unsound(arguments):
        raise ArgumentError(f"{found[0]}: {found[1]}.")
    for name, value in arguments.items():
        _typed(name, value, known[name])
    if serializer is None:
        return {}
    checked = serializer(data=arguments)
    if not checked.is_valid():
        errors = field_errors(checked.errors)
        field = next(iter(errors))
        raise ArgumentError(f"{field}: {' '.join(errors[field])}")
    return dict(checked.validated_data)
