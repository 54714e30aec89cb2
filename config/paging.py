"""Cursor paging for every list: opaque signed cursors over a stable, unique order.

A cursor carries the sort-key values of the last item served, signed so a tampered or foreign
cursor is refused (400 naming `cursor`) instead of silently paging from somewhere else. Pages are
found by keyset (`WHERE (a, b) > (x, y)` spelled out per field), so page 500 costs what page 1
does, and rows inserted meanwhile neither repeat nor vanish from the pages still to come.
"""

from collections.abc import Callable, Sequence
from typing import Any

from django.core import signing
from django.db.models import Q, QuerySet
from rest_framework import serializers

LIMIT_DEFAULT = 50
LIMIT_MAX = 200
_SALT = "svc.cursor"


class PageQuery(serializers.Serializer):
    """`limit` (1 to 200, default 50) and `cursor` (the `nextCursor` of the previous page)."""

    limit = serializers.IntegerField(min_value=1, max_value=LIMIT_MAX, default=LIMIT_DEFAULT)
    cursor = serializers.CharField(required=False, max_length=1000)

    def validate_cursor(self, value: str) -> list[Any]:
        try:
            position = signing.loads(value, salt=_SALT)
        except signing.BadSignature as exc:
            raise serializers.ValidationError(
                "not a cursor this service issued; pass `nextCursor` from the previous page"
            ) from exc
        if not isinstance(position, list):
            raise serializers.ValidationError("not a cursor this service issued")
        return position


def cursor_for(values: Sequence[Any]) -> str:
    return signing.dumps([_plain(value) for value in values], salt=_SALT, compress=True)


def keyset_page(
    rows: QuerySet,
    *,
    order: Sequence[str],
    limit: int,
    after: list[Any] | None,
    position: Callable[[Any], Sequence[Any]],
) -> tuple[list[Any], str | None]:
    """One page of `rows` in `order` (which must end in a unique field), after a cursor position.

    `position(item)` gives an item's values for the `order` fields, for the next cursor.
    """
    if after is not None:
        if len(after) != len(order):
            raise serializers.ValidationError({"cursor": ["not a cursor for this list"]})
        rows = rows.filter(_after(order, after))
    items = list(rows.order_by(*order)[: limit + 1])
    more = len(items) > limit
    items = items[:limit]
    return items, cursor_for(position(items[-1])) if more else None


def _after(order: Sequence[str], values: Sequence[Any]) -> Q:
    """(f1, f2, ...) strictly after (v1, v2, ...) in the given directions, as a Q."""
    condition = Q(pk__in=[])
    equal = Q()
    for field, value in zip(order, values, strict=True):
        name = field.lstrip("-")
        beyond = Q(**{f"{name}__lt" if field.startswith("-") else f"{name}__gt": value})
        condition |= equal & beyond
        equal &= Q(**{name: value})
    return condition


def _plain(value: Any) -> Any:
    return value.isoformat() if hasattr(value, "isoformat") else value
