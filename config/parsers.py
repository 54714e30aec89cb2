"""DRF's JSON parser, refusing as a 400 what would otherwise fail deeper: JSON nested too
deeply for Python's parser, and NUL characters PostgreSQL text cannot hold.

`json.loads` of a body like `[[[[...]]]]` 100,000 deep raises RecursionError, which DRF does not
catch: without this the request was a 500.
"""

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON nested too deeply") from None
        if has_nul(data):
            raise ParseError("JSON strings may not contain NUL characters")
        return data


def has_nul(data) -> bool:
    """Whether any string in parsed JSON holds U+0000, which PostgreSQL text cannot store."""
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False
