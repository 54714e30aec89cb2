"""Hypothesis strategies for what outside parties send: the edge classes of issue 40.

Huge, non-finite and negative-zero numbers; instants at and beyond the calendar's ends and zones
at and past +-14:00; NUL, lone surrogates, bidi and zero-width characters; nulls, empty and deep
structures. Shared by the property tests of every door that takes outside data (feeds, venues,
issuers, documents). Bounded for CI: each test runs `EDGES` (a fixed example count, derandomized,
no example database), so a run is the same on every machine.
"""

import json
from datetime import UTC, datetime, timedelta, timezone
from xml.sax.saxutils import escape

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

EDGES = settings(
    max_examples=150,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
FEW = settings(EDGES, max_examples=40)  # doors that write to the database per example

# --- numbers ------------------------------------------------------------------------------
numbers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -0.0, 1e308, -1e308, 5e-324, 1e-400]),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([2**63, -(2**63) - 1, 10**30]),
)
decimal_strings = st.one_of(
    st.sampled_from(["nan", "NaN", "inf", "-inf", "Infinity", "1e400", "-0", "-0.0", "0.5900",
                     "9" * 400, "0." + "0" * 400 + "1", "1_0", "\uff11", " 0.5 ", ""]),
    numbers.map(str),
)  # fmt: skip

# --- text ---------------------------------------------------------------------------------
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
hostile_chars = st.one_of(
    st.sampled_from(["\x00", "\ud800", "\udfff", "\udc00", "\ufffd", "\ufffe", "\uffff",
                     "\x1b", "\x7f", "\u0085", "\u2028", *BIDI, *ZERO_WIDTH]),
    st.characters(categories=["Cs"]),  # surrogates, which UTF-8 cannot encode
    st.characters(codec="utf-8"),
)  # fmt: skip
texts = st.one_of(
    st.text(hostile_chars, max_size=40),
    st.text(max_size=40),
    st.builds(lambda a, c, b: a + c + b, st.text(max_size=10), hostile_chars, st.text(max_size=10)),
    st.sampled_from(["", " ", "\t\n", "a" * 5000]),
)

# --- instants -----------------------------------------------------------------------------
OFFSETS_MINUTES = [-14 * 60, 14 * 60, -(23 * 60 + 59), 23 * 60 + 59, 0, 330, -570, 845]
offsets = st.one_of(
    st.sampled_from(OFFSETS_MINUTES), st.integers(min_value=-(24 * 60 - 1), max_value=24 * 60 - 1)
)
calendar_edges = st.sampled_from([
    datetime(1, 1, 1), datetime(1, 1, 1, 13, 59), datetime(9999, 12, 31, 23, 59, 59),
    datetime(9999, 12, 31, 10), datetime(1899, 12, 31, 23, 59), datetime(1900, 1, 1),
    datetime(2999, 12, 31, 23, 59), datetime(3000, 1, 1), datetime(1970, 1, 1),
    datetime(2026, 11, 18, 12, 0),
])  # fmt: skip
naive_datetimes = st.one_of(calendar_edges, st.datetimes())
aware_datetimes = st.builds(
    lambda moment, minutes: moment.replace(tzinfo=timezone(timedelta(minutes=minutes))),
    naive_datetimes,
    offsets,
)


def _zone(minutes: int, colon: bool) -> str:
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"{sign}{hours:02d}{':' if colon else ''}{rest:02d}"


def _iso(moment: datetime, minutes: int | None) -> str:
    zone = "" if minutes is None else ("Z" if minutes == 0 else _zone(minutes, True))
    return f"{moment.year:04d}-{moment:%m-%dT%H:%M:%S}{zone}"


def _rfc822(moment: datetime, minutes: int | None, twelve_hour: bool) -> str:
    clock = f"{moment:%I:%M:%S %p}" if twelve_hour else f"{moment:%H:%M:%S}"
    zone = "" if minutes is None else " " + _zone(minutes, False)
    return f"{moment:%a, %d %b} {moment.year:04d} {clock}{zone}"


date_strings = st.one_of(
    st.builds(_iso, naive_datetimes, st.none() | offsets),
    st.builds(_rfc822, naive_datetimes, st.none() | offsets, st.booleans()),
    st.sampled_from([
        "0000-01-01T00:00:00Z", "10000-01-01T00:00:00Z", "-0001-01-01T00:00:00Z",
        "Sat, 01 Jan 10000 00:00:00 GMT", "Mon, 01 Jan 0001 00:00:00 +1400",
        "Fri, 31 Dec 9999 23:00:00 -1400", "2026-02-30T00:00:00Z", "2026-11-18T25:00:00Z",
        "2026-11-18T12:00:00+24:00", "2026-11-18T12:00:00+99:99", "quarta-feira, 18 nov 2026",
        "mercoledì, 18 novembre 2026 12:00", "yesterday", "2 hours ago", "1763467200", "",
        "Wed, 18 Nov 2026 12:00:00 XYZ", "Wed, 18 Nov 2026 12:00 PM +1400",
    ]),
    texts,
)  # fmt: skip

# --- structures ---------------------------------------------------------------------------
json_scalars = st.one_of(st.none(), st.booleans(), numbers, texts, decimal_strings)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
deep_structures = st.sampled_from([
    "[" * 100_000 + "]" * 100_000, '{"a":' * 5000 + "1" + "}" * 5000, "[]", "{}", "null", '""',
])  # fmt: skip


def as_json(value) -> bytes:
    """JSON as a venue would send it: NaN and Infinity as bare words, surrogates as escapes."""
    return json.dumps(value, allow_nan=True).encode()


# --- feeds --------------------------------------------------------------------------------
def _xml_text(text: str, how: str) -> bytes:
    """Hostile text written into XML four ways: escaped, as character references, raw (lone
    surrogates as the bytes a careless encoder writes) and HTML-escaped inside the XML."""
    if how == "references":
        return "".join(f"&#x{ord(c):X};" for c in text).encode()
    if how == "raw":
        return text.encode("utf-8", errors="surrogatepass")
    if how == "double":
        return escape(escape(text)).encode("utf-8", errors="surrogatepass")
    return escape(text).encode("utf-8", errors="surrogatepass")


def _rss(entries, channel_date: str, preamble: bytes, tail: bytes) -> bytes:
    items = b"".join(
        b"<item><title>" + title + b"</title><link>" + link + b"</link><pubDate>" + when
        + b"</pubDate><description>" + summary + b"</description><guid>" + guid + b"</guid></item>"
        for title, link, when, summary, guid in entries
    )  # fmt: skip
    return (
        preamble + b'<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel>'
        b"<title>t</title><link>https://feed.example/</link><lastBuildDate>"
        + _xml_text(channel_date, "escaped") + b"</lastBuildDate>" + items + b"</channel></rss>"
        + tail
    )  # fmt: skip


ways = st.sampled_from(["escaped", "references", "raw", "double"])
links = st.one_of(
    st.sampled_from(["https://feed.example/a", "/relative/b", "c?utm_source=x", "", "ftp://x/y",
                     "https://feed.example/" + "p" * 1200, "http://[::1", "javascript:alert(1)"]),
    texts,
)  # fmt: skip
feed_entries = st.tuples(
    st.builds(_xml_text, texts, ways),
    st.builds(_xml_text, links, ways),
    st.builds(_xml_text, date_strings, ways),
    st.builds(_xml_text, texts, ways),
    st.builds(_xml_text, texts, ways),
)
feed_bodies = st.one_of(
    st.builds(
        _rss,
        st.lists(feed_entries, max_size=4),
        date_strings,
        st.sampled_from([b"", b"\n\n", b"\xef\xbb\xbf\n", b"  \t"]),
        st.sampled_from([b"", b"<junk/>", b"\x00", b"</rss>"]),
    ),
    st.binary(max_size=300),
    deep_structures.map(str.encode),
)
json_feed_bodies = st.builds(
    lambda items, version: as_json({"version": version, "items": items}),
    st.lists(
        st.fixed_dictionaries(
            {},
            optional={"id": json_values, "url": links, "external_url": links, "title": texts,
                      "summary": texts, "content_text": texts, "content_html": texts,
                      "date_published": date_strings, "date_modified": date_strings},
        )
        | json_values,
        max_size=4,
    ),
    st.sampled_from(["https://jsonfeed.org/version/1.1", "https://jsonfeed.org/version/1"]),
)  # fmt: skip

__all__ = [
    "EDGES", "FEW", "UTC", "as_json", "aware_datetimes", "date_strings", "decimal_strings",
    "deep_structures", "feed_bodies", "json_feed_bodies", "json_values", "numbers", "texts",
]  # fmt: skip
