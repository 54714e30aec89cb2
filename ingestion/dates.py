"""Dates as feeds write them, read with the zone they state, or none claimed.

feedparser turns every date into a UTC tuple, which loses what a reader needs to know: a date
without a zone became UTC (hours off, silently), "01:30 PM" became 01:30, day and month names in
other languages were dropped, and a year past 9999 or before 1 raised. Here the two forms nearly
every feed uses (RFC 822 with English names, ISO 8601) are read by pattern, and anything else by
dateparser (already a dependency) in the feed's language and a few common ones. A date stating
no zone takes the feed's own zone when the feed states one; otherwise only its day is kept, and
no instant is claimed.
"""

import re
from datetime import date, datetime, timedelta, timezone, tzinfo
from functools import lru_cache

from dateparser.data.languages_info import language_order
from dateparser.date import DateDataParser

from ingestion.values import BadValue, checked_day, checked_instant

_MONTHS = {name: n for n, name in enumerate(
    "jan feb mar apr may jun jul aug sep oct nov dec".split(), start=1)}  # fmt: skip
_ZONES = {"GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5,
          "MST": -7, "MDT": -6, "PST": -8, "PDT": -7}  # fmt: skip
_RFC822 = re.compile(
    r"(?:[A-Za-z]{3},?\s*)?(?P<d>\d{1,2})\s+(?P<m>[A-Za-z]{3})[a-z]*\.?\s+(?P<y>\d{2,6})\s+"
    r"(?P<H>\d{1,2}):(?P<M>\d{2})(?::(?P<S>\d{2}))?(?:\s*(?P<z>[+-]\d{4}|[A-Z]{1,3}T?|Z))?"
)
_ISO = re.compile(
    r"(?P<y>[+-]?\d{4,6})-(?P<m>\d{2})-(?P<d>\d{2})(?:[T ](?P<H>\d{2}):(?P<M>\d{2})"
    r"(?::(?P<S>\d{2})(?:[.,]\d+)?)?)?\s*(?P<z>Z|[+-]\d{2}(?::?\d{2})?)?",
    re.IGNORECASE,
)
# Tried when the feed names no language of its own (or with it): the languages whose feeds
# most often write dates in their own words.
COMMON_LANGUAGES = ("en", "pt", "it", "es", "fr", "de", "nl")
_KNOWN_LANGUAGES = frozenset(language_order)
_LONGEST = 80  # no date is longer; a longer string is not parsed at all


def stated(raw: str | None, language: str | None = None) -> datetime | None:
    """The date a feed wrote, aware when it states a zone, naive when it states none; None when
    it cannot be read. A recognisable date no calendar holds is a `BadValue`."""
    if not raw or len(raw) > _LONGEST:
        return None
    raw = " ".join(raw.split())
    for pattern, build in ((_RFC822, _rfc822), (_ISO, _iso)):
        match = pattern.fullmatch(raw)
        if match:
            parsed = build(match)
            if parsed is not False:  # False: the pattern fits but names a zone it cannot read
                return parsed
    return _in_words(raw, language)


def feed_zone(channel: datetime | None, entries: list[datetime | None]) -> tzinfo | None:
    """The feed's own zone: the one its channel's date states, else the one zone every entry
    that states a zone agrees on; None when it states none or several."""
    if channel is not None and channel.tzinfo is not None:
        return timezone(channel.utcoffset())
    offsets = {s.utcoffset() for s in entries if s is not None and s.tzinfo is not None}
    return timezone(offsets.pop()) if len(offsets) == 1 else None


def when(value: datetime | None, zone: tzinfo | None, field: str) -> tuple[datetime | None,
                                                                         date | None]:  # fmt: skip
    """(instant, day): an instant when the zone is known (stated or the feed's), else the day."""
    if value is None:
        return None, None
    if value.tzinfo is None and zone is not None:
        value = value.replace(tzinfo=zone)
    if value.tzinfo is None:
        return None, checked_day(value.date(), field)
    return checked_instant(value, field), None


def _rfc822(match: re.Match) -> datetime | bool | None:
    month = _MONTHS.get(match["m"][:3].lower())
    zone = _zone(match["z"])
    if month is None or zone is False:
        return False
    year = int(match["y"])
    if len(match["y"]) == 2:  # RFC 822's two-digit years, read as RFC 2822 says
        year += 2000 if year < 50 else 1900
    return _built(year, month, int(match["d"]), match, zone)


def _iso(match: re.Match) -> datetime | None:
    return _built(int(match["y"]), int(match["m"]), int(match["d"]), match, _zone(match["z"]))


def _built(year, month, day, match, zone) -> datetime:
    if not 1 <= year <= 9999:
        raise BadValue(f"date names the year {year}, outside any calendar")
    try:
        parsed = datetime(year, month, day, int(match["H"] or 0), int(match["M"] or 0),
                          int(match["S"] or 0))  # fmt: skip
    except ValueError as exc:
        raise BadValue(f"date {match.group(0)!r} is no calendar date ({exc})") from None
    return parsed.replace(tzinfo=zone) if zone is not None else parsed


def _zone(text: str | None) -> tzinfo | bool | None:
    if text is None:
        return None
    if text.upper() in _ZONES:
        return timezone(timedelta(hours=_ZONES[text.upper()]))
    if text[0] not in "+-":
        return False
    digits = text[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:] or 0)
    if hours > 23 or minutes > 59:
        raise BadValue(f"zone {text} is no offset")
    offset = timedelta(hours=hours, minutes=minutes)
    return timezone(-offset if text[0] == "-" else offset)


def _in_words(raw: str, language: str | None) -> datetime | None:
    languages = COMMON_LANGUAGES
    if language in _KNOWN_LANGUAGES and language not in languages:
        languages = (language, *languages)
    try:
        parsed = _parser(languages).get_date_data(raw).date_obj
    except Exception:  # a parser's failure on one string leaves that date unread
        return None
    if parsed is not None and parsed.tzinfo is not None:
        parsed = parsed.astimezone(timezone(parsed.utcoffset()))  # a fixed offset, not a name
    return parsed


@lru_cache(maxsize=16)
def _parser(languages: tuple[str, ...]) -> DateDataParser:
    # Absolute dates only: "2 hours ago" in a feed is relative to a clock we do not know.
    settings = {"PARSERS": ["absolute-time"], "REQUIRE_PARTS": ["day", "month", "year"]}
    return DateDataParser(languages=list(languages), settings=settings)


def language_of(tag: str | None) -> str | None:
    """`pt-BR` -> `pt`: the language a feed declares, as dateparser names it."""
    if not tag or not isinstance(tag, str):
        return None
    code = tag.split("-")[0].split("_")[0].strip().lower()
    return code if re.fullmatch(r"[a-z]{2,3}", code) else None
