"""The API key as a DRF credential: `x-api-key` (with or without `svc_live_`) or
`Authorization: Bearer svc_live_…`. Never a query string (refused, `KeyInQueryMiddleware`),
never a cookie."""

from django.core.exceptions import TooManyFieldsSent
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.views import APIView

from billing.services import KEY_PREFIX, key_find, key_parse
from config.fields import clipped
from config.problems import AUTH_CHALLENGE, problem_response

# Names a client gives a key under in a URL, compared lower-case without `-` and `_`.
KEY_NAMES = frozenset({"key", "apikey", "xapikey", "token", "accesstoken", "authorization",
                       "bearer", "auth", "svckey"})  # fmt: skip


class KeyInQueryMiddleware:
    """A key in a URL's query string is refused (400 `key-in-query`, naming the parameter) by
    every API operation, before any view, cache or other check reads the request.

    A URL is written down everywhere on its way: access logs (ours print no query string, see
    deploy/), proxies, browser history, `Referer`. Reading a key from it would teach clients
    to send it there; ignoring it would let a read answer as if all were well. Found by its
    name (`api_key`, `token`, ...) or by its value: the key's prefix anywhere in it, or a key's
    shape and checksum without the prefix, whatever the parameter is called. The key is never
    said back."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        name = request.path.startswith("/api/") and query_key_name(request)
        if not name:
            return self.get_response(request)
        name = clipped(name)
        return problem_response(
            request,
            status=400,
            state="key-in-query",
            field=name,
            error=(
                f"{name}: an API key is never read from a query string (URLs are logged and "
                "kept along the way), and this request was not served. Send the key in the "
                "x-api-key header or as Authorization: Bearer <key>; a key already sent in a "
                "URL elsewhere is best treated as exposed."
            ),
        )


def query_key_name(request) -> str | None:
    """The query parameter that carries a key, if one does."""
    try:
        params = request.GET
    except TooManyFieldsSent:
        return None  # the query check answers it
    for name, values in params.lists():
        squashed = name.lower().replace("-", "").replace("_", "")
        if squashed in KEY_NAMES or any(_holds_key(value) for value in values):
            return name
    return None


def _holds_key(value: str) -> bool:
    return KEY_PREFIX in value.lower() or key_parse(value.strip()) is not None


class ApiKeyAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        header = request.headers.get("x-api-key", "").strip()
        bearer = request.headers.get("Authorization", "")
        scheme, _, token = bearer.partition(" ")
        token = token.strip() if scheme.lower() == "bearer" else ""
        if bearer and not token:
            raise exceptions.AuthenticationFailed("Authorization: use `Bearer svc_live_…`.")
        if not header and not token:
            return None
        keys = {key_parse(raw) for raw in (header, token) if raw}
        if None in keys:
            # Refused before any query: a malformed key or a bad checksum is not worth a lookup.
            raise exceptions.AuthenticationFailed("The key is malformed or its checksum is wrong.")
        if len(keys) > 1:
            raise exceptions.AuthenticationFailed(
                "x-api-key and Authorization carry different keys; send one."
            )
        key = key_find(keys.pop())
        if key is None:
            raise exceptions.AuthenticationFailed("This key is unknown or revoked.")
        return key, key

    def authenticate_header(self, request) -> str:
        return AUTH_CHALLENGE


class KeyedAPIView(APIView):
    """A view that reads the key: a method the path does not take is a 405 before the key is
    judged (DRF authenticates first, so a TRACE with a bad key was a 401)."""

    authentication_classes = [ApiKeyAuthentication]

    def initial(self, request, *args, **kwargs):
        if not hasattr(self, request.method.lower()):
            raise exceptions.MethodNotAllowed(request.method)
        super().initial(request, *args, **kwargs)


class FreeOperationView(KeyedAPIView):
    """An operation anyone may call (the Watch catalogue and unfurl): a key only keys the burst
    limit there, so one that cannot be read (malformed, unknown, revoked, two different ones) is
    ignored, as every free read ignores it, and the caller is limited by address."""

    def perform_authentication(self, request):
        try:
            request.user  # noqa: B018 (DRF authenticates on first access)
        except exceptions.AuthenticationFailed:
            request._not_authenticated()  # anonymous: DRF's own reset after a failure


class ApiKeyScheme(OpenApiAuthenticationExtension):
    """Both ways of presenting a key, as two OpenAPI security schemes."""

    target_class = ApiKeyAuthentication
    name = ["apiKeyHeader", "bearerKey"]

    def get_security_requirement(self, auto_schema):
        return [{"apiKeyHeader": []}, {"bearerKey": []}]  # either one, never both at once

    def get_security_definition(self, auto_schema):
        return [
            {"type": "apiKey", "in": "header", "name": "x-api-key"},
            {"type": "http", "scheme": "bearer", "bearerFormat": "svc_live_…"},
        ]
