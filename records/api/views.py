"""GET /api/record/{topic} and its permanent alias GET /api/truth/{topic}."""

import json
import re
from datetime import datetime
from urllib.parse import quote

from django.http import HttpResponsePermanentRedirect, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils import timezone
from django.utils.cache import get_conditional_response
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.views import APIView

from config import budget, contract, readcache
from config.cachekeys import record_key
from config.conditional import kept_response
from config.openapi import problem_responses
from config.paging import PageQuery
from config.problems import ApplicationError
from config.reads import (
    ReadView,
    cached_answer_fits,
    json_response,
    not_found,
    query_params,
    read_operation,
    rendered,
)
from config.terms import licence_headers
from records import datasets, known, selectors
from records.api import serializers as q
from records.builder import BUDGET_STEPS, build_record
from registry.models import SLUG_PATTERN, Event

REFRESH_SECONDS = 300
AS_OF_SECONDS = 86_400  # a record as of a settled instant: its rows are all in the past
_SLUG = re.compile(SLUG_PATTERN)

TOPIC = OpenApiParameter(
    "topic",
    {"type": "string", "pattern": SLUG_PATTERN, "maxLength": 120},
    OpenApiParameter.PATH,
    description="The record's subject slug.",
)


def valid_topic(topic: str) -> None:
    if len(topic) > 120 or not _SLUG.match(topic):
        raise ApplicationError(
            status=400,
            state="invalid-field",
            field="topic",
            error="topic: a record slug is lowercase words joined by hyphens.",
        )


def unknown_topic(topic: str) -> ApplicationError:
    return ApplicationError(
        status=404,
        state="unknown-topic",
        field="topic",
        error=f"No record for topic '{topic}'. List topics at /api/v1/records.",
    )


def topic_or_error(topic: str) -> Event:
    valid_topic(topic)
    event = Event.objects.select_related("lead_entity", "kind").filter(subject=topic).first()
    if event is None:
        raise unknown_topic(topic)
    return event


def _record_builder(topic: str, as_of: datetime | None = None):
    def build() -> tuple[bytes, str]:
        event = Event.objects.select_related("lead_entity", "kind").filter(subject=topic).first()
        if event is None:
            raise unknown_topic(topic)
        return rendered(build_record(event, as_of=as_of))

    return build


def cached_or_rendered(
    topic: str, *, building: bool = False, as_of: datetime | None = None
) -> tuple[bytes, str] | None:
    """The record's JSON and strong ETag through the one cached-read path (`config.readcache`);
    None for a topic with no record. A fresh hit costs one cache lookup and no query.

    `building`: this request already holds the rebuild lock (the view's fast path took it).
    Invalidation is explicit (`config.cachekeys.topics_changed`) wherever a topic's data changes;
    a record as of an instant (`as_of`, checked by the caller) has its own entry, which no
    change invalidates: the rows it reads were all stored before it.
    """
    key, build = record_key(topic, as_of), _record_builder(topic, as_of)
    try:
        if building:
            return readcache.rebuild(key, REFRESH_SECONDS, build).rendered
        return readcache.read_through(key, REFRESH_SECONDS, build).rendered
    except ApplicationError as error:
        if error.status == 404:
            return None
        raise


class TopicRecordView(APIView):
    """The topic record: what issuers say, what reporting says, what the service counted, how
    its attention moves and what markets believe (belief, never fact), with state history.

    Free, no key. Sends `cache-control` with the refresh window and a strong `ETag`; answers 304
    to a matching `If-None-Match`. `maxTokens` cuts it to a budget (older reporting rows, then
    history; `truncated` says what went).
    """

    query = q.RecordQuery  # what the query check lets through (`config.middleware`)

    def dispatch(self, request, *args, **kwargs):
        """A cached GET is answered here, before DRF wraps the request.

        The flagship read is most of the traffic, and DRF's request wrapping, negotiation and
        checks (none of which apply to an anonymous cached body) were a fifth of its cost. A
        miss, a bad slug, a query (`asOf`) or any other method goes through DRF as usual.
        """
        topic = kwargs.get("topic", "")
        fits = request.method == "GET" and not request.GET and cached_answer_fits(request)
        if fits and len(topic) <= 120 and _SLUG.match(topic):
            entry, must_build = readcache.lookup(record_key(topic))
            if not must_build:
                return self._answer(request, topic, entry.rendered)
            request.svc_record_building = True  # get() builds it, holding the rebuild lock
        return super().dispatch(request, *args, **kwargs)

    @extend_schema(
        operation_id="getTopicRecord",
        tags=["records"],
        parameters=[TOPIC, q.RecordQuery],
        responses={
            200: contract.response("svc.record.v1"),
            304: OpenApiResponse(description="Not modified since the given ETag."),
            **problem_responses(400, 404),
        },
    )
    def get(self, request, topic: str):
        valid_topic(topic)
        params = query_params(request, self.query)
        as_of, max_tokens = params.get("asOf"), params.get("maxTokens")
        if as_of is not None:
            return self._as_of(request, topic_or_error(topic), as_of, max_tokens)
        building = getattr(request, "svc_record_building", False)
        rendered = cached_or_rendered(topic, building=building)
        if rendered is None:
            raise unknown_topic(topic)
        if max_tokens:
            rendered = record_within(rendered[0], max_tokens)
        return self._answer(request, topic, rendered)

    def _as_of(self, request, event: Event, as_of: datetime, max_tokens: int | None):
        """The record as of an instant. The past does not change: once every row stamped by
        then has committed (`known.settled`), the answer may be kept for a day."""
        known.instant_checked(as_of, field="asOf", event=event)
        body, etag = cached_or_rendered(event.subject, as_of=as_of)
        if max_tokens:
            body, etag = record_within(body, max_tokens)
        response = json_response(request, body, etag, refresh=REFRESH_SECONDS)
        if known.settled(as_of):
            response["Cache-Control"] = f"public, max-age={AS_OF_SECONDS}, immutable"
        return response

    def _answer(self, request, topic: str, rendered: tuple[bytes, str]):
        body, etag = rendered
        return json_response(request, body, etag, refresh=REFRESH_SECONDS)


def record_within(body: bytes, max_tokens: int) -> tuple[bytes, str]:
    """A record's JSON cut to `max_tokens` (`config.budget`), and its ETag."""
    return rendered(budget.fitted(json.loads(body), max_tokens, BUDGET_STEPS))


class TruthAliasView(TopicRecordView):
    """Permanent alias of GET /api/record/{topic} (earlier path); answers say which is current."""

    def dispatch(self, request, *args, **kwargs):
        # Every answer names the current path, a 404 or 400 too: the caller learns the new
        # name from whatever it gets back.
        response = super().dispatch(request, *args, **kwargs)
        current = f"/api/record/{quote(kwargs.get('topic', ''), safe='')}"  # any text, as a URI
        response["Link"] = f"<{current}>; rel=canonical"
        response["x-svc-current-path"] = current
        return response

    @extend_schema(
        operation_id="getTruthObject",
        tags=["records"],
        parameters=[TOPIC, q.RecordQuery],
        deprecated=True,  # a permanent alias: served as long as the service, but not current
        responses={
            200: contract.response("svc.record.v1", "svc.record.v1, as current"),
            304: OpenApiResponse(description="Not modified since the given ETag."),
            **problem_responses(400, 404),
        },
    )
    def get(self, request, topic: str):
        return super().get(request, topic)


@read_operation("listRecords", tag="records", schema="svc.records.v1", query=q.RecordsQuery)
class RecordsView(ReadView):
    """Every published topic with a record, by subject; filter on action class, tier, coverage
    state, wire tier or a part of the subject or title. Retired topics (no longer maintained;
    their records stay readable) are listed with `publishState=retired`."""

    query = q.RecordsQuery

    def read(self, *, limit, publishState, cursor=None, actionClass=None, tier=None,
             coverageState=None, wireTier=None, q=None):  # fmt: skip
        return selectors.records_list(
            action_class=actionClass, tier=tier, coverage_state=coverageState,
            wire_tier=wireTier, publish_state=publishState, q=q, limit=limit, cursor=cursor,
        )  # fmt: skip


@read_operation(
    "getTopicHistory",
    tag="records",
    schema="svc.record-history.v1",
    query=PageQuery,
    path=(TOPIC,),
    errors=(400, 404),
)
class TopicHistoryView(ReadView):
    """The topic's append-only state history (coverage state and wire tier), oldest first."""

    query = PageQuery

    def read(self, *, topic, limit, cursor=None):
        return selectors.topic_history(topic_or_error(topic), limit=limit, cursor=cursor)


@read_operation(
    "getReporting",
    tag="records",
    schema="svc.record-reporting.v1",
    query=PageQuery,
    path=(TOPIC,),
    errors=(400, 404),
)
class TopicReportingView(ReadView):
    """Reporting rows the relevance rule serves for the topic, newest first, paged."""

    query = PageQuery

    def read(self, *, topic, limit, cursor=None):
        return selectors.topic_reporting(topic_or_error(topic), limit=limit, cursor=cursor)


@read_operation(
    "getCoverage",
    tag="records",
    schema="svc.record-coverage.v1",
    query=q.CoverageQuery,
    path=(TOPIC,),
    errors=(400, 404),
)
class TopicCoverageView(ReadView):
    """The service's own attention to the topic: direction, mentions per day and vertical."""

    query = q.CoverageQuery

    def read(self, *, topic, days):
        event = topic_or_error(topic)
        return selectors.topic_coverage(event, days=days, today=timezone.now().date())


@read_operation("listDatasets", tag="datasets", schema="svc.datasets.v1", errors=())
class DatasetsView(ReadView):
    """The public datasets, their columns and formats, and the licence they are served under."""

    refresh = 300

    def read(self):
        return datasets.datasets_list()


DATASET_ID = OpenApiParameter("id", str, OpenApiParameter.PATH, description="A dataset's id.")


KEPT_RESPONSES = {
    media: {
        304: OpenApiResponse(description="Not modified since the given ETag or date."),
        (206, media): OpenApiResponse(
            OpenApiTypes.STR, description="The bytes a `Range` asked for (`Content-Range`)."
        ),
        **problem_responses(416),
    }
    for media in ("application/json", "application/jsonl", "text/csv")
}


class DatasetView(APIView):
    """One dataset streamed whole as JSON; the licence rides in the `Link` and `x-svc-licence`
    headers, and in the body. JSON Lines and CSV are operations of their own
    (`getDatasetJsonl`, `getDatasetCsv`), each declared with its one media type, so a client
    generated from the document parses what it gets; `?format=jsonl|csv` (the earlier way)
    answers 308 to them."""

    query = q.DatasetQuery

    @extend_schema(
        operation_id="getDataset",
        tags=["datasets"],
        parameters=[DATASET_ID, q.DatasetQuery],
        responses={
            200: contract.response("svc.dataset.v1"),
            **KEPT_RESPONSES["application/json"],
            **problem_responses(400, 404),
        },
    )
    def get(self, request, id: str):
        asked = request.query_params.get("format")
        if asked in datasets.TEXT_FORMATS:
            moved = HttpResponsePermanentRedirect(
                datasets.format_path(quote(id, safe=""), asked), preserve_request=True
            )  # 308: permanent, and the method kept
            del moved["Content-Type"]  # no body, so no type (Django's default says text/html)
            return moved
        query_params(request, q.DatasetQuery)
        return dataset_response(request, id, "json")


class DatasetTextView(APIView):
    """One dataset streamed whole in a text format (the path's suffix), with the licence in the
    `Link` and `x-svc-licence` headers."""

    fmt: str

    def get(self, request, id: str):
        query_params(request, None)
        return dataset_response(request, id, self.fmt)


def _text_operation(fmt: str, operation_id: str, description: str):
    media = datasets.FORMATS[fmt].split(";")[0]
    return extend_schema(
        operation_id=operation_id,
        tags=["datasets"],
        parameters=[DATASET_ID],
        responses={
            (200, media): OpenApiResponse(OpenApiTypes.STR, description=description),
            **KEPT_RESPONSES[media],
            **problem_responses(404),
        },
    )


class DatasetJsonlView(DatasetTextView):
    fmt = "jsonl"

    @_text_operation("jsonl", "getDatasetJsonl", "One JSON object per line, one line a row.")
    def get(self, request, id: str):
        return super().get(request, id)


class DatasetCsvView(DatasetTextView):
    fmt = "csv"

    @_text_operation("csv", "getDatasetCsv", "A header line of the columns, then one line a row.")
    def get(self, request, id: str):
        return super().get(request, id)


def dataset_response(request, id: str, fmt: str) -> HttpResponseBase:
    """The dataset's kept bytes (whole, 304, or a byte range), or its stream when too large to
    keep; always with its ETag, the licence, and a filename."""
    dataset = datasets.DATASETS.get(id)
    if dataset is None:
        raise not_found("id", id, "/api/v1/datasets")
    copy = datasets.kept(dataset, fmt)
    media = datasets.FORMATS[fmt]
    if copy.body is not None:
        response = kept_response(request, copy.body, etag=copy.etag, modified=copy.modified,
                                 content_type=media)  # fmt: skip
    else:
        response = get_conditional_response(request, etag=copy.etag) or StreamingHttpResponse(
            copy.stream, content_type=media
        )
        response["ETag"] = copy.etag
    for name, value in licence_headers().items():
        response[name] = value
    response["Cache-Control"] = "public, max-age=300"
    response["Content-Disposition"] = f'inline; filename="{dataset.id}.{fmt}"'
    return response
