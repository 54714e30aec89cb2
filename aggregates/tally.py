"""Exact counts of the history tables that a read can take without scanning them.

`/api/v1/stats` promises exact counts of documents and clusters; counting them is a scan whose
cost follows the whole history (at 1,000,000 documents the largest cost of the read). On
PostgreSQL, statement-level triggers with transition tables keep a ledger of deltas instead:
each INSERT, COPY, UPDATE or DELETE on `registry_document` or `registry_story` appends at most
one row per counter, computed from the rows that statement changed, and TRUNCATE clears the
ledger. Appending rather than updating one row per counter means concurrent ingests never wait
on each other; `fold()` (run after each ingest and bulk load) sums the ledger back to one row
per counter, so a read sums a handful of rows. The triggers run inside the writing statement,
so the counts are as transactional as the rows: a rolled-back ingest counts nothing.

SQLite (the embedded default, demo-sized) counts directly: its flush in tests deletes tables
in an order no trigger could follow, and at its scale the count is cheap.
"""

from django.db import connection
from django.db.models import Count, Q, Sum

from registry import bulk

# The counters, each a filter on one table. CORROBORATED_AT (selectors.clusters) is 2: the
# trigger SQL below says so too, and a change to it needs a migration that rewrites them.
COUNTERS = ("documents", "market_pages", "clusters", "corroborated")
CORROBORATED_AT = 2
LEDGER = "registry_tally"

# Per table: (counter, SQL predicate over a transition table's rows, or TRUE for every row).
_COUNTED = {
    "registry_document": [
        ("documents", "NOT is_market_question_page"),
        ("market_pages", "is_market_question_page"),
    ],
    "registry_story": [
        ("clusters", "TRUE"),
        ("corroborated", f"known_origin_count >= {CORROBORATED_AT}"),
    ],
}


def counts() -> dict[str, int]:
    """Every counter, exact as of this transaction."""
    if connection.vendor != "postgresql":
        return _counted()
    from registry.models import Tally

    summed = dict(Tally.objects.values("name").annotate(n=Sum("delta")).values_list("name", "n"))
    return {name: int(summed.get(name) or 0) for name in COUNTERS}


def _counted() -> dict[str, int]:
    from registry.models import Document, Story

    documents = Document.objects.aggregate(
        documents=Count("pk", filter=Q(is_market_question_page=False)),
        market_pages=Count("pk", filter=Q(is_market_question_page=True)),
    )
    clusters = Story.objects.aggregate(
        clusters=Count("pk"),
        corroborated=Count("pk", filter=Q(known_origin_count__gte=CORROBORATED_AT)),
    )
    return documents | clusters


def fold() -> None:
    """Sum the ledger to one row per counter (each ingest fan-out and bulk load)."""
    bulk.ledger_fold(LEDGER, "name", "delta")


# --- schema: created by migration 0011 on PostgreSQL ------------------------------------------


def _delta(table: str, transition: str, sign: str) -> str:
    """One INSERT appending, per counter of `table`, the signed count of a transition table."""
    parts = ", ".join(f"count(*) FILTER (WHERE {predicate})" for _, predicate in _COUNTED[table])
    names = ", ".join(f"'{name}'" for name, _ in _COUNTED[table])
    return (
        f"INSERT INTO {LEDGER} (name, delta) "  # noqa: S608 (constants only)
        f"SELECT name, {sign}n FROM unnest(ARRAY[{names}], "
        f"(SELECT ARRAY[{parts}] FROM {transition})) AS c(name, n) WHERE n <> 0;"
    )


def _function(table: str, operation: str) -> str:
    body = {
        "insert": _delta(table, "new_rows", ""),
        "delete": _delta(table, "old_rows", "-"),
        "update": _delta(table, "new_rows", "") + _delta(table, "old_rows", "-"),
        "truncate": f"DELETE FROM {LEDGER};",  # noqa: S608 (constants only)
    }[operation]
    return (
        f"CREATE FUNCTION {table}_tally_{operation}() RETURNS trigger LANGUAGE plpgsql AS $$ "
        f"BEGIN {body} RETURN NULL; END $$"
    )


def _trigger(table: str, operation: str) -> str:
    referencing = {
        "insert": "REFERENCING NEW TABLE AS new_rows",
        "delete": "REFERENCING OLD TABLE AS old_rows",
        "update": "REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows",
        "truncate": "",
    }[operation]
    return (
        f"CREATE TRIGGER {table}_tally_{operation} AFTER {operation.upper()} ON {table} "
        f"{referencing} FOR EACH STATEMENT EXECUTE FUNCTION {table}_tally_{operation}()"
    )


OPERATIONS = ("insert", "delete", "update", "truncate")


def create(schema_editor) -> None:
    """The triggers, then the ledger seeded with the rows already there. CREATE TRIGGER locks
    each table against writes until the migration commits, so no row is counted twice or
    missed between the two."""
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in _COUNTED:
        for operation in OPERATIONS:
            schema_editor.execute(_function(table, operation))
            schema_editor.execute(_trigger(table, operation))
    for table in _COUNTED:
        schema_editor.execute(_delta(table, table, "").rstrip(";"))


def drop(schema_editor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in _COUNTED:
        for operation in OPERATIONS:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_tally_{operation} ON {table}")
            schema_editor.execute(f"DROP FUNCTION IF EXISTS {table}_tally_{operation}()")
    schema_editor.execute(f"DELETE FROM {LEDGER}")  # noqa: S608
