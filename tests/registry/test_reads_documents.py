"""GET /api/v1/documents: full-text search over reporting on either database."""

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

import ingestion
from registry.models import Document
from search.fulltext import FTS_TABLE, fts5_query
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
        ingestion.IncomingDocument(
            url=f"https://{outlet.domain}/{n}", title=title, outlet=outlet, fetched_at=now,
            vertical=energy if "Hurricane" in title else VerticalFactory(slug="markets"),
            published_at=now - timedelta(days=len(TITLES) - n),
        )
        for n, title in enumerate(TITLES)
    ]  # fmt: skip
    items.append(
        ingestion.IncomingDocument(
            url="https://polymarket.com/event/fed-rate-cut", title="Fed rate cut odds",
            outlet=outlet, vertical=VerticalFactory(slug="markets"), fetched_at=now,
        )
    )  # fmt: skip
    ingestion.documents_ingest(items=items)


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


# --- relevance ----------------------------------------------------------------------------
@pytest.fixture
def copper():
    """Four matches of `copper strike`: the oldest is about it, the newest names it in passing."""
    outlet, now = OutletFactory(name="Wire Two"), timezone.now()
    markets = VerticalFactory(slug="markets")
    stories = [
        ("Copper strike shuts the Escondida mine", "The copper strike at the mine entered a "
         "third day; copper prices rose as the strike spread."),
        ("Miners vote on a copper strike", "A strike ballot at two copper mines."),
        ("Markets wrap: stocks, bonds and the dollar", "Also: copper, a dock strike, and oil."),
        ("Weekly briefing", "Grain, oil, the euro and gold; a strike at a port; copper flat."),
    ]  # fmt: skip
    ingestion.documents_ingest(
        items=[
            ingestion.IncomingDocument(
                url=f"https://{outlet.domain}/copper/{n}", title=title, summary=summary,
                outlet=outlet, vertical=markets, fetched_at=now,
                published_at=now - timedelta(days=len(stories) - n),
            )
            for n, (title, summary) in enumerate(stories)
        ]
    )  # fmt: skip
    return [title for title, _ in stories]


def search(api, **params):
    response = api.get("/api/v1/documents", params)
    assert response.status_code == 200, response.content
    return response.json()


def test_relevance_puts_the_story_about_the_words_first(api, copper):
    newest = search(api, q="copper strike")
    assert [d["title"] for d in newest["documents"]] == copper[::-1]
    assert newest["sort"] == "newest"
    ranked = search(api, q="copper strike", sort="relevance")
    titles = [d["title"] for d in ranked["documents"]]
    assert sorted(titles) == sorted(copper)
    assert set(titles[:2]) == set(copper[:2])  # about the words, in the title: first, though oldest
    scores = [d["score"] for d in ranked["documents"]]
    assert scores == sorted(scores, reverse=True)
    assert scores[0] > scores[-1] > 0
    assert (ranked["sort"], ranked["rankedAmong"]) == ("relevance", 4)


def test_relevance_pages_through_the_same_order(api, copper):
    whole = [d["id"] for d in search(api, q="copper strike", sort="relevance")["documents"]]
    seen, cursor = [], None
    while True:
        page = search(api, q="copper strike", sort="relevance", limit=1, **(
            {"cursor": cursor} if cursor else {}))  # fmt: skip
        seen += [d["id"] for d in page["documents"]]
        cursor = page["nextCursor"]
        if not cursor:
            break
    assert seen == whole


def test_a_document_arriving_between_pages_repeats_no_row(api, copper):
    first = search(api, q="copper strike", sort="relevance", limit=2)
    outlet = OutletFactory(name="Wire Three")
    ingestion.documents_ingest(
        items=[
            ingestion.IncomingDocument(
                url=f"https://{outlet.domain}/copper/late", title="Copper strike talks resume",
                summary="Talks to end the copper strike resumed.", outlet=outlet,
                vertical=VerticalFactory(slug="markets"), fetched_at=timezone.now(),
                published_at=timezone.now(),
            )
        ]
    )  # fmt: skip
    rest = search(api, q="copper strike", sort="relevance", cursor=first["nextCursor"])
    served = [d["id"] for d in first["documents"] + rest["documents"]]
    assert len(served) == len(set(served))
    earlier = {d["id"]: d["score"] for d in search(api, q="copper strike", sort="relevance",
                                                   limit=7)["documents"]}  # fmt: skip
    assert all(earlier[d["id"]] == d["score"] for d in first["documents"])  # scores held


def test_relevance_ranks_the_newest_matches_only_and_says_how_many(api, copper, monkeypatch):
    from search import fulltext

    monkeypatch.setattr(fulltext, "RANK_POOL", 2)
    ranked = search(api, q="copper strike", sort="relevance")
    assert {d["title"] for d in ranked["documents"]} == set(copper[2:])  # the newest two
    assert ranked["rankedAmong"] == 2
    assert search(api, q="copper strike")["rankedAmong"] is None


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the walk down the newest rows is PostgreSQL's"
)
def test_relevance_reaches_back_no_further_than_the_walk_when_it_holds_enough(
    api, copper, monkeypatch
):
    from search import fulltext

    monkeypatch.setattr(fulltext, "WINDOW", 3)  # the newest three documents
    monkeypatch.setattr(fulltext, "RANK_ENOUGH", 3)
    within = search(api, q="copper strike", sort="relevance")
    assert {d["title"] for d in within["documents"]} == set(copper[1:])
    assert within["rankedAmong"] == 3
    monkeypatch.setattr(fulltext, "RANK_ENOUGH", 4)  # too few there: the newest 500, anywhere
    wider = search(api, q="copper strike", sort="relevance", limit=10)  # not the cached answer
    assert wider["rankedAmong"] == 4


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the walk down the newest rows is PostgreSQL's"
)
def test_relevance_walks_the_newest_rows_once_before_the_text_index(api, copper, monkeypatch):
    from django.test.utils import CaptureQueriesContext

    from search import fulltext

    monkeypatch.setattr(fulltext, "RANK_ENOUGH", 5)  # four matches: the walk falls short
    with CaptureQueriesContext(connection) as queries:
        ranked = search(api, q="copper strike", sort="relevance")
    assert ranked["rankedAmong"] == 4
    assert sum("AS newest" in q["sql"] for q in queries.captured_queries) == 1


def test_a_cursor_keeps_to_its_order(api, copper):
    first = search(api, q="copper strike", limit=1)
    response = api.get(
        "/api/v1/documents",
        {"q": "copper strike", "sort": "relevance", "cursor": first["nextCursor"]},
    )
    assert response.status_code == 400
    assert response.json()["field"] == "cursor"


def test_an_unknown_sort_is_refused_by_name(api):
    response = api.get("/api/v1/documents", {"q": "copper", "sort": "best"})
    assert response.status_code == 400
    assert response.json()["field"] == "sort"
    assert "newest, relevance" in response.json()["error"]  # what it takes


def test_the_mcp_tool_ranks_alike(api, client, copper):
    from tests.mcpdoor.door import post

    arguments = {"q": "copper strike", "sort": "relevance"}
    call = {"name": "search_reporting", "arguments": arguments}
    answer = post(client, {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call})
    body = answer.json()["result"]["structuredContent"]
    rest = search(api, **arguments)
    assert [d["id"] for d in body["documents"]] == [d["id"] for d in rest["documents"]]
    assert body["sort"] == "relevance"


def test_on_sqlite_the_search_index_is_kept_in_step_after_every_migration():
    # SQLite alters a column by rebuilding its table, and the table's triggers go with it
    # (0026 lost them: nothing stored since was searchable). After the last migration, the
    # three that keep the FTS5 index in step are there.
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL's index is the table's own")
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        triggers = {row[0] for row in cursor.fetchall()}
    assert {f"{FTS_TABLE}_{kind}" for kind in ("insert", "delete", "update")} <= triggers
