"""A stored value Python cannot hold is read as null, with a warning, never as a failed read.

PostgreSQL keeps timestamps and dates from 4713 BC to 294276 AD, Python from year 1 to 9999:
one row written with a date past either end (a venue's `0001-01-01T00:00:00+14:00` is 1 BC in
UTC) made every query that selected it raise, so the markets list, the topic's record and the
admin answered 500, and the next import failed reading the question before it fetched. The
ingestion doors now refuse such values (`ingestion.values`); this is for rows stored before, or
written around them. A float column's NaN or Infinity, which no JSON answer can carry, is read
as null the same way. `manage.py check_rows` finds and repairs those rows.

SQLite stores what Python wrote, so nothing out of Python's range reaches it through Django.
"""

import logging
import math

from psycopg import DataError
from psycopg.adapt import Loader
from psycopg.pq import Format
from psycopg.types.datetime import DateLoader, TimestampLoader
from psycopg.types.numeric import FloatLoader

logger = logging.getLogger(__name__)

# Python loaders, subclassed: the compiled ones are called past any `load` a subclass defines.
# Django reads in text format only; its timestamptz loader (a Python one, carrying the zone it
# checks on every cursor) is the one registered, and is subclassed where it stands.
_LOADERS = {"date": DateLoader, "timestamp": TimestampLoader, "float8": FloatLoader,
            "float4": FloatLoader, "timestamptz": None}  # fmt: skip


def tolerant_reads_install(connection) -> None:
    """Read dates, times and floats on this psycopg connection so that no stored value fails."""
    adapters = connection.adapters
    for name, base in _LOADERS.items():
        oid = adapters.types[name].oid
        base = base or adapters.get_loader(oid, Format.TEXT)
        if getattr(base, "tolerant", False):
            continue
        wrap = _tolerant_float if name.startswith("float") else _tolerant_date
        adapters.register_loader(oid, wrap(base, name))


def _tolerant_date(base: type[Loader], name: str) -> type[Loader]:
    class Tolerant(base):
        tolerant = True

        def load(self, data):
            try:
                return super().load(data)
            except DataError as exc:
                _warn(name, bytes(data), str(exc))
                return None

    return Tolerant


def _tolerant_float(base: type[Loader], name: str) -> type[Loader]:
    class Tolerant(base):
        tolerant = True

        def load(self, data):
            value = super().load(data)
            if value is not None and not math.isfinite(value):
                _warn(name, bytes(data), f"{value} is not a finite number")
                return None
            return value

    return Tolerant


def _warn(name: str, raw: bytes, reason: str) -> None:
    logger.warning(
        "a stored %s could not be read (%s): read as null; manage.py check_rows repairs it "
        "(raw %r)",
        name,
        reason,
        raw[:40],
    )
