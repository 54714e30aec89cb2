"""What a topic's record knew at an instant: its counts over the documents stored by then.

The rollups (`aggregates`) hold today's counts only; the past is in the rows. Each mention of a
topic carries when its document was stored (`EventMention.ingested_at`, with whether it counts
as reporting and carries a verb), so the documents stored by any instant are known. Counting
them all is too slow for a busy topic (the busiest holds 130,000 at 1,000,000 documents: about
two seconds), so a topic's counts are also kept at checkpoints (`RecordCheckpoint`), one every
`SPACING` stored documents (`records.services.record_checkpoints_take`). A record as of an
instant is its topic's latest checkpoint by then plus the few documents stored since, counted
from the rows: the same counts, a bounded cost.

Two counts a checkpoint holds in part. Co-mentions: the `TOP_KEPT` most named entities, and a
bound on every other one; when the bound could reach the record's ten, the counts are taken from
every row instead. Claims (full tier): those about the topic's entities when it was taken; an
entity attached since is counted from every row. A copy's claims count under its original's
outlet once the original is stored (`ingestion.copies`); a checkpoint taken before an original
arrived keeps its copies under their own (docs/decisions/0043).
"""

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, date, datetime

from django.db import connection
from django.utils import timezone

from aggregates.rollups import verbs_expanded
from config.problems import invalid_field
from ingestion.origins import OUTLET_TIER
from records.models import RecordCheckpoint
from registry.models import Copy, Document, Entity, EntityMention, Event, EventMention, Outlet

CO_MENTIONS = 10  # the record's `movesWith`
TOP_KEPT = 50  # co-mentioned entities a checkpoint keeps by count
SETTLED_SECONDS = 60  # past any ingest batch's transaction: rows stamped before are committed


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


@dataclass
class Tally:
    """A topic's documents stored in a span, counted: per day (mentions, with a verb), per verb,
    the outlets, the entities named (exact for those listed; any other at most `bound`) and the
    claims ((entity, verb, outlet) -> documents) about the entities in `claimed`."""

    days: Counter = field(default_factory=Counter)
    days_with_verbs: Counter = field(default_factory=Counter)
    verbs: Counter = field(default_factory=Counter)
    outlets: set = field(default_factory=set)
    entities: Counter = field(default_factory=Counter)
    bound: int = 0
    claims: Counter = field(default_factory=Counter)
    claimed: frozenset = frozenset()

    def plus(self, later: "Tally") -> "Tally":
        """These counts and those of a later span (every entity listed in it). With a bound,
        an entity the later span names that these do not list has at most `bound` more: it
        stays unlisted, and the bound grows by its count."""
        entities, bound = self.entities + later.entities, 0
        if self.bound:
            entities = Counter({pk: n + later.entities[pk] for pk, n in self.entities.items()})
            unlisted = [n for pk, n in later.entities.items() if pk not in self.entities]
            bound = self.bound + max(unlisted, default=0)
        return Tally(
            days=self.days + later.days,
            days_with_verbs=self.days_with_verbs + later.days_with_verbs,
            verbs=self.verbs + later.verbs,
            outlets=self.outlets | later.outlets,
            entities=entities,
            bound=bound,
            claims=self.claims + later.claims,
            claimed=self.claimed,
        )

    def ranks(self, lead: int) -> bool:
        """Whether the listed entities hold the record's top co-mentions for certain: the last
        of them named more often than any entity unlisted could be."""
        if not self.bound:
            return True
        others = sorted((n for pk, n in self.entities.items() if pk != lead), reverse=True)
        return len(others) >= CO_MENTIONS and others[CO_MENTIONS - 1] > self.bound

    def kept(self) -> dict:
        """As a checkpoint keeps it: the `TOP_KEPT` most named entities, the rest as a bound."""
        ranked = sorted(self.entities.items(), key=lambda item: (-item[1], item[0]))
        bound = max([self.bound, *(n for _, n in ranked[TOP_KEPT : TOP_KEPT + 1])])
        verbs = self.days_with_verbs
        return {
            "days": {day.isoformat(): [n, verbs[day]] for day, n in self.days.items()},
            "verbs": dict(self.verbs),
            "outlets": sorted(self.outlets),
            "entities": [[pk, n] for pk, n in ranked[:TOP_KEPT]],
            "bound": bound,
            "claims": [[*key, n] for key, n in sorted(self.claims.items())],
            "claimed": sorted(self.claimed),
        }

    @classmethod
    def of(cls, kept: dict) -> "Tally":
        days = {date.fromisoformat(day): counts for day, counts in kept["days"].items()}
        return cls(
            days=Counter({day: n for day, (n, _) in days.items()}),
            days_with_verbs=Counter({day: verbs for day, (_, verbs) in days.items()}),
            verbs=Counter(kept["verbs"]),
            outlets=set(kept["outlets"]),
            entities=Counter(dict(kept["entities"])),
            bound=kept["bound"],
            claims=Counter({(e, v, o): n for e, v, o, n in kept["claims"]}),
            claimed=frozenset(kept["claimed"]),
        )


def known_counts(event: Event, attached: list[Entity], as_of: datetime) -> Known:
    """The record's counts over the documents stored by `as_of`: its topic's latest checkpoint
    by then plus the documents stored since, or, where a checkpoint cannot say (see the module),
    every document stored by then."""
    claimed = claimed_by(event, attached)
    tally = tally_as_of(event, as_of, claimed)
    return Known(
        days=sorted(tally.days.items()),
        documents_with_verbs=sum(tally.days_with_verbs.values()),
        verbs=tally.verbs,
        outlets=len(tally.outlets),
        co_mentions=_co_mentions(tally, event.lead_entity_id),
        claim_rows=_origin_counted(tally.claims, {e.pk: e.name for e in [event.lead_entity,
                                                                          *attached]}),
    )  # fmt: skip


def claimed_by(event: Event, attached: list[Entity] | None = None) -> frozenset[int]:
    """The entities a claims ledger is kept about: the lead and attached ones of a full-tier
    topic; none for a standard one."""
    if event.tier != Event.Tier.FULL:
        return frozenset()
    attached = attached if attached is not None else list(event.entities.all())
    return frozenset([event.lead_entity_id, *(entity.pk for entity in attached)])


def tally_as_of(event: Event, as_of: datetime, claimed: frozenset[int]) -> Tally:
    """The counts of the topic's documents stored by `as_of` (checkpoint plus rows since)."""
    point = RecordCheckpoint.objects.filter(event=event, at__lte=as_of).order_by("-at").first()
    if point is None:
        return tally_span(event, None, as_of, claimed)
    tally = Tally.of(point.counts).plus(tally_span(event, point.at, as_of, claimed))
    if claimed <= tally.claimed and tally.ranks(event.lead_entity_id):
        return Tally(**{**tally.__dict__, "claimed": claimed, "claims": Counter(
            {key: n for key, n in tally.claims.items() if key[0] in claimed})})  # fmt: skip
    return tally_span(event, None, as_of, claimed)


@dataclass(frozen=True)
class Span:
    """The topic's mentions stored after `after` (if given) and by `upto`, reporting only."""

    event: Event
    after: datetime | None
    upto: datetime

    def where(self) -> tuple[str, list]:
        adapt = connection.ops.adapt_datetimefield_value
        sql, params = "m.event_id = %s AND m.counted = %s AND m.ingested_at <= %s", [
            self.event.pk, True, adapt(self.upto)]  # fmt: skip
        if self.after is not None:
            sql, params = f"{sql} AND m.ingested_at > %s", [*params, adapt(self.after)]
        return sql, params


def tally_span(
    event: Event, after: datetime | None, upto: datetime, claimed: frozenset[int]
) -> Tally:
    """Every count of the topic's documents stored in (`after`, `upto`], from the rows. After
    a checkpoint (a few hundred documents at most) in one query, counted here; from the start
    (every document of a topic, a hundred thousand for the busiest) by the database: the days
    from the mentions' own index, the rest joined to the documents and their mentions."""
    span = Span(event, after, upto)
    if after is not None:
        return _counted(span, claimed)
    days = _select(span, "m.day, COUNT(*), SUM(CASE WHEN m.asserting THEN 1 ELSE 0 END)",
                   group="m.day")  # fmt: skip
    expanded, verb = verbs_expanded("d")
    verbs = _select(span, f"{verb}, COUNT(*)", f"{_documents()} {expanded}", group=verb)
    outlets = _select(span, "DISTINCT d.outlet_id", _documents())
    named = connection.ops.quote_name(EntityMention._meta.db_table)
    entities = _select(span, "n.entity_id, COUNT(*)", f"JOIN {named} n ON n.document_id = "
                       "m.document_id", group="n.entity_id")  # fmt: skip
    return Tally(
        days=Counter({_day(day): n for day, n, _ in days}),
        days_with_verbs=Counter({_day(day): int(v or 0) for day, _, v in days}),
        verbs=Counter(dict(verbs)),
        outlets={outlet for (outlet,) in outlets},
        entities=Counter(dict(entities)),
        claims=_claims(span, claimed) if claimed else Counter(),
        claimed=claimed,
    )


def _counted(span: Span, claimed: frozenset[int]) -> Tally:
    """The span's counts from its rows, one per (document, entity named), in one query."""
    quote = connection.ops.quote_name
    rows = _select(
        span, "m.document_id, m.day, m.asserting, d.outlet_id, d.verbs, n.entity_id, "
        "COALESCE(o.outlet_id, d.outlet_id)",
        f"{_documents()} LEFT JOIN {quote(EntityMention._meta.db_table)} n ON n.document_id = "
        f"m.document_id LEFT JOIN {quote(Copy._meta.db_table)} c ON c.document_id = d.id "
        f"LEFT JOIN {quote(Document._meta.db_table)} o ON o.id = c.original_id "
        "AND o.ingested_at <= %s",
        first=[connection.ops.adapt_datetimefield_value(span.upto)],
    )  # fmt: skip
    tally, seen = Tally(claimed=claimed), set()
    for document, day, asserting, outlet, verbs, entity, origin in rows:
        verbs = json.loads(verbs) if isinstance(verbs, str) else verbs  # SQLite: text
        if document not in seen:
            seen.add(document)
            tally.days[_day(day)] += 1
            tally.days_with_verbs[_day(day)] += bool(asserting)
            tally.verbs.update(verbs)
            tally.outlets.add(outlet)
        if entity is not None:
            tally.entities[entity] += 1
            if entity in claimed:
                tally.claims.update((entity, verb, origin) for verb in verbs)
    return tally


def _select(
    span: Span, columns: str, joins: str = "", group: str = "", first: list | None = None
) -> list[tuple]:
    quote = connection.ops.quote_name
    where, params = span.where()
    sql = (
        f"SELECT {columns} FROM {quote(EventMention._meta.db_table)} m {joins} "  # noqa: S608
        f"WHERE {where} {f'GROUP BY {group}' if group else ''}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*(first or []), *params])
        return cursor.fetchall()


def _day(value) -> date:
    return value if isinstance(value, date) else date.fromisoformat(value)  # SQLite: text


def _documents() -> str:
    return f"JOIN {connection.ops.quote_name(Document._meta.db_table)} d ON d.id = m.document_id"


def _claims(span: Span, claimed: frozenset[int]) -> Counter:
    """(entity, verb, outlet) -> documents about the `claimed` entities: a copy's under its
    original's outlet when the original was stored by the span's end."""
    quote = connection.ops.quote_name
    expanded, verb = verbs_expanded("d")
    joins = (
        f"JOIN {quote(EntityMention._meta.db_table)} n ON n.document_id = m.document_id "
        f"AND n.entity_id IN ({', '.join(str(int(pk)) for pk in sorted(claimed))}) "
        f"{_documents()} {expanded} LEFT JOIN {quote(Copy._meta.db_table)} c "
        f"ON c.document_id = d.id LEFT JOIN {quote(Document._meta.db_table)} o "
        "ON o.id = c.original_id AND o.ingested_at <= %s"
    )
    outlet = "COALESCE(o.outlet_id, d.outlet_id)"
    where, params = span.where()
    sql = (
        f"SELECT n.entity_id, {verb}, {outlet}, COUNT(*) FROM "  # noqa: S608
        f"{quote(EventMention._meta.db_table)} m {joins} WHERE {where} "
        f"GROUP BY n.entity_id, {verb}, {outlet}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [connection.ops.adapt_datetimefield_value(span.upto), *params])
        return Counter({(e, v, o): n for e, v, o, n in cursor.fetchall()})


def _co_mentions(tally: Tally, lead: int) -> list[tuple[str, int]]:
    """The entities most often named beside the lead, with how often, as the record orders
    them (most first, then by name)."""
    counted = Counter({pk: n for pk, n in tally.entities.items() if pk != lead and n})
    ranked = counted.most_common()
    if len(ranked) > CO_MENTIONS:  # those tied with the last one kept, to order them by name
        ranked = [(pk, n) for pk, n in ranked if n >= ranked[CO_MENTIONS - 1][1]]
    names = dict(Entity.objects.filter(pk__in=[pk for pk, _ in ranked]).values_list("pk", "name"))
    return sorted(((names[pk], n) for pk, n in ranked), key=lambda r: (-r[1], r[0]))[:CO_MENTIONS]


def _origin_counted(claims: Counter, names: dict[int, str]) -> list[tuple]:
    """(entity, verb, documents, origins, known origins) per claim: `origin_counted` in
    Python, over (entity, verb, outlet) counts."""
    outlets = {
        pk: (upstream or pk, bool(upstream) or wire or tier == OUTLET_TIER)
        for pk, upstream, wire, tier in Outlet.objects.filter(
            pk__in={outlet for _, _, outlet in claims}
        ).values_list("pk", "upstream_id", "is_wire", "tier")
    }
    counted: dict[tuple, list] = {}
    for (entity, verb, outlet), n in claims.items():
        origin, known = outlets[outlet]
        claim = counted.setdefault((names[entity], verb), [0, set(), set()])
        claim[0] += n
        claim[1].add(origin)
        if known:
            claim[2].add(origin)
    return [(e, v, n, len(o), len(k)) for (e, v), (n, o, k) in counted.items()]
