"""Documents: deduplicated, tagged, clustered into stories, and counted in the rollups.

`documents_ingest` is the one way documents enter the registry (feeds, the demo loader, tests).
A batch costs a fixed number of statements on PostgreSQL, whatever its size: existing URLs are
looked up at once, candidate stories found with one scan of the band index, rows copied in, and
each rollup upserted with one statement (SQLite takes a statement per few hundred rows).
"""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

import numpy as np
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from aggregates.rollups import Counted, rollups_add
from config.cachekeys import topics_changed
from ingestion import copies, origins
from ingestion.canonical import canonical_url, is_market_question_page
from ingestion.tagging import Tagger, Tags, current_tagger
from ingestion.values import BadValue, checked_instant, checked_text
from registry.bulk import HashProbe, copy_create, insert_rows, rows_by_hash
from registry.models import (
    Document,
    EntityMention,
    Event,
    EventMention,
    Feed,
    Outlet,
    Story,
    StoryBand,
    Vertical,
)

_CHUNK = 4000  # bound IN (...) lists: SQLite 3.32+ allows 32,766 variables


@dataclass(frozen=True)
class IncomingDocument:
    url: str
    title: str
    outlet: Outlet
    vertical: Vertical
    fetched_at: datetime
    published_at: datetime | None = None
    summary: str = ""
    feed: Feed | None = None
    guid: str | None = None
    published_on: date | None = None  # the day a source stated, when it stated no zone we know


@dataclass
class IngestReport:
    new: int = 0
    duplicates: int = 0
    skipped: int = 0
    document_ids: list[int] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # why each refused item was (in skipped)


@dataclass
class _Prepared:
    item: IncomingDocument
    url: str
    at: datetime  # when it was published, if that is trusted, else when it was fetched
    day: date  # the day it is counted on: `at`'s, or the day a zoneless date stated
    published_at: datetime | None
    tags: Tags
    market_page: bool
    sig: np.ndarray | None
    sentences: copies.Sentences | None  # its summary, when long enough to tell a copy
    story_key: int | None = None
    body: copies.Body | None = None  # the body it copies, or its own when copied
    document_id: int | None = None

    @property
    def outlet(self) -> Outlet:
        return self.item.outlet

    @property
    def origin(self) -> Outlet:
        """The outlet whose origin it counts as: its own, or its original's when it copies one
        the batch holds (a stored original's copies join a stored story, recounted)."""
        original = copies.original_of(self)
        return original.outlet if original else self.outlet


def documents_ingest(*, items: Sequence[IncomingDocument]) -> IngestReport:
    """Store each new document once; report how many were new, duplicates or unusable."""
    report = IngestReport()
    for attempt in range(2):
        fresh = _fresh(items, report)
        if not fresh:
            return report
        tagger = current_tagger()
        prepared = [_prepare(url, item, tagger) for url, item in fresh]
        try:
            with transaction.atomic():
                report.document_ids = _store(prepared)
        except IntegrityError:
            # Race: another worker stored one of these URLs between our lookup and insert.
            # Look again (those rows are now duplicates) and retry once.
            if attempt:
                raise
            report.duplicates = report.skipped = 0
            report.refused = []
            continue
        report.new = len(report.document_ids)
        return report
    return report


def _fresh(items: Sequence[IncomingDocument], report: IngestReport):
    seen_urls, seen_guids, fresh = set(), set(), []
    for item in items:
        try:
            url = _checked(item)
        except BadValue as exc:
            report.skipped += 1
            report.refused.append(f"document refused: {exc}")
            continue
        if url is None or not item.title.strip():
            report.skipped += 1
            continue
        key = (item.feed.pk if item.feed else None, item.guid)
        if url in seen_urls or (item.guid and key in seen_guids):
            report.duplicates += 1
            continue
        seen_urls.add(url)
        seen_guids.add(key)
        fresh.append((url, item))
    stored = set()
    urls = [url for url, _ in fresh]
    for start in range(0, len(urls), _CHUNK):
        chunk = urls[start : start + _CHUNK]
        stored |= set(Document.objects.filter(url__in=chunk).values_list("url", flat=True))
    report.duplicates += len(stored)
    return [(url, item) for url, item in fresh if url not in stored]


def _checked(item: IncomingDocument) -> str | None:
    """The canonical URL of an item whose every value can be stored (else a `BadValue`): the
    readers check at their own doors; this holds for every other caller too."""
    for name in ("url", "title", "summary", "guid"):
        if getattr(item, name):
            checked_text(getattr(item, name), name)
    if item.published_at is not None:
        checked_instant(item.published_at, "published_at")
    url = canonical_url(item.url)
    if url and len(url) > Document._meta.get_field("url").max_length:
        raise BadValue(f"url is {len(url)} characters long once canonical")
    return url


def _prepare(url: str, item: IncomingDocument, tagger: Tagger) -> _Prepared:
    # A publication date in the future (a feed's clock or time zone gone wrong) is not trusted.
    trusted = item.published_at and item.published_at <= item.fetched_at + timedelta(hours=1)
    at = item.published_at if trusted else item.fetched_at
    day = at.date()
    if not trusted and item.published_on and item.published_on <= day + timedelta(days=1):
        day = item.published_on  # a zoneless date's own day (+14:00 may be a day ahead of UTC)
    text = f"{item.title}\n{item.summary}"
    market_page = is_market_question_page(url)
    return _Prepared(
        item=item,
        url=url,
        at=at,
        day=day,
        published_at=item.published_at if trusted else None,
        tags=tagger.tag(text, namesakes=True),
        market_page=market_page,
        sig=None if market_page else origins.signature(text),
        sentences=None if market_page else copies.read(item.summary),
    )


def _store(prepared: list[_Prepared]) -> list[int]:
    story_ids, common = _assign_stories(prepared)
    # Stamped as late as the rows are written: a read as of an instant before it cannot have
    # seen them (what it still could miss is a batch stamped before the read and committed
    # after it: docs/decisions/0043).
    stored_at = timezone.now()
    documents = copy_create(Document, [_document(p, story_ids, stored_at) for p in prepared])
    pairs = list(zip(documents, prepared, strict=True))
    for doc, p in pairs:
        p.document_id = doc.pk
    copies.copies_link(prepared, common)
    stamp = connection.ops.adapt_datetimefield_value(stored_at)
    insert_rows(
        EntityMention,
        ["document", "entity", "day", "ingested_at"],
        [(doc.pk, e, doc.day, stamp) for doc, p in pairs for e in sorted(p.tags.entity_ids)],
    )
    insert_rows(
        EventMention,
        ["document", "event", "day", "ingested_at", "counted", "asserting"],
        [(doc.pk, e, doc.day, stamp, not p.market_page, bool(doc.verbs))
         for doc, p in pairs for e in sorted(p.tags.event_ids)],
    )  # fmt: skip
    # Market question pages are not reporting: kept, but never counted as attention.
    counted = [(doc, p) for doc, p in pairs if not p.market_page]
    rollups_add(
        Counted(doc.outlet_id, doc.vertical_id, doc.day, p.tags.entity_ids, p.tags.event_ids,
                doc.verbs, p.body.outlet_id if p.body else doc.outlet_id)
        for doc, p in counted
    )  # fmt: skip
    touched = {event_id for _, p in counted for event_id in p.tags.event_ids}
    topics_changed(Event.objects.filter(pk__in=touched).values_list("subject", flat=True))
    # New stories were counted as they were created; stories seen before need a recount.
    _refresh_stories({story_id for key, story_id in story_ids.items() if key > 0})
    return [doc.pk for doc in documents]


def _document(p: _Prepared, story_ids: dict[int, int], stored_at: datetime) -> Document:
    return Document(
        url=p.url,
        title=p.item.title[:500],
        summary=p.item.summary,
        outlet=p.item.outlet,
        feed=p.item.feed,
        vertical=p.item.vertical,
        published_at=p.published_at,
        fetched_at=p.item.fetched_at,
        ingested_at=stored_at,
        day=p.day,
        verbs=list(p.tags.verbs),
        is_market_question_page=p.market_page,
        guid=(p.item.guid or None) and p.item.guid[:500],
        story_id=story_ids.get(p.story_key),
    )


def _assign_stories(prepared: list[_Prepared]) -> tuple[dict[int, int], set[int]]:
    """Give each clustered document a story key; returns {story key: story id}, and the
    fingerprints `copies` found common.

    Keys of existing stories are their ids; new stories get negative keys until inserted. A
    copy joins its original's story, and an original that displaced a stored one joins that
    one's (`copies.copies_find` has found them): neither looks for a story.
    """
    clustered = [p for p in prepared if p.sig is not None]
    if not clustered:
        return {}, set()
    bands = {id(p): origins.band_hashes(p.sig) for p in clustered}
    hashes = sorted({value for p in clustered for _, value in bands[id(p)]})
    stored, prints = rows_by_hash(
        [HashProbe(StoryBand, ["band", "hash", "story_id"], hashes), copies.prints_probe(clustered)]
    )
    common = copies.copies_find(clustered, prints)
    looking, joining = [], []
    for p in clustered:
        joins = p.body and (p.body.story_id or p.body.first is not p)
        (joining if joins else looking).append(p)
    new_stories = _place(looking, bands, stored)
    for p in joining:
        p.story_key = p.body.story_id or p.body.first.story_key
    members = _members(clustered)
    created = copy_create(Story, [_new_story(p, members[key]) for key, p in new_stories.items()])
    ids = {key: story.pk for key, story in zip(new_stories, created, strict=True)}
    insert_rows(
        StoryBand,
        ["story", "band", "hash"],
        [(ids[key], band, value) for key, p in new_stories.items() for band, value in bands[id(p)]],
    )
    ids.update({p.story_key: p.story_key for p in clustered if p.story_key > 0})
    return ids, common


def _members(clustered: list[_Prepared]) -> dict[int, list[tuple]]:
    """Per story key, its documents as `origins.origin_counts` reads them, with when each was
    seen (what a new story is counted from)."""
    members = defaultdict(list)
    for p in clustered:
        origin = p.origin
        members[p.story_key].append((p.outlet.pk, origin.pk, origin.upstream_id, origin.is_wire,
                                     origin.tier, p.at))  # fmt: skip
    return members


def _place(
    looking: list[_Prepared], bands: dict[int, list], stored: list[tuple]
) -> dict[int, _Prepared]:
    """Each document into the most similar story seen within the window, stored or new in this
    batch, or a new story of its own; returns the new stories by key. `stored`: the (band, hash,
    story) rows sharing a hash with the batch."""
    if not looking:
        return {}
    wanted = {band for p in looking for band in bands[id(p)]}
    index, signatures = _candidate_stories(wanted, stored, min(p.at for p in looking))
    new_stories: dict[int, _Prepared] = {}
    for p in looking:
        candidates = set().union(*(index.get(band, ()) for band in bands[id(p)]))
        scored = [(origins.similarity(p.sig, signatures[key]), key) for key in candidates]
        best = max(scored, default=(0.0, None))
        if best[0] >= origins.SIMILAR:
            p.story_key = best[1]
            continue
        p.story_key = -(len(new_stories) + 1)
        new_stories[p.story_key] = p
        signatures[p.story_key] = p.sig
        for band in bands[id(p)]:
            index.setdefault(band, set()).add(p.story_key)
    return new_stories


def _new_story(first: _Prepared, members: list[tuple]) -> Story:
    documents, publishers, origin_total, known = origins.origin_counts(members)
    seen = [at for *_, at in members]
    return Story(
        title=first.item.title[:500],
        signature=origins.to_bytes(first.sig),
        first_seen=min(seen),
        last_seen=max(seen),
        documents=documents,
        publisher_count=publishers,
        origin_count=origin_total,
        known_origin_count=known,
    )


def _candidate_stories(wanted: set[tuple[int, int]], stored: list[tuple], earliest: datetime):
    """Stories sharing a band with the batch and seen within the window, with their signatures.

    Two lookups that each use an index (bands by hash, `rows_by_hash`; stories by primary key),
    not a join: the band table grows by sixteen rows a story, and a join invites the planner to
    scan it whole.
    """
    by_story: dict[int, set[tuple[int, int]]] = defaultdict(set)
    for band, value, story_id in stored:
        if (band, value) in wanted:
            by_story[story_id].add((band, value))
    signatures, index = {}, defaultdict(set)
    since = earliest - origins.STORY_WINDOW
    recent = Story.objects.filter(pk__in=by_story, last_seen__gte=since)
    for pk, raw in recent.values_list("pk", "signature"):
        signatures[pk] = origins.from_bytes(raw)
        for band in by_story[pk]:
            index[band].add(pk)
    return index, signatures


def _refresh_stories(story_ids: set[int]) -> None:
    """Recount documents, publishers and origins of the stories a batch touched."""
    if not story_ids:
        return
    rows = []
    for story_id, members in sorted(_story_members(story_ids).items()):
        seen = [at for *_, at in members]
        first, last = (connection.ops.adapt_datetimefield_value(v) for v in (min(seen), max(seen)))
        rows.append((*origins.origin_counts(members), first, last, story_id))
    # One plain UPDATE per story (executemany): Django's bulk_update builds a CASE per column
    # with a branch per row, which SQLite evaluates in quadratic time on large batches.
    quote = connection.ops.quote_name
    columns = ["documents", "publisher_count", "origin_count", "known_origin_count",
               "first_seen", "last_seen"]  # fmt: skip
    sets = ", ".join(f"{quote(column)} = %s" for column in columns)
    sql = f"UPDATE {quote(Story._meta.db_table)} SET {sets} WHERE {quote('id')} = %s"  # noqa: S608
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def _story_members(story_ids: set[int]) -> dict[int, list[tuple]]:
    """Per story, each document as `origins.origin_counts` reads it, with when it was seen: a
    copy's origin is its original's outlet."""
    members = defaultdict(list)
    rows = Document.objects.filter(story_id__in=story_ids).values_list(
        "story_id", "outlet_id", "outlet__upstream_id", "outlet__is_wire", "outlet__tier",
        "copy__original__outlet_id", "copy__original__outlet__upstream_id",
        "copy__original__outlet__is_wire", "copy__original__outlet__tier", "published_at",
        "fetched_at",
    )  # fmt: skip
    for story_id, outlet, *own, original, up, wire, tier, published, fetched in rows:
        origin = (original, up, wire, tier) if original else (outlet, *own)
        members[story_id].append((outlet, *origin, published or fetched))
    return members
