"""Search over reporting: attributed rows, never verified facts."""

from typing import Any

from config import querybound
from config.paging import Cursor, ListScope, keyset_page
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
    found = fulltext.matching(q, documents).select_related("outlet", "vertical")
    scope = ListScope.of("documents", q=q, vertical=vertical.slug if vertical else None)
    with querybound.text_search("q"):
        page, next_cursor = keyset_page(
            found,
            scope=scope,
            order=["-day", "-id"],
            limit=limit,
            cursor=cursor,
            position=lambda d: (d.day, d.pk),
        )
    return envelope(
        "svc.documents.v1",
        q=q,
        filters={"vertical": vertical.slug if vertical else None},
        syntax='Words are all required; "quoted phrases", `or` between alternatives, -excluded.',
        note="Attributed reporting as the outlets published it: verify each row at its source.",
        documents=[document_row(doc) for doc in page],
        nextCursor=next_cursor,
    )


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
