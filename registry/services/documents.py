"""Documents, their mentions, and the per-day rollups that read surfaces sum."""

from collections.abc import Iterable, Sequence
from datetime import date, datetime

from django.db import connection, models, transaction
from django.db.models import Count

from registry.models import (
    Document,
    Entity,
    EntityDay,
    EntityMention,
    Event,
    EventDay,
    EventMention,
    Feed,
    Outlet,
    Vertical,
)


@transaction.atomic
def document_record(
    *,
    url: str,
    title: str,
    outlet: Outlet,
    vertical: Vertical,
    fetched_at: datetime,
    published_at: datetime | None = None,
    summary: str = "",
    feed: Feed | None = None,
    verbs: Sequence[str] = (),
    is_market_question_page: bool = False,
    entities: Iterable[Entity] = (),
    events: Iterable[Event] = (),
) -> tuple[Document, bool]:
    """Store one document once (deduplicated on its canonical URL) and count it in the rollups.

    A URL seen before returns the stored row unchanged: re-reading a feed never double-counts.
    """
    existing = Document.objects.filter(url=url).first()
    if existing:
        return existing, False
    day = (published_at or fetched_at).date()
    document = Document.objects.create(
        url=url,
        title=title[:500],
        summary=summary,
        outlet=outlet,
        feed=feed,
        vertical=vertical,
        published_at=published_at,
        fetched_at=fetched_at,
        day=day,
        verbs=sorted(set(verbs)),
        is_market_question_page=is_market_question_page,
    )
    entities, events = list(entities), list(events)
    EntityMention.objects.bulk_create(
        EntityMention(document=document, entity=entity, day=day) for entity in entities
    )
    EventMention.objects.bulk_create(
        EventMention(document=document, event=event, day=day) for event in events
    )
    # Market question pages are not reporting: they are kept, but never counted as attention.
    if not is_market_question_page:
        _count_day(EntityDay, "documents", [(e.pk, vertical.pk, day) for e in entities])
        _count_day(EventDay, "mentions", [(e.pk, day) for e in events])
    return document, True


def _count_day(model: type[models.Model], counter: str, keys: list[tuple]) -> None:
    """Add one to each per-day rollup row, creating it at 1: one upsert statement per row.

    INSERT ... ON CONFLICT DO UPDATE (SQLite 3.24+, PostgreSQL) is atomic, so concurrent ingesters
    never lose a count and never collide on the unique constraint.
    """
    if not keys:
        return
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    unique = next(c for c in model._meta.constraints if isinstance(c, models.UniqueConstraint))
    columns = [quote(model._meta.get_field(name).column) for name in unique.fields]
    placeholders = ", ".join(["%s"] * (len(columns) + 1))
    sql = (
        f"INSERT INTO {table} ({', '.join(columns)}, {quote(counter)}) VALUES ({placeholders}) "  # noqa: S608
        f"ON CONFLICT ({', '.join(columns)}) DO UPDATE "
        f"SET {quote(counter)} = {table}.{quote(counter)} + 1"
    )
    with connection.cursor() as cursor:
        cursor.executemany(sql, [(*key, 1) for key in keys])


@transaction.atomic
def rollups_rebuild(*, since: date | None = None) -> dict[str, int]:
    """Recompute the per-day rollups from mentions (all days, or from `since` on)."""
    entity_days, event_days = EntityDay.objects.all(), EventDay.objects.all()
    entity_mentions = EntityMention.objects.filter(document__is_market_question_page=False)
    event_mentions = EventMention.objects.filter(document__is_market_question_page=False)
    if since:
        entity_days, event_days = (
            entity_days.filter(day__gte=since),
            event_days.filter(day__gte=since),
        )
        entity_mentions = entity_mentions.filter(day__gte=since)
        event_mentions = event_mentions.filter(day__gte=since)
    entity_days.delete()  # no cascades or signals: Django issues one DELETE
    event_days.delete()
    entity_rows = (
        entity_mentions.values("entity_id", "document__vertical_id", "day")
        .annotate(n=Count("id"))
        .order_by()
    )
    EntityDay.objects.bulk_create(
        (
            EntityDay(
                entity_id=row["entity_id"],
                vertical_id=row["document__vertical_id"],
                day=row["day"],
                documents=row["n"],
            )
            for row in entity_rows.iterator()
        ),
        batch_size=5000,
    )
    event_rows = event_mentions.values("event_id", "day").annotate(n=Count("id")).order_by()
    EventDay.objects.bulk_create(
        (
            EventDay(event_id=row["event_id"], day=row["day"], mentions=row["n"])
            for row in event_rows.iterator()
        ),
        batch_size=5000,
    )
    return {"entityDays": EntityDay.objects.count(), "eventDays": EventDay.objects.count()}
