"""Market importers: each venue's real market JSON, served by a local HTTP server."""

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.core.management import call_command

from ingestion import market_import
from ingestion.quotes import MarketFormatError, change_24h_pct, market_api_url, parse_market
from registry.models import MarketPrice, MarketQuestion
from tests.factories import MarketQuestionFactory

FIXTURES = Path(__file__).parent.parent / "fixtures"
GAMMA = json.loads((FIXTURES / "polymarket_gamma_market.json").read_text())
KALSHI = json.loads((FIXTURES / "kalshi_market.json").read_text())
MANIFOLD = json.loads((FIXTURES / "manifold_market.json").read_text())


def test_polymarket_yes_price_from_json_encoded_strings():
    quote = parse_market("polymarket", GAMMA)
    assert quote.probability_pct == 61.5
    assert quote.deadline == datetime(2026, 12, 16, 19, tzinfo=UTC)
    assert (quote.is_resolved, quote.volume_24h) == (False, 118223.5)


def test_polymarket_finds_yes_whatever_the_order():
    flipped = [{**GAMMA[0], "outcomes": '["No", "Yes"]', "outcomePrices": '["0.3", "0.7"]'}]
    assert parse_market("polymarket", flipped).probability_pct == 70.0


def test_kalshi_dollar_prices_are_percentages():
    quote = parse_market("kalshi", KALSHI)
    assert quote.probability_pct == 59.0
    assert quote.question.startswith("Will the Fed cut")
    assert quote.deadline == datetime(2026, 12, 16, 18, 55, tzinfo=UTC)
    assert parse_market("kalshi", {"market": {**KALSHI["market"], "status": "settled"}}).is_resolved


def test_manifold_probability_and_epoch_milliseconds():
    quote = parse_market("manifold", MANIFOLD)
    assert quote.probability_pct == 24.37
    assert quote.deadline == datetime(2026, 12, 31, 23, 59, 59, tzinfo=UTC)


@pytest.mark.parametrize(
    ("venue", "payload", "problem"),
    [
        ("polymarket", [{**GAMMA[0], "outcomePrices": "not json"}], "JSONDecodeError"),
        ("polymarket", [{"question": "x"}], "outcomes is null"),
        ("kalshi", {"market": {**KALSHI["market"], "last_price_dollars": "1.50"}}, "probability"),
        ("manifold", {**MANIFOLD, "probability": "high"}, "probability is a string"),
        ("manifold", ["not", "an", "object"], "market is an array"),
    ],
)
def test_malformed_market_json_is_named(venue, payload, problem):
    with pytest.raises(MarketFormatError, match=problem):
        parse_market(venue, payload)


def test_api_urls_per_venue():
    bases = {"polymarket": "https://g.example", "kalshi": "https://k.example/v2",
             "manifold": "https://m.example/v0"}  # fmt: skip
    assert (
        market_api_url("polymarket", "fed-cut", bases) == "https://g.example/markets?slug=fed-cut"
    )
    assert market_api_url("polymarket", "612345", bases) == "https://g.example/markets/612345"
    assert (
        market_api_url("kalshi", "KXFED-26DEC", bases) == "https://k.example/v2/markets/KXFED-26DEC"
    )
    assert market_api_url("manifold", "will-x", bases) == "https://m.example/v0/slug/will-x"
    assert (
        market_api_url("manifold", "aB3dE5fG7h", bases) == "https://m.example/v0/market/aB3dE5fG7h"
    )


T0 = datetime(2026, 11, 20, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("snapshots", "change"),
    [
        ([(T0, 61.5), (T0 - timedelta(hours=12), 60.0), (T0 - timedelta(hours=25), 55.0)], 6.5),
        ([(T0, 40.0), (T0 - timedelta(hours=24), 44.5)], -4.5),
        ([(T0, 40.0), (T0 - timedelta(hours=6), 44.5)], None),  # no day-old capture
        ([(T0, 40.0), (T0 - timedelta(days=6), 10.0)], None),  # a gap is not a day's move
        ([], None),
    ],
)
def test_change_24h_from_snapshots(snapshots, change):
    assert change_24h_pct(snapshots) == change


@pytest.fixture
def venues(httpserver, local_fetches):
    local_fetches.SVC_MARKET_APIS = {
        "polymarket": httpserver.url_for("/gamma"),
        "kalshi": httpserver.url_for("/kalshi/v2"),
        "manifold": httpserver.url_for("/manifold/v0"),
    }
    return httpserver


@pytest.mark.django_db
def test_import_appends_a_snapshot_and_refreshes_the_question(venues):
    question = MarketQuestionFactory(venue="kalshi", external_id="KXFEDDECISION-26DEC-C25")
    venues.expect_request("/kalshi/v2/markets/KXFEDDECISION-26DEC-C25").respond_with_json(KALSHI)
    price = market_import(question_id=question.pk)
    question.refresh_from_db()
    assert price.probability_pct == 59.0
    assert price.volume_24h == 90512
    assert question.question.startswith("Will the Fed cut")
    assert question.deadline == datetime(2026, 12, 16, 18, 55, tzinfo=UTC)
    assert question.last_success is not None


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ("{not json", 200, "Expecting property name"),
        ("{}", 200, "question is null"),
        ("gone", 404, "HTTP 404"),
    ],
)
def test_failed_import_appends_nothing(venues, body, status, message):
    question = MarketQuestionFactory(venue="manifold", external_id="will-artemis-ii-launch")
    venues.expect_request("/manifold/v0/slug/will-artemis-ii-launch").respond_with_data(
        body, status=status
    )
    assert market_import(question_id=question.pk) is None
    question.refresh_from_db()
    assert MarketPrice.objects.count() == 0
    assert message in question.last_error
    assert question.consecutive_failures == 1


@pytest.mark.django_db
def test_import_markets_command_captures_open_questions(venues, capsys):
    MarketQuestionFactory(venue="polymarket", external_id="fed-cut-25bps-december-2026")
    MarketQuestionFactory(venue="manifold", external_id="aB3dE5fG7h")
    MarketQuestionFactory(venue="kalshi", external_id="OLD", is_resolved=True)
    venues.expect_request(
        "/gamma/markets", query_string="slug=fed-cut-25bps-december-2026"
    ).respond_with_json(GAMMA)
    venues.expect_request("/manifold/v0/market/aB3dE5fG7h").respond_with_json(MANIFOLD)
    call_command("import_markets")
    assert "2 captured, 0 failed" in capsys.readouterr().out
    assert sorted(MarketPrice.objects.values_list("probability_pct", flat=True)) == [24.37, 61.5]
    assert not MarketQuestion.objects.get(external_id="OLD").prices.exists()


DEEP = b"[" * 100_000 + b"]" * 100_000


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("venue", "external_id", "path", "body", "message"),
    [
        # Each of these escaped the importer as an exception, so no failure was recorded.
        ("manifold", "will-x", "/manifold/v0/slug/will-x", DEEP, "RecursionError"),
        (
            "polymarket",
            "deep",
            "/gamma/markets",
            json.dumps([{**GAMMA[0], "outcomes": "[" * 5000 + "]" * 5000}]).encode(),
            "Error",
        ),
        (
            "manifold",
            "will-x",
            "/manifold/v0/slug/will-x",
            json.dumps({**MANIFOLD, "closeTime": 1e300}).encode(),
            "closeTime",
        ),
        (
            "manifold",
            "will-x",
            "/manifold/v0/slug/will-x",
            json.dumps({**MANIFOLD, "closeTime": -5e18}).encode(),
            "closeTime",
        ),
        # Each of these was taken as a quote.
        (
            "manifold",
            "will-x",
            "/manifold/v0/slug/will-x",
            json.dumps({**MANIFOLD, "question": ["a", "list"]}).encode(),
            "question is an array",
        ),
        (
            "manifold",
            "will-x",
            "/manifold/v0/slug/will-x",
            json.dumps({**MANIFOLD, "probability": True}).encode(),
            "probability is a boolean",
        ),
        (
            "manifold",
            "will-x",
            "/manifold/v0/slug/will-x",
            json.dumps({**MANIFOLD, "volume24Hours": "inf"}).encode(),
            "volume24Hours",
        ),
        (
            "kalshi",
            "KX",
            "/kalshi/v2/markets/KX",
            json.dumps({"market": {**KALSHI["market"], "last_price_dollars": "nan"}}).encode(),
            "last_price_dollars",
        ),
        (
            "polymarket",
            "deep",
            "/gamma/markets",
            json.dumps([{**GAMMA[0], "outcomePrices": '["inf", "0.4"]'}]).encode(),
            "outcomePrices",
        ),
        ("polymarket", "deep", "/gamma/markets", b"[]", "holds no market"),
    ],
)
def test_hostile_market_bodies_are_recorded_failures(venues, venue, external_id, path, body,
                                                     message):  # fmt: skip
    question = MarketQuestionFactory(venue=venue, external_id=external_id)
    venues.expect_request(path).respond_with_data(body, content_type="application/json")
    assert market_import(question_id=question.pk) is None
    question.refresh_from_db()
    assert MarketPrice.objects.count() == 0
    assert message in question.last_error
    assert question.consecutive_failures == 1
    assert len(question.last_error) < 400  # the error names the problem, not the body
