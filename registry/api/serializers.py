"""Query parameters of the registry's read surfaces. Each error names its parameter (400)."""

from rest_framework import serializers

from config import budget
from config.fields import Choice, QueryInteger, echoed
from config.paging import LIMIT_MAX, PageQuery
from registry.models import Event, Vertical


class VerticalField(serializers.SlugRelatedField):
    default_error_messages = {"does_not_exist": "no vertical is {value}; see /api/v1/verticals."}

    def __init__(self, **kwargs):
        super().__init__(
            slug_field="slug", queryset=Vertical.objects.all(), required=False, **kwargs
        )

    def fail(self, key, **kwargs):
        if "value" in kwargs:  # quoted short, as JSON
            kwargs["value"] = echoed(kwargs["value"])
        super().fail(key, **kwargs)


class SignalsQuery(PageQuery):
    vertical = VerticalField(help_text="Only documents in this vertical (a slug).")
    tier = Choice(
        choices=Event.Tier.choices, required=False, help_text="Only standard or full records."
    )
    maxTokens = budget.query_field()


class EntitySearchQuery(PageQuery):
    q = serializers.CharField(min_length=1, max_length=120, help_text="Part of a name or alias.")


class EntityCompareQuery(serializers.Serializer):
    names = serializers.RegexField(
        # What validate_names counts, stated in the document: 2 to 10 non-blank names.
        r"^[^,]*[^,\s][^,]*(,[^,]*[^,\s][^,]*){1,9}$",
        max_length=1000,
        help_text="2 to 10 slugs, names or aliases, separated by commas.",
        error_messages={"invalid": "give 2 to 10 names separated by commas."},
    )

    def validate_names(self, value: str) -> list[str]:
        names = [name.strip() for name in value.split(",") if name.strip()]
        if not 2 <= len(names) <= 10:
            raise serializers.ValidationError("give 2 to 10 names separated by commas.")
        return names


class AcceleratingQuery(serializers.Serializer):
    window = QueryInteger(min_value=1, max_value=30, default=7, help_text="Current window in days.")
    minDocuments = QueryInteger(
        min_value=1, max_value=100_000, default=5, help_text="In the current window."
    )
    vertical = VerticalField(help_text="Only attention in this vertical (a slug).")
    limit = QueryInteger(
        min_value=1, max_value=LIMIT_MAX, default=20, help_text=f"Entities, 1 to {LIMIT_MAX}."
    )


class CorroboratedQuery(PageQuery):
    days = QueryInteger(
        min_value=1, max_value=90, default=7, help_text="Clusters seen in the last N days."
    )
    minOrigins = QueryInteger(
        min_value=1, max_value=50, default=2, help_text="Known origins at least."
    )


class SinceField(serializers.DateTimeField):
    """An ISO-8601 instant, or a date meaning its midnight UTC."""

    def to_internal_value(self, value):
        if isinstance(value, str) and len(value) == 10:
            value = f"{value}T00:00:00Z"
        return super().to_internal_value(value)


class SourcesQuery(PageQuery):
    topic = serializers.SlugField(max_length=120, required=False, help_text="Guarding this topic.")


class TripwiresQuery(PageQuery):
    since = SinceField(required=False, help_text="Alerts at or after this instant or date.")
    source = serializers.SlugField(max_length=80, required=False, help_text="A source id.")


class MarketsQuery(PageQuery):
    topic = serializers.SlugField(
        max_length=120, required=False, help_text="Only questions linked to this topic (a slug)."
    )
    entity = serializers.SlugField(max_length=80, required=False, help_text="An entity slug.")


class DocumentsQuery(PageQuery):
    q = serializers.CharField(
        min_length=1, max_length=200, help_text='Words, "phrases", `or`, -excluded.'
    )
    vertical = VerticalField(help_text="Only documents in this vertical (a slug).")
    sort = Choice(
        choices=["newest", "relevance"],
        default="newest",
        help_text="`newest` first (every match, by date), or `relevance`: the newest 200 "
        "matches ranked by how closely each is about the words (title words count twice).",
    )
