"""What a topic's record knew at an instant: its counts from the documents stored by then.

The rollups (`aggregates`) hold today's counts only; the past is in the rows. Each mention of
a topic carries when its document was stored (`EventMention.ingested_at`, with whether it
counts as reporting and carries a verb), so a record as of an instant counts whichever side of
the topic's documents is smaller: those stored by then, counted afresh, or those stored since,
taken off today's rollups. Either way the counts are those of the documents stored by the
instant; the work is the smaller side's (a day back on a busy topic is a day's documents).

One rule differs from the past as it was: a copy's claims are counted under its original's
outlet (`ingestion.copies`) even when the original arrived after the instant, as today's
rollups count them, so both sides agree (docs/decisions/0043).
"""

from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime

from django.db import connection
from django.utils import timezone

from aggregates.rollups import verbs_expanded
from config.problems import invalid_field
from ingestion.origins import OUTLET_TIER
from registry.models import (
    Copy,
    Document,
    Entity,
    EntityMention,
    Event,
    EventClaim,
    EventEntity,
    EventMention,
    EventOutlet,
    EventVerb,
    Outlet,
)

CO_MENTIONS = 10  # the record's `movesWith`
SETTLED_SECONDS = 60  # past any ingest batch's transaction: rows stamped before are committed
ENTITY_CHUNK = 100  # today's co-mentioned entities read at a time, most first


def instant_checked(as_of: datetime, *, field: str, event: Event | None = None) -> datetime:
    """`as_of`, an instant the service can answer as of: not in the future, and (for a topic)
    not before it existed. Anything else is a 400 naming `field`."""
    now = timezone.now()
    if as_of > now:
        raise invalid_field(
            field, f"{as_of.isoformat()} is in the future (the service's clock reads "
            f"{now.isoformat()}): the record of an instant to come is not known yet.",
        )  # fmt: skip
    if event is not None and as_of < event.created_at:
        raise invalid_field(
            field, f"{as_of.isoformat()} is before the topic '{event.subject}' existed (it "
            f"was created at {event.created_at.astimezone(UTC).isoformat()}).",
        )  # fmt: skip
    return as_of


def settled(as_of: datetime) -> bool:
    """Whether a read as of `as_of` can no longer change: every row stamped by then committed."""
    return (timezone.now() - as_of).total_seconds() >= SETTLED_SECONDS


@dataclass
class Known:
    """The counts a record needs, as of an instant."""

    days: list[tuple[date, int]]
    documents_with_verbs: int
    verbs: Counter
    outlets: int
    co_mentions: list[tuple[str, int]]
    claim_rows: list[tuple]


@dataclass(frozen=True)
class Side:
    """The topic's documents stored by `as_of` (`since=False`) or after it (`since=True`)."""

    event: Event
    as_of: datetime
    since: bool

    def where(self) -> tuple[str, list]:
        """The mentions of the side (alias `m`), reporting only, and their parameters."""
        op = ">" if self.since else "<="
        stamp = connection.ops.adapt_datetimefield_value(self.as_of)
        return f"m.event_id = %s AND m.ingested_at {op} %s AND m.counted = %s", [
            self.event.pk, stamp, True]  # fmt: skip


def known_counts(
    event: Event, attached: list[Entity], today_days: dict[date, tuple[int, int]], as_of: datetime
) -> Known:
    """The record's counts over the documents stored by `as_of`, given today's days from the
    rollups (day -> (mentions, with verbs)). `claim_rows` only for a full-tier topic."""
    total = sum(mentions for mentions, _ in today_days.values())
    since = _stored_since(event, as_of, cap=total // 2 + 1) <= total // 2
    side = Side(event, as_of, since)
    days = _days(side, today_days)
    rows = _claims(side, [event.lead_entity, *attached]) if event.tier == Event.Tier.FULL else []
    return Known(
        days=[(day, mentions) for day, (mentions, _) in sorted(days.items()) if mentions],
        documents_with_verbs=sum(with_verbs for _, with_verbs in days.values()),
        verbs=_verbs(side),
        outlets=_outlets(side),
        co_mentions=_co_mentions(side),
        claim_rows=rows,
    )


def _stored_since(event: Event, as_of: datetime, *, cap: int) -> int:
    """How many of the topic's mentions were stored after `as_of`, counted up to `cap` (an
    index-only walk that stops there)."""
    stored = EventMention.objects.filter(event=event, ingested_at__gt=as_of, counted=True)
    return stored.values("document")[:cap].count()  # columns of the covering index


def _select(side: Side, columns: str, joins: str = "", group: str = "") -> list[tuple]:
    quote = connection.ops.quote_name
    where, params = side.where()
    sql = (
        f"SELECT {columns} FROM {quote(EventMention._meta.db_table)} m {joins} "  # noqa: S608
        f"WHERE {where} {f'GROUP BY {group}' if group else ''}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _days(side: Side, today_days: dict[date, tuple[int, int]]) -> dict[date, tuple[int, int]]:
    """Mentions and mentions with verbs per day, from the mentions' index alone."""
    rows = _select(side, "m.day, COUNT(*), SUM(CASE WHEN m.asserting THEN 1 ELSE 0 END)",
                   group="m.day")  # fmt: skip
    counted = {_day(day): (n, int(verbs or 0)) for day, n, verbs in rows}
    if not side.since:
        return counted
    return {
        day: (mentions - counted.get(day, (0, 0))[0], verbs - counted.get(day, (0, 0))[1])
        for day, (mentions, verbs) in today_days.items()
    }


def _day(value) -> date:
    return value if isinstance(value, date) else date.fromisoformat(value)  # SQLite: text


def _documents_join() -> str:
    return f"JOIN {connection.ops.quote_name(Document._meta.db_table)} d ON d.id = m.document_id"


def _verbs(side: Side) -> Counter:
    expanded, verb = verbs_expanded("d")
    rows = _select(side, f"{verb}, COUNT(*)", f"{_documents_join()} {expanded}", group=verb)
    return _taken(side, Counter(dict(rows)), EventVerb, "verb")


def _outlets(side: Side) -> int:
    rows = _select(side, "d.outlet_id, COUNT(*)", _documents_join(), group="d.outlet_id")
    return sum(1 for n in _taken(side, Counter(dict(rows)), EventOutlet, "outlet_id").values() if n)


def _taken(side: Side, counted: Counter, total, key: str) -> Counter:
    """The side's counts as of the instant: as counted (stored by then), or today's rollup
    `total` less them (stored since)."""
    if not side.since:
        return counted
    today = total.objects.filter(event=side.event).values_list(key, "documents")
    return Counter({k: n - counted.get(k, 0) for k, n in today if n - counted.get(k, 0)})


def _co_mentions(side: Side) -> list[tuple[str, int]]:
    """The entities most often named in the topic's documents beside its lead, with how often,
    as the record orders them (most first, then by name)."""
    named = connection.ops.quote_name(EntityMention._meta.db_table)
    rows = _select(side, "n.entity_id, COUNT(*)", f"JOIN {named} n ON n.document_id = "
                   "m.document_id", group="n.entity_id")  # fmt: skip
    counted = Counter(dict(rows))
    counted.pop(side.event.lead_entity_id, None)
    if side.since:
        return _co_mentions_since(side.event, counted)
    ranked = counted.most_common()
    if len(ranked) > CO_MENTIONS:  # those tied with the last one kept, to order them by name
        ranked = [(pk, n) for pk, n in ranked if n >= ranked[CO_MENTIONS - 1][1]]
    names = dict(Entity.objects.filter(pk__in=[pk for pk, _ in ranked]).values_list("pk", "name"))
    return sorted(((names[pk], n) for pk, n in ranked), key=lambda r: (-r[1], r[0]))[:CO_MENTIONS]


def _co_mentions_since(event: Event, since: Counter) -> list[tuple[str, int]]:
    """Today's co-mentions less those stored since, read most first until no entity further
    down could reach the top ten (today's count bounds the count as of the instant)."""
    today = (
        EventEntity.objects.filter(event=event)
        .exclude(entity_id=event.lead_entity_id)
        .order_by("-documents", "entity__name")
        .values_list("entity_id", "entity__name", "documents")
    )
    best: list[tuple[str, int]] = []
    for start in range(0, 10**9, ENTITY_CHUNK):
        chunk = list(today[start : start + ENTITY_CHUNK])
        for pk, name, documents in chunk:
            if documents - since.get(pk, 0) > 0:
                best.append((name, documents - since.get(pk, 0)))
        best = sorted(best, key=lambda r: (-r[1], r[0]))[:CO_MENTIONS]
        floor = best[-1][1] if len(best) == CO_MENTIONS else 0
        if len(chunk) < ENTITY_CHUNK or chunk[-1][2] < floor:
            return best
    return best


def _claims(side: Side, entities: list[Entity]) -> list[tuple]:
    """(entity, verb, documents, origins, known origins) per claim about the record's own
    entities, counted under the clusters' origin rule as `records.inputs` counts today's."""
    quote = connection.ops.quote_name
    names = {entity.pk: entity.name for entity in entities}
    expanded, verb = verbs_expanded("d")
    joins = (
        f"JOIN {quote(EntityMention._meta.db_table)} n ON n.document_id = m.document_id "
        f"AND n.entity_id IN ({', '.join(str(int(pk)) for pk in names)}) {_documents_join()} "
        f"{expanded} LEFT JOIN {quote(Copy._meta.db_table)} c ON c.document_id = d.id "
        f"LEFT JOIN {quote(Document._meta.db_table)} o ON o.id = c.original_id"
    )
    outlet = "COALESCE(o.outlet_id, d.outlet_id)"
    rows = _select(side, f"n.entity_id, {verb}, {outlet}, COUNT(*)", joins,
                   group=f"n.entity_id, {verb}, {outlet}")  # fmt: skip
    counted = Counter({(e, v, o): n for e, v, o, n in rows})
    if side.since:
        today = EventClaim.objects.filter(event=side.event, entity_id__in=names)
        counted = Counter({(e, v, o): n - counted.get((e, v, o), 0) for e, v, o, n in
                           today.values_list("entity_id", "verb", "outlet_id", "documents")
                           if n - counted.get((e, v, o), 0)})  # fmt: skip
    return _origin_counted(counted, names)


def _origin_counted(counted: Counter, names: dict[int, str]) -> list[tuple]:
    """`ingestion.origins.origin_counted` over (entity, verb, outlet) counts, in Python."""
    outlets = {
        pk: (upstream or pk, bool(upstream) or wire or tier == OUTLET_TIER)
        for pk, upstream, wire, tier in Outlet.objects.filter(
            pk__in={outlet for _, _, outlet in counted}
        ).values_list("pk", "upstream_id", "is_wire", "tier")
    }
    claims: dict[tuple, list] = defaultdict(lambda: [0, set(), set()])
    for (entity, verb, outlet), n in counted.items():
        origin, known = outlets[outlet]
        claim = claims[names[entity], verb]
        claim[0] += n
        claim[1].add(origin)
        if known:
            claim[2].add(origin)
    return [(e, v, n, len(o), len(k)) for (e, v), (n, o, k) in claims.items()]
