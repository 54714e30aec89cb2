"""The kept aggregates: counts kept beside the rows they count, so no read aggregates documents.

`rollups` (per-day counts per entity, topic and vertical; rebuilt in SQL), `pace` (the default
attention window kept counted, for acceleration, the verticals and the signals) and `tally`
(exact counts of the history tables, kept by triggers).

May import: `registry.models`, `registry.bulk`, `config`. Ingestion calls it inside each batch;
reads call it to rank.
"""

from aggregates.rollups import rollups_rebuild

__all__ = ["rollups_rebuild"]
