"""Read surfaces: one base view for every anonymous, cached GET of the API.

A read validates its query parameters with a serializer (a bad value, or a parameter the
operation does not take, is a 400 naming it), asks a selector for the envelope, and caches the
rendered JSON for its refresh window, which `cache-control` states. Answers carry a strong ETag
and a matching `If-None-Match` gets 304. The selector does the work; the MCP tools call the same
selectors, so both doors answer alike.
"""

import functools
import hashlib
import json
from typing import Any, ClassVar
from urllib.parse import urlencode

from django.http import HttpResponse
from django.utils import timezone
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import serializers
from rest_framework.utils.mediatypes import media_type_matches
from rest_framework.views import APIView

from config import cachekeys, contract, readcache
from config.fields import clipped
from config.openapi import problem_responses
from config.problems import ApplicationError, ProblemAwareNegotiation, invalid_field

READ_KEY = "read:v3:{generation}:{digest}"


def iso(value) -> str | None:
    """A date or time in ISO 8601; None for "never" (the spec's "string or null" fields)."""
    return value.isoformat() if value else None


def envelope(schema: str, **members: Any) -> dict[str, Any]:
    """Every answer's frame: its schema tag and when it was computed."""
    return {"schema": schema, "generatedAt": timezone.now().isoformat(), **members}


def rendered(payload: dict[str, Any]) -> tuple[bytes, str]:
    """JSON bytes and their strong ETag."""
    body = json.dumps(payload, separators=(",", ":"), default=str).encode()
    return body, f'"{hashlib.sha256(body).hexdigest()[:32]}"'


def cached_answer_fits(request) -> bool:
    """Whether a cached JSON body may answer this GET as it stands: its `Accept` takes JSON, as
    DRF's negotiation reads it. A hit answered `text/csv` with the cached JSON where a miss
    answered 406; such a request now goes the miss's way."""
    accepted = ProblemAwareNegotiation().get_accept_list(request)
    return any(media_type_matches("application/json", item) for item in accepted)


def json_response(request, body: bytes, etag: str, *, refresh: int) -> HttpResponse:
    """The body, or 304 when the client already holds it; with ETag and the refresh window."""
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(body, content_type="application/json")
    response["ETag"] = etag
    response["Cache-Control"] = f"public, max-age={refresh}, stale-while-revalidate=60"
    return response


def query_params(request, query: type[serializers.Serializer] | None) -> dict[str, Any]:
    """Validated query parameters; unknown ones are refused, so a mistyped filter never
    silently answers the unfiltered list."""
    query_names_checked(request.query_params, query)
    if query is None:
        return {}
    validated = query(data=request.query_params)
    validated.is_valid(raise_exception=True)
    return dict(validated.validated_data)


def query_names_checked(params, query: type[serializers.Serializer] | None) -> None:
    """Each parameter is one the operation takes, given once, not empty, without NUL (values
    are the serializer's to judge). Every operation, read view or not, checks this."""
    allowed = query_fields(query) if query else frozenset()
    unknown = sorted(set(params) - allowed)
    if unknown:
        takes = ", ".join(sorted(allowed)) or "no parameters"
        name = clipped(unknown[0])
        raise ApplicationError(
            status=400,
            state="unknown-parameter",
            field=name,
            error=f"{name}: this operation does not take it (it takes {takes}).",
        )
    for name, values in params.lists():
        unreadable = _unreadable(values)
        if unreadable:
            raise invalid_field(name, unreadable)


@functools.cache
def query_fields(query: type[serializers.Serializer]) -> frozenset[str]:
    return frozenset(query().fields)  # building a serializer's fields is its costly part


def _unreadable(values: list[str]) -> str | None:
    """Why a query parameter's values cannot be read, if they cannot."""
    if len(values) > 1:
        # Read as the last one, `?limit=5&limit=500` would answer what the caller did not
        # check: one value each, as the document declares them.
        return f"given {len(values)} times; give it once."
    if values[0] == "":
        # An empty value is not "no filter": leave the parameter out to mean that.
        return "empty; leave the parameter out instead."
    if "\x00" in values[0]:
        # PostgreSQL refuses NUL in text: caught here, a 400 instead of a database error.
        return "contains a NUL character."
    return None


class ReadView(APIView):
    """GET: validate, read through the cache, answer JSON. Subclasses define `read`."""

    query: ClassVar[type[serializers.Serializer] | None] = None
    refresh: ClassVar[int] = 60  # seconds: the refresh window stated in cache-control

    def read(self, **params: Any) -> dict[str, Any]:
        raise NotImplementedError

    def dispatch(self, request, *args, **kwargs):
        """A cached GET is answered here, before DRF wraps the request (as the record is): only
        a validated query was ever cached under its URL, so a hit needs no validation. A miss or
        a stale entry whose rebuild this request won goes through DRF to `get`."""
        if request.method == "GET" and cached_answer_fits(request):
            key = read_key(request)
            entry, must_build = readcache.lookup(key)
            if not must_build:
                return json_response(request, *entry.rendered, refresh=self.refresh)
            request.svc_read_building = key  # get() builds it, holding the rebuild lock
        return super().dispatch(request, *args, **kwargs)

    def get(self, request, **path: Any):
        building = getattr(request, "svc_read_building", None)

        def build() -> tuple[bytes, str]:  # a bad query's 400 is raised here: nothing stored
            return rendered(self.read(**path, **query_params(request, self.query)))

        if building:
            entry = readcache.rebuild(building, self.refresh, build)
        else:
            entry = readcache.read_through(read_key(request), self.refresh, build)
        return json_response(request, *entry.rendered, refresh=self.refresh)


def read_key(request) -> str:
    """The cache key of a read: its path and its query, parameters in a canonical order, each
    value kept (a repeated parameter must miss, and be refused, not hit its last value's entry).
    Under the curation generation: a curator's write is served at once (`config.cachekeys`)."""
    return read_key_of(request.path, sorted(request.GET.lists()))


def read_key_of(path: str, params: list[tuple[str, list[str]]] = ()) -> str:
    """The cache key of a read of `path` with `params` (what a service forgets when it changes
    what that read shows), under the curation generation."""
    canonical = f"{path}?{urlencode(params, doseq=True)}"
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    return READ_KEY.format(generation=cachekeys.generation(), digest=digest)


def read_operation(
    operation_id: str,
    *,
    tag: str,
    schema: str,
    query: type[serializers.Serializer] | None = None,
    path: tuple[OpenApiParameter, ...] = (),
    errors: tuple[int, ...] = (400,),
):
    """The OpenAPI description of a read: its parameters, its envelope and its refusals."""
    return extend_schema_view(
        get=extend_schema(
            operation_id=operation_id,
            tags=[tag],
            parameters=[*path, *([query] if query else [])],
            responses={
                200: contract.response(schema),
                304: OpenApiResponse(description="Not modified since the given ETag."),
                **problem_responses(*errors),
            },
        )
    )


def not_found(field: str, value: str, listing: str) -> ApplicationError:
    return ApplicationError(
        status=404,
        state="not-found",
        field=field,
        error=f"{field}: nothing is known as '{value}'. See {listing}.",
    )
