"""Copies: a document whose body copies an earlier one's is not an origin of its own (issue 39).

A verbatim or lightly edited copy (a new headline, a few words changed, sentences reordered or
trimmed) that another outlet publishes with no upstream link to trace it would otherwise count
as one more independent origin. A summary long enough to tell is read into sentences (`read`);
each long sentence is fingerprinted by its first and by its last words, which a copy keeps
unless it rewrites the whole sentence. A document is looked up by its fingerprints among the
originals of the story window (`BodyPrint`, kept for originals only) and the batch's own; a
candidate is taken when the bodies' shingles agree (`copy_score`), never on the title.
Fingerprints that many documents of the window carry (boilerplate) find nothing and are not
kept again.

The original is the earliest published document of a body, whatever order they arrive in: a
batch is read oldest first, and an original that arrives after its copy displaces it (the copy
and its own copies then name the new original, and their claims move to it). A copy names its
original (`Copy`), joins its story, and counts as its origin: in the story's
origins, in the claims ledger (its claims are the original's outlet's) and in the answers' one
row per origin story.
"""

import hashlib
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from django.db import connection

from aggregates.rollups import claims_reattribute
from ingestion.origins import SHINGLE, STORY_WINDOW
from registry.bulk import HashProbe, insert_rows
from registry.models import BodyPrint, Copy, Document, Outlet

SENTENCE_WORDS = 10  # a sentence this long is fingerprinted,
PRINT_WORDS = 8  # by its first eight words and by its last eight
COPY_SHARED = 12  # shingles a copy shares with its original at least: more than a stock phrase
COPY_CONTAINED = 0.5  # of the later document's shingles found in the earlier one's
COMMON_PRINT = 30  # documents of the window carrying one fingerprint: boilerplate past that
_CHUNK = 4000  # bound IN (...) lists, as documents_ingest does
_WORD = re.compile(r"[a-z0-9]+")  # the stories' words (`origins.signature`)
# A sentence ends at . ! or ? (closing quotes and brackets with it) before a space or the end.
_SENTENCE_END = re.compile(r"[.!?]+[\"'\u201d\u2019)\]]*(?:\s+|$)")


class Sentences:
    """A summary read for copies: its text, its sentences' words, the fingerprints of the long
    ones, and (built when first compared) its shingles, three words inside one sentence, so a
    copy that reorders the sentences keeps them all."""

    __slots__ = ("_shingles", "prints", "text", "words")

    def __init__(self, text: str, words: list[list[str]], prints: tuple[int, ...]):
        self.text, self.words, self.prints, self._shingles = text, words, prints, None

    @property
    def shingles(self) -> frozenset[tuple[str, ...]]:
        if self._shingles is None:
            self._shingles = frozenset(
                shingle
                for words in self.words
                for shingle in zip(*(words[i:] for i in range(SHINGLE)), strict=False)
            )
        return self._shingles


def read(summary: str) -> Sentences | None:
    """The summary's sentences, or None when it is too short to tell a copy from two reports
    sharing a stock sentence: fewer shingles than a copy must share, or no long sentence."""
    words = [_WORD.findall(sentence) for sentence in _SENTENCE_END.split(summary.lower())]
    if sum(max(0, len(w) - SHINGLE + 1) for w in words) < COPY_SHARED:
        return None
    prints = {}  # ordered and distinct: a document keeps one row per fingerprint
    for sentence in words:
        if len(sentence) >= SENTENCE_WORDS:
            prints[_digest("^" + " ".join(sentence[:PRINT_WORDS]))] = None
            prints[_digest("$" + " ".join(sentence[-PRINT_WORDS:]))] = None
    return Sentences(summary, words, tuple(prints)) if prints else None


def _digest(text: str) -> int:
    """63 bits of BLAKE2b: stable across processes and releases, as stored rows need."""
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


def copy_score(copy: frozenset, original: frozenset) -> float:
    """How much of `copy` comes from `original` (a share of its shingles), or 0 when it is not
    a copy of it: too little shared, or too little of it from there. Measured on the later
    document: a copy that trims its original keeps all it has from it, while a longer report
    that quotes a short item whole is mostly its own."""
    shared = len(copy & original)
    if shared < COPY_SHARED:
        return 0.0
    held = shared / len(copy)
    return held if held >= COPY_CONTAINED else 0.0


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
    sentences: Sentences | None
    body: Body | None
    document_id: int | None

    @property
    def outlet(self) -> Outlet: ...


def prints_probe(batch: list[Carrier]) -> HashProbe:
    """The stored fingerprints to look up for the batch, within the story window of it."""
    bodied = [p for p in batch if p.sentences]
    if not bodied:
        return HashProbe(BodyPrint, ["hash", "document_id"], [])
    hashes = sorted({value for p in bodied for value in p.sentences.prints})
    first = (min(p.at for p in bodied) - STORY_WINDOW).date()
    last = (max(p.at for p in bodied) + STORY_WINDOW).date()
    return HashProbe(BodyPrint, ["hash", "document_id"], hashes, "day BETWEEN %s AND %s",
                     (first, last))  # fmt: skip


def copies_find(batch: list[Carrier], found: list[tuple[int, int]]) -> set[int]:
    """Set `body` on each document of the batch that copies another (the `Body` it copies) and
    on each original the batch holds that is copied or displaces a stored one (its own `Body`);
    the others keep None. Read oldest first, so an original comes before its copies in the
    batch, and displaces a stored original published after it. `found` is what `prints_probe`
    found. Returns the fingerprints found common (boilerplate), for `copies_link` to leave out."""
    bodied = sorted((p for p in batch if p.sentences), key=lambda p: p.at)
    if not bodied:
        return set()
    stored, common = _stored(found)
    firsts: dict[int, Carrier] = {}
    for p in bodied:
        body = _copied(p, stored, firsts)
        if body is not None and body.first is None and p.at < body.at:
            body.displaced = (body.original_id, body.outlet_id)
            body.at, body.outlet_id, body.first = p.at, p.outlet.pk, p
        p.body = body
        if body is None or body.first is p:
            for value in p.sentences.prints:  # the latest original, nearest those after it
                firsts[value] = p
    return common


def _copied(p: Carrier, stored: dict[int, list], firsts: dict[int, Carrier]) -> Body | None:
    """The body p carries: the candidate within the story window that p copies most (a stored
    original, or one of the batch's, given its `Body` here), or, when p was published before a
    stored original, that copies p (p then displaces it)."""
    best, score, seen = None, 0.0, set()
    for value in p.sentences.prints:
        candidates = [(summary, body, body.at) for summary, body in stored.get(value, ())]
        if value in firsts:
            first = firsts[value]
            candidates.append((first.sentences, first, first.at))
        for other, found, at in candidates:
            if id(other) not in seen:  # each document once, however many prints it shares
                seen.add(id(other))
                held = _held(p, other, at)
                best, score = (found, held) if held > score else (best, score)
    if best is None or isinstance(best, Body):
        return best
    best.body = best.body or Body(at=best.at, outlet_id=best.outlet.pk, first=best)
    return best.body


def _held(p: Carrier, other: "Sentences | _Summary", at: datetime) -> float:
    """How much of the later of p and a candidate published `at` comes from the earlier."""
    if abs(p.at - at) > STORY_WINDOW:
        return 0.0
    if other.text == p.sentences.text:  # verbatim: no shingles to build
        return 1.0
    later, earlier = (other, p.sentences) if p.at < at else (p.sentences, other)
    if _numbers(later.text) - _numbers(earlier.text):
        return 0.0  # a figure of its own ("at 4.5 million", not 4.2): a claim, not a copy
    return copy_score(later.shingles, earlier.shingles)


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _numbers(text: str) -> set[str]:
    """The numbers a text writes, as written ("4.5", "3,100")."""
    return set(_NUMBER.findall(text))


class _Summary:
    """A stored document's summary, read into shingles only when compared."""

    __slots__ = ("_read", "text")

    def __init__(self, text: str):
        self.text, self._read = text, None

    @property
    def shingles(self) -> frozenset[tuple[str, ...]]:
        if self._read is None:
            self._read = read(self.text) or Sentences(self.text, [], ())
        return self._read.shingles


def _stored(found: list[tuple[int, int]]) -> tuple[dict[int, list], set[int]]:
    """{fingerprint: [(summary, body)]} of the stored documents with fingerprints (originals,
    and originals since displaced) sharing one with the batch, published within the story
    window of it (`found`: (fingerprint, document) rows); and the fingerprints too common there
    to mean anything."""
    postings = Counter(value for value, _ in found)
    common = {value for value, n in postings.items() if n >= COMMON_PRINT}
    prints: defaultdict[int, list[int]] = defaultdict(list)
    for value, document_id in found:
        if value not in common:
            prints[document_id].append(value)
    index, bodies, ids = defaultdict(list), {}, list(prints)
    for start in range(0, len(ids), _CHUNK):
        for row in _candidates(ids[start : start + _CHUNK]):
            entry = (_Summary(row[1]), _body_of(row, bodies))
            for value in prints[row[0]]:
                index[value].append(entry)
    return index, common


def _candidates(ids: list[int]):
    """Stored documents with fingerprints, with their original's outlet and time when they are
    themselves copies now (an original displaced by an earlier one keeps its fingerprints)."""
    return Document.objects.filter(pk__in=ids, story__isnull=False).values_list(
        "pk", "summary", "story_id", "outlet_id", "published_at", "fetched_at",
        "copy__original_id", "copy__original__outlet_id", "copy__original__published_at",
        "copy__original__fetched_at",
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


def copies_link(batch: list[Carrier], common: set[int]) -> None:
    """Once the batch is stored: name each copy's original, re-point the copies of the stored
    originals it displaced, which become copies too (their claims moved first, read while they
    still name them), and keep the fingerprints of the batch's originals (none found common)."""
    copied = [
        (p.document_id, _original_id(p.body)) for p in batch if p.body and p.body.first is not p
    ]
    displaced = {
        p.body.displaced: p for p in batch if p.body and p.body.first is p and p.body.displaced
    }
    claims_reattribute({old: (outlet, p.outlet.pk) for (old, outlet), p in displaced.items()})
    moved = [(p.document_id, old) for (old, _), p in displaced.items()]
    if moved:
        table = connection.ops.quote_name(Copy._meta.db_table)
        sql = f"UPDATE {table} SET original_id = %s WHERE original_id = %s"  # noqa: S608
        with connection.cursor() as cursor:
            cursor.executemany(sql, moved)
    insert_rows(Copy, ["document", "original"], [*copied, *((old, new) for new, old in moved)])
    originals = [p for p in batch if p.sentences and (p.body is None or p.body.first is p)]
    rows = sorted(  # in the index's order: SQLite's B-tree takes them a page at a time
        (value, p.at.date(), p.document_id)
        for p in originals
        for value in p.sentences.prints
        if value not in common
    )
    insert_rows(BodyPrint, ["hash", "day", "document"], rows)


def _original_id(body: Body) -> int:
    return body.first.document_id if body.first is not None else body.original_id
