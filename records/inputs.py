"""Everything one topic record is computed from, gathered in a fixed number of queries.

Each layer of the record is a pure function of a `RecordInputs`; this module is the only place
that touches the database for a record, so the query count does not depend on the registry size.
"""

from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from django.db.models import Sum
from django.utils import timezone

from ingestion.origins import origin_counted
from records.known import Known, known_counts
from records.models import PublishTransition, StateTransition
from registry.models import (
    Document,
    Entity,
    EntityMention,
    Event,
    EventClaim,
    EventDay,
    EventEntity,
    EventOutlet,
    EventVerb,
    MarketQuestion,
    PrimarySource,
)
from registry.selectors import sources_as_of
from registry.selectors.markets import recent_prices, with_prices

REPORTING_SAMPLE = 50  # rows mentioning the lead subject, newest first


@dataclass
class RecordInputs:
    event: Event
    now: datetime  # the instant the record is of: now, or the instant asked for (`as_of`)
    attached: list[Entity]
    sources: list[PrimarySource]
    days: list[tuple[date, int]]
    sample: list[Document]
    verbs: Counter
    documents_with_verbs: int
    outlets: int
    co_mentions: list[tuple[str, int]]
    questions: list[MarketQuestion]
    recent_prices: dict[int, list[tuple[datetime, float]]] = field(default_factory=dict)
    transitions: list[StateTransition] = field(default_factory=list)
    publish_transitions: list[PublishTransition] = field(default_factory=list)
    claim_rows: list[tuple] = field(default_factory=list)  # full tier: the claims, counted
    as_of: datetime | None = None  # a record as of an instant: only rows stored by then
    generated_at: datetime | None = None

    @property
    def today(self) -> date:
        return self.now.date()


def record_inputs(
    event: Event, *, now: datetime | None = None, as_of: datetime | None = None
) -> RecordInputs:
    """Counts over all the event's documents come from its rollups, never from the documents:
    the busiest topics have tens of thousands, and a record is built in tens of milliseconds.
    As of an instant (`as_of`) every row is one stored by then: documents, prices, state
    transitions, source readings, and counts from the documents (`records.known`)."""
    generated = timezone.now() if as_of or now is None else now
    now = as_of or generated
    questions = list(with_prices(event.market_questions.order_by("deadline", "pk"), as_of=as_of))
    days = {
        day: (mentions, with_verbs)
        for day, mentions, with_verbs in EventDay.objects.filter(event=event)
        .values("day")
        .annotate(mentions=Sum("mentions"), with_verbs=Sum("with_verbs"))
        .order_by("day")
        .values_list("day", "mentions", "with_verbs")
    }
    attached = list(event.entities.order_by("name"))
    counts = known_counts(event, attached, as_of) if as_of else _counts(event, attached, days)
    by_then = {"at__lte": as_of} if as_of else {}
    transitions = event.transitions.filter(**by_then)
    # Read only for a topic ever retired: no query for the others.
    publish = event.publish_transitions.filter(**by_then) if event.publish_state_since else None
    sources = list(event.primary_sources.order_by("slug"))
    return RecordInputs(
        event=event, now=now, attached=attached,
        sources=sources_as_of(sources, as_of=as_of) if as_of else sources,
        days=counts.days, sample=_reporting_sample(event, as_of), verbs=counts.verbs,
        documents_with_verbs=counts.documents_with_verbs, outlets=counts.outlets,
        co_mentions=counts.co_mentions, questions=questions,
        recent_prices=recent_prices([q.pk for q in questions], now=now, as_of=as_of),
        transitions=list(transitions.order_by("at", "id")), claim_rows=counts.claim_rows,
        publish_transitions=list(publish.order_by("at", "id")) if publish is not None else [],
        as_of=as_of, generated_at=generated,
    )  # fmt: skip


def _counts(event: Event, attached: list[Entity], days: dict[date, tuple[int, int]]) -> Known:
    """Today's counts, from the rollups."""
    return Known(
        days=[(day, mentions) for day, (mentions, _) in days.items()],
        documents_with_verbs=sum(with_verbs for _, with_verbs in days.values()),
        verbs=Counter(dict(EventVerb.objects.filter(event=event).values_list("verb", "documents"))),
        outlets=EventOutlet.objects.filter(event=event).count(),
        co_mentions=_co_mentions(event),
        claim_rows=_claim_rows(event, attached) if event.tier == Event.Tier.FULL else [],
    )


def _reporting_sample(event: Event, as_of: datetime | None) -> list[Document]:
    """The newest documents naming the lead, read off the (entity, day, document) index of its
    mentions: a backward scan that stops after the sample, however often the lead is named.
    As of an instant, of the documents stored by then; the scan starts at the last day one of
    them can be counted on (`last_day`), not at today's."""
    if not event.lead_entity.tracked:
        return []
    mentions = EntityMention.objects.filter(
        entity_id=event.lead_entity_id, document__is_market_question_page=False
    )
    if as_of is not None:
        mentions = mentions.filter(day__lte=last_day(as_of), ingested_at__lte=as_of)
    newest = mentions.select_related("document__outlet").order_by("-day", "-document_id")
    return [mention.document for mention in newest[:REPORTING_SAMPLE]]


def last_day(as_of: datetime) -> date:
    """The latest day a document stored by `as_of` is counted on: its publication, trusted up
    to an hour past its fetch (`ingestion.documents`), or a zoneless date's day, which may run a
    day ahead of UTC. A bound the scan may start from, never a filter of its own."""
    return (as_of + timedelta(hours=1)).date() + timedelta(days=1)


def _co_mentions(event: Event) -> list[tuple[str, int]]:
    """Entities named in the record's documents beside the lead, with how often."""
    rows = (
        EventEntity.objects.filter(event=event)
        .exclude(entity_id=event.lead_entity_id)
        .order_by("-documents", "entity__name")
        .values_list("entity__name", "documents")[:10]
    )
    return list(rows)


def _claim_rows(event: Event, attached: list[Entity]) -> list[tuple]:
    """(entity, verb, documents, origins, known origins) per claim about the record's own
    entities, counted in the database under the clusters' origin rule (`origin_counted`).

    Claims are about the topic's lead and attached entities, not every name its documents
    mention: a busy topic names thousands of others, and the ledger would swamp the record.
    Their names are the ones already in hand: joined in SQL, the planner hashed every entity
    in the registry to name four.
    """
    names = {entity.pk: entity.name for entity in [event.lead_entity, *attached]}
    rows = (
        EventClaim.objects.filter(event=event, entity_id__in=names)
        .values("entity_id", "verb")
        .annotate(n=Sum("documents"), **origin_counted())
        .order_by()
        .values_list("entity_id", "verb", "n", "origins", "known_origins")
    )
    return [(names[entity], *rest) for entity, *rest in rows]
