"""The API key as a DRF credential: `x-api-key` (with or without `svc_live_`) or
`Authorization: Bearer svc_live_…`. Never a query string, never a cookie."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.views import APIView

from billing.services import key_find, key_parse
from config.problems import AUTH_CHALLENGE


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
