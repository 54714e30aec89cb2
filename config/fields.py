"""Serializer fields stricter than DRF's own where a generated client relies on the type."""

import json
import re
from datetime import UTC, datetime, timedelta

from drf_spectacular.utils import extend_schema_field
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


# RFC 3339's date-time: a date, `T`, a time with seconds, an optional fraction and a zone (`Z`
# or +-hh:mm). A `+` in a query string arrives as a space (form encoding), so a space is read as
# the `+` it was.
_RFC3339 = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?"
    r"(?:([Zz])|([+\- ])(\d{2}):(\d{2}))"
)
_ZONE_MAX = timedelta(hours=14)


@extend_schema_field({"type": "string", "format": "date-time", "maxLength": 40})
class Instant(serializers.Field):
    """An RFC 3339 instant (`2026-11-26T09:30:00Z`, `...+01:00`), read as an aware UTC datetime:
    a zone is required (an instant without one is no instant), a fraction past microseconds is
    cut to them. DRF's DateTimeField also takes dates, zoneless times and the server's zone."""

    MAX_LENGTH = 40
    default_error_messages = {
        "instant": "An RFC 3339 instant with its zone, such as 2026-11-26T09:30:00Z.",
    }

    def to_internal_value(self, data):
        if not isinstance(data, str) or len(data) > self.MAX_LENGTH:
            self.fail("instant")
        found = _RFC3339.fullmatch(data)
        if not found:
            self.fail("instant")
        try:
            return _utc(found)
        except (ValueError, OverflowError):
            self.fail("instant")

    def to_representation(self, value):
        return value.isoformat() if isinstance(value, datetime) else value


def _utc(found: re.Match) -> datetime:
    year, month, day, hour, minute, second, fraction, z, sign, zh, zm = found.groups()
    micro = int((fraction or "0")[:6].ljust(6, "0"))
    zone = timedelta() if z else timedelta(hours=int(zh), minutes=int(zm))
    if zone > _ZONE_MAX or int(zm or 0) > 59:
        raise ValueError("no such zone")
    local = datetime(int(year), int(month), int(day), int(hour), int(minute), int(second), micro)
    return (local - (-zone if sign == "-" else zone)).replace(tzinfo=UTC)
