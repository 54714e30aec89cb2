"""The default attention window, kept counted: each entity's documents and each topic's
mentions per vertical this week and in the three weeks before it, so acceleration, the
verticals and the signals rank without aggregating.

Ranking every tracked entity over four weeks of `EntityDay` reads every entity-day of the
window: about 340,000 rows at 1,000,000 documents (160 to 220 ms), growing with the documents
a day. `EntityPace` holds the same sums as of `PaceWindow.today`: one row per (entity, vertical)
named in the window, and one per entity over all verticals. Acceleration ranks the entities'
rows (one per entity: 20,000 at 1M, bounded by the registry, not the history), or one
vertical's; the verticals sum theirs (bounded by entities x verticals). `TopicPace` holds the
same of `EventDay` per topic: signals rank the flagged topics by it (bounded by the topics; the
window's topic-days grew with the documents a day, 1.9x from 100k to 1M).

- `add` runs inside each ingest's transaction, beside the `EntityDay` rows it adds, so the pace
  is as transactional as the rollup: a rolled-back ingest counts nothing, and a document about
  an earlier day counts in whichever window that day falls.
- `roll` recounts the pace from `EntityDay` as of today when the day has turned (the ingest
  beat asks each run) and after a rollup rebuild. Until it has, `ready()` is false and reads
  aggregate `EntityDay` themselves: a stale pace is never read.
- Other windows (`accelerating?window=` other than 7) aggregate `EntityDay`: their cost
  follows the window's rows.

Concurrency (PostgreSQL): `add` takes ROW EXCLUSIVE on the pace table before it reads the
window's day; `roll` takes EXCLUSIVE, which waits for ingests already counted to commit (so its
recount sees them) and holds back the ones after it until it commits (so they count in the new
window). `roll` never queues for that lock (NOWAIT, retried): an ingest waiting behind it while
holding rollup rows another ingest needs could otherwise close a cycle.

SQLite (the embedded default, demo-sized) keeps no pace: reads aggregate, as `tally` counts.
"""

import time
from dataclasses import dataclass
from datetime import date, timedelta

from django.db import OperationalError, connection, transaction
from django.utils import timezone

from registry import bulk

# The default window of acceleration and the verticals: a change here needs `roll(force=True)`.
CURRENT_DAYS = 7
BASELINE_DAYS = 21
PACE, WINDOW, DAYS = "registry_entitypace", "registry_pacewindow", "registry_entityday"
VERTICALS = "registry_verticalpace"


@dataclass(frozen=True)
class Kept:
    """One kept pace: its table, the rollup it sums, the key and the count summed."""

    table: str
    days: str
    key: str
    count: str


# Both are guarded by one lock, the entity pace's (see Concurrency above).
ENTITIES = Kept(PACE, DAYS, "entity_id", "documents")
TOPICS = Kept("registry_topicpace", "registry_eventday", "event_id", "mentions")
LOCK_TRIES, LOCK_PAUSE = 40, 0.05  # a roll gives up after about two seconds of busy ingest


def today() -> date:
    return timezone.now().date()


def ready(day: date) -> bool:
    """Whether the pace is counted as of `day` (and kept on this database at all)."""
    if connection.vendor != "postgresql":
        return False
    from registry.models import PaceWindow

    return PaceWindow.objects.filter(today=day).exists()


_CURRENT = f"coalesce(sum(a.n) FILTER (WHERE a.day > w.today - {CURRENT_DAYS}), 0)"
_BASELINE = f"coalesce(sum(a.n) FILTER (WHERE a.day <= w.today - {CURRENT_DAYS}), 0)"


def add(
    entity_days: dict[tuple[int, int, date], int],
    topic_days: dict[tuple[int, int, date], int] | None = None,
) -> None:
    """Add an ingest's (entity, vertical, day) -> documents and (topic, vertical, day) ->
    mentions to the pace, in the caller's transaction. Nothing before the first roll (no window
    yet), nothing outside the window. Rows are upserted in key order, per vertical first, so
    concurrent ingests lock alike."""
    if connection.vendor != "postgresql" or not (entity_days or topic_days):
        return
    with connection.cursor() as cursor:
        cursor.execute(f"LOCK TABLE {PACE} IN ROW EXCLUSIVE MODE")
        # New statements, so new snapshots: the window's day as a roll just committed it.
        for kept, counts in ((ENTITIES, entity_days), (TOPICS, topic_days or {})):
            if counts:
                _upsert(cursor, kept, counts)


def _upsert(cursor, kept: Kept, counts: dict[tuple[int, int, date], int]) -> None:
    keys = sorted(counts)
    params = [*(list(column) for column in zip(*keys, strict=True)), [counts[k] for k in keys]]
    # Per vertical, then over all verticals (the row whose vertical is empty): what each groups
    # by, and the conflict target of its partial unique index.
    levels = [
        ("a.vertical_id", f"({kept.key}, vertical_id) WHERE vertical_id IS NOT NULL"),
        ("NULL::bigint", f"({kept.key}) WHERE vertical_id IS NULL"),
    ]
    for vertical, target in levels:
        incoming = (
            f"SELECT a.{kept.key} AS key, {vertical} AS vertical_id, {_CURRENT} AS current, "  # noqa: S608 (constants only)
            f"{_BASELINE} AS baseline "
            "FROM unnest(%b::bigint[], %b::bigint[], %b::date[], %b::int[]) "
            f"AS a({kept.key}, vertical_id, day, n) "
            f"JOIN {WINDOW} w ON a.day BETWEEN w.today - {CURRENT_DAYS + BASELINE_DAYS - 1} "
            "AND w.today GROUP BY 1, 2"
        )
        upsert = (
            f"INSERT INTO {kept.table} AS p ({kept.key}, vertical_id, current, baseline) "  # noqa: S608
            "SELECT * FROM incoming ORDER BY key, vertical_id "
            f"ON CONFLICT {target} DO UPDATE SET current = p.current + EXCLUDED.current, "
            "baseline = p.baseline + EXCLUDED.baseline"
        )
        if kept is ENTITIES and vertical == "a.vertical_id":
            cursor.execute(_with_verticals(incoming, upsert), params)
        else:
            cursor.execute(f"WITH incoming AS ({incoming}) {upsert}", params)


def _with_verticals(incoming: str, upsert: str) -> str:
    """The entities' per-vertical upsert, appending to the verticals' ledger what it changed:
    the mentions it added this week, and the entities it newly named (a row whose current count
    is now what it added, so it was zero: counts only grow between rolls). The upsert's row
    locks make that exact beside concurrent ingests."""
    return (
        f"WITH incoming AS ({incoming}), "  # noqa: S608 (constants only)
        f"up AS ({upsert} RETURNING p.{ENTITIES.key} AS key, p.vertical_id, p.current) "
        f"INSERT INTO {VERTICALS} (vertical_id, mentions, named) "
        "SELECT i.vertical_id, sum(i.current), "
        "count(*) FILTER (WHERE i.current > 0 AND u.current = i.current) "
        "FROM incoming i JOIN up u USING (key, vertical_id) "
        "GROUP BY i.vertical_id HAVING sum(i.current) > 0"
    )


def fold() -> None:
    """Sum the verticals' ledger to one row per vertical (the ingest beat, beside the tally's
    fold)."""
    bulk.ledger_fold(VERTICALS, "vertical_id", "mentions", "named")


def roll(*, force: bool = False) -> bool:
    """Recount the pace as of today unless it already is (always if `force`, which waits for
    the lock: a rollup rebuild calls it inside its own transaction). Returns whether it did;
    False also when ingest kept the lock busy (the next beat tries again; reads aggregate)."""
    if connection.vendor != "postgresql":
        return False
    day = today()
    with transaction.atomic(), connection.cursor() as cursor:
        if not _locked(cursor, wait=force):
            return False
        cursor.execute(f"SELECT today FROM {WINDOW}")  # noqa: S608
        if cursor.fetchone() == (day,) and not force:
            return False
        for kept in (ENTITIES, TOPICS):
            _recount(cursor, kept, day)
        _recount_verticals(cursor)
        cursor.execute(f"DELETE FROM {WINDOW}")  # noqa: S608
        cursor.execute(f"INSERT INTO {WINDOW} (today) VALUES (%s)", [day])  # noqa: S608
    if not connection.in_atomic_block:  # a rebuild vacuums it with the rollups after its commit
        from registry.models import EntityPace, TopicPace, VerticalPace

        bulk.vacuum(
            EntityPace, TopicPace, VerticalPace
        )  # every row was rewritten: statistics, dead reclaimed
    return True


def _recount(cursor, kept: Kept, day: date) -> None:
    current_start = day - timedelta(days=CURRENT_DAYS - 1)
    cursor.execute(f"DELETE FROM {kept.table}")  # noqa: S608
    cursor.execute(
        f"INSERT INTO {kept.table} ({kept.key}, vertical_id, current, baseline) "  # noqa: S608
        f"SELECT {kept.key}, vertical_id, "
        f"coalesce(sum({kept.count}) FILTER (WHERE day >= %s), 0), "
        f"coalesce(sum({kept.count}) FILTER (WHERE day < %s), 0) "
        f"FROM {kept.days} WHERE day BETWEEN %s AND %s GROUP BY {kept.key}, vertical_id",
        [current_start, current_start, current_start - timedelta(days=BASELINE_DAYS), day],
    )
    cursor.execute(
        f"INSERT INTO {kept.table} ({kept.key}, vertical_id, current, baseline) "  # noqa: S608
        f"SELECT {kept.key}, NULL, sum(current), sum(baseline) FROM {kept.table} "
        f"GROUP BY {kept.key}"
    )


def _recount_verticals(cursor) -> None:
    """The verticals' ledger from the entities' pace just recounted: one row per vertical."""
    cursor.execute(f"DELETE FROM {VERTICALS}")  # noqa: S608
    cursor.execute(
        f"INSERT INTO {VERTICALS} (vertical_id, mentions, named) "  # noqa: S608
        f"SELECT vertical_id, sum(current), count(*) FROM {PACE} "
        "WHERE vertical_id IS NOT NULL AND current > 0 GROUP BY vertical_id"
    )


def _locked(cursor, *, wait: bool) -> bool:
    if wait:
        cursor.execute(f"LOCK TABLE {PACE} IN EXCLUSIVE MODE")
        return True
    for _ in range(LOCK_TRIES):
        try:
            with transaction.atomic():  # a savepoint: a refused lock leaves the rest usable
                cursor.execute(f"LOCK TABLE {PACE} IN EXCLUSIVE MODE NOWAIT")
            return True
        except OperationalError:
            time.sleep(LOCK_PAUSE)
    return False
