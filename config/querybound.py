"""Queries shaped by a caller's text run under a statement timeout, text index first.

A search's cost follows what the caller typed. On PostgreSQL each runs in its own transaction
with `statement_timeout` set locally (`SVC_SEARCH_TIMEOUT_MS`), so no text can hold a worker:
past the limit the database cancels the statement and the caller gets a 503 naming the cause
and what to change, not a held worker or a "database unavailable".

`index_first()` switches index and sequential scans off for the statements it encloses
(`enable_indexscan`, `enable_seqscan`, locally), leaving bitmap scans: the plan starts from the
text index, which intersects the words' posting lists itself, and sorts the matches. The planner
otherwise walks the date index backwards, or reads the table, whenever it believes matches are
common, which it does for words that are each common but rare together (it assumes they are
independent), and then reads every row for a combination nothing matches. Bitmap scans of the
small tables joined in cost the same as before. The search itself (`search.fulltext`) first
tries the newest rows, where a common word's first page is, and only then the whole index.
`walk_first()` is its opposite, for that walk: down the (day, id) index and nothing else (bitmap
and sort off), as a walk's work is bounded by its LIMIT only if it reads rows in index order.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import OperationalError, connection, transaction

from config.problems import ApplicationError

QUERY_CANCELED = "57014"  # PostgreSQL's SQLSTATE for a statement cancelled by its timeout
PLANNER = ["enable_indexscan", "enable_seqscan"]
WALK = ["enable_bitmapscan", "enable_sort", "enable_seqscan"]


@contextmanager
def text_search(field: str = "q") -> Iterator[None]:
    """Run the enclosed queries as one search bounded by the timeout (PostgreSQL)."""
    if connection.vendor != "postgresql":
        yield  # SQLite: FTS5 drives the query; there is no statement timeout to set
        return
    limit = settings.SVC_SEARCH_TIMEOUT_MS
    try:
        with (
            transaction.atomic(),
            connection.cursor() as cursor,
            _local(cursor, statement_timeout=str(limit)),
        ):
            yield
    except OperationalError as exc:
        if getattr(exc.__cause__, "sqlstate", None) != QUERY_CANCELED:
            raise
        raise ApplicationError(
            status=503,
            state="query-timeout",
            field=field,
            retryAfter=1,
            error=f"{field}: this search ran past its {limit} ms limit and was stopped. "
            'Narrow it: rarer or more words, a "quoted phrase", or a vertical.',
        ) from exc


@contextmanager
def index_first() -> Iterator[None]:
    """The enclosed statements start from an index's bitmap, never a walk or a table read
    (PostgreSQL; inside a transaction, which the settings are local to: `text_search`'s, or an
    ingest batch's probe of the story bands)."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor, _local(cursor, **dict.fromkeys(PLANNER, "off")):
        yield


@contextmanager
def walk_first() -> Iterator[None]:
    """The enclosed statements walk an index in its order (PostgreSQL, inside a transaction):
    past a cursor, the planner otherwise collected every older row in a bitmap and sorted
    them when it believed few remained, reading more rows than the walk's LIMIT."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor, _local(cursor, **dict.fromkeys(WALK, "off")):
        yield


@contextmanager
def _local(cursor, **values: str) -> Iterator[None]:
    """Settings local to the transaction. Inside a caller's transaction `text_search` is a
    savepoint, whose release would keep them, so the earlier values are put back on the way out
    (a cancelled statement rolls the savepoint back, settings included)."""
    names = list(values)
    cursor.execute("SELECT " + ", ".join(["current_setting(%s)"] * len(names)), names)
    earlier = dict(zip(names, cursor.fetchone(), strict=True))
    _set(cursor, values)
    yield
    _set(cursor, earlier)


def _set(cursor, values: dict[str, str]) -> None:
    pairs = ", ".join("set_config(%s, %s, true)" for _ in values)
    cursor.execute(f"SELECT {pairs}", [v for pair in values.items() for v in pair])
