"""What an outside party sends, checked where it enters, before anything is stored.

Every reader (feeds, venues, issuers) and `documents_ingest` pass each value through one of
these; a refusal is a `BadValue` naming the field and the reason, which fails only the item that
carried it and is recorded on the source's health. The checks are what the database and every
read after it need: text PostgreSQL can store (no NUL, no lone surrogate, which UTF-8 cannot
encode), instants in a window where arithmetic and time-zone conversion cannot overflow, and
finite numbers (JSON has no NaN or Infinity).
"""

import math
import re
from datetime import UTC, date, datetime, timedelta

# The sane window, in UTC. Wide enough for archives and long-dated market deadlines, narrow
# enough that a day added or a zone of +-14:00 applied on a read never leaves Python's years
# 1 to 9999 (a stored year outside them made every read of the row fail).
EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)
LATEST = datetime(3000, 1, 1, tzinfo=UTC)  # exclusive
WIDEST_OFFSET = timedelta(hours=14)  # the widest offset any zone uses (Kiribati, +14:00)

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


class BadValue(ValueError):
    """One value refused at the door; the message names the field and says why."""


def checked_text(value: str, field: str) -> str:
    """The text as given, unless it holds a character no store can keep."""
    if not isinstance(value, str):
        raise BadValue(f"{field} is not text")
    found = _UNSTORABLE.search(value)
    if found:
        char = found.group()
        what = "a NUL character" if char == "\x00" else f"a lone surrogate U+{ord(char):04X}"
        raise BadValue(f"{field} holds {what}")
    return value


def checked_instant(value: datetime, field: str) -> datetime:
    """An aware instant inside the window, in UTC; a zone past +-14:00 is no real zone."""
    offset = value.utcoffset()
    if offset is None:
        raise BadValue(f"{field} has no time zone")
    if abs(offset) > WIDEST_OFFSET:
        raise BadValue(f"{field} has an offset of {offset}, past any real zone")
    try:
        utc = value.astimezone(UTC)
    except OverflowError:
        utc = None
    if utc is None or not EARLIEST <= utc < LATEST:
        raise BadValue(f"{field} {value.isoformat()} is outside {_window()}")
    return utc


def checked_day(value: date, field: str) -> date:
    if not EARLIEST.date() <= value < LATEST.date():
        raise BadValue(f"{field} {value.isoformat()} is outside {_window()}")
    return value


def checked_number(value: float, field: str) -> float:
    if not math.isfinite(value):
        raise BadValue(f"{field} is {value}, not a finite number")
    return value


def in_window(value: datetime | date | None) -> bool:
    """Whether a stored value is one the checks above would let in (None is)."""
    if value is None:
        return True
    if isinstance(value, datetime):
        return EARLIEST <= value < LATEST
    return EARLIEST.date() <= value < LATEST.date()


def _window() -> str:
    return f"the years {EARLIEST.year} to {LATEST.year - 1}"
