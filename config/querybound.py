"""Queries shaped by a caller's text run under a statement timeout, text index first.

A search's cost follows what the caller typed. On PostgreSQL each runs in its own transaction
with `statement_timeout` set locally (`SVC_SEARCH_TIMEOUT_MS`), so no text can hold a worker:
past the limit the database cancels the statement and the caller gets a 503 naming the cause
and what to change, not a held worker or a "database unavailable".

Index and sequential scans are switched off for that one transaction (`enable_indexscan`,
`enable_seqscan`, locally), leaving bitmap scans: the plan starts from the text index, which
intersects the words' posting lists itself, and sorts the matches. The planner otherwise walks
the date index backwards, or reads the table, whenever it believes matches are common, which it
does for words that are each common but rare together (it assumes they are independent), and
then reads every row for a combination nothing matches. The price is a single very common word:
its cost follows its matches (bounded by the timeout), not the first page. Bitmap scans of the
small tables joined in cost the same as before.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import OperationalError, connection, transaction

from config.problems import ApplicationError

QUERY_CANCELED = "57014"  # PostgreSQL's SQLSTATE for a statement cancelled by its timeout
SETTINGS = ["statement_timeout", "enable_indexscan", "enable_seqscan"]


@contextmanager
def text_search(field: str = "q") -> Iterator[None]:
    """Run the enclosed queries as one bounded, text-index-first search (PostgreSQL)."""
    if connection.vendor != "postgresql":
        yield  # SQLite: FTS5 drives the query; there is no statement timeout to set
        return
    limit = settings.SVC_SEARCH_TIMEOUT_MS
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            # Local to the transaction; inside a caller's transaction this block is a savepoint,
            # whose release would keep them, so the earlier values are put back on the way out
            # (a cancelled statement rolls the savepoint back, settings included).
            cursor.execute("SELECT " + ", ".join(["current_setting(%s)"] * len(SETTINGS)), SETTINGS)
            earlier = cursor.fetchone()
            _set(cursor, [str(limit), "off", "off"])
            yield
            _set(cursor, earlier)
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


def _set(cursor, values) -> None:
    pairs = ", ".join("set_config(%s, %s, true)" for _ in SETTINGS)
    cursor.execute(
        f"SELECT {pairs}", [v for pair in zip(SETTINGS, values, strict=True) for v in pair]
    )
