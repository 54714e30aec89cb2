"""Read surfaces of the records: the topics listing, and a topic's history, reporting and coverage.

Face-agnostic: the REST views and the MCP tools call these and serve what they return.
"""

from datetime import date, timedelta
from typing import Any

from django.db.models import Q, Sum

from config.paging import Cursor, ListScope, keyset_page, keyset_rows
from config.reads import envelope, iso
from records.layers.coverage_metric import coverage_block
from records.layers.reporting import served_rows
from records.layers.state_history import transition_row
from records.states import CURRENT_DAYS
from registry.models import EntityMention, Event

REPORTING_SCAN = 500  # mentions examined per page of served rows, so a page's cost is bounded


def records_list(
    *,
    action_class: str | None,
    tier: str | None,
    coverage_state: str | None,
    wire_tier: str | None,
    q: str | None,
    limit: int,
    cursor: Cursor | None,
    publish_state: str = Event.PublishState.PUBLISHED,
) -> dict[str, Any]:
    """Every topic with a record, by subject, filtered on its current states (one query).
    Published topics unless retired ones are asked for."""
    topics = Event.objects.select_related("lead_entity")
    filters = {"action_class": action_class, "tier": tier, "coverage_state": coverage_state,
               "wire_tier": wire_tier, "publish_state": publish_state}  # fmt: skip
    topics = topics.filter(**{column: value for column, value in filters.items() if value})
    if q:
        topics = topics.filter(Q(subject__icontains=q) | Q(title__icontains=q))
    scope = ListScope.of("records", **filters, q=q)
    page, next_cursor = keyset_page(topics, scope=scope, order=["subject"], limit=limit,
                                    cursor=cursor, position=lambda t: (t.subject,))  # fmt: skip
    return envelope(
        "svc.records.v1",
        filters={
            "actionClass": action_class,
            "tier": tier,
            "coverageState": coverage_state,
            "wireTier": wire_tier,
            "publishState": publish_state,
            "q": q,
        },
        records=[_listed(topic) for topic in page],
        nextCursor=next_cursor,
    )


def _listed(topic: Event) -> dict[str, Any]:
    return {
        "topic": topic.subject,
        "title": topic.title,
        "tier": topic.tier,
        "actionClass": topic.action_class,
        "coverageState": topic.coverage_state,
        "wireTier": topic.wire_tier,
        "publishState": topic.publish_state,
        "publishStateSince": iso(topic.publish_state_since),
        "lead": {"slug": topic.lead_entity.slug, "name": topic.lead_entity.name},
        "links": {
            "record": f"/api/record/{topic.subject}",
            "page": f"/records/{topic.subject}/",
            "history": f"/api/v1/records/{topic.subject}/history",
        },
    }


def topic_history(topic: Event, *, limit: int, cursor: Cursor | None) -> dict[str, Any]:
    """The append-only state history, oldest first."""
    page, next_cursor = keyset_page(
        topic.transitions.all(),
        scope=ListScope.of("history", topic=topic.subject),
        order=["at", "id"],
        limit=limit,
        cursor=cursor,
        position=lambda t: (t.at, t.pk),
    )
    return envelope(
        "svc.record-history.v1",
        topic=topic.subject,
        current={"coverageState": topic.coverage_state, "wireTier": topic.wire_tier},
        transitions=[transition_row(t) for t in page],
        nextCursor=next_cursor,
    )


def topic_reporting(topic: Event, *, limit: int, cursor: Cursor | None) -> dict[str, Any]:
    """Served reporting rows, newest first, paged through every document naming the lead.

    A page examines at most `REPORTING_SCAN` documents; when that bound is reached before
    `limit` rows are served, the page is shorter and `nextCursor` continues the walk.
    """
    base = {"topic": topic.subject, "lead": topic.lead_entity.name}
    if not topic.lead_entity.tracked:
        return envelope(
            "svc.record-reporting.v1", **base, status="subject-not-in-tracked-entity-set",
            scanned=0, items=[], nextCursor=None,
        )  # fmt: skip
    mentions = EntityMention.objects.filter(
        entity_id=topic.lead_entity_id, document__is_market_question_page=False
    ).select_related("document__outlet")
    scope, order = ListScope.of("reporting", topic=topic.subject), ["-day", "-document_id"]
    position = scope.position(cursor, EntityMention, order)
    items, scanned, exhausted = [], 0, False
    while len(items) < limit and scanned < REPORTING_SCAN and not exhausted:
        chunk, more = keyset_rows(
            mentions, order=order, limit=min(REPORTING_SCAN - scanned, 100), after=position
        )
        exhausted = not more
        for mention in chunk:
            scanned += 1
            position = [mention.day, mention.document_id]
            items += served_rows(topic, [mention.document])
            if len(items) == limit:
                exhausted = exhausted and mention is chunk[-1]
                break
    return envelope(
        "svc.record-reporting.v1",
        **base,
        status="observed" if items else "none-event-relevant",
        scanned=scanned,
        items=items,
        nextCursor=None if exhausted or position is None else scope.cursor(position),
    )


def topic_coverage(topic: Event, *, days: int, today: date) -> dict[str, Any]:
    """The coverage layer plus mentions per day (zero-filled) and per vertical."""
    per_day = dict(
        topic.days.values("day").annotate(n=Sum("mentions")).order_by().values_list("day", "n")
    )
    start = today - timedelta(days=days - 1)
    current_start = today - timedelta(days=CURRENT_DAYS - 1)
    verticals = (
        topic.days.filter(day__gte=current_start, day__lte=today)
        .values("vertical__slug")
        .annotate(n=Sum("mentions"))
        .order_by("-n", "vertical__slug")
    )
    return envelope(
        "svc.record-coverage.v1",
        topic=topic.subject,
        coverage=coverage_block(
            sorted(per_day.items()), list(topic.transitions.all()), today=today
        ),
        daily=[
            {
                "date": (start + timedelta(days=n)).isoformat(),
                "mentions": per_day.get(start + timedelta(days=n), 0),
            }
            for n in range(days)
        ],
        currentByVertical=[
            {"vertical": v["vertical__slug"], "mentions": v["n"]} for v in verticals
        ],
    )
