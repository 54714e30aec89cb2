"""Rows stored before the ingestion doors checked their values, found and repaired.

What `ingestion.values` now refuses at the door may already sit in the tables: a date outside
the sane window (on PostgreSQL even outside Python's years 1 to 9999, which reads now show as
null with a warning), a NaN or Infinity in a float column, a NUL in text (SQLite; PostgreSQL
never stored one). `rows_check` finds them with queries that compare on the server, so a value
Python cannot hold is never loaded, and, asked to repair, writes the one value that is true of
each: a nullable date or number becomes null (nothing is known of it); a document's day becomes
the day it was fetched, and the day rollups are rebuilt from the documents; a story's first and
last sighting are recounted from its documents, a mention's day is its document's, and the day
rollups are rebuilt from the mentions; a NUL is taken out of text. Append-only logs are
never rewritten (their readers show null), nor is a required column with no value to put there:
those are reported, for a person to judge.
"""

import math
from dataclasses import dataclass

from django.apps import apps
from django.db import connection, models, transaction
from django.db.models import Max, Min, OuterRef, Q, Subquery, Value
from django.db.models.functions import Chr, Coalesce, StrIndex, TruncDate

from aggregates import rollups_rebuild
from aggregates.rollups import ROLLUPS
from ingestion.values import EARLIEST, LATEST
from registry.models import AppendOnly, Document, EntityMention, EventMention, Story

PROJECT_APPS = ("registry", "records", "watches", "billing", "answers")
_DATES = (models.DateField, models.DateTimeField)  # DateTimeField is a DateField: both here
_TEXTS = (models.CharField, models.TextField)
_OUTSIDE = f"date outside the years {EARLIEST.year} to {LATEST.year - 1}"


@dataclass
class Finding:
    """Rows of one column holding a value the doors now refuse, and what was done about them."""

    table: str
    column: str
    problem: str
    rows: int
    repaired: int = 0
    note: str = ""


def rows_check(*, repair: bool = False) -> list[Finding]:
    """Every bad stored value of the project's tables; repaired where a true value exists."""
    found = [(model, field, condition, finding) for model, field, condition, finding in _scan()]
    if repair:
        for model, field, condition, finding in found:
            if model in ROLLUPS:
                finding.note = "rebuilt from the mentions"
            else:
                _repair(model, field, condition, finding)
        if any(f.repaired and model in _DAYS_OF_DOCUMENTS for model, _, _, f in found):
            rollups_rebuild()  # the rollups counted documents on the days just repaired
        for model, _, condition, finding in found:
            if model in ROLLUPS:
                finding.repaired = finding.rows - model._base_manager.filter(condition).count()
    return [finding for *_, finding in found]


def _scan():
    for model in _models():
        for field in model._meta.concrete_fields:
            condition, problem = _bad(field)
            rows = model._base_manager.filter(condition).count() if condition else 0
            if rows:
                yield model, field, condition, Finding(model._meta.db_table, field.column,
                                                       problem, rows)  # fmt: skip


def _models() -> list[type[models.Model]]:
    chosen = [m for m in apps.get_models() if m._meta.app_label in PROJECT_APPS]
    # Documents first, then their mentions and stories, which take their days from them.
    order = [Document, EntityMention, EventMention, Story]
    return sorted(chosen, key=lambda m: order.index(m) if m in order else len(order))


def _bad(field: models.Field) -> tuple[Q | None, str]:
    name = field.name
    if isinstance(field, models.DateTimeField):
        return Q(**{f"{name}__lt": EARLIEST}) | Q(**{f"{name}__gte": LATEST}), _OUTSIDE
    if isinstance(field, _DATES):
        early, late = EARLIEST.date(), LATEST.date()
        return Q(**{f"{name}__lt": early}) | Q(**{f"{name}__gte": late}), _OUTSIDE
    if isinstance(field, models.FloatField):
        values = [math.inf, -math.inf] + ([math.nan] if connection.vendor == "postgresql" else [])
        return Q(**{f"{name}__in": values}), "not a finite number"
    if isinstance(field, _TEXTS) and connection.vendor == "sqlite":
        return Q(pk__in=_with_nul(field)), "text holding NUL"
    return None, ""


def _with_nul(field: models.Field):
    found = field.model._base_manager.annotate(_nul=StrIndex(field.name, Chr(Value(0))))
    return found.filter(_nul__gt=0).values("pk")


@transaction.atomic
def _repair(model, field: models.Field, condition: Q, finding: Finding) -> None:
    rows = model._base_manager.filter(condition)
    if issubclass(model, AppendOnly):
        finding.note = "kept: an append-only log is never rewritten; its readers show null"
        return
    if isinstance(field, _TEXTS):
        finding.repaired = _nul_taken_out(rows, field.name)
        finding.note = "NUL taken out"
        return
    value = _true_value(model, field)
    if value is None and not field.null:
        finding.note = "kept: a required column with no true value to put there"
        return
    finding.repaired = rows.update(**{field.name: value})
    finding.note = _SAID.get((model, field.name), "set to null: nothing is known of it")


def _nul_taken_out(rows, name: str) -> int:
    """Row by row, in Python: SQLite's replace() stops at the NUL it is asked to replace."""
    found = list(rows.values_list("pk", name))
    for pk, text in found:
        rows.model._base_manager.filter(pk=pk).update(**{name: text.replace("\x00", "")})
    return len(found)


def _true_value(model, field: models.Field):
    if model is Document and field.name == "day":
        return TruncDate("fetched_at")
    if model in (EntityMention, EventMention) and field.name == "day":
        return Subquery(Document.objects.filter(pk=OuterRef("document")).values("day")[:1])
    if model is Story and field.name in ("first_seen", "last_seen"):
        members = Document.objects.filter(story=OuterRef("pk")).values("story")
        edge = Min if field.name == "first_seen" else Max
        seen = members.annotate(at=edge(Coalesce("published_at", "fetched_at"))).values("at")
        return Subquery(seen[:1])
    return None


_DAYS_OF_DOCUMENTS = (Document, EntityMention, EventMention)
_SAID = {
    (Document, "day"): "set to the day it was fetched; the day rollups rebuilt",
    (EntityMention, "day"): "set to its document's day",
    (EventMention, "day"): "set to its document's day",
    (Story, "first_seen"): "recounted from its documents",
    (Story, "last_seen"): "recounted from its documents",
}
