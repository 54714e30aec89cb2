"""Copies: a document whose body copies an earlier one's is not an origin of its own (issue 39).

A verbatim or lightly edited copy (a new headline, a few words changed, sentences reordered or
trimmed) that another outlet publishes with no upstream link to trace it would otherwise count
as one more independent origin. Each document whose summary is long enough to tell has a body:
its sentences' shingles (`origins.signed`). A body is looked up by its LSH bands among the
originals of the story window (`BodyBand`, kept for originals only) and among the batch's own;
a candidate is taken when the exact shingles agree (`origins.copy_score`), never on the title.

The original is the earliest published document of a body, whatever order they arrive in: a
batch is read oldest first, and an original that arrives after its copy displaces it (the copy
and its own copies then name the new original, and their claims move to it). A copy names its
original (`Document.copy_of`), joins its story, and counts as its origin: in the story's
origins, in the claims ledger (its claims are the original's outlet's) and in the answers' one
row per origin story.
"""

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from django.db import connection

from aggregates.rollups import claims_reattribute
from ingestion import origins
from registry.bulk import insert_rows, rows_by_hash
from registry.models import BodyBand, Document, Outlet

_CHUNK = 4000  # bound IN (...) lists, as documents_ingest does


@dataclass(eq=False)
class Body:
    """One body and the documents carrying it. Its original, the earliest published, is the
    stored document `original_id` or, when the batch holds it, `first`."""

    at: datetime  # the original's publication
    outlet_id: int  # the original's outlet: the origin each copy counts as
    story_id: int | None = None  # the stored original's story, which the copies join
    original_id: int | None = None
    first: "Carrier | None" = None
    displaced: tuple[int, int] | None = None  # a stored original and its outlet, displaced


class Carrier(Protocol):
    """A document of an ingest batch as this module reads it (`documents._Prepared`)."""

    at: datetime
    signed: origins.Signed
    body: Body | None
    document_id: int | None

    @property
    def outlet(self) -> Outlet: ...


def copies_find(batch: list[Carrier]) -> None:
    """Set `body` on each document of the batch that copies another (the `Body` it copies) and
    on each original the batch holds that is copied or displaces a stored one (its own `Body`);
    the others keep None. Read oldest first, so an original comes before its copies in the
    batch, and displaces a stored original published after it."""
    bodied = sorted((p for p in batch if p.signed.body_bands), key=lambda p: p.at)
    if not bodied:
        return
    stored, firsts = _stored(bodied), {}
    for p in bodied:
        body = _copied(p, stored, firsts)
        if body is not None and body.first is None and p.at < body.at:
            body.displaced = (body.original_id, body.outlet_id)
            body.at, body.outlet_id, body.first = p.at, p.outlet.pk, p
        p.body = body
        if body is None or body.first is p:
            for value in p.signed.body_bands:  # one original a band: no list per band
                firsts.setdefault(value, p)


def _copied(p: Carrier, stored: dict[int, list], firsts: dict[int, Carrier]) -> Body | None:
    """The body p carries: the candidate within the story window that p copies most (a stored
    original, or one of the batch's, given its `Body` here), or, when p was published before a
    stored original, that copies p (p then displaces it)."""
    best, score, seen = None, 0.0, set()
    for value in p.signed.body_bands:
        if value not in stored and value not in firsts:  # most bands of most documents
            continue
        candidates = [(shingles, body, body.at) for shingles, body in stored.get(value, ())]
        if value in firsts:
            first = firsts[value]
            candidates.append((first.signed.body, first, first.at))
        for shingles, found, at in candidates:
            if id(found) in seen:
                continue
            seen.add(id(found))
            held = _held(p, shingles, at)
            if held > score:
                best, score = found, held
    if best is None or isinstance(best, Body):
        return best
    best.body = best.body or Body(at=best.at, outlet_id=best.outlet.pk, first=best)
    return best.body


def _held(p: Carrier, shingles: frozenset[bytes], at: datetime) -> float:
    """How much of the later of p and a candidate published `at` comes from the earlier."""
    if abs(p.at - at) > origins.STORY_WINDOW:
        return 0.0
    if p.at < at:
        return origins.copy_score(shingles, p.signed.body)
    return origins.copy_score(p.signed.body, shingles)


def _stored(bodied: list[Carrier]) -> defaultdict[int, list]:
    """{band: [(shingles, body)]} of the stored originals sharing a band with the batch,
    published within the story window of it."""
    hashes = sorted({value for p in bodied for value in p.signed.body_bands})
    first = (bodied[0].at - origins.STORY_WINDOW).date()
    last = (bodied[-1].at + origins.STORY_WINDOW).date()
    bands: defaultdict[int, list[int]] = defaultdict(list)
    between = "day BETWEEN %s AND %s"
    found = rows_by_hash(BodyBand, ["hash", "document_id"], hashes, where=between,
                         params=(first, last))  # fmt: skip
    for value, document_id in found:
        bands[document_id].append(value)
    index, bodies = defaultdict(list), {}
    ids = list(bands)
    for start in range(0, len(ids), _CHUNK):
        for row in _candidates(ids[start : start + _CHUNK]):
            entry = (origins.body_shingles(row[1]), _body_of(row, bodies))
            for value in bands[row[0]]:
                index[value].append(entry)
    return index


def _candidates(ids: list[int]):
    """Stored documents with bands, with their original's outlet and time when they are
    themselves copies now (an original displaced by an earlier one keeps its bands)."""
    return Document.objects.filter(pk__in=ids, story__isnull=False).values_list(
        "pk", "summary", "story_id", "outlet_id", "published_at", "fetched_at", "copy_of_id",
        "copy_of__outlet_id", "copy_of__published_at", "copy_of__fetched_at",
    )  # fmt: skip


def _body_of(row: tuple, bodies: dict[int, Body]) -> Body:
    pk, _, story, outlet, published, fetched, copy_of, *original = row
    if copy_of is not None:
        pk, outlet, published, fetched = copy_of, *original
    if pk not in bodies:
        bodies[pk] = Body(at=published or fetched, outlet_id=outlet, story_id=story, original_id=pk)
    return bodies[pk]


def original_of(p: Carrier) -> Carrier | None:
    """The batch document p copies, when the batch holds its original."""
    return p.body.first if p.body and p.body.first not in (None, p) else None


def copy_of_stored(p: Carrier) -> int | None:
    """The stored original p copies, set as the document is written."""
    return p.body.original_id if p.body and p.body.first is None else None


def copies_link(batch: list[Carrier]) -> None:
    """Once the batch is stored: name the originals the batch holds, re-point the copies of the
    originals it displaced (their claims moved first, read while they still name them), and
    keep the bands of the batch's originals."""
    named = [(original_of(p).document_id, p.document_id) for p in batch if original_of(p)]
    displaced = {
        p.body.displaced: p for p in batch if p.body and p.body.first is p and p.body.displaced
    }
    claims_reattribute({old: (outlet, p.outlet.pk) for (old, outlet), p in displaced.items()})
    repointed = [(p.document_id, old, old) for (old, _), p in displaced.items()]
    table, quote = Document._meta.db_table, connection.ops.quote_name
    with connection.cursor() as cursor:
        if named:
            cursor.executemany(f"UPDATE {quote(table)} SET copy_of_id = %s WHERE id = %s", named)  # noqa: S608
        if repointed:
            cursor.executemany(
                f"UPDATE {quote(table)} SET copy_of_id = %s WHERE id = %s OR copy_of_id = %s",  # noqa: S608
                repointed,
            )
    rows = [
        (value, p.at.date(), p.document_id)
        for p in batch
        if p.signed and p.signed.body_bands and (p.body is None or p.body.first is p)
        for value in p.signed.body_bands
    ]
    insert_rows(BodyBand, ["hash", "day", "document"], rows)
