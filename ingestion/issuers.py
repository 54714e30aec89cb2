"""Reading first-party issuers: what the issuer says, in its own words, with its date.

One parser per kind of issuer, chosen per source in the admin. A parser either returns a
reading or raises `Unreadable`: a page that says neither "active" nor "quiet" in the words we
know is unreadable, never quiet. An issuer reporting nothing active is a reading, not an absence.
A reading whose words, reference or date could not be stored (`ingestion.values`) is unreadable,
the reason given: nothing an issuer sends escapes the reader.
"""

import json
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from html import unescape

from django.utils.html import strip_tags
from htmldate import find_date

from ingestion.feeds import FeedError, FeedItem, parse_feed
from ingestion.values import BadValue, checked_day, checked_text
from registry.models import PrimarySource, SourceReading

ACTIVE = PrimarySource.ObservedState.ACTIVE_ADVISORIES
QUIET = PrimarySource.ObservedState.NO_ACTIVE_SYSTEMS

_QUIET_WORDS = re.compile(r"there are no tropical cyclones at this time\.?", re.IGNORECASE)
_STORM_ADVISORY = re.compile(
    r"\b(hurricane|tropical storm|tropical depression|subtropical storm|subtropical depression"
    r"|post-tropical cyclone|potential tropical cyclone)\b.*\badvisory\b",
    re.IGNORECASE,
)
# A tag that starts a block of text on a page: the text-pattern reader keeps blocks apart.
_BLOCK = re.compile(r"<(?:p|div|h[1-6]|li|tr|td|th|dt|dd|br|hr|section|article|header|footer"
                    r"|blockquote|pre|table|ul|ol|title)\b", re.IGNORECASE)  # fmt: skip
# A sentence's end: its mark, then space and a capital ("No. 2" and "1.2 million" go on).
_SENTENCE_END = re.compile(r"[.!?](?=\s+[\"'(]?[A-Z])")
_LONGEST_SAID = 600
_CLASSIFICATIONS = {
    "HU": "Hurricane",
    "TS": "Tropical Storm",
    "TD": "Tropical Depression",
    "STS": "Subtropical Storm",
    "SD": "Subtropical Depression",
    "PTC": "Post-Tropical Cyclone",
    "PC": "Potential Tropical Cyclone",
}


class Unreadable(Exception):
    """Fetched, but the content says nothing we can read; the message says why."""


@dataclass(frozen=True)
class SourceRead:
    state: str | None  # ACTIVE, QUIET, or None for issuers whose words carry no such state
    words: str  # the issuer's own words
    ref: str | None  # where those words are
    date: date | None  # the date the issuer put on them


def read_source(source: PrimarySource, body: bytes) -> SourceRead:
    readers = {
        PrimarySource.Parser.HURRICANE_FEED: _hurricane_feed,
        PrimarySource.Parser.STORMS_JSON: _storms_json,
        PrimarySource.Parser.CENTRAL_BANK_RSS: _central_bank_rss,
        PrimarySource.Parser.TEXT_PATTERN: _text_pattern,
    }
    read = readers[source.parser](source, body)
    try:
        return _checked(read)
    except BadValue as exc:
        raise Unreadable(f"the reading cannot be stored: {exc}") from None


def _checked(read: SourceRead) -> SourceRead:
    longest = SourceReading._meta.get_field("observed_ref").max_length
    checked_text(read.words, "words")
    if read.ref is not None and len(checked_text(read.ref, "reference")) > longest:
        raise BadValue(f"reference is {len(read.ref)} characters long, past {longest}")
    if read.date is not None:
        checked_day(read.date, "date")
    return read


def _items(body: bytes) -> list[FeedItem]:
    try:
        items = parse_feed(body).items
    except FeedError as exc:
        raise Unreadable(str(exc)) from None
    return sorted(items, key=_order)


def _order(item: FeedItem) -> datetime:
    """Oldest first; a day without its zone as that day's start, the undated first of all.
    (`datetime.min.astimezone()` was the old key: west of UTC it is year 0, and raised.)"""
    if item.published_at:
        return item.published_at
    if item.published_on:
        return datetime.combine(item.published_on, time.min, tzinfo=UTC)
    return datetime.min.replace(tzinfo=UTC)


def _hurricane_feed(source: PrimarySource, body: bytes) -> SourceRead:
    items = _items(body)
    storms = [item for item in items if _STORM_ADVISORY.search(item.title)]
    if storms:
        latest = storms[-1]
        return SourceRead(ACTIVE, latest.title, latest.url, _day(latest))
    for item in reversed(items):
        match = _QUIET_WORDS.search(f"{item.title} {item.summary}")
        if match:
            return SourceRead(QUIET, _sentence(match.group(0)), item.url, _day(item))
    raise Unreadable(
        "the feed names no storm advisory and does not say there are no tropical cyclones"
    )


def _storms_json(source: PrimarySource, body: bytes) -> SourceRead:
    try:
        payload = json.loads(body)
        storms = payload["activeStorms"]
        if not isinstance(storms, list):
            raise TypeError("activeStorms is not a list")
    except (RecursionError, ValueError, KeyError, TypeError) as exc:
        raise Unreadable(f"not a current-storms document: {type(exc).__name__}: {exc}") from None
    if not storms:
        return SourceRead(QUIET, "activeStorms: [] (the issuer lists no active storms)", None, None)
    try:
        described = [_describe_storm(storm) for storm in storms]
        newest = max(datetime.fromisoformat(s["lastUpdate"].replace("Z", "+00:00")) for s in storms)
        ref = (storms[0].get("publicAdvisory") or {}).get("url")
        if ref is not None and not isinstance(ref, str):
            raise TypeError(f"publicAdvisory.url is {type(ref).__name__}")
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise Unreadable(f"a storm entry is malformed: {type(exc).__name__}: {exc}") from None
    return SourceRead(ACTIVE, "; ".join(described), ref, newest.date())


def _describe_storm(storm: dict) -> str:
    kind = _CLASSIFICATIONS.get(storm["classification"], storm["classification"])
    advisory = (storm.get("publicAdvisory") or {}).get("advNum")
    return f"{kind} {storm['name']}" + (f", advisory {advisory}" if advisory else "")


def _central_bank_rss(source: PrimarySource, body: bytes) -> SourceRead:
    items = _items(body)
    if not items:
        raise Unreadable("the feed lists no statements")
    latest = items[-1]
    return SourceRead(None, latest.title, latest.url, _day(latest))


def _text_pattern(source: PrimarySource, body: bytes) -> SourceRead:
    page = body.decode("utf-8", errors="replace")
    text = _page_text(page)
    active = re.search(source.active_pattern, text, re.IGNORECASE | re.DOTALL)
    quiet = re.search(source.quiet_pattern, text, re.IGNORECASE | re.DOTALL)
    if active and quiet:
        raise Unreadable("both the active and the quiet pattern match: the reading is ambiguous")
    if not (active or quiet):
        raise Unreadable("the page matches neither the active nor the quiet pattern")
    match = active or quiet
    return SourceRead(ACTIVE if active else QUIET, _said_around(text, match), None, _page_day(page))


def _page_text(page: str) -> str:
    """The page's words, one line per block (paragraph, heading, item, cell), so that a match
    keeps the sentence it stands in and never runs into the heading above it; a line break in
    the page's source is a space, as a browser shows it."""
    lines = strip_tags(_BLOCK.sub(r"\n\g<0>", " ".join(page.split()))).splitlines()
    return "\n".join(filter(None, (" ".join(unescape(line).split()) for line in lines)))


def _said_around(text: str, match: re.Match) -> str:
    """The issuer's words: the whole sentences the pattern matched in, within their block (a
    match alone, "rate held", leaves out the figure and the period the sentence states)."""
    ends = (end.end() for end in _SENTENCE_END.finditer(text) if end.end() <= match.start())
    start = max(text.rfind("\n", 0, match.start()) + 1, max(ends, default=0))
    block_end = text.find("\n", match.end())
    stop = _SENTENCE_END.search(text, match.end(), len(text) if block_end < 0 else block_end)
    end = stop.start() + 1 if stop else (len(text) if block_end < 0 else block_end)
    said = text[start:end].replace("\n", " ").strip()
    if len(said) > _LONGEST_SAID:  # a block with no sentence ends: the match and its context
        said = text[max(start, match.start() - 200) : match.end() + 200].replace("\n", " ")
    return said.strip() or match.group(0)


def _page_day(page: str) -> date | None:
    """The day the page says its words are of: its markup's date (meta, `time`, JSON-LD), else
    a whole date its text states ("Updated 28 November 2026"), never in the future. htmldate's
    last resorts (a copyright year, a month alone) are no day the issuer wrote: not taken."""
    try:
        found = find_date(page, extensive_search=False) or find_date(page)
    except (ValueError, TypeError):  # a page lxml cannot parse has no date to give
        return None
    day = date.fromisoformat(found) if found else None
    if day and day.day == 1 and not _names_first(page, day):
        return None
    return day


def _names_first(page: str, day: date) -> bool:
    """Whether a page dated the 1st writes that day (htmldate fills a month or a year alone in
    as the 1st): ISO, day-month-year with digits, or the month's English name beside a 1."""
    month = f"(?:{day:%B}|{day:%b})"
    forms = (
        f"{day:%Y-%m}-01",
        rf"\b0?1[./-]0?{day.month}[./-]{day.year}",
        rf"\b0?{day.month}[./-]0?1[./-]{day.year}",
        rf"\b1(?:st)?\s+{month}\b",
        rf"\b{month}\.?\s+1(?:st)?\b",
    )
    return any(re.search(form, page, re.IGNORECASE) for form in forms)


def _day(item: FeedItem) -> date | None:
    return item.published_at.date() if item.published_at else item.published_on


def _sentence(words: str) -> str:
    words = words[0].upper() + words[1:]
    return words if words.endswith(".") else words + "."
