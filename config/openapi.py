"""OpenAPI post-processing and the shared response components."""

from django.conf import settings
from drf_spectacular.extensions import OpenApiSerializerExtension, OpenApiSerializerFieldExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from config import aliases, contract


class ServiceSchema(AutoSchema):
    """Credentials as the document states them.

    `security` lists what an operation accepts: keyed operations take either scheme (two
    alternatives); where a key is optional (asks, tickets, the Watch catalogue and unfurl) the
    empty requirement `{}` is a third alternative, OpenAPI's own way of saying "or none"; an
    operation that reads no key lists none.
    """

    def get_auth(self):
        auths = super().get_auth()
        return auths if self.view.get_authenticators() else []


class ContractObjectField(OpenApiSerializerFieldExtension):
    """A `ContractObject` is its contract definition, by reference to its component."""

    target_class = contract.ContractObject

    def map_serializer_field(self, auto_schema, direction):
        return contract.pointed_at_components({"$ref": self.target.contract})


class RuledBody(OpenApiSerializerExtension):
    """A `RuledSerializer`'s component: its fields, and its rule beside them."""

    target_class = contract.RuledSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        fields = auto_schema._map_basic_serializer(self.target, direction)
        return {**fields, **contract.pointed_at_components(self.target.contract_rule)}


def add_alias_table(result, generator, request, public):
    """drf-spectacular hook: root key `x-svc-aliases` and `servers[0]` = the machine door."""
    result["servers"] = settings.SPECTACULAR_SETTINGS["SERVERS"]
    result["x-svc-aliases"] = aliases.openapi_extension()
    return result


_SECONDS = {"schema": {"type": "integer", "minimum": 1}}
_HEADERS = {
    "429": {
        "Retry-After": {"description": "Seconds to wait before retrying.", **_SECONDS},
        "RateLimit-Policy": {
            "description": "The burst limit: `<limit>;w=<seconds>`.",
            "schema": {"type": "string"},
        },
        "RateLimit": {
            "description": "`limit=…, remaining=…, reset=…`.",
            "schema": {"type": "string"},
        },
    },
    "503": {"Retry-After": {"description": "Seconds to wait before retrying.", **_SECONDS}},
    "405": {"Allow": {"description": "The methods this path takes.", "schema": {"type": "string"}}},
}


def document_query_rules(result, generator, request, public):
    """drf-spectacular hook: what every read does with its query string, in the document: an
    empty value is refused (leave the parameter out instead), so a text parameter is at least
    one character (`config.reads.query_params`)."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            for parameter in operation.get("parameters", []) if isinstance(operation, dict) else []:
                schema = parameter.get("schema", {})
                if parameter["in"] == "query" and schema.get("type") == "string":
                    schema.setdefault("minLength", 1)
    return result


def document_transport_statuses(result, generator, request, public):
    """drf-spectacular hook: what any operation can answer besides its own statuses.

    503 when the database cannot be reached and 405 for a method the path does not take can come
    from every operation; each status is documented with the headers it carries.
    """
    problem = {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            responses = operation["responses"]
            for status in ("405", "503"):
                responses.setdefault(
                    status, {"description": _DESCRIPTIONS[int(status)], "content": problem}
                )
            for status, headers in _HEADERS.items():
                if status in responses:
                    responses[status].setdefault("headers", {}).update(headers)
    return result


def _text(description: str) -> dict:
    return {"description": description, "schema": {"type": "string"}}


_ANSWER_HEADERS = {
    "Cache-Control": _text(
        "Anonymous reads: `public, max-age=<refresh seconds>, stale-while-revalidate=60`; an "
        "answer that depends on who asks: `private` (or `no-store`)."
    ),
}
_CACHED = {"ETag": _text("Strong validator of the body; send it as `If-None-Match` for a 304.")}
_ALIAS = {
    "Link": _text("`<current path>; rel=canonical`: this path is an earlier name."),
    "x-svc-current-path": _text("The current path of this answer."),
}
_LICENCE = {
    "Link": _text('`<terms>; rel="license"`: the output licence.'),
    "x-svc-licence": _text("The output licence, summarised."),
}
_KEPT = {
    "Last-Modified": _text("When these bytes were built; `If-Modified-Since` may get a 304."),
    "Accept-Ranges": _text("`bytes`: a single `Range` of the body is served as 206."),
}
_BURST = {name: _HEADERS["429"][name] for name in ("RateLimit-Policy", "RateLimit")}
_CHALLENGE = {"WWW-Authenticate": _text('`Bearer realm="api"`: how to present a key.')}


def document_answer_headers(result, generator, request, public):
    """drf-spectacular hook: the headers each answer carries, in the document, so a generated
    client can read them: `Cache-Control` on every success, `ETag` where a 304 can follow,
    the burst headers where a burst limit applies, the licence on datasets, the current path on
    an alias, and the challenge on a 401."""
    from config.bursts import BurstLimited

    burst = {
        (path, method.lower())
        for path, _regex, method, view in getattr(generator, "endpoints", None) or []
        if issubclass(getattr(view, "cls", object), BurstLimited)
    }
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if isinstance(operation, dict) and "responses" in operation:
                _answer_headers(operation, burst=(path, method) in burst)
    return result


def _answer_headers(operation: dict, *, burst: bool) -> None:
    responses = operation["responses"]
    for status, response in responses.items():
        headers = {}
        if status.startswith("2"):
            headers.update(_ANSWER_HEADERS)
            headers.update(_CACHED if "304" in responses else {})
            headers.update(_BURST if burst else {})
            dataset = operation["operationId"].startswith("getDataset")
            headers.update({**_LICENCE, **_KEPT} if dataset else {})
        if status == "206":
            headers["Content-Range"] = _text("`bytes <first>-<last>/<length>` of the whole body.")
        if operation["operationId"] == "getTruthObject":
            headers.update(_ALIAS)
        if status == "401":
            headers.update(_CHALLENGE)
        if headers:
            response.setdefault("headers", {}).update(headers)


class NextStep(serializers.Serializer):
    """One step a refusal points to: what to do, and where (`href`: a path, or a method and a
    path) or how (`how`, with a `contact`)."""

    action = serializers.CharField()
    href = serializers.CharField(required=False)
    how = serializers.CharField(required=False)
    contact = serializers.CharField(required=False)


class ProblemSerializer(serializers.Serializer):
    """RFC 9457 problem details with the service's own members."""

    type = serializers.CharField()
    title = serializers.CharField()
    status = serializers.IntegerField()
    detail = serializers.CharField()
    instance = serializers.CharField()
    error = serializers.CharField()
    state = serializers.CharField(help_text="Stable slug, e.g. key-required, invalid-field.")
    field = serializers.CharField(required=False, help_text="The offending field (400).")
    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Every offending field with what is wrong with it (400).",
    )
    howToGetOne = serializers.CharField(required=False, help_text="How to get a key (401).")
    next = serializers.ListField(
        child=NextStep(),
        required=False,
        help_text="The next steps, in order (402): the free one first where one applies.",
    )
    retryAfter = serializers.IntegerField(required=False, help_text="Seconds to wait (429, 503).")


_DESCRIPTIONS = {
    400: "Bad input; `field` names the offending field.",
    401: "A key is required (`state: key-required`, `howToGetOne`).",
    402: "Allowance used up or no free slot; `next` is the metered next step.",
    404: "Not found.",
    405: "Method not allowed; see the `Allow` header.",
    409: "Not possible in the resource's present state; `state` says why.",
    413: "Request body too large.",
    416: "The `Range` asked for lies past the end (`Content-Range: bytes */<length>`).",
    422: "The Idempotency-Key was used before for a different request.",
    429: "Burst limit reached; the `retry-after` header gives the seconds to wait.",
    503: (
        "The database (or, for an operation that queues work, the broker) cannot be reached; "
        "the `retry-after` header gives the seconds to wait."
    ),
}


PROBLEM_MEDIA_TYPE = "application/problem+json"


def problem_responses(*statuses: int) -> dict[tuple[int, str], OpenApiResponse]:
    """Documented error responses for `extend_schema(responses=...)`, in the media type they
    are served in (RFC 9457 problem details)."""
    return {
        (status, PROBLEM_MEDIA_TYPE): OpenApiResponse(
            ProblemSerializer, description=_DESCRIPTIONS[status]
        )
        for status in statuses
    }
