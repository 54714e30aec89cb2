"""Query parameters of the records' read surfaces. Each error names its parameter (400)."""

from rest_framework import serializers

from config import budget
from config.fields import Choice, Instant, QueryInteger
from config.paging import PageQuery
from records.models import StateTransition
from registry.models import ActionClass, Event


class RecordsQuery(PageQuery):
    actionClass = Choice(
        choices=ActionClass.choices, required=False, help_text="Only topics of this action class."
    )
    tier = Choice(
        choices=Event.Tier.choices, required=False, help_text="Only standard or full records."
    )
    coverageState = Choice(
        choices=StateTransition.Coverage.choices,
        required=False,
        help_text="Only topics whose latest coverage state is this.",
    )
    wireTier = Choice(
        choices=StateTransition.WireTier.choices,
        required=False,
        help_text="Only topics on this wire tier (flagged: the current signals).",
    )
    publishState = Choice(
        choices=Event.PublishState.choices,
        default=Event.PublishState.PUBLISHED,
        help_text="published (the default) or retired: retired topics are listed only when asked.",
    )
    q = serializers.CharField(
        max_length=120, required=False, help_text="Part of the subject or title."
    )


class CoverageQuery(serializers.Serializer):
    days = QueryInteger(
        min_value=7, max_value=365, default=84, help_text="Days of the daily series."
    )


class DatasetQuery(serializers.Serializer):
    format = Choice(
        choices=["json"],
        default="json",
        help_text="json. JSON Lines and CSV have operations of their own (getDatasetJsonl, "
        "getDatasetCsv); `jsonl` or `csv` here answers 308 to them.",
    )


class RecordQuery(serializers.Serializer):
    asOf = Instant(
        required=False,
        help_text="An RFC 3339 instant (2026-11-26T09:30:00Z): the record as the service knew "
        "it then (documents stored, prices read, state transitions recorded and source readings "
        "taken by then; counts and the attention trend from those rows). Not before the topic "
        "existed, not in the future. A `+` in the zone is sent as `%2B` (a bare `+` reads as "
        "the space it means in a query string, and is taken for it).",
    )
    maxTokens = budget.query_field()
