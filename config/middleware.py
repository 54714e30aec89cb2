"""Cross-cutting HTTP behaviour for the whole site, each rule in one small middleware."""

import logging
import re
import uuid

from django.conf import settings
from django.core.exceptions import DisallowedHost, TooManyFieldsSent
from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import Http404, HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.defaults import page_not_found

from config.contention import is_contention
from config.problems import ApplicationError, problem_response, response_for_exception
from config.reads import ReadView, query_names_checked

log = logging.getLogger(__name__)

API_PREFIX = "/api/"
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")


def is_api(request) -> bool:
    return request.path.startswith(API_PREFIX)


class RequestIdMiddleware:
    """Give every request an id (a well-formed incoming X-Request-ID is kept) and echo it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        incoming = request.headers.get("X-Request-ID", "")
        request.request_id = incoming if _REQUEST_ID.match(incoming) else uuid.uuid4().hex
        response = self.get_response(request)
        response["X-Request-ID"] = request.request_id
        return response


class PagePolicyMiddleware:
    """Every human page (an HTML answer: the site, the API docs, the admin) carries a Content
    Security Policy and a Permissions-Policy.

    Scripts only from the service itself, never inline: the pages have none, and the Swagger UI
    loads its initialiser from a URL (`SpectacularSwaggerSplitView`), so an injected `<script>`
    cannot run. Styles allow inline blocks: the Swagger UI template and the admin's fetch button
    carry small `<style>` elements, and a style cannot run code; hashing them would tie this
    header to a library's template. Images allow `data:` (the Swagger UI's icons). No page is
    framed, posts elsewhere, or uses a device feature.
    """

    POLICY = "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "font-src 'self'",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )
    FEATURES = ", ".join(
        f"{feature}=()"
        for feature in (
            "accelerometer", "camera", "geolocation", "gyroscope", "magnetometer",
            "microphone", "payment", "usb", "browsing-topics",
        )
    )  # fmt: skip

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.get("Content-Type", "").startswith("text/html"):
            response.setdefault("Content-Security-Policy", self.POLICY)
            response.setdefault("Permissions-Policy", self.FEATURES)
        return response


class PrivateAnswersMiddleware:
    """An API answer stays out of shared caches unless it says it is public.

    Only the anonymous cached reads (`config.reads`, the datasets) say `public`: their body is
    the same for everyone, key or not. Every other answer may depend on who asks (a key's
    Watches and readings, its meter, an address's allowance, a 401 for want of a key), so it is
    `private` (unless already `no-store`) and varies on both headers a key rides in: a CDN or a
    company proxy never serves alice's answer to the next caller of the same URL. One rule here
    rather than a header per view, so a keyed view added later cannot forget it.
    """

    KEY_HEADERS = ("Authorization", "X-API-Key")

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if is_api(request) and not _says(response, "public"):
            if not _says(response, "no-store"):
                patch_cache_control(response, private=True)
            patch_vary_headers(response, self.KEY_HEADERS)
        return response


class QueryCheckMiddleware:
    """Every API operation checks its query string as the read views do: a parameter it does
    not take, one given twice, an empty one or a NUL is a 400 naming it. Read views check
    theirs as they build (their cached hits were checked when built); any other operation
    names the parameters its GET takes in `query` (none by default, and none for other
    methods), so `?limit=5` on a record or a key's meter is refused rather than ignored."""

    # The Swagger UI is a human page, not an operation: it loads its initialiser as `?script`.
    PAGES = ("/api/docs",)

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not is_api(request) or request.path in self.PAGES:
            return None
        view = getattr(view_func, "cls", None) or getattr(view_func, "view_class", None)
        if view is not None and issubclass(view, ReadView):
            return None
        method = request.method.lower()
        if view is not None and not (method in view.http_method_names and hasattr(view, method)):
            return None  # a method the path does not take: its 405 says more than a 400
        query = getattr(view, "query", None) if request.method in ("GET", "HEAD") else None
        try:
            if request.GET:  # Django's cap on the number of fields is met reading it
                query_names_checked(request.GET, query)
        except (ApplicationError, TooManyFieldsSent) as exc:
            return response_for_exception(request, exc)
        return None


def _says(response, directive: str) -> bool:
    control = response.get("Cache-Control", "").lower()
    return directive in {part.split("=")[0].strip() for part in control.split(",")}


class ApiProblemMiddleware:
    """Nothing under /api/ answers HTML: exceptions and non-JSON errors become problem details.

    A database that cannot be reached answers 503 with retry-after, never 500: the request was
    fine and will succeed later, and clients should back off rather than report a bug. A
    deadlock or serialization failure that outlasted the services' retries is not an unreachable
    database: it answers 503 `busy` ("Busy, retry") with a short retry-after.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if is_api(request) and response.status_code >= 400 and not _is_json(response):
            return self._as_problem(request, response)
        return response

    def process_exception(self, request, exc):
        if not is_api(request):
            return None
        known = response_for_exception(request, exc)
        if known is not None:
            return known
        if isinstance(exc, OperationalError) and is_contention(exc):
            log.warning("database contention outlasted the retries: %s", exc)
            return problem_response(
                request,
                status=503,
                state="busy",
                title="Busy, retry",
                error="Concurrent requests held the same rows; nothing was changed. Retry shortly.",
                retryAfter=1,
            )
        if isinstance(exc, OperationalError | InterfaceError):
            log.warning("database unavailable: %s", exc)
            return problem_response(
                request,
                status=503,
                state="database-unavailable",
                error="The database cannot be reached right now; retry shortly.",
                retryAfter=settings.SVC_RETRY_AFTER_DB_DOWN,
            )
        if isinstance(exc, DatabaseError):
            log.exception("database error under %s", request.path)
        else:
            log.exception("unhandled error under %s", request.path)
        return problem_response(
            request, status=500, error="Internal error; it has been logged with this request id."
        )

    @staticmethod
    def _as_problem(request, response):
        status = response.status_code
        messages = {
            404: f"No such path: {request.path}. The API is described at /api/openapi.json.",
            405: f"{request.method} is not allowed here.",
        }
        problem = problem_response(
            request, status=status, error=messages.get(status, response.reason_phrase)
        )
        for header in ("Allow", "Retry-After", "WWW-Authenticate"):
            if response.has_header(header):
                problem[header] = response[header]
        return problem


class NulPathMiddleware:
    """A NUL in a path reaches no view: it would reach the database, which refuses it (a record
    page's lookup was a 500 on PostgreSQL). Under /api/ it is a 400 naming `path`; a page's path
    holding one names no page: 404."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" not in request.path:
            return self.get_response(request)
        if is_api(request):
            return problem_response(
                request,
                status=400,
                state="invalid-field",
                field="path",
                error="path: contains a NUL character.",
            )
        return page_not_found(request, Http404("No page has a NUL in its path."))


def _is_json(response) -> bool:
    content_type = response.get("Content-Type", "")
    return content_type.startswith("application/") and "json" in content_type


class ApexBrowserCheckMiddleware:
    """The apex address runs browser checks: a bare programmatic User-Agent gets 403 / 1010.

    The machine door (`SVC_BASE_URL`) accepts any User-Agent, so the refusal names it.
    A browser's agent is `Mozilla/5.0 (platform)` and then an engine's name. Checked with
    `find` and a literal alternation, over the first `EXAMINED` characters only: the regex it
    replaces (`.+` then `.*` before the engines) backtracked over every split of a long
    header, 0.47 s for 8 KB and tens of seconds for 64 KB, CPU an attacker could spend at will.
    """

    _PREFIX = "Mozilla/5.0 ("
    _ENGINE = re.compile(r"Gecko|AppleWebKit|Chrome|Safari|Firefox")
    EXAMINED = 1024  # real browsers' agents are a few hundred characters; the engine comes early

    def __init__(self, get_response):
        self.get_response = get_response
        self.apex_host = settings.SVC_APEX_URL.split("://", 1)[-1].lower()

    def __call__(self, request):
        if self.apex_host and self._on_apex(request) and not self._is_browser(request):
            return problem_response(
                request,
                status=403,
                state="browser-check-failed",
                error=(
                    "error code: 1010. This address runs browser checks and refused a "
                    f"programmatic User-Agent; call {settings.SVC_BASE_URL} instead."
                ),
                edgeErrorCode=1010,
                useInstead=f"{settings.SVC_BASE_URL}{request.get_full_path()}",
            )
        return self.get_response(request)

    def _on_apex(self, request) -> bool:
        try:
            return request.get_host().lower() == self.apex_host
        except DisallowedHost:
            return False

    def _is_browser(self, request) -> bool:
        agent = request.headers.get("User-Agent", "")[: self.EXAMINED]
        if not agent.startswith(self._PREFIX):
            return False
        # The platform holds at least one character, then the engine comes after its `)`.
        closed = agent.find(")", len(self._PREFIX) + 1)
        return closed != -1 and self._ENGINE.search(agent, closed + 1) is not None


class ApiCorsMiddleware:
    """Every API answer may be read cross-origin (`*`, no credentials), with two exceptions.

    `POST /api/ask` spends real model work and does not serve cross-origin browsers: it gets no
    CORS headers, so its preflight fails. The MCP door checks Origin itself (DNS-rebinding guard).
    Written by hand because django-cors-headers only answers when a request carries Origin, and
    the spec wants the header on every GET.
    """

    NO_CORS = ("/api/ask", "/api/mcp")
    ALLOW_HEADERS = (
        "accept, authorization, content-type, idempotency-key, if-none-match, "
        "if-modified-since, x-api-key, x-request-id"
    )
    EXPOSE_HEADERS = (
        "etag, last-modified, retry-after, ratelimit, ratelimit-policy, link, "
        "x-svc-current-path, x-request-id"
    )

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not is_api(request) or request.path in self.NO_CORS:
            return self.get_response(request)
        if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
            response = HttpResponse(status=204)
            response["Access-Control-Allow-Methods"] = "GET, HEAD, POST, OPTIONS"
            response["Access-Control-Allow-Headers"] = self.ALLOW_HEADERS
            response["Access-Control-Max-Age"] = "86400"
        else:
            response = self.get_response(request)
        response["Access-Control-Allow-Origin"] = "*"
        response["Access-Control-Expose-Headers"] = self.EXPOSE_HEADERS
        return response
