"""GET /api/v1/documents: full-text search over reporting on either database."""

from datetime import timedelta

import pytest
from django.utils import timezone

from registry import services
from registry.fulltext import fts5_query
from registry.models import Document
from tests.factories import OutletFactory, VerticalFactory

pytestmark = pytest.mark.django_db
TITLES = [
    "Federal Reserve holds interest rates steady",
    "ECB signals a rate cut in December",
    "Hurricane Tavia makes landfall in Jamaica",
    "Fed officials split over the pace of rate cuts",
]


@pytest.fixture
def reporting():
    outlet, now = OutletFactory(name="Wire One"), timezone.now()
    energy = VerticalFactory(slug="energy")
    items = [
        services.IncomingDocument(
            url=f"https://{outlet.domain}/{n}", title=title, outlet=outlet, fetched_at=now,
            vertical=energy if "Hurricane" in title else VerticalFactory(slug="markets"),
            published_at=now - timedelta(days=len(TITLES) - n),
        )
        for n, title in enumerate(TITLES)
    ]  # fmt: skip
    items.append(
        services.IncomingDocument(
            url="https://polymarket.com/event/fed-rate-cut", title="Fed rate cut odds",
            outlet=outlet, vertical=VerticalFactory(slug="markets"), fetched_at=now,
        )
    )  # fmt: skip
    services.documents_ingest(items=items)


def titles(api, query):
    response = api.get("/api/v1/documents", {"q": query})
    assert response.status_code == 200, response.content
    return [d["title"] for d in response.json()["documents"]]


def test_search_finds_words_stems_and_phrases_newest_first(api, reporting):
    assert titles(api, "rate cuts") == [TITLES[3], TITLES[1]]  # stems: cut, cuts
    assert titles(api, '"interest rates"') == [TITLES[0]]
    assert titles(api, "hurricane or ecb") == [TITLES[2], TITLES[1]]
    assert titles(api, "rate -ecb") == [TITLES[3], TITLES[0]]


def test_search_serves_attributed_rows_and_never_market_pages(api, reporting):
    body = api.get("/api/v1/documents", {"q": "fed"}).json()
    assert body["schema"] == "svc.documents.v1"
    assert Document.objects.filter(is_market_question_page=True).exists()
    assert all("polymarket" not in d["url"] for d in body["documents"])
    row = body["documents"][0]
    assert (row["source"], row["kind"]) == (
        "Wire One",
        "attributed reporting: verify at its source",
    )


def test_search_filters_by_vertical_and_pages(api, reporting):
    assert titles(api, "hurricane") == [TITLES[2]]
    response = api.get("/api/v1/documents", {"q": "hurricane", "vertical": "markets"})
    assert response.json()["documents"] == []
    first = api.get("/api/v1/documents", {"q": "rate", "limit": 2}).json()
    rest = api.get("/api/v1/documents", {"q": "rate", "limit": 2, "cursor": first["nextCursor"]})
    found = [d["title"] for d in first["documents"] + rest.json()["documents"]]
    assert found == [TITLES[3], TITLES[1], TITLES[0]]


@pytest.mark.parametrize(
    "query", ["'; DROP TABLE registry_document; --", 'NEAR("a" "b")', "<script>x</script>", "*"]
)
def test_hostile_queries_are_just_words(api, reporting, query):
    response = api.get("/api/v1/documents", {"q": query})
    assert response.status_code == 200
    assert Document.objects.count() == 5


@pytest.mark.parametrize(("params", "field"), [({}, "q"), ({"q": "x" * 201}, "q")])
def test_search_needs_a_bounded_q(api, params, field):
    response = api.get("/api/v1/documents", params)
    assert response.status_code == 400
    assert response.json()["field"] == field


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("fed rate", '("fed" AND "rate")'),
        ('"rate cut" fed', '("rate cut" AND "fed")'),
        ("fed or ecb", '("fed") OR ("ecb")'),
        ("fed -ecb", '(("fed")) NOT "ecb"'),
        ('a"b', '("a b")'),
        ("-only", None),
        ("or", None),
    ],
)
def test_web_search_syntax_becomes_quoted_fts5(query, expected):
    assert fts5_query(query) == expected
