"""DRF's JSON parser, refusing as a 400 what would otherwise fail deeper: JSON nested too
deeply for Python's parser, and values no service can be handed (`unsound`).

`json.loads` of a body like `[[[[...]]]]` 100,000 deep raises RecursionError, which DRF does not
catch: without this the request was a 500.
"""

import json
import math
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from config.fields import clipped
from config.problems import invalid_field

# The integers every JSON reader holds exactly (I-JSON, RFC 7493 2.2: an IEEE 754 double's).
SAFE_INTEGER = 2**53 - 1


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON nested too deeply") from None
        if found := unsound(data):
            raise invalid_field(*found)
        return data


def unsound(data: Any, at: str = "", *, numbers: bool = True) -> tuple[str, str] | None:
    """The first value in parsed JSON no service may be handed, as (where, why), or None
    (`numbers=False`: text only, where each number is judged by what reads it).

    Unsound: a number that is no finite double (`1e400` parses as infinity, which int() cannot
    take and a database column cannot hold) or an integer past what every JSON reader holds
    exactly; text, a value or a member's name, holding NUL (PostgreSQL text cannot store it) or
    a lone surrogate escape (`\\ud800`: no character, so it cannot be encoded, stored or said
    back). `where` names the field as a refusal does: `coordinates.window`, `items[0].unit`,
    `body` for the whole.
    """
    pending: list[tuple[str, Any, Any]] = [(at, data, None)]  # where, value, its member name
    while pending:
        where, item, name = pending.pop()
        if name is not None and (why := _unsound_text(name)):
            return where, f"its name {why}"
        if why := _unsound_value(item) if numbers else _unsound_text(item):
            return where or "body", why
        if isinstance(item, dict):
            members = [(_member(where, k), v, k) for k, v in item.items()]
            pending.extend(reversed(members))  # the first member is looked at first
        elif isinstance(item, list):
            items = [(f"{where or 'body'}[{i}]", v, None) for i, v in enumerate(item)]
            pending.extend(reversed(items))
    return None


def _member(where: str, name: str) -> str:
    return f"{where}.{shown(name)}" if where else shown(name)


def _unsound_value(item: Any) -> str | None:
    if isinstance(item, bool):
        return None
    if isinstance(item, int) and abs(item) > SAFE_INTEGER:
        return f"an integer past +/-{SAFE_INTEGER}, which not every JSON reader holds exactly"
    if isinstance(item, float) and not math.isfinite(item):
        return "a number beyond what a double holds (it reads as infinity)"
    return _unsound_text(item)


def _unsound_text(text: Any) -> str | None:
    if not isinstance(text, str):
        return None
    if "\x00" in text:
        return "contains a NUL character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "contains a lone surrogate escape (\\ud800 to \\udfff alone), which is no character"
    return None


def shown(name: str) -> str:
    """A member's name as a refusal can say it: cut short, and escaped as JSON writes it where it
    holds what cannot be said back as text (a lone surrogate, NUL)."""
    if _unsound_text(name):
        return clipped(json.dumps(name)[1:-1])
    return clipped(name)
