"""Deterministic synthetic registry data at scale, for benchmarks (`manage.py synth_registry`).

The same seed and anchor day give the same rows. Attention follows a Zipf-like curve (a few
entities are mentioned a lot, most rarely), and documents spread over twelve weeks, so signals,
accelerating entities and coverage have realistic shapes to compute over. Rows are written in
batches through ingest's own bulk writes (COPY on PostgreSQL: 50,000 documents in 46 s against 63
through the ORM's bulk_create, the rows identical); rollups are rebuilt once at the end in SQL.
"""

import random
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta
from itertools import accumulate

from django.db import connection, transaction

import aggregates
from aggregates import tally
from ingestion.origins import origin_counts
from registry import bulk, services
from registry.models import (
    ActionClass,
    AssertionVerb,
    Document,
    Entity,
    EntityMention,
    Event,
    EventMention,
    Feed,
    Outlet,
    Story,
    StoryBand,
    TopicKind,
    Vertical,
)
from registry.services.identity import IDENTITY_FIELDS

PREFIX = "synth"
DAYS = 84
WORDS = (
    "talks", "deal", "vote", "storm", "rates", "inflation", "launch", "output", "court",
    "ruling", "funding", "merger", "ceasefire", "election", "quota", "forecast", "surge",
    "record", "decline", "shares", "bonds", "outage", "strike", "summit", "probe",
)  # fmt: skip


class SynthAlreadyLoaded(Exception):
    pass


def synth_generate(
    *,
    events: int,
    entities: int,
    documents: int,
    seed: int,
    anchor: date,
    batch_size: int = 5000,
    progress: Callable[[int], None] | None = None,
) -> dict[str, int]:
    """Insert a synthetic registry; `progress(n)` is called after each batch of n documents."""
    if Outlet.objects.filter(domain__startswith=f"{PREFIX}-").exists():
        raise SynthAlreadyLoaded("synthetic rows are already present; use a fresh database")
    rng = random.Random(seed)
    with transaction.atomic():
        verticals = [
            services.vertical_upsert(slug=f"{PREFIX}-v{i}", name=f"Synthetic vertical {i}")
            for i in range(8)
        ]
        people = _entities(entities, verticals)
        outlets = _outlets(rng)
        feeds = _feeds(outlets, verticals)
        topics = _events(rng, events, people)
    weights = list(accumulate(1 / (rank + 1) for rank in range(len(people))))
    leads = {topic.lead_entity_id: topic for topic in topics}
    start = datetime.combine(anchor, time(0, 0), tzinfo=UTC)
    # A history: the topics existed before the documents laid out over it were stored, so a
    # record as of any instant of it can be read (one before a topic existed is refused).
    Event.objects.filter(pk__in=[t.pk for t in topics]).update(
        created_at=start - timedelta(days=DAYS + 1)
    )
    made = 0
    while made < documents:
        size = min(batch_size, documents - made)
        _document_batch(rng, made, size, start, people, weights, leads, feeds)
        made += size
        if progress:
            progress(size)
    tally.fold()
    # Every table it filled, the registry's and its many-to-many rows too: 20,000 entities
    # planned as 3,570 put the accelerating and record joins on the wrong side of a hash, and
    # a topic's 4 entities planned as 40 hashed all 20,000 for a page of signals.
    bulk.vacuum(
        Entity, Event, Outlet, Feed, Document, EntityMention, EventMention, Story, StoryBand,
        Entity.verticals.through, Event.entities.through,
    )  # fmt: skip
    aggregates.rollups_rebuild()  # which vacuums the rollups it rewrote
    return {"documents": made, "entities": len(people), "events": len(topics)}


def _entities(count: int, verticals: list[Vertical]) -> list[Entity]:
    rows = Entity.objects.bulk_create(
        Entity(slug=f"{PREFIX}-entity-{i}", name=f"Synthetic Entity {i}", tracked=i % 10 != 9)
        for i in range(count)
    )
    through = Entity.verticals.through
    through.objects.bulk_create(
        through(entity_id=row.pk, vertical_id=verticals[i % len(verticals)].pk)
        for i, row in enumerate(rows)
    )
    return rows


def _outlets(rng: random.Random) -> list[Outlet]:
    wires = Outlet.objects.bulk_create(
        Outlet(domain=f"{PREFIX}-wire-{i}.example", name=f"Wire {i}", is_wire=True)
        for i in range(8)
    )
    others = Outlet.objects.bulk_create(
        Outlet(
            domain=f"{PREFIX}-outlet-{i}.example",
            name=f"Outlet {i}",
            tier=Outlet.Tier.SOCIAL_AGGREGATOR if i % 7 == 0 else Outlet.Tier.OUTLET,
            upstream=rng.choice(wires) if i % 3 == 0 else None,
        )
        for i in range(192)
    )
    return wires + others


def _feeds(outlets: list[Outlet], verticals: list[Vertical]) -> list[Feed]:
    # Each feed keeps the outlet instance it was built with: `feed.outlet` costs no query.
    return Feed.objects.bulk_create(
        Feed(
            url=f"https://{outlet.domain}/feed/{vertical.slug}.xml",
            outlet=outlet,
            vertical=vertical,
        )
        for index, outlet in enumerate(outlets)
        for vertical in (verticals[index % 8], verticals[(index + 3) % 8])
    )


def _events(rng: random.Random, count: int, people: list[Entity]) -> list[Event]:
    classes = [*ActionClass.values, None]
    topics = Event.objects.bulk_create(
        Event(
            subject=f"{PREFIX}-topic-{i}",
            title=f"Synthetic topic {i}",
            tier=Event.Tier.FULL if i % 25 == 0 else Event.Tier.STANDARD,
            action_class=classes[i % len(classes)],
            lead_entity=people[i % len(people)],
            subject_terms=rng.sample(WORDS, 3),
            question_terms=rng.sample(WORDS, 3),
        )
        for i in range(count)
    )
    through = Event.entities.through
    through.objects.bulk_create(
        through(event_id=topic.pk, entity_id=entity.pk)
        for topic in topics
        for entity in sorted(
            {topic.lead_entity, *rng.sample(people, min(3, len(people)))}, key=_slug_order
        )
    )
    _identities(topics)
    return topics


def _identities(topics: list[Event]) -> None:
    """Each topic's identity as a curator would first see it: proposed from its title, lead,
    entities and terms (`registry.services.identity`), as for any topic saved without one."""
    kinds = list(TopicKind.objects.all())  # once, not per topic
    for topic in topics:
        proposal = services.identity_propose(event=topic, kinds=kinds)
        services.identity_filled(event=topic, proposal=proposal)
    Event.objects.bulk_update(topics, IDENTITY_FIELDS, batch_size=500)


def _slug_order(entity: Entity) -> int:
    return int(entity.slug.rsplit("-", 1)[1])


def _stories(rng: random.Random, docs: list[Document], outlets: dict[int, Outlet]) -> None:
    """Origin clusters: about a third of documents repeat one of the batch's recent stories."""
    groups: list[list[Document]] = []
    for doc in docs:
        if groups and rng.random() < 0.35:
            groups[-rng.randint(1, min(50, len(groups)))].append(doc)
        else:
            groups.append([doc])
    stories = []
    for members in groups:
        rows = [
            (o.pk, o.pk, o.upstream_id, o.is_wire, o.tier)
            for o in (outlets[d.outlet_id] for d in members)
        ]
        documents, publishers, origins, known = origin_counts(rows)
        seen = [doc.published_at for doc in members]
        stories.append(
            Story(title=members[0].title[:500], signature=bytes(256), first_seen=min(seen),
                  last_seen=max(seen), documents=documents, publisher_count=publishers,
                  origin_count=origins, known_origin_count=known)
        )  # fmt: skip
    bulk.copy_create(Story, stories)
    for story, members in zip(stories, groups, strict=True):
        for doc in members:
            doc.story = story


def _document_batch(rng, offset, size, start, people, weights, leads, feeds) -> None:
    docs, mentioned = [], []
    verbs = AssertionVerb.values  # built anew on every read of the attribute
    for n in range(offset, offset + size):
        feed = feeds[rng.randrange(len(feeds))]
        at = start - timedelta(minutes=rng.randrange(DAYS * 24 * 60))
        # Sorted, not a set: set order follows primary keys, which differ between databases.
        entities = sorted(
            set(rng.choices(people, cum_weights=weights, k=rng.randint(1, 4))), key=_slug_order
        )
        topic = next((leads[e.pk] for e in entities if e.pk in leads), None)
        terms = topic.subject_terms[:1] if topic and rng.random() < 0.6 else []
        words = [*rng.sample(WORDS, 4), *terms]
        docs.append(
            Document(
                url=f"https://{feed.outlet.domain}/{at:%Y/%m/%d}/{n}",
                title=f"{' '.join(e.name for e in entities)} {' '.join(words)}",
                outlet_id=feed.outlet_id,
                feed=feed,
                vertical_id=feed.vertical_id,
                published_at=at,
                fetched_at=at + timedelta(minutes=5),
                ingested_at=at + timedelta(minutes=6),  # a history: each stored as it came
                day=at.date(),
                verbs=rng.sample(verbs, rng.randint(0, 2)),
            )
        )
        mentioned.append((entities, topic if terms else None))
    with transaction.atomic():
        _stories(rng, docs, {feed.outlet_id: feed.outlet for feed in feeds})
        bulk.copy_create(Document, docs)
        # insert_rows passes values as they are: the instant in the column's own form, as
        # ingest writes it (SQLite's text, not Python's isoformat with its offset).
        stamp = connection.ops.adapt_datetimefield_value
        pairs = [(d, stamp(d.ingested_at), m) for d, m in zip(docs, mentioned, strict=True)]
        bulk.insert_rows(
            EntityMention,
            ["document", "entity", "day", "ingested_at"],
            [(d.pk, e.pk, d.day, at) for d, at, (entities, _) in pairs for e in entities],
        )
        bulk.insert_rows(
            EventMention,
            ["document", "event", "day", "ingested_at", "counted", "asserting"],
            [
                (d.pk, topic.pk, d.day, at, True, bool(d.verbs))
                for d, at, (_, topic) in pairs
                if topic is not None
            ],
        )
