"""RSS 2.0 and Atom into plain items. feedparser parses; it is never allowed to fetch.

A feed that is not well-formed XML, or is not RSS/Atom at all (an HTML error page served with
200), is refused whole: storing the entries feedparser salvaged from a truncated document would
record a partial reading as if it were complete.
"""

import html
import xml.sax
from dataclasses import dataclass
from datetime import UTC, datetime

import feedparser
from django.utils.html import strip_tags


class FeedError(Exception):
    """The body is not a feed we can read; the message is recorded as the feed's `lastError`."""


@dataclass(frozen=True)
class FeedItem:
    url: str
    title: str
    summary: str
    published_at: datetime | None
    guid: str | None


def parse_feed(body: bytes) -> tuple[list[FeedItem], int]:
    """(items, skipped): skipped counts entries with no usable link."""
    if not body.strip():
        # feedparser answers an empty body with a result that has no `version` at all.
        raise FeedError("empty body: the server sent no feed")
    parsed = feedparser.parse(body)
    error = parsed.get("bozo_exception")
    if isinstance(error, xml.sax.SAXException):
        raise FeedError(f"malformed XML: {error}")
    if not parsed.get("version"):
        looks_like_html = b"<html" in body[:4096].lower()
        raise FeedError(
            "not an RSS or Atom feed" + (" (an HTML page was served)" if looks_like_html else "")
        )
    items, skipped = [], 0
    for entry in parsed.entries:
        url = _link(entry)
        if not url:
            skipped += 1
            continue
        items.append(
            FeedItem(
                url=url,
                title=_text(entry.get("title", "")) or url,
                summary=_text(entry.get("summary", ""))[:4000],
                published_at=_when(entry),
                guid=(entry.get("id") or None),
            )
        )
    return items, skipped


def _link(entry) -> str | None:
    for candidate in (entry.get("link"), entry.get("id")):
        if candidate and candidate.startswith(("http://", "https://")):
            return candidate
    return None


def _text(markup: str) -> str:
    return " ".join(html.unescape(strip_tags(markup)).split())


def _when(entry) -> datetime | None:
    stamp = entry.get("published_parsed") or entry.get("updated_parsed")
    if not stamp:
        return None
    return datetime(*stamp[:6], tzinfo=UTC)
