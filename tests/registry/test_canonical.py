"""Canonical URLs and prediction-market question pages."""

import pytest

from ingestion.canonical import canonical_url, is_market_question_page


@pytest.mark.parametrize(
    ("raw", "canonical"),
    [
        (
            "https://News.Example.com/a/b?utm_source=rss&utm_medium=x",
            "https://news.example.com/a/b",
        ),
        ("https://news.example/a?b=2&a=1#comments", "https://news.example/a?a=1&b=2"),
        ("HTTP://news.example:80/a", "http://news.example/a"),
        ("https://news.example:443/a?fbclid=abc&id=7", "https://news.example/a?id=7"),
        ("https://news.example:8443/a", "https://news.example:8443/a"),
        ("https://news.example", "https://news.example/"),
        ("https://news.example/caf%c3%a9", "https://news.example/caf%C3%A9"),
    ],
)
def test_canonical_form(raw, canonical):
    assert canonical_url(raw) == canonical


@pytest.mark.parametrize(
    "raw",
    ["ftp://x.example/a", "mailto:a@b.example", "javascript:alert(1)", "not a url", "http://"],
)
def test_non_http_urls_have_no_canonical_form(raw):
    assert canonical_url(raw) is None


@pytest.mark.parametrize(
    ("url", "market"),
    [
        ("https://polymarket.com/event/fed-decision-december", True),
        ("https://www.polymarket.com/market/x", True),
        ("https://kalshi.com/markets/kxfeddecision", True),
        ("https://manifold.markets/user/will-it-happen", True),
        ("https://polymarket.com/", False),
        ("https://news.example/polymarket.com/event/x", False),
    ],
)
def test_market_question_pages(url, market):
    assert is_market_question_page(url) is market
