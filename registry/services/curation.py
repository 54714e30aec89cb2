"""Curated rows: written through `*_upsert` services keyed on their natural key.

The demo loader and curators' imports are idempotent, and every write is validated by the model's
own rules (`full_clean`), the same rules the admin forms apply.
"""

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, TypeVar

from django.db import models, transaction

from config.cachekeys import curation_changed
from ingestion.tagging import forget_tagger
from registry.models import (
    Entity,
    EntityAlias,
    Event,
    Feed,
    MarketQuestion,
    Outlet,
    PrimarySource,
    TopicKind,
    Vertical,
)
from registry.services.identity import IDENTITY_FIELDS, identity_filled

M = TypeVar("M", bound=models.Model)


def _upsert(model: type[M], *, key: dict[str, Any], fields: dict[str, Any]) -> M:
    """Create or update one curated row by its natural key, validated like an admin form."""
    row = model.objects.filter(**key).first() or model(**key)
    for name, value in fields.items():
        setattr(row, name, value)
    row.full_clean()
    row.save()
    return row


def _topics_of(entity: Entity) -> list[str]:
    """The topics an entity leads or is attached to: its name is in their records."""
    led = entity.led_events.values_list("subject", flat=True)
    return [*led, *entity.events.values_list("subject", flat=True)]


@transaction.atomic
def vertical_upsert(*, slug: str, name: str) -> Vertical:
    vertical = _upsert(Vertical, key={"slug": slug}, fields={"name": name})
    curation_changed()
    return vertical


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
    forget_tagger()  # this process tags with the new names at once; others within seconds
    curation_changed(_topics_of(entity))
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
    outlet = _upsert(Outlet, key={"domain": domain.lower()}, fields=fields)
    curation_changed()
    return outlet


@transaction.atomic
def feed_upsert(*, url: str, outlet: Outlet, vertical: Vertical, active: bool = True) -> Feed:
    fields = {"outlet": outlet, "vertical": vertical, "active": active}
    feed = _upsert(Feed, key={"url": url}, fields=fields)
    curation_changed()
    return feed


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
    identity: dict[str, Any] | None = None,
) -> Event:
    """Create or update a topic. `identity` gives what it is (`kind` as a kind's slug, `name`,
    `aliases`, `former_names`, `edition`, `period`, `place`, `organisation`, `outcome`), taken
    as confirmed; without it, a topic with no kind gets a proposal (`registry.services.identity`).
    """
    fields = {
        "title": title,
        "lead_entity": lead_entity,
        "tier": tier,
        "action_class": action_class,
        "subject_terms": list(subject_terms),
        "question_terms": list(question_terms),
        "home_domains": list(home_domains),
    }
    if identity is not None:
        kind = TopicKind.objects.get(slug=identity["kind"]) if identity.get("kind") else None
        fields |= {**identity, "kind": kind, "identity_status": Event.IdentityStatus.CONFIRMED}
    event = _upsert(Event, key={"subject": subject}, fields=fields)
    event.entities.set(entities)
    if identity_filled(event=event):
        event.save(update_fields=IDENTITY_FIELDS)
    forget_tagger()
    curation_changed([event.subject])
    return event


@transaction.atomic
def rows_activate(*, rows: models.QuerySet, active: bool) -> int:
    """Switch feeds, sources or market questions on or off for the beat schedule (kept either
    way: a switched-off row is not read). Returns how many changed."""
    changed = rows.exclude(active=active).update(active=active)
    curation_changed()
    return changed


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
    curation_changed(source.events.values_list("subject", flat=True))
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
    curation_changed(market.events.values_list("subject", flat=True))
    return market
