"""Property tests for every door that takes outside data: none raises past its door, none lets a
value through that a store cannot keep or a read cannot show.

The strategies are `tests.ingest_edges`; each test is bounded (`EDGES`, `FEW`) and derandomized.
"""

import itertools
import json
import math
from dataclasses import fields, is_dataclass
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ingestion
from ingestion import dates
from ingestion.feeds import URL_LONGEST, FeedError, parse_feed
from ingestion.issuers import Unreadable, read_source
from ingestion.quotes import MarketFormatError, market_api_url, parse_market_body
from ingestion.values import EARLIEST, LATEST, BadValue
from registry.models import Document, MarketPrice, MarketQuestion, PrimarySource
from tests import ingest_edges as edges
from tests.factories import FeedFactory, MarketQuestionFactory, OutletFactory, VerticalFactory

FIXTURES = Path(__file__).parent.parent / "fixtures"
VENUES = {
    "polymarket": (json.loads((FIXTURES / "polymarket_gamma_market.json").read_text())[0],
                   ["question", "outcomes", "outcomePrices", "endDate", "volume24hr", "closed"]),
    "kalshi": (json.loads((FIXTURES / "kalshi_market.json").read_text())["market"],
               ["title", "last_price_dollars", "close_time", "volume_24h", "status"]),
    "manifold": (json.loads((FIXTURES / "manifold_market.json").read_text()),
                 ["question", "probability", "closeTime", "isResolved", "volume24Hours"]),
}  # fmt: skip
SERVED = itertools.count()
MARKET_VALUES = edges.texts | edges.date_strings | edges.decimal_strings | edges.json_values


def attempt(call, refusal):
    """(result, None), or (None, the refusal): a door answers one or the other, nothing else."""
    try:
        return call(), None
    except refusal as exc:
        return None, exc


def assert_storable(value, where="value"):
    """Every string, instant, day and number inside `value` is one a store keeps and a read
    shows: no NUL or surrogate, aware UTC instants and days inside the window, finite floats."""
    if is_dataclass(value):
        for f in fields(value):
            assert_storable(getattr(value, f.name), f"{where}.{f.name}")
    elif isinstance(value, str):
        assert not any(c == "\x00" or "\ud800" <= c <= "\udfff" for c in value), where
    elif isinstance(value, datetime):
        assert value.utcoffset() == timedelta(0), where
        assert EARLIEST <= value < LATEST, where
    elif isinstance(value, date):
        assert EARLIEST.date() <= value < LATEST.date(), where
    elif isinstance(value, float):
        assert math.isfinite(value), where


# --- the feed parser ----------------------------------------------------------------------
@edges.EDGES
@given(body=edges.feed_bodies | edges.json_feed_bodies)
def test_the_feed_parser_refuses_by_name_or_yields_only_storable_items(body):
    reading, refused = attempt(lambda: parse_feed(body, url="https://f.example/a.xml"), FeedError)
    if refused:
        assert str(refused)
        return
    for item in reading.items:
        assert_storable(item)
        assert item.url.startswith(("http://", "https://"))
        assert len(item.url) <= URL_LONGEST
    assert all(isinstance(reason, str) for reason in reading.errors())


@edges.EDGES
@given(raw=edges.date_strings, zone=st.none() | st.sampled_from([-14 * 60, 0, 14 * 60]))
def test_a_feed_date_is_read_into_the_window_or_refused_by_name(raw, zone):
    feed_zone = None if zone is None else timezone(timedelta(minutes=zone))
    read, refused = attempt(lambda: dates.when(dates.stated(raw), feed_zone, "date"), BadValue)
    if refused:
        assert "date" in str(refused) or "zone" in str(refused)
        return
    instant, day = read
    assert_storable(instant)
    assert_storable(day)
    assert instant is None or day is None


# --- the market parsers -------------------------------------------------------------------
@edges.EDGES
@given(
    venue=st.sampled_from(sorted(VENUES)),
    changes=st.lists(
        st.tuples(
            st.integers(0, 5), edges.json_values | edges.date_strings | edges.decimal_strings
        ),
        max_size=3,
    ),
)
def test_the_market_parsers_refuse_by_name_or_quote_only_storable_values(venue, changes):
    market, names = VENUES[venue]
    market = dict(market)
    for index, value in changes:
        market[names[index % len(names)]] = value
    payload = {"polymarket": [market], "kalshi": {"market": market}}.get(venue, market)
    quote, refused = attempt(lambda: parse_market_body(venue, edges.as_json(payload)),
                             MarketFormatError)  # fmt: skip
    if refused:
        assert str(refused).startswith(f"{venue} market JSON")
        return
    assert_storable(quote)
    assert 0 <= quote.probability_pct <= 100


@edges.EDGES
@given(venue=st.sampled_from(sorted(VENUES)), body=edges.deep_structures | edges.texts)
def test_the_market_parsers_take_any_body(venue, body):
    raw = body.encode("utf-8", errors="surrogatepass")
    with pytest.raises(MarketFormatError):
        parse_market_body(venue, raw)


# --- the issuer readers -------------------------------------------------------------------
storms = st.lists(
    st.fixed_dictionaries(
        {"classification": st.sampled_from(["HU", "TS"]) | edges.json_values,
         "name": edges.texts | edges.json_values, "lastUpdate": edges.date_strings},
        optional={"publicAdvisory": st.fixed_dictionaries(
            {}, optional={"url": edges.texts | edges.json_values,
                          "advNum": edges.json_values}) | edges.json_values},
    ) | edges.json_values,
    max_size=3,
)  # fmt: skip
raw_texts = edges.texts.map(lambda text: text.encode("utf-8", "surrogatepass"))
issuer_bodies = st.one_of(
    st.tuples(st.sampled_from(["hurricane-feed", "central-bank-rss"]), edges.feed_bodies),
    st.tuples(st.just("storms-json"), storms.map(lambda s: edges.as_json({"activeStorms": s}))),
    st.tuples(st.just("storms-json"), edges.json_values.map(edges.as_json)),
    st.tuples(st.just("text-pattern"), raw_texts),
)  # fmt: skip


@edges.EDGES
@given(parser_and_body=issuer_bodies)
def test_the_issuer_readers_read_storable_words_or_say_unreadable(parser_and_body):
    parser, body = parser_and_body
    source = PrimarySource(parser=parser, active_pattern=r"warning\W+\w+", quiet_pattern="calm")
    read, refused = attempt(lambda: read_source(source, body), Unreadable)
    if refused:
        assert str(refused)
        return
    assert_storable(read)
    assert read.ref is None or len(read.ref) <= 300


# --- the doors that store: documents, a feed served, a venue served -----------------------
@pytest.mark.django_db
@edges.FEW
@given(
    title=edges.texts, summary=edges.texts,
    url=st.one_of(edges.texts.map(lambda path: "https://x.example/" + path), edges.texts),
    guid=st.none() | edges.texts, published=st.none() | edges.aware_datetimes,
)  # fmt: skip
def test_documents_ingest_stores_only_storable_documents(title, summary, url, guid, published):
    outlet, vertical = OutletFactory(), VerticalFactory()
    item = ingestion.IncomingDocument(
        url=f"{url}{next(SERVED)}", title=title,
        summary=summary, guid=guid, published_at=published, outlet=outlet, vertical=vertical,
        fetched_at=datetime(2026, 11, 20, tzinfo=UTC),
    )  # fmt: skip
    report = ingestion.documents_ingest(items=[item])
    assert report.new + report.duplicates + report.skipped == 1
    for row in Document.objects.values("url", "title", "summary", "guid", "published_at", "day"):
        for value in row.values():
            assert_storable(value)


@pytest.mark.django_db
@pytest.mark.usefixtures("local_fetches")
@edges.FEW
@given(body=edges.feed_bodies | edges.json_feed_bodies)
def test_a_served_feed_is_read_or_failed_on_its_row_and_every_read_stays_up(httpserver, api, body):
    path = f"/feeds/{next(SERVED)}"
    feed = FeedFactory(url=httpserver.url_for(path))
    httpserver.expect_request(path).respond_with_data(body)
    run = ingestion.feed_fetch(feed_id=feed.pk)
    feed.refresh_from_db()
    assert (feed.consecutive_failures == 1) == bool(run.error)
    assert api.get("/api/v1/documents", {"q": "a"}).status_code == 200
    for row in Document.objects.filter(feed=feed).values("title", "summary", "url", "day"):
        for value in row.values():
            assert_storable(value)


@pytest.mark.django_db
@edges.FEW
@given(
    venue=st.sampled_from(sorted(VENUES)),
    field_index=st.integers(0, 5),
    value=MARKET_VALUES,
)
def test_a_served_venue_is_imported_or_failed_on_its_row_and_the_markets_list_stays_up(
    httpserver, local_fetches, api, venue, field_index, value
):
    local_fetches.SVC_MARKET_APIS = {v: httpserver.url_for(f"/{v}") for v in VENUES}
    market, names = VENUES[venue]
    market = {**market, names[field_index % len(names)]: value}
    payload = {"polymarket": [market], "kalshi": {"market": market}}.get(venue, market)
    external_id = f"q-{next(SERVED)}"
    question = MarketQuestionFactory(venue=venue, external_id=external_id)
    httpserver.clear()
    path = urlsplit(market_api_url(venue, external_id, local_fetches.SVC_MARKET_APIS)).path
    httpserver.expect_request(path).respond_with_data(edges.as_json(payload))
    price = ingestion.market_import(question_id=question.pk)
    question = MarketQuestion.objects.get(pk=question.pk)
    assert (price is None) == (question.consecutive_failures == 1)
    assert_storable(question.question)
    assert_storable(question.deadline or EARLIEST)
    assert api.get("/api/v1/markets").status_code == 200
    for row in MarketPrice.objects.values("probability_pct", "volume_24h", "priced_at"):
        for value in row.values():
            assert_storable(value)
