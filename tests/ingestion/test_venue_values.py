"""What a venue sends can never break a read: bad values fail the import, recorded on the question.

Each answer is served by a local HTTP server to the real importer; then the reads a person and a
client make: the markets list, the topic's record (JSON, page, MCP) and the admin's pages.
"""

import json
import logging
from pathlib import Path

import pytest
from django.db import connection

from ingestion import market_import
from registry.models import MarketPrice, MarketQuestion
from tests.factories import EventFactory, MarketQuestionFactory
from tests.mcpdoor.door import post

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parent.parent / "fixtures"
KALSHI = json.loads((FIXTURES / "kalshi_market.json").read_text())["market"]
MANIFOLD = json.loads((FIXTURES / "manifold_market.json").read_text())
GAMMA = json.loads((FIXTURES / "polymarket_gamma_market.json").read_text())[0]
PATHS = {"kalshi": "/kalshi/v2/markets/KXTEST", "manifold": "/manifold/v0/slug/will-it",
         "polymarket": "/gamma/markets"}  # fmt: skip
IDS = {"kalshi": "KXTEST", "manifold": "will-it", "polymarket": "will-it"}


@pytest.fixture
def venues(httpserver, local_fetches):
    local_fetches.SVC_MARKET_APIS = {
        "polymarket": httpserver.url_for("/gamma"),
        "kalshi": httpserver.url_for("/kalshi/v2"),
        "manifold": httpserver.url_for("/manifold/v0"),
    }
    return httpserver


@pytest.fixture
def curator(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("kim", "kim@x.example", None))
    return client


def a_question(venue):
    question = MarketQuestionFactory(venue=venue, external_id=IDS[venue])
    question.events.add(EventFactory())
    return question


def serve(venues, venue, payload):
    body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    venues.expect_request(PATHS[venue]).respond_with_data(body, content_type="application/json")


def every_read(api, client, curator_client, question):
    """Status of every read that shows the question, keyed by what it is."""
    topic = question.events.get().subject
    mcp = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
           "params": {"name": "get_topic_record", "arguments": {"topic": topic}}}  # fmt: skip
    return {
        "markets": api.get("/api/v1/markets").status_code,
        "record": api.get(f"/api/record/{topic}").status_code,
        "page": api.get(f"/records/{topic}/").status_code,
        "mcp": post(client, mcp).status_code,
        "admin list": curator_client.get("/admin/registry/marketquestion/").status_code,
        "admin page": curator_client.get(
            f"/admin/registry/marketquestion/{question.pk}/change/"
        ).status_code,
        "admin prices": curator_client.get("/admin/registry/marketprice/").status_code,
    }


ALL_200 = dict.fromkeys(
    ["markets", "record", "page", "mcp", "admin list", "admin page", "admin prices"], 200
)

# Each of these was stored (the dates then broke every read on PostgreSQL) or escaped the
# importer with no failure recorded (NUL, a lone surrogate).
HOSTILE = {
    "a close time in year 1 at +14:00 (1 BC in UTC)": (
        "kalshi", {"market": {**KALSHI, "close_time": "0001-01-01T00:00:00+14:00"}}, "close_time"),
    "a close time in year 9999 at -14:00 (10000 AD in UTC)": (
        "kalshi", {"market": {**KALSHI, "close_time": "9999-12-31T22:00:00-14:00"}}, "close_time"),
    "an end date at the calendar's last second": (
        "polymarket", [{**GAMMA, "endDate": "9999-12-31T23:59:59Z"}], "endDate"),
    "an end date in year 1": ("polymarket", [{**GAMMA, "endDate": "0001-01-01T00:00:00Z"}],
                              "endDate"),
    "a close time in epoch milliseconds in year 3237": (
        "manifold", {**MANIFOLD, "closeTime": 40_000_000_000_000}, "closeTime"),
    "a NUL in the question": ("kalshi", {"market": {**KALSHI, "title": "Will\x00 it?"}}, "NUL"),
    "a lone surrogate in the question": (
        "manifold", {**MANIFOLD, "question": "Will \udc00 it?"}, "lone surrogate U+DC00"),
    "a lone surrogate in an outcome": (
        "polymarket", [{**GAMMA, "outcomes": '["Yes", "\\ud800"]'}], "lone surrogate"),
    "a volume of 400 digits (infinity as a float)": (
        "manifold", {**MANIFOLD, "volume24Hours": "9" * 400}, "volume24Hours is inf"),
    "a volume of 1e400 (infinity in JSON)": (
        "kalshi", b'{"market": ' + json.dumps(KALSHI)[:-1].encode() + b', "volume_24h": 1e400}}',
        "volume_24h"),
    "an offset past any real zone": (
        "kalshi", {"market": {**KALSHI, "close_time": "2026-12-16T18:55:00+23:59"}}, "offset"),
}  # fmt: skip


@pytest.mark.parametrize("case", HOSTILE)
def test_a_bad_value_fails_the_import_alone_and_every_read_stays_up(
    venues, api, client, curator, case
):
    venue, payload, named = HOSTILE[case]
    question = a_question(venue)
    serve(venues, venue, payload)
    assert market_import(question_id=question.pk) is None
    question.refresh_from_db()
    assert question.consecutive_failures == 1
    assert named in question.last_error
    assert question.deadline is None  # what the factory stored: nothing written
    assert not MarketPrice.objects.exists()
    assert every_read(api, client, curator, question) == ALL_200


def test_the_same_venue_answering_well_again_is_imported(venues):
    question = a_question("kalshi")
    serve(venues, "kalshi", {"market": {**KALSHI, "title": "Will\x00 it?"}})
    market_import(question_id=question.pk)
    venues.clear()
    serve(venues, "kalshi", {"market": KALSHI})
    assert market_import(question_id=question.pk).probability_pct == 59.0
    question.refresh_from_db()
    assert (question.consecutive_failures, question.last_error) == (0, None)


postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="only PostgreSQL stores a year Python cannot hold"
)


@postgres_only
@pytest.mark.parametrize("stored", ["0001-12-31 10:00:00+00 BC", "10000-01-01 13:00:00+00"])
def test_a_row_stored_before_reads_as_null_and_the_next_import_repairs_it(
    venues, api, client, curator, caplog, stored
):
    question = a_question("kalshi")
    MarketPrice.objects.create(question=question, captured_at="2026-11-20T12:00:00Z",
                               probability_pct=40, volume_24h=float("inf"))  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE registry_marketquestion SET deadline = %s WHERE id = %s", [stored, question.pk]
        )
    with caplog.at_level(logging.WARNING, logger="config.storedvalues"):
        assert every_read(api, client, curator, question) == ALL_200
    assert "could not be read" in caplog.text
    markets = api.get("/api/v1/markets").json()["questions"]
    assert [m["deadline"] for m in markets] == [None]
    serve(venues, "kalshi", {"market": KALSHI})
    assert market_import(question_id=question.pk) is not None
    assert MarketQuestion.objects.get(pk=question.pk).deadline.year == 2026
