"""GET /api/record/{topic} and its permanent alias GET /api/truth/{topic}."""

import hashlib
import json
import re

from django.core.cache import cache
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.views import APIView

from config.cachekeys import record_key
from config.openapi import problem_responses
from config.problems import ApplicationError
from records.builder import build_record
from registry.models import SLUG_PATTERN, Event

REFRESH_SECONDS = 300
CACHE_CONTROL = f"public, max-age={REFRESH_SECONDS}, stale-while-revalidate=60"
_SLUG = re.compile(SLUG_PATTERN)

TOPIC = OpenApiParameter(
    "topic", str, OpenApiParameter.PATH, description="The record's subject slug."
)


def rendered_record(event: Event) -> tuple[bytes, str]:
    """The record's JSON and its strong ETag, built and cached for the refresh window."""
    body = json.dumps(build_record(event), separators=(",", ":")).encode()
    rendered = (body, f'"{hashlib.sha256(body).hexdigest()[:32]}"')
    cache.set(record_key(event.subject), rendered, REFRESH_SECONDS)
    return rendered


def cached_or_rendered(topic: str) -> tuple[bytes, str] | None:
    """A cached read costs one cache lookup and no query; a miss builds and caches the record.

    Invalidation is explicit (`config.cachekeys.topics_changed`) wherever a topic's data changes.
    """
    hit = cache.get(record_key(topic))
    if hit is not None:
        return hit
    event = Event.objects.select_related("lead_entity").filter(subject=topic).first()
    return rendered_record(event) if event else None


class TopicRecordView(APIView):
    """The topic record: what issuers say, what reporting says, what the service counted, how
    its attention moves and what markets believe (belief, never fact), with state history.

    Free, no key. Sends `cache-control` with the refresh window and a strong `ETag`; answers 304
    to a matching `If-None-Match`.
    """

    alias = False

    @extend_schema(
        operation_id="getTopicRecord",
        tags=["records"],
        parameters=[TOPIC],
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="svc.record.v1"),
            304: OpenApiResponse(description="Not modified since the given ETag."),
            **problem_responses(400, 404),
        },
    )
    def get(self, request, topic: str):
        if len(topic) > 120 or not _SLUG.match(topic):
            raise ApplicationError(
                status=400,
                state="invalid-field",
                field="topic",
                error="topic: a record slug is lowercase words joined by hyphens.",
            )
        rendered = cached_or_rendered(topic)
        if rendered is None:
            raise ApplicationError(
                status=404,
                state="unknown-topic",
                field="topic",
                error=f"No record for topic '{topic}'. List topics at /api/v1/records.",
            )
        body, etag = rendered
        if etag in request.headers.get("If-None-Match", ""):
            response = HttpResponse(status=304)
        else:
            response = HttpResponse(body, content_type="application/json")
        response["ETag"] = etag
        response["Cache-Control"] = CACHE_CONTROL
        if self.alias:
            current = f"/api/record/{topic}"
            response["Link"] = f"<{current}>; rel=canonical"
            response["x-svc-current-path"] = current
        return response


class TruthAliasView(TopicRecordView):
    """Permanent alias of GET /api/record/{topic} (earlier path); answers say which is current."""

    alias = True

    @extend_schema(
        operation_id="getTruthObject",
        tags=["records"],
        parameters=[TOPIC],
        deprecated=False,
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="svc.record.v1, as current"),
            304: OpenApiResponse(description="Not modified since the given ETag."),
            **problem_responses(400, 404),
        },
    )
    def get(self, request, topic: str):
        return super().get(request, topic)
