"""Rollups: counts kept beside the rows they count, so no read aggregates raw documents.

Per day: `EntityDay` (attention per entity and vertical) and `EventDay` (an event's mentions per
vertical, and how many carry an assertion verb). Per event, what a topic record needs about all
its documents: `EventOutlet` (publishers), `EventVerb` (`asserts`), `EventEntity` (co-mentions)
and `EventClaim` (the claims ledger). `documents_ingest` adds each batch's counts inside its own
transaction; `rollups_rebuild` recomputes them from the mentions. `EntityPace` and `TopicPace`
sum `EntityDay` and `EventDay` over the default attention window, and `VerticalPace` the
verticals' week (`aggregates.pace`): added to beside them, recounted after them.
"""

from collections import Counter
from collections.abc import Iterable
from datetime import date
from typing import NamedTuple

from django.db import connection, models, transaction

from aggregates import pace
from registry import bulk
from registry.bulk import insert_rows
from registry.models import (
    Copy,
    Document,
    EntityDay,
    EntityMention,
    EntityPace,
    EventClaim,
    EventDay,
    EventEntity,
    EventMention,
    EventOutlet,
    EventVerb,
    TopicPace,
    VerticalPace,
)

EVENT_TOTALS = (EventOutlet, EventVerb, EventEntity, EventClaim)
ROLLUPS = (EntityDay, EventDay, *EVENT_TOTALS, EntityPace, TopicPace, VerticalPace)


class Counted(NamedTuple):
    """One stored document as the rollups see it (market question pages are never counted)."""

    outlet_id: int
    vertical_id: int
    day: date
    entity_ids: Iterable[int]
    event_ids: Iterable[int]
    verbs: Iterable[str]
    # The outlet whose origin the document counts as in the claims ledger: its original's when
    # it is a copy (`ingestion.copies`), else (None) its own.
    origin_outlet_id: int | None = None


def rollups_add(documents: Iterable[Counted]) -> None:
    """Add a batch of newly stored documents to every rollup."""
    entity_days, mentions, with_verbs = Counter(), Counter(), Counter()
    outlets, verbs, entities, claims = Counter(), Counter(), Counter(), Counter()
    for doc in documents:
        for entity in doc.entity_ids:
            entity_days[entity, doc.vertical_id, doc.day] += 1
        for event in doc.event_ids:
            mentions[event, doc.vertical_id, doc.day] += 1
            with_verbs[event, doc.vertical_id, doc.day] += bool(doc.verbs)
            outlets[event, doc.outlet_id] += 1
            for verb in doc.verbs:
                verbs[event, verb] += 1
            for entity in doc.entity_ids:
                entities[event, entity] += 1
                for verb in doc.verbs:
                    claims[event, entity, verb, doc.origin_outlet_id or doc.outlet_id] += 1
    _add_counts(EntityDay, ["documents"], {key: (n,) for key, n in entity_days.items()})
    _add_counts(
        EventDay, ["mentions", "with_verbs"], {k: (n, with_verbs[k]) for k, n in mentions.items()}
    )
    pace.add(entity_days, mentions)
    for model, counts in zip(EVENT_TOTALS, (outlets, verbs, entities, claims), strict=True):
        _add_counts(model, ["documents"], {key: (n,) for key, n in counts.items()})


def _add_counts(model: type[models.Model], counters: list[str], counts: dict) -> None:
    """Add counts to rollup rows, creating them at the count.

    INSERT ... ON CONFLICT DO UPDATE (SQLite 3.24+, PostgreSQL) is atomic, so concurrent ingesters
    never lose a count and never collide on the unique constraint. Keys in `counts` are distinct,
    so no statement touches a row twice; sorted, so concurrent batches lock rows in one order.
    """
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    unique = next(c for c in model._meta.constraints if isinstance(c, models.UniqueConstraint))
    conflict = ", ".join(quote(model._meta.get_field(name).column) for name in unique.fields)
    adds = ", ".join(f"{quote(c)} = {table}.{quote(c)} + EXCLUDED.{quote(c)}" for c in counters)
    insert_rows(
        model,
        [*unique.fields, *counters],
        [(*key, *values) for key, values in sorted(counts.items())],
        on_conflict=f"ON CONFLICT ({conflict}) DO UPDATE SET {adds}",
    )


def claims_reattribute(moves: dict[int, tuple[int, int]]) -> None:
    """Move claims between outlets: {original: (its outlet, the new original's outlet)} for
    originals an earlier-published document displaced (`ingestion.copies`), with their copies.
    Read while those copies still name the displaced original."""
    if not moves:
        return
    moved = Counter()
    for original, event, entity, verb, n in _claims_of(sorted(moves)):
        source, target = moves[original]
        moved[event, entity, verb, source] -= n
        moved[event, entity, verb, target] += n
    taken = {key: -n for key, n in moved.items() if n < 0}
    _claims_take(taken)
    _add_counts(EventClaim, ["documents"], {key: (n,) for key, n in moved.items() if n > 0})
    emptied = EventClaim.objects.filter(
        event_id__in={key[0] for key in taken}, outlet_id__in={key[3] for key in taken}
    )
    emptied.filter(documents=0).delete()


def _claims_take(taken: dict[tuple, int]) -> None:
    """Subtract from claims rows that exist (an upsert would first propose a negative row and
    fail the column's check). One statement on PostgreSQL."""
    if not taken:
        return
    quote = connection.ops.quote_name
    table, documents = quote(EventClaim._meta.db_table), quote("documents")
    names = ("event", "entity", "verb", "outlet")
    columns = [quote(EventClaim._meta.get_field(name).column) for name in names]
    rows = [(*key, n) for key, n in sorted(taken.items())]
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            keys = " AND ".join(f"{column} = %s" for column in columns)
            sql = f"UPDATE {table} SET {documents} = {documents} - %s WHERE {keys}"  # noqa: S608
            cursor.executemany(sql, [(n, *key) for *key, n in rows])
            return
        keys = " AND ".join(
            f"c.{column} = v.{name}" for column, name in zip(columns, names, strict=True)
        )
        sql = (
            f"UPDATE {table} AS c SET {documents} = c.{documents} - v.n "  # noqa: S608
            "FROM unnest(%b::bigint[], %b::bigint[], %b::text[], %b::bigint[], %b::integer[]) "
            f"AS v(event, entity, verb, outlet, n) WHERE {keys}"
        )
        cursor.execute(sql, [list(column) for column in zip(*rows, strict=True)])


def _claims_of(originals: list[int]) -> list[tuple]:
    """(original, event, entity, verb, documents) of these originals and their copies: the
    copies found through their index first, then every mention read by its document."""
    owner = {pk: pk for pk in originals}
    owner.update(Copy.objects.filter(original__in=originals).values_list("document", "original"))
    quote = connection.ops.quote_name
    mentions, documents, named = (
        quote(model._meta.db_table) for model in (EventMention, Document, EntityMention)
    )
    verbs, verb = verbs_expanded("d")
    marks = ", ".join(["%s"] * len(owner))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT m.document_id, m.event_id, n.entity_id, {verb}, COUNT(*) "  # noqa: S608
            f"FROM {mentions} m JOIN {documents} d ON d.id = m.document_id "
            f"JOIN {named} n ON n.document_id = m.document_id {verbs} "
            f"WHERE d.is_market_question_page = %s AND m.document_id IN ({marks}) "
            "GROUP BY 1, 2, 3, 4",
            [False, *owner],
        )
        return [(owner[document], *rest) for document, *rest in cursor.fetchall()]


def rollups_rebuild(*, since: date | None = None) -> dict[str, int]:
    """Recompute the per-day rollups (all days, or from `since` on) and the per-event totals.

    Per-event totals span every day, so they are always recomputed whole. The tables just
    rewritten are then vacuumed after the commit (`bulk.vacuum`: fresh statistics, and the
    visibility map window reads need to come from the index alone; ANALYZE alone inside a
    caller's transaction).
    """
    counts = _rebuild(since)
    bulk.vacuum(*ROLLUPS)
    return counts


@transaction.atomic
def _rebuild(since: date | None) -> dict[str, int]:
    _days_rebuild(since)
    pace.roll(force=True)
    _totals_rebuild()
    return {
        "entityDays": EntityDay.objects.count(),
        "eventDays": EventDay.objects.count(),
        "eventOutlets": EventOutlet.objects.count(),
        "eventVerbs": EventVerb.objects.count(),
        "eventEntities": EventEntity.objects.count(),
        "eventClaims": EventClaim.objects.count(),
    }


def _days_rebuild(since: date | None) -> None:
    """The per-day rollups from the mentions, one INSERT ... SELECT each: the database groups,
    no row crosses into Python, so memory stays flat at any size (bulk_create had held every
    rebuilt row at once: 1 GB at 1M documents)."""
    entity_days, event_days = EntityDay.objects.all(), EventDay.objects.all()
    if since:
        entity_days, event_days = (
            entity_days.filter(day__gte=since),
            event_days.filter(day__gte=since),
        )
    entity_days.delete()  # no cascades or signals: Django issues one DELETE
    event_days.delete()
    where, params = "WHERE d.is_market_question_page = %s", [False]
    if since:
        where, params = f"{where} AND m.day >= %s", [False, since]
    with connection.cursor() as cursor:
        for sql in _days_inserts(where):
            cursor.execute(sql, params)


def _days_inserts(where: str) -> list[str]:
    """One INSERT ... SELECT per day rollup, grouped by (key, vertical, day). Identifiers and
    constant expressions only; the values (`since`) are bound by the caller."""
    quote = connection.ops.quote_name
    documents = quote(Document._meta.db_table)
    array_length = (
        "jsonb_array_length" if connection.vendor == "postgresql" else "json_array_length"
    )
    selects = (  # model, its mentions, its columns, what is selected per (key, vertical, day)
        (EntityDay, EntityMention, ["entity", "vertical", "day", "documents"], "m.entity_id",
         "COUNT(*)"),
        (EventDay, EventMention, ["event", "vertical", "day", "mentions", "with_verbs"],
         "m.event_id", f"COUNT(*), SUM(CASE WHEN {array_length}(d.verbs) > 0 THEN 1 ELSE 0 END)"),
    )  # fmt: skip
    inserts = []
    for model, mentions, fields, key, counted in selects:
        columns = ", ".join(quote(model._meta.get_field(name).column) for name in fields)
        inserts.append(
            f"INSERT INTO {quote(model._meta.db_table)} ({columns}) "  # noqa: S608
            f"SELECT {key}, d.vertical_id, m.day, {counted} "
            f"FROM {quote(mentions._meta.db_table)} m "
            f"JOIN {documents} d ON d.id = m.document_id {where} "
            f"GROUP BY {key}, d.vertical_id, m.day"
        )
    return inserts


def _totals_rebuild() -> None:
    """One INSERT ... SELECT per table: the database aggregates, nothing crosses the wire.

    Written in SQL because each joins mentions to documents and, for verbs, expands a JSON array,
    which the ORM cannot express as an insert from a query.
    """
    for model in EVENT_TOTALS:
        model.objects.all().delete()
    quote = connection.ops.quote_name
    mentions, documents, named, copies = (
        quote(model._meta.db_table) for model in (EventMention, Document, EntityMention, Copy)
    )
    verbs, verb = verbs_expanded("d")
    base = f"FROM {mentions} m JOIN {documents} d ON d.id = m.document_id"
    entity = f"JOIN {named} n ON n.document_id = m.document_id"
    where = "WHERE d.is_market_question_page = %s"
    selects = {  # model: (its key fields, the selected keys, the joins that reach them)
        EventOutlet: (["event", "outlet"], "m.event_id, d.outlet_id", ""),
        EventVerb: (["event", "verb"], f"m.event_id, {verb}", verbs),
        EventEntity: (["event", "entity"], "m.event_id, n.entity_id", entity),
        EventClaim: (  # a copy's claims are its original's outlet's (`ingestion.copies`)
            ["event", "entity", "verb", "outlet"],
            f"m.event_id, n.entity_id, {verb}, COALESCE(o.outlet_id, d.outlet_id)",
            f"{entity} {verbs} LEFT JOIN {copies} c ON c.document_id = d.id "
            f"LEFT JOIN {documents} o ON o.id = c.original_id",
        ),
    }
    with connection.cursor() as cursor:
        for model, (keys, selected, joins) in selects.items():
            columns = ", ".join(quote(model._meta.get_field(key).column) for key in keys)
            group = ", ".join(str(n + 1) for n in range(len(keys)))
            cursor.execute(
                f"INSERT INTO {quote(model._meta.db_table)} ({columns}, documents) "
                f"SELECT {selected}, COUNT(*) {base} {joins} {where} GROUP BY {group}",
                [False],
            )


def verbs_expanded(alias: str) -> tuple[str, str]:
    """(join clause, column): one row per verb in a document's JSON verb list."""
    if connection.vendor == "postgresql":
        return f"CROSS JOIN LATERAL jsonb_array_elements_text({alias}.verbs) AS v(verb)", "v.verb"
    return f"CROSS JOIN json_each({alias}.verbs) AS v", "v.value"
