"""Writes to the registry. Admin actions, commands, tasks and views call these.

Curated rows are written through `*_upsert` services keyed on their natural key, so the demo
loader and curators' imports are idempotent, and every write is validated by the model's own
rules (`full_clean`), the same rules the admin forms apply.
"""

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date, datetime
from typing import Any, TypeVar

from django.db import connection, models, transaction
from django.db.models import Count, F
from django.utils import timezone

from registry.fetch import FetchError, FetchResult, fetch
from registry.models import (
    Document,
    Entity,
    EntityAlias,
    EntityDay,
    EntityMention,
    Event,
    EventDay,
    EventMention,
    Feed,
    MarketPrice,
    MarketQuestion,
    Outlet,
    PrimarySource,
    ScheduledJob,
    SourceReading,
    Vertical,
)

M = TypeVar("M", bound=models.Model)


@contextmanager
def scheduled_job_run(*, name: str) -> Iterator[None]:
    """Record one run of a scheduled job: the attempt now, then success or the error.

    The error is recorded and re-raised, so Celery still sees the failure and retries it.
    """
    ScheduledJob.objects.get_or_create(name=name)
    jobs = ScheduledJob.objects.filter(name=name)
    jobs.update(last_attempt=timezone.now())
    try:
        yield
    except Exception as exc:
        jobs.update(last_error=repr(exc)[:2000], consecutive_failures=F("consecutive_failures") + 1)
        raise
    jobs.update(last_success=timezone.now(), last_error="", consecutive_failures=0)


def _upsert(model: type[M], *, key: dict[str, Any], fields: dict[str, Any]) -> M:
    """Create or update one curated row by its natural key, validated like an admin form."""
    row = model.objects.filter(**key).first() or model(**key)
    for name, value in fields.items():
        setattr(row, name, value)
    row.full_clean()
    row.save()
    return row


@transaction.atomic
def vertical_upsert(*, slug: str, name: str) -> Vertical:
    return _upsert(Vertical, key={"slug": slug}, fields={"name": name})


@transaction.atomic
def entity_upsert(
    *,
    slug: str,
    name: str,
    kind: str = Entity.Kind.OTHER,
    tracked: bool = True,
    aliases: Sequence[str] = (),
    verticals: Iterable[Vertical] = (),
) -> Entity:
    entity = _upsert(
        Entity, key={"slug": slug}, fields={"name": name, "kind": kind, "tracked": tracked}
    )
    entity.verticals.set(verticals)
    for alias in aliases:
        EntityAlias.objects.get_or_create(entity=entity, alias=alias)
    return entity


@transaction.atomic
def outlet_upsert(
    *,
    domain: str,
    name: str,
    tier: str = Outlet.Tier.OUTLET,
    is_wire: bool = False,
    upstream: Outlet | None = None,
) -> Outlet:
    fields = {"name": name, "tier": tier, "is_wire": is_wire, "upstream": upstream}
    return _upsert(Outlet, key={"domain": domain.lower()}, fields=fields)


@transaction.atomic
def feed_upsert(*, url: str, outlet: Outlet, vertical: Vertical, active: bool = True) -> Feed:
    fields = {"outlet": outlet, "vertical": vertical, "active": active}
    return _upsert(Feed, key={"url": url}, fields=fields)


@transaction.atomic
def event_upsert(
    *,
    subject: str,
    title: str,
    lead_entity: Entity,
    tier: str = Event.Tier.STANDARD,
    action_class: str | None = None,
    entities: Iterable[Entity] = (),
    subject_terms: Sequence[str] = (),
    question_terms: Sequence[str] = (),
    home_domains: Sequence[str] = (),
) -> Event:
    fields = {
        "title": title,
        "lead_entity": lead_entity,
        "tier": tier,
        "action_class": action_class,
        "subject_terms": list(subject_terms),
        "question_terms": list(question_terms),
        "home_domains": list(home_domains),
    }
    event = _upsert(Event, key={"subject": subject}, fields=fields)
    event.entities.set(entities)
    return event


@transaction.atomic
def source_upsert(
    *,
    slug: str,
    name: str,
    issuer: str,
    cadence: str,
    fetch_url: str,
    parser: str,
    links: Sequence[dict[str, str]] = (),
    events: Iterable[Event] = (),
    **fields: Any,
) -> PrimarySource:
    fields.update(
        name=name,
        issuer=issuer,
        cadence=cadence,
        fetch_url=fetch_url,
        parser=parser,
        links=list(links),
    )
    source = _upsert(PrimarySource, key={"slug": slug}, fields=fields)
    source.events.set(events)
    return source


@transaction.atomic
def market_question_upsert(
    *,
    venue: str,
    external_id: str,
    question: str,
    url: str,
    category: str = "",
    deadline: datetime | None = None,
    is_resolved: bool = False,
    events: Iterable[Event] = (),
    entities: Iterable[Entity] = (),
) -> MarketQuestion:
    fields = {
        "question": question,
        "url": url,
        "category": category,
        "deadline": deadline,
        "is_resolved": is_resolved,
    }
    market = _upsert(
        MarketQuestion, key={"venue": venue, "external_id": external_id}, fields=fields
    )
    market.events.set(events)
    market.entities.set(entities)
    return market


@transaction.atomic
def market_price_record(
    *,
    question: MarketQuestion,
    captured_at: datetime,
    probability_pct: float,
    priced_at: datetime | None = None,
    volume_24h: float | None = None,
) -> tuple[MarketPrice, bool]:
    """Append one price snapshot; capturing the same instant twice keeps the first."""
    existing = MarketPrice.objects.filter(question=question, captured_at=captured_at).first()
    if existing:
        return existing, False
    price = MarketPrice(
        question=question,
        captured_at=captured_at,
        probability_pct=probability_pct,
        priced_at=priced_at,
        volume_24h=volume_24h,
    )
    price.full_clean()
    price.save()
    return price, True


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


def _fetch_and_record(row: Feed | PrimarySource, url: str) -> tuple[FetchResult | None, str | None]:
    """Fetch conditionally and update the row's fetch health exactly as `fetchHealth` says.

    Network I/O runs outside any transaction. A failure increments `consecutive_failures` and
    records `last_error`, and moves no stamp. A 304 is a confirmed fetch with unchanged content.
    """
    attempted_at = timezone.now()
    try:
        result = fetch(url, etag=row.etag, last_modified=row.last_modified)
    except FetchError as exc:
        type(row).objects.filter(pk=row.pk).update(
            last_attempt=attempted_at,
            consecutive_failures=F("consecutive_failures") + 1,
            last_error=str(exc)[:2000],
        )
        row.refresh_from_db()
        return None, str(exc)
    changes: dict[str, Any] = {
        "last_attempt": attempted_at,
        "last_success": attempted_at,
        "consecutive_failures": 0,
        "last_error": None,
        "etag": result.etag or row.etag,
        "last_modified": result.last_modified or row.last_modified,
    }
    if not result.not_modified:
        if row.baseline_established is None:
            changes["baseline_established"] = attempted_at
        if result.signature != row.signature:
            changes["signature"] = result.signature
            changes["last_change"] = attempted_at
    type(row).objects.filter(pk=row.pk).update(**changes)
    row.refresh_from_db()
    return result, None


def feed_fetch(*, feed_id: int) -> FetchResult | None:
    """Fetch one feed now (the beat schedule and the admin's "fetch now" both call this)."""
    feed = Feed.objects.get(pk=feed_id)
    result, _ = _fetch_and_record(feed, feed.url)
    return result


def source_fetch(*, source_id: int) -> SourceReading:
    """Fetch one primary source now and append the attempt to its readings."""
    source = PrimarySource.objects.get(pk=source_id)
    result, error = _fetch_and_record(source, source.fetch_url)
    return SourceReading.objects.create(
        source=source,
        attempted_at=source.last_attempt,
        ok=result is not None,
        http_status=result.status if result else None,
        etag=result.etag if result else None,
        last_modified=result.last_modified if result else None,
        signature=source.signature if result else None,
        error=error,
    )
