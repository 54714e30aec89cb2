"""Search over reporting: attributed rows, never verified facts."""

from typing import Any

from config import querybound
from config.paging import Cursor, ListScope, keyset_after, keyset_rows
from config.reads import envelope
from registry import fulltext
from registry.models import Document, Vertical

SNIPPET = 280


def documents_search(
    *, q: str, vertical: Vertical | None, limit: int, cursor: Cursor | None
) -> dict[str, Any]:
    """Reporting whose title or summary matches `q` (web-search syntax), newest first."""
    documents = Document.objects.filter(is_market_question_page=False)
    if vertical:
        documents = documents.filter(vertical=vertical)
    scope = ListScope.of("documents", q=q, vertical=vertical.slug if vertical else None)
    after = scope.position(cursor, Document, fulltext.NEWEST)
    if after is not None:
        documents = documents.filter(keyset_after(fulltext.NEWEST, after))
    with querybound.text_search("q"):
        page, more = _newest_first(q, documents, limit)
    next_cursor = scope.cursor((page[-1].day, page[-1].pk)) if more else None
    return envelope(
        "svc.documents.v1",
        q=q,
        filters={"vertical": vertical.slug if vertical else None},
        syntax='Words are all required; "quoted phrases", `or` between alternatives, -excluded.',
        note="Attributed reporting as the outlets published it: verify each row at its source.",
        documents=[document_row(doc) for doc in page],
        nextCursor=next_cursor,
    )


def _newest_first(q: str, documents, limit: int) -> tuple[list[Document], bool]:
    """A page of matches newest first and whether more follow: from the walk down the newest
    rows when it finds a page and one more, else from the text index alone."""
    ids = fulltext.newest_matching(q, documents, limit + 1)
    if ids is not None:
        rows = Document.objects.select_related("outlet", "vertical").in_bulk(ids)
        return [rows[pk] for pk in ids[:limit]], len(ids) > limit
    found = fulltext.matching(q, documents).select_related("outlet", "vertical")
    with querybound.index_first():
        return keyset_rows(found, order=fulltext.NEWEST, limit=limit, after=None)


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
    }
