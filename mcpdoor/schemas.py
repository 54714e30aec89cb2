"""Tool input schemas derived from the REST twins' serializers, so both doors take the same
arguments under the same rules, and a tool argument is checked by the serializer itself."""

from functools import cache
from typing import Any

from django.core.validators import RegexValidator
from rest_framework import serializers

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
    elif isinstance(field, serializers.DateTimeField):
        schema = {"type": "string", "description": "ISO-8601 instant, or a date"}
    elif isinstance(field, serializers.ListSerializer):
        schema = {"type": "array", "items": input_schema(type(field.child))}
    elif isinstance(field, serializers.JSONField):
        schema = {}
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


def input_schema(serializer: type[serializers.Serializer] | None, **extra) -> dict[str, Any]:
    """JSON Schema for a serializer's fields (plus `extra` properties, all optional)."""
    properties, required = {}, []
    for name, field in serializer().fields.items() if serializer else []:
        properties[name] = _field(field)
        if field.required:
            required.append(name)
    properties.update(extra)
    schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = required
    return schema


class ArgumentError(Exception):
    """A tool argument is wrong; the message names it and says what it should be."""


@cache
def _names(serializer: type[serializers.Serializer]) -> frozenset[str]:
    return frozenset(serializer().fields)  # building a serializer's fields is its costly part


def validated(serializer: type[serializers.Serializer] | None, arguments: dict) -> dict:
    known = _names(serializer) if serializer else frozenset()
    unknown = sorted(set(arguments) - known)
    if unknown:
        takes = ", ".join(sorted(known)) or "no arguments"
        raise ArgumentError(f"{unknown[0]}: this tool does not take it (it takes {takes}).")
    if serializer is None:
        return {}
    checked = serializer(data=arguments)
    if not checked.is_valid():
        errors = field_errors(checked.errors)
        field = next(iter(errors))
        raise ArgumentError(f"{field}: {' '.join(errors[field])}")
    return dict(checked.validated_data)
