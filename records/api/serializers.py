"""Query parameters of the records' read surfaces. Each error names its parameter (400)."""

from rest_framework import serializers

from config.fields import Choice, QueryInteger
from config.paging import PageQuery
from records.models import StateTransition
from registry.models import ActionClass, Event


class RecordsQuery(PageQuery):
    actionClass = Choice(choices=ActionClass.choices, required=False)
    tier = Choice(choices=Event.Tier.choices, required=False)
    coverageState = Choice(choices=StateTransition.Coverage.choices, required=False)
    wireTier = Choice(choices=StateTransition.WireTier.choices, required=False)
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
