"""Search over reporting: attributed rows, never verified facts."""

from datetime import date
from typing import Any

from config import querybound
from config.paging import Cursor, ListScope, keyset_after, refused
from config.reads import envelope
from registry.models import Document, Vertical
from search import fulltext

SNIPPET = 280


def documents_search(
    *, q: str, vertical: Vertical | None, limit: int, cursor: Cursor | None, sort: str = "newest"
) -> dict[str, Any]:
    """Reporting whose title or summary matches `q` (web-search syntax), newest first, or a
    pool of the newest matches (`fulltext.relevance_pool`) most relevant first."""
    documents = Document.objects.filter(is_market_question_page=False)
    if vertical:
        documents = documents.filter(vertical=vertical)
    filters = {"q": q, "vertical": vertical.slug if vertical else None}
    if sort == "relevance":  # its own list: a newest-first cursor means nothing here
        filters["sort"] = sort
    scope = ListScope.of("documents", **filters)
    walked = fulltext.WALK_BUDGET if fulltext.common_text(q) else None
    with querybound.text_search("q"):
        if sort == "relevance":
            page, more, ranked = _most_relevant(q, documents, limit, scope, cursor)
            ended = _position(page[-1]) if more else None
        else:
            page, ended = _newest_first(q, documents, limit, scope, cursor)
            ranked = None
    return envelope(
        "svc.documents.v1",
        q=q,
        sort=sort,
        rankedAmong=ranked,
        filters={"vertical": vertical.slug if vertical else None},
        syntax='Words are all required; "quoted phrases", `or` between alternatives, -excluded.',
        note="Attributed reporting as the outlets published it: verify each row at its source.",
        walkedRows=walked,
        documents=[document_row(doc) for doc in page],
        nextCursor=scope.cursor(ended) if ended else None,
    )


def _newest_first(q: str, documents, limit: int, scope: ListScope, cursor: Cursor | None):
    """A page of matches newest first, and the position the next page starts after: its last
    row when more matches follow, where a bounded walk stopped (common text), else None."""
    after = scope.position(cursor, Document, fulltext.NEWEST)
    if after is not None:
        # `day <=` first, as the (day, id) index can start from it: the keyset's OR alone let
        # the planner collect every older row in a bitmap and sort them before the walk.
        documents = documents.filter(day__lte=after[0]).filter(keyset_after(fulltext.NEWEST, after))
    found = fulltext.newest_matches(q, documents, limit + 1)
    ids = [pk for pk, _ in found.rows]
    rows = Document.objects.select_related("outlet", "vertical").in_bulk(ids)
    page = [rows[pk] for pk in ids[:limit]]
    if len(ids) > limit:
        return page, _position(page[-1])
    return page, list(found.walked_to) if found.walked_to else None


def _most_relevant(q: str, documents, limit: int, scope: ListScope, cursor: Cursor | None):
    """A page of the relevance pool by score, then newest; whether more follow; how many were
    ranked. The pool is ranked afresh each page (at most 200 rows, one query), and a cursor
    carries the last row's (score, day, id)."""
    pool = fulltext.relevance_pool(q, documents)
    scored = fulltext.scores(q, [pk for pk, _ in pool])
    ranked = sorted(((scored.get(pk, 0.0), day, pk) for pk, day in pool), reverse=True)
    after = _relevance_after(scope.issued(cursor, 3))
    if after is not None:
        ranked = [key for key in ranked if key < after]
    shown = ranked[:limit]
    rows = Document.objects.select_related("outlet", "vertical").in_bulk([pk for *_, pk in shown])
    page = []
    for score, _, pk in shown:
        rows[pk].score = score
        page.append(rows[pk])
    return page, len(ranked) > limit, len(pool)


def _relevance_after(issued: list[Any] | None) -> tuple[float, date, int] | None:
    if issued is None:
        return None
    score, day, pk = issued
    try:
        if isinstance(pk, bool) or not isinstance(pk, int) or not isinstance(score, int | float):
            raise TypeError(pk)
        return float(score), date.fromisoformat(day), pk
    except (TypeError, ValueError) as exc:
        raise refused("not a cursor for this list") from exc


def _position(doc: Document) -> list[Any]:
    """Where a page ended: (score, day, id) by relevance, (day, id) newest first."""
    if hasattr(doc, "score"):
        return [doc.score, doc.day, doc.pk]
    return [doc.day, doc.pk]


def document_row(doc: Document) -> dict[str, Any]:
    return {
        "id": doc.pk,
        "title": doc.title,
        "url": doc.url,
        "date": doc.day.isoformat(),
        "source": doc.outlet.name,
        "outlet": doc.outlet.domain,
        "tier": doc.outlet.tier,
        "vertical": doc.vertical.slug,
        "snippet": doc.summary[:SNIPPET],
        "kind": "attributed reporting: verify at its source",
        **({"score": round(doc.score, 6)} if hasattr(doc, "score") else {}),
    }
