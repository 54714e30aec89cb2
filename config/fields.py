"""Serializer fields stricter than DRF's own where a generated client relies on the type."""

import json
import re

from rest_framework import serializers


class TextField(serializers.CharField):
    """A string, and only a string: DRF's CharField turns a number into text, so `42` passed
    where the schema says `string` (and an ask was spent on it)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class JsonBooleanField(serializers.BooleanField):
    """`true` or `false` as JSON writes them, in a body: DRF's BooleanField also takes 0, 1,
    "yes" and "on" (meant for form and query strings), which the document's boolean does not."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class QueryInteger(serializers.IntegerField):
    """An integer as a query string writes it, in ASCII digits (or a parsed JSON integer, as a
    tool argument gives it): DRF's field reads text with `int()`, which also takes `1_0`,
    ` 5`, `+5`, `5.0` and full-width or Arabic-Indic digits, none of which a client means.

    One spelling per number: a leading zero is refused. Read as its plain form, each padding
    of a value was another read-cache entry (the key is the query as written, computed before
    any validation so that a hit costs nothing), built at several times the cost of a hit."""

    default_error_messages = {"padded": "An integer is written without leading zeros."}

    def to_internal_value(self, data):
        if isinstance(data, str) and _PADDED.fullmatch(data):
            self.fail("padded")
        if isinstance(data, str) and not _DIGITS.fullmatch(data):
            self.fail("invalid")
        if not isinstance(data, str | int) or isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)


class JsonInteger(serializers.IntegerField):
    """An integer in a JSON body: a number without a fraction, never a string or a boolean."""

    def to_internal_value(self, data):
        if not isinstance(data, int) or isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)


_DIGITS = re.compile(r"-?[0-9]+")  # the sign stays so `-1` is told the minimum, not "invalid"
_PADDED = re.compile(r"-?0[0-9]+|-0")  # `0` alone is a number; `-0` is `0` written twice over

ECHOED = 40  # characters of a refused value said back: enough to recognise it


def clipped(text: str) -> str:
    """Text the caller sent (a value, an unknown name), cut short to be said back: a 5 KB value
    came back three times over (`detail`, `error`, `errors`)."""
    return text if len(text) <= ECHOED else f"{text[:ECHOED]}..."


def echoed(value: object) -> str:
    """A refused value as an error message quotes it: as JSON writes it (never a Python repr),
    cut short."""
    if isinstance(value, str):
        return json.dumps(clipped(value))
    return clipped(json.dumps(value, default=str))


def json_type(value: object) -> str:
    """The JSON name of a parsed value's type, as an error message says it to a client."""
    for kind, name in ((bool, "a boolean"), (str, "a string"), (int | float, "a number"),
                       (list, "an array"), (dict, "an object")):  # fmt: skip
        if isinstance(value, kind):
            return name
    return "null"


class Choice(serializers.ChoiceField):
    """One of a fixed set; a refusal names the set (DRF's says only "not a valid choice") and
    quotes the value short."""

    default_error_messages = {"invalid_choice": "{input} is not one of: {choices}."}

    def fail(self, key, **kwargs):
        if key == "invalid_choice":
            choices = ", ".join(self.choice_strings_to_values)
            kwargs.update(input=echoed(kwargs["input"]), choices=choices)
        super().fail(key, **kwargs)
