"""RSS 2.0, Atom and JSON Feed into plain items. feedparser parses; it is never allowed to fetch.

A body that is no feed at all (an HTML error page served with 200, JSON that is no JSON Feed) is
refused whole, and so is a truncated one: the entries feedparser salvages from a document whose
root never closes would record a partial reading as if it were complete. A document whose root
does close but which is not well-formed (an undefined entity, junk after the root, a stray
character) is read as feedparser salvages it, every item checked, and the reading is recorded
on the feed as read with errors, the reason given.

Each entry is its own item: a value no store can keep (NUL, a lone surrogate, a date outside
the window, a link longer than a document's) refuses that entry alone, with its reason, and
the rest are read. Relative links are resolved against the feed's `xml:base` or its own address.
"""

import html
import json
import re
import xml.sax
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo
from typing import Any
from urllib.parse import urljoin

import feedparser
from django.utils.html import strip_tags

from config.fields import json_type
from ingestion import dates
from ingestion.values import BadValue, checked_text

URL_LONGEST = 1000  # a document's URL column
_JSON_FEED = "https://jsonfeed.org/version/"
# Character references to UTF-16 surrogates: feedparser's lenient parser raises on them. Read
# as U+FFFD, as an HTML parser reads them, so one such reference costs no entry.
_SURROGATE_REFS = re.compile(rb"&#(?:[xX]0*[dD][89a-fA-F][0-9a-fA-F]{2}|0*5[5-7][0-9]{3});")
_COMMENTS = re.compile(r"<!--.*?-->", re.DOTALL)
_ROOT = re.compile(r"<([A-Za-z_][\w.:-]*)")


class FeedError(Exception):
    """The body is not a feed we can read; the message is recorded as the feed's `lastError`."""


@dataclass(frozen=True)
class FeedItem:
    url: str
    title: str
    summary: str
    published_at: datetime | None
    guid: str | None
    published_on: date | None = None  # the day stated, when the date states no zone we know


@dataclass
class FeedReading:
    """What one body held: items, entries without a link, entries refused, and the XML error
    read past, when there was one."""

    items: list[FeedItem] = field(default_factory=list)
    skipped: int = 0
    refused: list[str] = field(default_factory=list)
    salvaged: str | None = None

    def errors(self) -> list[str]:
        """What to record on the feed. An entry with no link is no error: some issuers' feeds
        carry none, and the run counts it as skipped."""
        return ([self.salvaged] if self.salvaged else []) + self.refused


@dataclass(frozen=True)
class _Entry:
    """One entry as the feed wrote it, before any check."""

    link: Any
    title: Any
    summary: Any
    date: Any
    guid: Any


def parse_feed(body: bytes, *, url: str | None = None) -> FeedReading:
    """A feed's body into items; `url`, the address it was fetched from, resolves relative
    links the feed's own `xml:base` does not."""
    start = body.lstrip()
    if not start:
        # feedparser answers an empty body with a result that has no `version` at all.
        raise FeedError("empty body: the server sent no feed")
    if start.startswith(b"{"):
        return _json_feed(start, url)
    parsed, salvaged = _parsed(body, url)
    if not parsed.get("version"):
        looks_like_html = b"<html" in body[:4096].lower()
        raise FeedError(
            "not an RSS or Atom feed" + (" (an HTML page was served)" if looks_like_html else "")
        )
    language = dates.language_of(parsed.feed.get("language"))
    entries = [_xml_entry(entry) for entry in parsed.entries]
    # dict.get: feedparser's own `get("updated")` falls back to `published` with a warning.
    channel = dict.get(parsed.feed, "updated") or dict.get(parsed.feed, "published")
    reading = _read(entries, channel, language)
    reading.salvaged = salvaged
    return reading


def _parsed(body: bytes, url: str | None):
    """feedparser's result, and the XML error it read past (a truncated body is refused)."""
    body = _SURROGATE_REFS.sub(b"&#xFFFD;", _declaration_first(body))
    headers = {"content-location": url} if url else None
    try:
        parsed = feedparser.parse(body, response_headers=headers)
    except Exception as exc:  # a third-party parser's crash is this body's failure
        raise FeedError(f"unreadable feed: {type(exc).__name__}: {str(exc)[:200]}") from None
    error = parsed.get("bozo_exception")
    if not isinstance(error, xml.sax.SAXException):
        return parsed, None
    if _truncated(body, parsed.get("encoding")):
        raise FeedError(f"malformed XML: {error}")
    return parsed, f"malformed XML, read past: {error}"


def _declaration_first(body: bytes) -> bytes:
    """A blank line before `<?xml` makes the document ill-formed; servers send it anyway
    (a template's leading newline) and every feed reader reads past it."""
    bom = b"\xef\xbb\xbf" if body.startswith(b"\xef\xbb\xbf") else b""
    rest = body[len(bom) :].lstrip(b" \t\r\n")
    return bom + rest if rest.startswith(b"<?xml") else body


def _truncated(body: bytes, encoding: str | None) -> bool:
    """Whether the document's root element never closes: the body was cut short."""
    try:
        text = body.decode(encoding or "utf-8", errors="replace")
    except LookupError:
        text = body.decode("utf-8", errors="replace")
    text = _COMMENTS.sub("", text)
    root = _ROOT.search(text)
    return not root or not re.search(rf"</{re.escape(root.group(1))}\s*>", text)


def _xml_entry(entry) -> _Entry:
    link = entry.get("link")
    guid = entry.get("id")
    if not _absolute(link) and _absolute(guid):
        link = guid  # an RSS guid that is a permalink
    # dict.get: feedparser's own `get("updated")` falls back to `published` with a warning.
    when = dict.get(entry, "published") or dict.get(entry, "updated")
    return _Entry(link=link, title=_text(entry.get("title", "")),
                  summary=_text(entry.get("summary", "")), date=when, guid=guid)  # fmt: skip


def _read(entries: list[_Entry], channel: Any, language: str | None) -> FeedReading:
    stamps = [_stamp(entry.date, language) for entry in entries]
    stated = [stamp for stamp in stamps if isinstance(stamp, datetime)]
    channel_stamp = _stamp(channel, language)
    zone = dates.feed_zone(channel_stamp if isinstance(channel_stamp, datetime) else None, stated)
    reading = FeedReading()
    for n, (entry, stamp) in enumerate(zip(entries, stamps, strict=True), start=1):
        try:
            item = _item(entry, stamp, zone)
        except BadValue as exc:
            reading.refused.append(f"entry {n} refused: {exc}")
            continue
        if item is None:
            reading.skipped += 1
        else:
            reading.items.append(item)
    return reading


def _stamp(raw: Any, language: str | None) -> datetime | BadValue | None:
    """The date an entry states (read once: the zone of the feed is learnt from all of them)."""
    try:
        return _stated(checked_text(raw, "date") if raw else None, language)
    except BadValue as exc:
        return exc


def _item(entry: _Entry, stamp: datetime | BadValue | None, zone: tzinfo | None) -> FeedItem | None:
    url = _absolute(checked_text(entry.link, "link") if entry.link else None)
    if not url:
        return None
    if len(url) > URL_LONGEST:
        raise BadValue(f"link is {len(url)} characters long, past {URL_LONGEST}")
    if isinstance(stamp, BadValue):
        raise stamp
    published_at, published_on = dates.when(stamp, zone, "date")
    guid = str(entry.guid) if isinstance(entry.guid, int) else entry.guid
    return FeedItem(
        url=url,
        title=checked_text(entry.title, "title") or url,
        summary=checked_text(entry.summary, "summary")[:4000],
        published_at=published_at,
        published_on=published_on,
        guid=checked_text(guid, "id") if guid else None,
    )


def _stated(raw: Any, language: str | None) -> datetime | None:
    return dates.stated(raw, language) if isinstance(raw, str) else None


def _absolute(link: Any) -> str | None:
    if isinstance(link, str) and link.strip().startswith(("http://", "https://")):
        return link.strip()
    return None


def _text(markup: str) -> str:
    return " ".join(html.unescape(strip_tags(markup)).split())


def _json_feed(body: bytes, url: str | None) -> FeedReading:
    """JSON Feed 1.0 and 1.1 (jsonfeed.org), read as feed readers read it."""
    try:
        payload = json.loads(body)
    except (RecursionError, UnicodeDecodeError, ValueError) as exc:
        raise FeedError(f"malformed JSON: {type(exc).__name__}: {str(exc)[:160]}") from None
    version = payload.get("version") if isinstance(payload, dict) else None
    if not isinstance(version, str) or not version.startswith(_JSON_FEED):
        raise FeedError(f"not a feed: JSON with no {_JSON_FEED} version (not a JSON Feed)")
    if not isinstance(payload.get("items"), list):
        raise FeedError(f"a JSON Feed whose items are {json_type(payload.get('items'))}")
    base = url or _string(payload.get("feed_url")) or _string(payload.get("home_page_url"))
    language = dates.language_of(payload.get("language"))
    return _read([_json_entry(item, base) for item in payload["items"]], None, language)


def _json_entry(item: Any, base: str | None) -> _Entry:
    if not isinstance(item, dict):
        return _Entry(link=None, title="", summary="", date=None, guid=None)
    link = _string(item.get("url")) or _string(item.get("external_url"))
    summary = _string(item.get("summary")) or _string(item.get("content_text"))
    if not summary and _string(item.get("content_html")):
        summary = _text(item["content_html"])
    guid = item.get("id")
    return _Entry(
        link=_joined(base, link),
        title=" ".join((_string(item.get("title")) or "").split()),
        summary=" ".join((summary or "").split()),
        date=_string(item.get("date_published")) or _string(item.get("date_modified")),
        guid=guid if isinstance(guid, str | int) and not isinstance(guid, bool) else None,
    )


def _joined(base: str | None, link: str | None) -> str | None:
    if not base or not link:
        return link
    try:
        return urljoin(base, link)
    except ValueError:  # a base or link no URL parser takes ("http://[")
        return link


def _string(value: Any) -> str | None:
    return value if isinstance(value, str) and value.strip() else None
