"""Cursor paging for every list: opaque signed cursors over a stable, unique order.

A cursor carries the sort-key values of the last item served, signed so a tampered cursor is
refused (400 naming `cursor`). It is also bound to the list that issued it (its name and the
filters that chose its rows): two lists' positions can share a shape and mean different things,
and a position of another shape would reach the database as a wrong-typed value (a 500). A cursor
from another list, other filters, or an earlier format is refused the same way, before any query.
Pages are found by keyset (`WHERE (a, b) > (x, y)` spelled out per field), so page 500 costs what
page 1 does, and rows inserted meanwhile neither repeat nor vanish from the pages still to come.
"""

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db.models import Model, Q, QuerySet
from rest_framework import serializers

from config.fields import QueryInteger
from config.problems import ApplicationError, invalid_field

LIMIT_DEFAULT = 50
LIMIT_MAX = 200
_SALT = "svc.cursor"
_SCALARS = (str, int, float)


@dataclass(frozen=True)
class Cursor:
    """What a signed cursor says: the list it came from, its filters' digest, the position."""

    list: str
    filters: str
    after: list[Any]

    @classmethod
    def from_payload(cls, payload: Any) -> "Cursor | None":
        """None when the signed payload is not of the current format (an earlier release's)."""
        if not isinstance(payload, dict) or set(payload) != {"l", "f", "a"}:
            return None
        name, filters, after = payload["l"], payload["f"], payload["a"]
        if not (isinstance(name, str) and isinstance(filters, str) and isinstance(after, list)):
            return None
        return cls(name, filters, after)


# What `signing.dumps` issues: an optional "." (compressed), then the payload, its timestamp and
# its signature in URL-safe base64, joined by ":". Every `cursor` and `nextCursor` in the
# contract carries it (tests/config/test_contract_typed.py holds the document to this one).
CURSOR_PATTERN = r"^\.?[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$"
NOT_ISSUED = "not a cursor this service issued; pass `nextCursor` from the previous page"


class PageQuery(serializers.Serializer):
    """`limit` (1 to 200, default 50) and `cursor` (the `nextCursor` of the previous page)."""

    limit = QueryInteger(
        min_value=1,
        max_value=LIMIT_MAX,
        default=LIMIT_DEFAULT,
        help_text=f"Items per page, 1 to {LIMIT_MAX}.",
    )
    cursor = serializers.CharField(
        required=False,
        max_length=1000,
        validators=[RegexValidator(CURSOR_PATTERN, NOT_ISSUED)],
        help_text="The `nextCursor` of the previous page: opaque and signed.",
    )

    def validate_cursor(self, value: str) -> Cursor:
        try:
            payload = signing.loads(value, salt=_SALT)
        except signing.BadSignature as exc:
            raise serializers.ValidationError(NOT_ISSUED) from exc
        cursor = Cursor.from_payload(payload)
        if cursor is None:
            raise serializers.ValidationError(
                "not a cursor of this release; start again from the first page"
            )
        return cursor


@dataclass(frozen=True)
class ListScope:
    """The list a cursor belongs to: its name and a digest of the filters that chose its rows.

    `limit` is not a filter: a caller may change the page size between pages.
    """

    name: str
    filters: str

    @classmethod
    def of(cls, name: str, **filters: Any) -> "ListScope":
        canonical = json.dumps(filters, sort_keys=True, default=str, separators=(",", ":"))
        return cls(name, hashlib.sha256(canonical.encode()).hexdigest()[:16])

    def cursor(self, values: Sequence[Any]) -> str:
        payload = {"l": self.name, "f": self.filters, "a": [_plain(value) for value in values]}
        return signing.dumps(payload, salt=_SALT, compress=True)

    def position(
        self, cursor: Cursor | None, model: type[Model], order: Sequence[str]
    ) -> list[Any] | None:
        """The cursor's position as values of `model`'s `order` fields, or a 400 naming it."""
        after = self.issued(cursor, len(order))
        if after is None:
            return None
        return [_field_value(model, f, value) for f, value in zip(order, after, strict=True)]

    def issued(self, cursor: Cursor | None, length: int) -> list[Any] | None:
        """The cursor's position as it was issued, once it is known to be this list's, with
        `length` values (a 400 naming it if not); the caller checks each value's type."""
        if cursor is None:
            return None
        if (cursor.list, cursor.filters) != (self.name, self.filters):
            raise refused(
                "issued for another list or other filters; pass the `nextCursor` this list "
                "gave, with the same filters"
            )
        if len(cursor.after) != length:
            raise refused("not a cursor for this list")
        return cursor.after


def keyset_page(
    rows: QuerySet,
    *,
    scope: ListScope,
    order: Sequence[str],
    limit: int,
    cursor: Cursor | None,
    position: Callable[[Any], Sequence[Any]],
) -> tuple[list[Any], str | None]:
    """One page of `rows` in `order` (which must end in a unique field), after a cursor of
    `scope`, and the cursor of the next page. `position(item)` gives an item's `order` values."""
    after = scope.position(cursor, rows.model, order)
    items, more = keyset_rows(rows, order=order, limit=limit, after=after)
    return items, scope.cursor(position(items[-1])) if more else None


def keyset_rows(
    rows: QuerySet, *, order: Sequence[str], limit: int, after: Sequence[Any] | None
) -> tuple[list[Any], bool]:
    """Up to `limit` rows strictly after the position `after`, and whether more follow."""
    if after is not None:
        rows = rows.filter(keyset_after(order, after))
    items = list(rows.order_by(*order)[: limit + 1])
    return items[:limit], len(items) > limit


def keyset_after(order: Sequence[str], values: Sequence[Any]) -> Q:
    """(f1, f2, ...) strictly after (v1, v2, ...) in the given directions, as a Q."""
    condition = Q(pk__in=[])
    equal = Q()
    for field, value in zip(order, values, strict=True):
        name = field.lstrip("-")
        beyond = Q(**{f"{name}__lt" if field.startswith("-") else f"{name}__gt": value})
        condition |= equal & beyond
        equal &= Q(**{name: value})
    return condition


def _field_value(model: type[Model], field: str, value: Any) -> Any:
    """A position value checked as its model field would check it (type and range): a signed
    cursor of this list always passes, so a refusal here means a cursor format gone stale."""
    if not isinstance(value, _SCALARS) or isinstance(value, bool):
        raise refused("not a cursor for this list")
    try:
        model_field = model._meta.get_field(field.lstrip("-"))
        checked = model_field.to_python(value)
        model_field.run_validators(checked)
    except (ValidationError, TypeError, ValueError, OverflowError) as exc:
        raise refused("not a cursor for this list") from exc
    return checked


def refused(reason: str) -> ApplicationError:
    return invalid_field("cursor", f"{reason}.")


def _plain(value: Any) -> Any:
    return value.isoformat() if hasattr(value, "isoformat") else value
