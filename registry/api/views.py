"""The registry's read surfaces: anonymous, cached GETs that hand over to selectors."""

from drf_spectacular.utils import OpenApiParameter

from config import budget
from config.problems import ApplicationError
from config.reads import ReadView, read_operation
from registry import selectors
from registry.api import serializers as q

SLUG = OpenApiParameter(
    "slug", str, OpenApiParameter.PATH, description="A slug, a name or an alias."
)


@read_operation("getSignals", tag="attention", schema="svc.signals.v1", query=q.SignalsQuery)
class SignalsView(ReadView):
    """Current flags: topics whose wire tier is `flagged`, busiest first, each with its lead and
    attached entities and the `counts` of the current and baseline windows. `maxTokens` serves
    fewer of the page (never fewer than the first); `nextCursor` follows the last one served."""

    query = q.SignalsQuery

    def read(self, *, vertical=None, tier=None, limit, cursor=None, maxTokens=None):
        return budget.page_fitted(
            lambda n: selectors.signals_current(vertical=vertical, tier=tier, limit=n,
                                                cursor=cursor),
            limit=limit, member="signals", max_tokens=maxTokens,
        )  # fmt: skip


@read_operation(
    "searchEntities", tag="attention", schema="svc.entity-search.v1", query=q.EntitySearchQuery
)
class EntitySearchView(ReadView):
    """Entities whose name or an alias contains `q`, by name, with their `counts`."""

    query = q.EntitySearchQuery

    def read(self, *, q, limit, cursor=None):
        return selectors.entities_search(q=q, limit=limit, cursor=cursor)


@read_operation(
    "getEntity", tag="attention", schema="svc.entity.v1", path=(SLUG,), errors=(400, 404)
)
class EntityView(ReadView):
    """One entity, found by slug, name or alias: counts, aliases, topics, daily attention."""

    def read(self, *, slug):
        if len(slug) > 120:
            raise ApplicationError(
                status=400, state="invalid-field", field="slug", error="slug: at most 120 chars."
            )
        return selectors.entity_detail(selectors.entity_found(slug))


@read_operation(
    "compareEntities",
    tag="attention",
    schema="svc.entity-compare.v1",
    query=q.EntityCompareQuery,
)
class EntityCompareView(ReadView):
    """Two to ten entities side by side over the same windows and days."""

    query = q.EntityCompareQuery

    def read(self, *, names):
        return selectors.entities_compare(selectors.entities_named(names))


@read_operation(
    "topAccelerating", tag="attention", schema="svc.accelerating.v1", query=q.AcceleratingQuery
)
class AcceleratingView(ReadView):
    """Tracked entities whose attention rate most exceeds their baseline rate."""

    query = q.AcceleratingQuery

    def read(self, *, window, minDocuments, vertical=None, limit):
        return selectors.entities_accelerating(
            window_days=window, min_documents=minDocuments, vertical=vertical, limit=limit
        )


@read_operation("listVerticals", tag="attention", schema="svc.verticals.v1", errors=())
class VerticalsView(ReadView):
    """Every vertical, with its entities and the current window's entity mentions."""

    refresh = 300

    def read(self):
        return selectors.verticals_list()


@read_operation(
    "getCorroborated", tag="origins", schema="svc.corroborated.v1", query=q.CorroboratedQuery
)
class CorroboratedView(ReadView):
    """Stories carried by at least `minOrigins` origins of known provenance, newest first, with
    each origin, whether it is known, and the publishers that carried it."""

    query = q.CorroboratedQuery

    def read(self, *, days, minOrigins, limit, cursor=None):
        return selectors.clusters_corroborated(
            days=days, min_origins=minOrigins, limit=limit, cursor=cursor
        )


SOURCE_ID = OpenApiParameter("id", str, OpenApiParameter.PATH, description="The source's id.")


@read_operation("listSources", tag="sources", schema="svc.sources.v1", query=q.SourcesQuery)
class SourcesView(ReadView):
    """Primary sources the service reads, with fetch and read health and what each observed."""

    query = q.SourcesQuery

    def read(self, *, limit, cursor=None, topic=None):
        return selectors.sources_list(topic=topic, limit=limit, cursor=cursor)


@read_operation(
    "getSource", tag="sources", schema="svc.source.v1", path=(SOURCE_ID,), errors=(404,)
)
class SourceView(ReadView):
    """One primary source: its state, guarded topics, latest readings and flips."""

    def read(self, *, id):
        return selectors.source_detail(selectors.source_found(id))


@read_operation(
    "listTripwireAlerts", tag="sources", schema="svc.tripwires.v1", query=q.TripwiresQuery
)
class TripwiresView(ReadView):
    """Observed-state flips of primary sources, oldest first from `since`."""

    query = q.TripwiresQuery

    def read(self, *, limit, cursor=None, since=None, source=None):
        return selectors.tripwires_list(since=since, source=source, limit=limit, cursor=cursor)


@read_operation("listMarketQuestions", tag="markets", schema="svc.markets.v1", query=q.MarketsQuery)
class MarketsView(ReadView):
    """Captured prediction-market questions with their latest price: belief, never fact."""

    query = q.MarketsQuery

    def read(self, *, limit, cursor=None, topic=None, entity=None):
        return selectors.markets_list(topic=topic, entity=entity, limit=limit, cursor=cursor)


@read_operation(
    "searchReporting",
    tag="reporting",
    schema="svc.documents.v1",
    query=q.DocumentsQuery,
    errors=(400, 503),  # 503 query-timeout: a search past SVC_SEARCH_TIMEOUT_MS
)
class DocumentsView(ReadView):
    """Full-text search over ingested reporting, newest first or by relevance: attributed rows
    to verify at their source. Web-search syntax: words, "phrases", `or`, -excluded. A search
    that runs past its time limit is stopped: 503 `query-timeout` (narrow the text)."""

    query = q.DocumentsQuery

    def read(self, *, q, limit, sort, cursor=None, vertical=None):
        return selectors.documents_search(
            q=q, vertical=vertical, sort=sort, limit=limit, cursor=cursor
        )


@read_operation("getStats", tag="platform", schema="svc.stats.v1", errors=())
class StatsView(ReadView):
    """What the registry holds and how its fetchers are doing: exact counts."""

    refresh = 300

    def read(self):
        return selectors.stats_current()
