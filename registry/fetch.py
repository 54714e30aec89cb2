"""The one HTTP fetch every fetcher uses (feeds, primary sources, markets, Watch webhooks).

httpx with timeouts and a body-size cap, conditional GET, a `sha256:` content signature, and an
SSRF guard: every URL (the first and each redirect) is checked by `registry.netguard`, and every
connection is made to an address that was resolved and checked here, so DNS cannot swap a public
name for a private address between the check and the connect.
"""

import hashlib
import re
import socket
from dataclasses import dataclass
from urllib.parse import urljoin

import httpcore
import httpx
from django.conf import settings

from registry.netguard import refusal_for_address, refusal_for_url

MAX_REDIRECTS = 5
# What a fetch can raise besides a FetchError: transport failures, and a URL that httpx cannot
# use (its parser raises InvalidURL or a bare ValueError). All become a failure recorded on the
# row; none may stop a run over many rows.
_UNUSABLE = (httpx.HTTPError, httpx.InvalidURL, ValueError)
_WHITESPACE = re.compile(rb"\s+")


class FetchError(Exception):
    """A fetch that did not confirm: the message is what is recorded as `lastError`."""

    def __init__(self, message: str, *, http_status: int | None = None):
        super().__init__(message)
        self.http_status = http_status


@dataclass(frozen=True)
class FetchResult:
    status: int  # 200 (content) or 304 (unchanged since the validators we sent)
    url: str  # after redirects
    body: bytes | None
    etag: str | None
    last_modified: str | None
    content_type: str | None

    @property
    def not_modified(self) -> bool:
        return self.status == 304

    @property
    def signature(self) -> str | None:
        return content_signature(self.body) if self.body is not None else None


def content_signature(body: bytes) -> str:
    """`sha256:<hex>` over the body with white space folded: re-indenting is not a change."""
    normalised = _WHITESPACE.sub(b" ", body).strip()
    return "sha256:" + hashlib.sha256(normalised).hexdigest()


class _GuardedBackend(httpcore.SyncBackend):
    """Resolve, refuse non-public addresses, then connect to the checked address itself."""

    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except socket.gaierror as exc:
            raise httpcore.ConnectError(f"cannot resolve {host}: {exc}") from None
        addresses = [info[4][0] for info in infos]
        for address in addresses:
            reason = refusal_for_address(address)
            if reason:
                raise httpcore.ConnectError(f"refused: {host} resolves to {address}, {reason}")
        return super().connect_tcp(
            addresses[0], port, timeout, local_address, socket_options=socket_options
        )


class _GuardedTransport(httpx.HTTPTransport):
    def __init__(self):
        super().__init__(retries=0)
        # httpx takes no network backend, so the pool it built is swapped for one that uses ours.
        self._pool = httpcore.ConnectionPool(
            ssl_context=httpx.create_ssl_context(),
            max_connections=10,
            network_backend=_GuardedBackend(),
        )


def fetch(
    url: str,
    *,
    etag: str | None = None,
    last_modified: str | None = None,
    max_bytes: int | None = None,
    timeout: float | None = None,
) -> FetchResult:
    """GET `url` conditionally. Raises FetchError for anything but 2xx or 304."""
    max_bytes = max_bytes or settings.SVC_FETCH_MAX_BYTES
    timeout = timeout or settings.SVC_FETCH_TIMEOUT_SECONDS
    headers = {
        "User-Agent": f"svc-fetcher/{settings.SVC_VERSION} (+{settings.SVC_SITE_URL}/terms/)",
        "Accept-Encoding": "gzip, deflate",
    }
    if etag:
        headers["If-None-Match"] = etag
    if last_modified:
        headers["If-Modified-Since"] = last_modified
    with httpx.Client(
        transport=_GuardedTransport(),
        timeout=httpx.Timeout(timeout, connect=min(timeout, 5.0)),
        follow_redirects=False,
    ) as client:
        return _follow(client, url, headers, max_bytes)


def _follow(client: httpx.Client, url: str, headers: dict[str, str], max_bytes: int):
    for _ in range(MAX_REDIRECTS + 1):
        reason = refusal_for_url(url)
        if reason:
            raise FetchError(f"refused: {reason}")
        try:
            with client.stream("GET", url, headers=headers) as response:
                if response.has_redirect_location:
                    url = urljoin(url, response.headers["Location"])
                    continue
                return _read(response, url, max_bytes)
        except httpx.TimeoutException:
            raise FetchError(f"timed out after {client.timeout.read} s") from None
        except _UNUSABLE as exc:
            raise FetchError(str(exc) or type(exc).__name__) from None
    raise FetchError(f"more than {MAX_REDIRECTS} redirects")


def _read(response: httpx.Response, url: str, max_bytes: int) -> FetchResult:
    if response.status_code != 304 and not response.is_success:
        raise FetchError(
            f"HTTP {response.status_code} {response.reason_phrase}".strip(),
            http_status=response.status_code,
        )
    declared = response.headers.get("Content-Length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise FetchError(f"body of {declared} bytes exceeds the {max_bytes}-byte cap")
    body = None
    if response.status_code != 304:
        chunks, size = [], 0
        for chunk in response.iter_bytes():
            size += len(chunk)
            if size > max_bytes:
                raise FetchError(f"body exceeds the {max_bytes}-byte cap")
            chunks.append(chunk)
        body = b"".join(chunks)
    return FetchResult(
        status=response.status_code,
        url=url,
        body=body,
        etag=response.headers.get("ETag"),
        last_modified=response.headers.get("Last-Modified"),
        content_type=response.headers.get("Content-Type"),
    )


def post(url: str, body: bytes, headers: dict[str, str], *, timeout: float | None = None) -> int:
    """POST `body` to `url` through the same guard (webhook deliveries); returns the status.

    Redirects are not followed: a delivery goes where the owner said, or fails.
    """
    reason = refusal_for_url(url)
    if reason:
        raise FetchError(f"refused: {reason}")
    timeout = timeout or settings.SVC_FETCH_TIMEOUT_SECONDS
    user_agent = f"svc-webhooks/{settings.SVC_VERSION} (+{settings.SVC_SITE_URL}/terms/)"
    try:
        with httpx.Client(
            transport=_GuardedTransport(),
            timeout=httpx.Timeout(timeout, connect=min(timeout, 5.0)),
            follow_redirects=False,
        ) as client:
            response = client.post(url, content=body, headers={"User-Agent": user_agent, **headers})
            return response.status_code
    except httpx.TimeoutException:
        raise FetchError(f"timed out after {timeout} s") from None
    except _UNUSABLE as exc:
        raise FetchError(str(exc) or type(exc).__name__) from None
