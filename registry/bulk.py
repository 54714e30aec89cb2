"""Bulk writes for ingest: COPY on PostgreSQL, multi-row INSERTs elsewhere.

Ingest writes thousands of rows a batch; through the ORM's bulk_create these were most of its
time (a model instance per row, a statement per row with executemany).
"""

from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connection, connections, models, transaction

from config import querybound

_HASHES_A_STATEMENT = 4000  # SQLite 3.32+ binds up to 32,766 parameters a statement


def copy_create(model: type[models.Model], objects: list[models.Model]) -> list[models.Model]:
    """bulk_create, but through COPY on PostgreSQL, with ids reserved from the table's sequence.

    Documents and stories are the two inserts whose ids the batch needs back; through the ORM
    they were a quarter of an ingest batch on PostgreSQL. Values are prepared by each field
    exactly as the ORM would (`pre_save`, `get_db_prep_save`).
    """
    if connection.vendor != "postgresql" or not objects:
        return model.objects.bulk_create(objects)
    quote = connection.ops.quote_name
    table, fields = model._meta.db_table, model._meta.concrete_fields
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
            [table, model._meta.pk.column, len(objects)],
        )
        for obj, (pk,) in zip(objects, cursor.fetchall(), strict=True):
            obj.pk = pk
        columns = ", ".join(quote(field.column) for field in fields)
        # copy() bypasses Django's error translation: without this a duplicate URL would raise
        # psycopg's UniqueViolation instead of IntegrityError, and the race retry would miss it.
        with (
            connection.wrap_database_errors,
            cursor.copy(f"COPY {quote(table)} ({columns}) FROM STDIN") as copy,
        ):
            # The wrapper itself, not the `connection` proxy: every attribute read through the
            # proxy goes through a context-local lookup, a tenth of the batch at 18 fields a row.
            wrapper = connections[DEFAULT_DB_ALIAS]
            for obj in objects:
                copy.write_row(
                    [field.get_db_prep_save(field.pre_save(obj, True), wrapper) for field in fields]
                )
    for obj in objects:
        obj._state.adding, obj._state.db = False, connection.alias
    return objects


def insert_rows(
    model: type[models.Model], fields: list[str], rows: list[tuple], *, on_conflict: str = ""
) -> None:
    """Multi-row INSERTs for rows whose ids nobody needs (mentions, LSH bands, rollups).

    bulk_create builds a model instance per row, and executemany still costs a statement per
    row; at 16 bands per story and several mentions per document both dominated an ingest batch.
    Values here are ids, dates and integers, which both backends adapt natively.
    """
    if not rows:
        return
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    columns = ", ".join(quote(model._meta.get_field(name).column) for name in fields)
    if connection.vendor != "postgresql":
        _insert_values(table, columns, len(fields), rows, on_conflict)
    elif on_conflict:
        _insert_unnest(model, table, columns, fields, rows, on_conflict)
    else:
        # COPY is PostgreSQL's bulk path: an order of magnitude past multi-row INSERT here.
        with (
            connection.cursor() as cursor,
            cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy,
        ):
            for row in rows:
                copy.write_row(row)


@dataclass(frozen=True)
class HashProbe:
    """`columns` of the rows of `model` whose `hash` is one of `hashes` (and `where` holds, on
    `params`): an ingest batch's probe of a table of LSH bands or fingerprints."""

    model: type[models.Model]
    columns: list[str]
    hashes: list[int]
    where: str = ""
    params: tuple = ()

    def sql(self, hashes: str) -> str:
        quote = connection.ops.quote_name
        selected = ", ".join(quote(column) for column in self.columns)
        where = f" AND {self.where}" if self.where else ""
        return (
            f"SELECT {selected} FROM {quote(self.model._meta.db_table)} WHERE hash {hashes}{where}"  # noqa: S608
        )


def rows_by_hash(probes: list[HashProbe]) -> list[list[tuple]]:
    """Each probe's rows, a few thousand hashes at once.

    PostgreSQL: one bitmap scan of the band index for every hash, forced
    (`querybound.index_first`, set once for all the probes): the planner prices 3,000 cached
    probes as random reads and scans the whole band table instead (160 ms against 11 ms at 260k
    bands, and growing). Cheaper than one LATERAL probe per hash, which paid a subquery per row:
    8 against 27 ms a batch of 200 documents. SQLite: plain SQL, not the ORM's `hash__in`,
    which spent 26 of a probe's 29 ms turning 4,000 parameters into a statement.
    """
    found = [[] for _ in probes]
    if connection.vendor == "postgresql":
        with querybound.index_first(), connection.cursor() as cursor:
            for rows, probe in zip(found, probes, strict=True):
                if probe.hashes:
                    cursor.execute(probe.sql("= ANY(%b::bigint[])"), [probe.hashes, *probe.params])
                    rows += cursor.fetchall()
        return found
    with connection.cursor() as cursor:
        for rows, probe in zip(found, probes, strict=True):
            for start in range(0, len(probe.hashes), _HASHES_A_STATEMENT):
                chunk = probe.hashes[start : start + _HASHES_A_STATEMENT]
                cursor.execute(probe.sql(f"IN ({', '.join(['%s'] * len(chunk))})"),
                               [*chunk, *probe.params])  # fmt: skip
                rows += cursor.fetchall()
    return found


def _insert_unnest(model, table: str, columns: str, fields, rows, on_conflict: str) -> None:
    # COPY cannot upsert. One statement unnesting an array per column (dumped binary, %b),
    # in the rows' order: multi-row VALUES had a placeholder per value, which psycopg parses
    # anew for every statement of more than 50 (2 ms for 180 rows; 0.55 ms for 450 here).
    arrays = ", ".join(
        f"%b::{model._meta.get_field(name).db_type(connection)}[]" for name in fields
    )
    sql = f"INSERT INTO {table} ({columns}) SELECT * FROM unnest({arrays}) {on_conflict}"  # noqa: S608
    with connection.cursor() as cursor:
        cursor.execute(sql, [list(column) for column in zip(*rows, strict=True)])


def _insert_values(table: str, columns: str, width: int, rows, on_conflict: str) -> None:
    row_sql = "(" + ", ".join(["%s"] * width) + ")"
    per_statement = max(1, 900 // width)  # far below SQLite's bound-variable limit
    with connection.cursor() as cursor:
        for start in range(0, len(rows), per_statement):
            chunk = rows[start : start + per_statement]
            values = ", ".join([row_sql] * len(chunk))
            sql = f"INSERT INTO {table} ({columns}) VALUES {values}"  # noqa: S608
            cursor.execute(f"{sql} {on_conflict}", [value for row in chunk for value in row])


def analyze(*models: type[models.Model]) -> None:
    """Fresh planner statistics for tables a bulk load just filled (PostgreSQL). Without them
    plans are made for the old row counts until autovacuum gets round to it, or never where it
    is off: corroborated went from 9 to 188 ms at 1M documents."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for model in models:
            cursor.execute(f"ANALYZE {connection.ops.quote_name(model._meta.db_table)}")


def vacuum(*models: type[models.Model]) -> None:
    """VACUUM (ANALYZE) after a bulk load (PostgreSQL): statistics, and the visibility map that
    lets a window read come from its covering index alone (`entity_day_window`). Without it a
    four-week read of a rollup visits every heap page holding any of those rows, which, with
    rows laid down entity by entity, is every page of the history. VACUUM cannot run inside a
    transaction: there, this is ANALYZE alone, and autovacuum sets the map later."""
    if connection.vendor != "postgresql":
        return
    if connection.in_atomic_block:
        analyze(*models)
        return
    with connection.cursor() as cursor:
        for model in models:
            cursor.execute(f"VACUUM (ANALYZE) {connection.ops.quote_name(model._meta.db_table)}")


def ledger_fold(table: str, key: str, *summed: str) -> None:
    """Sum a ledger of deltas (rows appended by writers, never updated) to one row per `key`
    (PostgreSQL). Safe beside writers and other folds: a row a concurrent fold already deleted
    is skipped, and rows appended meanwhile stay for the next fold."""
    if connection.vendor != "postgresql":
        return
    columns = ", ".join((key, *summed))
    sums = ", ".join(f"sum({column})" for column in summed)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"WITH gone AS (DELETE FROM {table} RETURNING {columns}) "  # noqa: S608 (constants)
            f"INSERT INTO {table} ({columns}) SELECT {key}, {sums} FROM gone GROUP BY {key}"
        )
