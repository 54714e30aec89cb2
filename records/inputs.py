"""Everything one topic record is computed from, gathered in a fixed number of queries.

Each layer of the record is a pure function of a `RecordInputs`; this module is the only place
that touches the database for a record, so the query count does not depend on the registry size.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from django.db.models import Count, OuterRef, Subquery
from django.utils import timezone

from records.models import StateTransition
from registry.models import (
    Document,
    Entity,
    EntityMention,
    Event,
    EventDay,
    EventMention,
    MarketPrice,
    MarketQuestion,
    PrimarySource,
)

REPORTING_SAMPLE = 50  # rows mentioning the lead subject, newest first
PRICE_HISTORY = timedelta(days=3)  # enough snapshots for a 24-hour change


@dataclass
class RecordInputs:
    event: Event
    now: datetime
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
    claim_rows: list[tuple] = field(default_factory=list)  # full tier: the claims ledger's input

    @property
    def today(self) -> date:
        return self.now.date()


def record_inputs(event: Event, *, now: datetime | None = None) -> RecordInputs:
    now = now or timezone.now()
    event_docs = EventMention.objects.filter(event=event, document__is_market_question_page=False)
    doc_ids = event_docs.values("document_id")
    verb_lists = list(Document.objects.filter(pk__in=doc_ids).values_list("verbs", flat=True))
    questions = list(
        event.market_questions.annotate(
            latest_pct=Subquery(_latest_price("probability_pct")),
            latest_at=Subquery(_latest_price("captured_at")),
            first_at=Subquery(
                MarketPrice.objects.filter(question=OuterRef("pk"))
                .order_by("captured_at")
                .values("captured_at")[:1]
            ),
        ).order_by("deadline", "pk")
    )
    recent = defaultdict(list)
    for question_id, at, pct in (
        MarketPrice.objects.filter(
            question__in=[q.pk for q in questions], captured_at__gte=now - PRICE_HISTORY
        )
        .order_by("-captured_at")
        .values_list("question_id", "captured_at", "probability_pct")
    ):
        recent[question_id].append((at, pct))
    return RecordInputs(
        event=event,
        now=now,
        attached=list(event.entities.order_by("name")),
        sources=list(event.primary_sources.order_by("slug")),
        days=list(EventDay.objects.filter(event=event).values_list("day", "mentions")),
        sample=_reporting_sample(event),
        verbs=Counter(verb for verbs in verb_lists for verb in verbs),
        documents_with_verbs=sum(1 for verbs in verb_lists if verbs),
        outlets=Document.objects.filter(pk__in=doc_ids).values("outlet_id").distinct().count(),
        co_mentions=_co_mentions(event, doc_ids),
        questions=questions,
        recent_prices=dict(recent),
        transitions=list(event.transitions.order_by("at", "id")),
        claim_rows=_claim_rows(event, doc_ids) if event.tier == Event.Tier.FULL else [],
    )


def _latest_price(column: str):
    return (
        MarketPrice.objects.filter(question=OuterRef("pk"))
        .order_by("-captured_at")
        .values(column)[:1]
    )


def _reporting_sample(event: Event) -> list[Document]:
    if not event.lead_entity.tracked:
        return []
    return list(
        Document.objects.filter(
            entitymention__entity_id=event.lead_entity_id, is_market_question_page=False
        )
        .select_related("outlet")
        .order_by("-day", "-id")[:REPORTING_SAMPLE]
    )


def _co_mentions(event: Event, doc_ids) -> list[tuple[str, int]]:
    """Entities named in the record's documents beside the lead, with how often."""
    rows = (
        EntityMention.objects.filter(document_id__in=doc_ids)
        .exclude(entity_id=event.lead_entity_id)
        .values("entity__name")
        .annotate(together=Count("document_id", distinct=True))
        .order_by("-together", "entity__name")[:10]
    )
    return [(row["entity__name"], row["together"]) for row in rows]


def _claim_rows(event: Event, doc_ids) -> list[tuple]:
    """(entity, verbs, outlet, upstream, is wire, tier) for the record's own entities.

    Claims are about the topic's lead and attached entities, not every name its documents
    mention: a busy topic names thousands of others, and the ledger would swamp the record.
    """
    entity_ids = {event.lead_entity_id, *event.entities.values_list("pk", flat=True)}
    return list(
        EntityMention.objects.filter(document_id__in=doc_ids, entity_id__in=entity_ids).values_list(
            "entity__name",
            "document__verbs",
            "document__outlet_id",
            "document__outlet__upstream_id",
            "document__outlet__is_wire",
            "document__outlet__tier",
        )
    )
