"""Full-text search starts from the text index, at a size where a date-ordered plan would
read the table: what the planner does is read from EXPLAIN, never timed.

80,000 documents on PostgreSQL (generated in SQL), most of them naming common words, a handful
a rare one, none the phrase searched for, and half of them "harbour", the other half "tariff"
(each common, never together: the planner, assuming words independent, expects a quarter of
the rows to match and used to walk the date index backwards, reading every row for none).
Each such search must be driven by the stored vector's GIN index (`document_search`): no
sequential scan of the documents, no walk along another index testing every row. A common
word's first pages come from a walk down the newest rows that stops at a page, reading about
a page of rows, and are exactly the pages the whole index gives.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from config import querybound
from registry.models import Document, Outlet, Vertical
from search import fulltext
from tests.plans import explained, scans
from worlds.demo import demo_load

SIZE = 80_000
WORDS = ["storm", "deal", "vote", "market", "rates", "talks", "launch", "court"]

pytestmark = pytest.mark.skipif(
    "postgres" not in connection.settings_dict["ENGINE"], reason="PostgreSQL's planner"
)


def load_many() -> None:
    outlet, vertical = Outlet.objects.first(), Vertical.objects.first()
    words = "ARRAY[" + ",".join(f"'{w}'" for w in WORDS) + "]"
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            INSERT INTO registry_document
                (url, title, summary, outlet_id, vertical_id, fetched_at, ingested_at, day,
                 verbs, is_market_question_page)
            SELECT 'https://example.org/bulk/' || n,
                   'Report ' || n || ' on the ' || ({words})[1 + n %% 8] || ' and '
                       || ({words})[1 + (n / 8) %% 8]
                       || CASE WHEN n %% 20000 = 7 THEN ' zanzibarite' ELSE '' END
                       || CASE WHEN n %% 2 = 0 THEN ' harbour' ELSE '' END,
                   'Summary of ' || ({words})[1 + (n / 64) %% 8] || ' ' || n
                       || CASE WHEN n %% 2 = 1 THEN ' tariff' ELSE '' END,
                   %s, %s, now(), now(), current_date - (n %% 400), '[]', false
            FROM generate_series(1, %s) AS n
            """,  # noqa: S608 - constants only; the values are bound
            [outlet.pk, vertical.pk, SIZE],
        )
        cursor.execute("ANALYZE registry_document")


def search(q: str, **params) -> tuple[list[dict], dict]:
    """The analysed plan of every search statement the service ran for `q`, and its answer."""
    with CaptureQueriesContext(connection) as queries:
        response = APIClient().get("/api/v1/documents", {"q": q, "limit": 25, **params})
    assert response.status_code == 200, response.content
    statements = [
        s["sql"]
        for s in queries.captured_queries
        if "websearch_to_tsquery" in s["sql"] and "registry_document" in s["sql"]
    ]
    plans = []
    for sql in statements:
        # run again as the service runs it: in its bounded transaction, the walk down the
        # newest rows walk-first, the text index's statement index-first
        first = querybound.walk_first() if is_walk(sql) else querybound.index_first()
        with querybound.text_search(), first:
            plans.append(explained(sql, analyze=True))
    return plans, response.json()


def is_walk(sql: str) -> bool:
    return "AS newest" in sql


def on_documents(plan: dict) -> list[dict]:
    return scans(plan, "registry_document")


def truth(q: str) -> list[int]:
    """Every match newest first, found without the service's search path."""
    sql = (
        "SELECT id FROM registry_document WHERE NOT is_market_question_page AND "
        "search_vector @@ websearch_to_tsquery('english', %s) ORDER BY day DESC, id DESC"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [q])
        return [row[0] for row in cursor.fetchall()]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("q", "matches"),
    [
        ("zanzibarite", 4),
        ('"quantum marmalade"', 0),
        ("zanzibarite storm", None),
        ("harbour tariff", 0),
    ],
)
def test_a_rare_or_absent_search_is_driven_by_the_text_index(q, matches):
    demo_load()
    load_many()
    plans, body = search(q)
    if matches is not None:
        assert len(body["documents"]) == matches
    assert [d["id"] for d in body["documents"]] == truth(q)[:25]
    walk, *rest = plans
    # the newest rows first, down a (day, id) index, never more of them than the window
    [walked] = on_documents(walk)
    assert walked["Index Name"] in {"document_newest", fulltext.WALK_INDEX}, walk
    assert walked["Actual Rows"] <= fulltext.WINDOW
    assert len(rest) == 1  # then the text index, once
    for plan in rest:
        kinds = {s["Node Type"] for s in scans(plan)}
        # the text index, or for a phrase its pairs' index (an absent pair answers alone)
        text_indexes = {"document_search", "document_search_pairs"}
        assert text_indexes & {s.get("Index Name") for s in scans(plan)}, plan
        assert "Seq Scan" not in {s["Node Type"] for s in on_documents(plan)}, plan
        assert not any(
            s["Node Type"].startswith("Index Scan") and "@@" in s.get("Filter", "")
            for s in on_documents(plan)
        ), plan  # no walk along another index testing every row against the query
        assert "Bitmap Index Scan" in kinds


@pytest.mark.django_db
@pytest.mark.parametrize("q", ["harbour", "storm or deal", "report -tariff"])
def test_a_common_search_reads_about_a_page_not_every_match(q):
    demo_load()
    load_many()
    expected = truth(q)
    plans, body = search(q)
    assert [d["id"] for d in body["documents"]] == expected[:25]
    # the newest rows held the page: one statement, which read about a page of rows, where
    # fetching every match read tens of thousands
    assert len(plans) == 1
    read = sum(s["Actual Rows"] for s in on_documents(plans[0]))
    assert read < len(expected) / 20, plans[0]
    _, second = search(q, cursor=body["nextCursor"])
    assert [d["id"] for d in second["documents"]] == expected[25:50]


@pytest.mark.django_db
def test_the_stored_vector_follows_edits():
    demo_load()
    doc = Document.objects.filter(is_market_question_page=False).first()
    doc.title = "Zanzibarite discovered in the archive"
    doc.save(update_fields=["title"])
    _, body = search("zanzibarite")
    assert [d["id"] for d in body["documents"]] == [doc.pk]


@pytest.mark.django_db
def test_a_search_past_its_time_limit_is_a_clear_503_and_frees_the_worker(settings):
    demo_load()
    load_many()
    settings.SVC_SEARCH_TIMEOUT_MS = 1  # two 40,000-row posting lists: well past 1 ms
    api = APIClient()
    response = api.get("/api/v1/documents", {"q": "harbour tariff"})
    assert response.status_code == 503
    assert response["Content-Type"] == "application/problem+json"
    assert int(response["Retry-After"]) > 0
    body = response.json()
    assert body["state"] == "query-timeout"
    assert body["field"] == "q"
    assert "ms limit" in body["error"]
    settings.SVC_SEARCH_TIMEOUT_MS = 60_000
    again = api.get("/api/v1/documents", {"q": "harbour"})
    assert again.status_code == 200
    assert len(again.json()["documents"]) == 50  # the default page
    with connection.cursor() as cursor:  # nothing the bounded search set outlived it
        cursor.execute(
            "SELECT current_setting('statement_timeout'), current_setting('enable_seqscan')"
        )
        assert cursor.fetchone() == ("0", "on")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("q", "by_pairs"),
    [
        ('"storm deal"', True),  # both in 1 title in 64, always "and" between: never adjacent
        ('"deal court storm"', True),
        ('"deal zanzibarite" report', False),  # a rare word: its own posting list is short
    ],
)
def test_a_phrase_of_common_words_starts_from_its_adjacent_pairs(q, by_pairs):
    demo_load()
    load_many()
    plans, body = search(q)
    assert [d["id"] for d in body["documents"]] == truth(q)[:25]
    indexed = plans[-1]
    used = {s.get("Index Name") for s in scans(indexed)}
    if by_pairs:
        assert "document_search_pairs" in used, indexed
        # every word in a pair: the words' own postings (each a sixteenth of the table here)
        # are never read; the vector only rechecks what the pairs found
        assert "document_search" not in used, indexed
    # Only documents holding the phrase's pairs are fetched and rechecked: before the pairs,
    # every document holding all the words was (about 1,250 for "storm deal" here).
    fetched = sum(
        s["Actual Rows"] + s.get("Rows Removed by Index Recheck", 0) for s in on_documents(indexed)
    )
    assert fetched <= len(truth(q)) + 5, indexed


@pytest.mark.django_db
def test_a_phrase_found_in_the_newest_rows_is_still_every_match_in_order():
    demo_load()
    load_many()
    for q in ('"harbour summary"', '"report 17"'):
        _, body = search(q)
        assert [d["id"] for d in body["documents"]] == truth(q)[:25]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("q", "pairs"),
    [
        ('"interest rate cut"', "'interest\x1frate' & 'rate\x1fcut'"),
        ('"Bank of England"', None),  # a stop word between: `bank <2> england`, no pair
        ('"rate cut" or tariffs', None),  # an alternative need hold no pair
        ('-"rate cut" tariffs', None),
        ("rate cut", None),
        ('"o\'neill said"', "'neill\x1fsaid' & 'o\x1fneill'"),
    ],
)
def test_phrase_pairs_are_read_off_the_query(q, pairs):
    assert fulltext.phrase_pairs(q) == pairs


def common_words(monkeypatch, budget: int = 5_000) -> None:
    """Bounds scaled to this table: a word in more than 20,000 of its 80,000 rows is common."""
    monkeypatch.setattr(fulltext, "COMMON_POSTINGS", 20_000)
    monkeypatch.setattr(fulltext, "WALK_BUDGET", budget)
    fulltext.forget_statistics()  # load_many has just analysed the table


def every_page(q: str, **params) -> tuple[list[int], list[dict]]:
    """Every id the pages give, following nextCursor to the end, and each page's plans."""
    ids, plans, cursor = [], [], None
    while True:
        page_plans, body = search(q, **params, **({"cursor": cursor} if cursor else {}))
        assert body["walkedRows"] == fulltext.WALK_BUDGET
        ids += [d["id"] for d in body["documents"]]
        plans += page_plans
        cursor = body["nextCursor"]
        if cursor is None:
            return ids, plans


@pytest.mark.django_db
@pytest.mark.parametrize("q", ["harbour tariff", "storm deal vote harbour", "storm deal vote"])
def test_common_words_rarely_together_are_walked_within_a_budget_and_paged_on(q, monkeypatch):
    """Words each common but rarely or never together are never intersected in the text index
    (it would read every posting of each, a cost that follows the collection): each request
    walks at most WALK_BUDGET of the newest rows, a page it does not fill ends with a cursor
    where the walk stopped, and the pages together are every match, newest first."""
    demo_load()
    load_many()
    common_words(monkeypatch)
    assert fulltext.common_text(q)
    ids, plans = every_page(q)
    assert ids == truth(q)
    for plan in plans:
        read = on_documents(plan)
        assert all(s.get("Index Name") not in {"document_search", "document_search_pairs"}
                   for s in scans(plan)), plan  # fmt: skip
        assert sum(s["Actual Rows"] for s in read) <= fulltext.WALK_BUDGET, plan
    # never together: every page is empty, each one bounded, and the cursor walks on
    if q == "harbour tariff":
        searched = Document.objects.filter(is_market_question_page=False).count()
        assert len(plans) == -(-searched // fulltext.WALK_BUDGET)


@pytest.mark.django_db
def test_one_rare_word_keeps_the_text_index_and_so_does_unanalysed_text(monkeypatch):
    demo_load()
    load_many()
    common_words(monkeypatch)
    assert not fulltext.common_text("zanzibarite storm")  # 4 postings bound the index's work
    assert not fulltext.common_text("storm or deal")  # alternatives: many matches, walked anyway
    assert not fulltext.common_text("storm -deal")
    assert not fulltext.common_text('"deal zanzibarite" report')
    plans, body = search("zanzibarite storm")
    assert body["walkedRows"] is None
    assert [d["id"] for d in body["documents"]] == truth("zanzibarite storm")
    assert "document_search" in {s.get("Index Name") for s in scans(plans[-1])}


@pytest.mark.django_db
def test_common_words_by_relevance_rank_what_the_walk_found(monkeypatch):
    demo_load()
    load_many()
    common_words(monkeypatch, budget=2_000)
    plans, body = search("storm deal vote", sort="relevance")
    in_walk = [pk for pk in truth("storm deal vote") if pk in newest_ids(2_000)]
    assert body["walkedRows"] == 2_000
    assert body["rankedAmong"] == min(len(in_walk), fulltext.RANK_POOL)
    assert {d["id"] for d in body["documents"]} <= set(in_walk)
    for plan in plans:
        assert sum(s["Actual Rows"] for s in on_documents(plan)) <= 2_000, plan


def newest_ids(n: int) -> set[int]:
    rows = Document.objects.filter(is_market_question_page=False).order_by("-day", "-id")
    return set(rows.values_list("id", flat=True)[:n])


@pytest.mark.django_db(transaction=True)  # VACUUM runs outside a transaction
def test_the_walk_reads_its_index_never_the_table():
    """Once VACUUM has marked the table's pages all-visible (autovacuum does, at 1% of the rows
    inserted), the walk down the newest rows is an index-only scan of the (day, id) index that
    carries the vector: in order, no table page read per row."""
    demo_load()
    load_many()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE registry_document")
    plans, body = search("harbour tariff")  # never together: the walk reads its whole window
    assert body["documents"] == []
    [walked] = on_documents(plans[0])
    assert walked["Index Name"] == fulltext.WALK_INDEX, walked
    assert walked["Node Type"] == "Index Only Scan", walked
    assert walked["Heap Fetches"] == 0, walked
    assert walked["Actual Rows"] == fulltext.WINDOW
