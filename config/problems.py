"""The error envelope for everything under /api/.

Every error is RFC 9457 problem details (`type`, `title`, `status`, `detail`, `instance`) plus the
spec's own members: `error` (string), `state` (a stable slug), `field` on 400s, `howToGetOne` on
401, `next` on 402 and `retryAfter` on 429/503. One builder serves DRF views, plain Django views
(through `config.middleware.ApiProblemMiddleware`) and the MCP door.
"""

from http import HTTPStatus
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import Http404, JsonResponse
from django_ratelimit.exceptions import Ratelimited
from rest_framework import exceptions as drf
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.serializers import as_serializer_error

PROBLEM_CONTENT_TYPE = "application/problem+json"

DEFAULT_STATES = {
    400: "invalid-request",
    401: "key-required",
    402: "payment-required",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    406: "not-acceptable",
    409: "conflict",
    413: "body-too-large",
    415: "unsupported-media-type",
    422: "unprocessable",
    429: "rate-limited",
    500: "server-error",
    503: "unavailable",
}


# What a 401 offers (RFC 9110 WWW-Authenticate): the key as a bearer token.
AUTH_CHALLENGE = 'Bearer realm="api"'


class ApplicationError(Exception):
    """A business refusal a service raises and every face renders the same way (402, 409, ...)."""

    def __init__(
        self,
        *,
        status: int,
        state: str,
        error: str,
        field: str | None = None,
        headers: dict[str, str] | None = None,
        **members: Any,
    ):
        super().__init__(error)
        self.status, self.state, self.error, self.field = status, state, error, field
        self.headers = headers or {}
        self.members = members


class ProblemAwareNegotiation(DefaultContentNegotiation):
    """A client whose `Accept` names only `application/problem+json` (the format it reads our
    errors in) is served JSON, not refused with 406: a problem document is JSON, so such a
    client reads JSON, and a 406 would hide the answer or the error it asked for."""

    def get_accept_list(self, request):
        accepted = super().get_accept_list(request)
        if any(item.split(";")[0].strip() == PROBLEM_CONTENT_TYPE for item in accepted):
            accepted.append("application/json")
        return accepted


def invalid_field(field: str, error: str) -> ApplicationError:
    """400 `invalid-field`: `field` named, and `error` said after its name."""
    return ApplicationError(
        status=400, state="invalid-field", field=field, error=f"{field}: {error}"
    )


def how_to_get_a_key() -> str:
    return (
        f"POST {settings.SVC_BASE_URL}/api/keys issues a free key at once (no card, no human "
        "step). Send it as header `x-api-key: svc_live_...` or `Authorization: Bearer "
        "svc_live_...`, never in the query string."
    )


def problem_body(
    request,
    *,
    status: int,
    error: str,
    state: str | None = None,
    field: str | None = None,
    **members: Any,
) -> dict[str, Any]:
    state = state or DEFAULT_STATES.get(status, "error")
    body: dict[str, Any] = {
        "type": f"urn:svc:problem:{state}",
        "title": HTTPStatus(status).phrase,
        "status": status,
        "detail": error,
        "instance": f"urn:svc:request:{getattr(request, 'request_id', 'unknown')}",
        "error": error,
        "state": state,
    }
    if field is not None:
        body["field"] = field
        if status == 400 and "errors" not in members:
            # Every refusal of a field has the same shape as a validation error's, so a client
            # reads `errors` once, whichever check refused it.
            body["errors"] = {field: [error.removeprefix(f"{field}: ")]}
    if status == 401:
        body.setdefault("howToGetOne", how_to_get_a_key())
    body.update(members)
    return body


def problem_response(
    request, *, status: int, error: str, headers: dict[str, str] | None = None, **kwargs: Any
) -> JsonResponse:
    body = problem_body(request, status=status, error=error, **kwargs)
    response = JsonResponse(body, status=status, content_type=PROBLEM_CONTENT_TYPE)
    if "retryAfter" in body:
        response["Retry-After"] = str(body["retryAfter"])
    if status == 401:  # RFC 9110: a 401 names the scheme that would pass
        response["WWW-Authenticate"] = AUTH_CHALLENGE
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def response_for_exception(request, exc: Exception) -> JsonResponse | None:
    """The problem response for a known exception, or None to let it propagate."""
    if isinstance(exc, ApplicationError):
        return problem_response(
            request,
            status=exc.status,
            state=exc.state,
            error=exc.error,
            field=exc.field,
            headers=exc.headers,
            **exc.members,
        )
    if isinstance(exc, TooManyFieldsSent):  # Django's cap, met reading the query string
        limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
        return problem_response(
            request, status=400, field="query", error=f"query: more than {limit} parameters."
        )
    if isinstance(exc, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return problem_response(
            request, status=413, field="body", error=f"Request body exceeds {limit} bytes."
        )
    if isinstance(exc, Ratelimited):
        return problem_response(
            request,
            status=429,
            error="Burst limit reached; wait before retrying.",
            retryAfter=getattr(exc, "retry_after", 1),
        )
    if isinstance(exc, Http404):
        return problem_response(request, status=404, error=str(exc) or "Not found.")
    return None


def drf_exception_handler(exc: Exception, context: dict[str, Any]):
    """DRF's EXCEPTION_HANDLER: DRF exceptions and our own become problem details.

    Anything else returns None, so DRF re-raises it and the middleware answers 500 or (for a
    database that cannot be reached) 503.
    """
    request = context["request"]
    known = response_for_exception(request, exc)
    if known is not None:
        return known
    if not isinstance(exc, drf.APIException):
        return None
    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    kwargs: dict[str, Any] = {}
    if isinstance(exc, drf.ValidationError):
        kwargs = _validation_members(exc)
    elif isinstance(exc, drf.ParseError):
        kwargs = {
            "state": "invalid-json",
            "field": "body",
            "error": f"Body is not JSON: {exc.detail}",
        }
    elif isinstance(exc, drf.UnsupportedMediaType):
        kwargs = {"field": "content-type", "error": str(exc.detail)}
    elif isinstance(exc, drf.Throttled):
        kwargs = {"retryAfter": int(exc.wait or 1)}
    elif isinstance(exc, drf.NotAuthenticated | drf.AuthenticationFailed):
        kwargs = {"state": "key-required"}
        exc.status_code = 401
    kwargs.setdefault("error", _flatten(exc.detail))
    return problem_response(request, status=exc.status_code, headers=headers, **kwargs)


def _validation_members(exc: drf.ValidationError) -> dict[str, Any]:
    errors = field_errors(as_serializer_error(exc))
    field = next(iter(errors), None)
    if field in (None, "non_field_errors"):
        # Said of no field, it is said of the body as a whole (an array where an object is
        # read), so every refusal names what it refuses.
        field = "body"
        errors = {field: errors.pop("non_field_errors", [_flatten(exc.detail)]), **errors}
    message = errors[field][0]
    return {
        "state": "invalid-field",
        "field": field,
        "error": f"{field}: {message}",
        "errors": errors,
    }


def field_errors(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """Flatten nested serializer errors to {"coordinates.window": ["..."]}."""
    if isinstance(detail, dict):
        flat: dict[str, list[str]] = {}
        for key, value in detail.items():
            if not prefix:
                name = str(key)
            elif key == "non_field_errors":
                name = prefix  # a nested serializer's own error belongs to the field holding it
            else:
                name = f"{prefix}.{key}"
            flat.update(field_errors(value, name))
        return flat
    if isinstance(detail, list) and detail and all(isinstance(v, dict) for v in detail):
        flat = {}
        for index, value in enumerate(detail):
            flat.update(field_errors(value, f"{prefix}[{index}]"))
        return flat
    messages = detail if isinstance(detail, list) else [detail]
    return {prefix or "non_field_errors": [str(message) for message in messages]}


def _flatten(detail: Any) -> str:
    if isinstance(detail, dict):
        return "; ".join(f"{key}: {_flatten(value)}" for key, value in detail.items())
    if isinstance(detail, list):
        return " ".join(_flatten(item) for item in detail)
    return str(detail)
