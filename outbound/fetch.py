"""The one outbound HTTP client: feeds, primary sources, markets, Watch webhooks, phrasing model.

`bounded_client` is httpx held by three bounds no server can stretch:
- the SSRF guard (off only for the operator's own model URL): every URL (the first and each
  redirect) is checked by `outbound.netguard`, and every connection is made to an address
  resolved and checked here, so DNS cannot swap a public name for a private address between the
  check and the connect;
- a total deadline on the whole call: every socket wait is cut to what is left of it, so a server
  dripping a byte a second (which never trips a per-read timeout) cannot outlast it;
- a cap on what is read of an answer, counted while streaming, never after.
`fetch` adds conditional GET and a `sha256:` content signature; `post` delivers webhooks.
"""

import hashlib
import re
import socket
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urljoin

import httpcore
import httpx
from django.conf import settings

from outbound.netguard import refusal_for_address, refusal_for_url

MAX_REDIRECTS = 5
# A receiver's answer is not used; reading a little lets a short one finish cleanly, no more.
WEBHOOK_ANSWER_CAP = 64 * 1024
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


class _DeadlinePassed(httpcore.ReadTimeout):
    """httpx maps it to its own ReadTimeout, so it ends a call like any other timeout."""


class _Deadline:
    """The wall-clock end of one outbound call, shared by every socket wait inside it."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.started = time.monotonic()

    def bound(self, timeout: float | None) -> float:
        """`timeout` cut to what is left of the call; raises once nothing is."""
        left = self.started + self.seconds - time.monotonic()
        if left <= 0:
            raise _DeadlinePassed(f"the {self.seconds:g} s deadline passed")
        return left if timeout is None else min(timeout, left)

    def failure(self) -> "FetchError":
        spent = time.monotonic() - self.started
        return FetchError(f"timed out after {spent:.1f} s (the limit is {self.seconds:g} s)")


class _DeadlineStream(httpcore.NetworkStream):
    """A connection whose every read, write and TLS handshake waits no longer than the call has."""

    def __init__(self, stream: httpcore.NetworkStream, deadline: _Deadline):
        self._stream, self._deadline = stream, deadline

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, self._deadline.bound(timeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, self._deadline.bound(timeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(self, ssl_context, server_hostname=None, timeout=None):
        stream = self._stream.start_tls(ssl_context, server_hostname, self._deadline.bound(timeout))
        return _DeadlineStream(stream, self._deadline)

    def get_extra_info(self, info: str):
        return self._stream.get_extra_info(info)


class _BoundedBackend(httpcore.SyncBackend):
    """Connections that keep the call's deadline; unguarded, for addresses the operator set."""

    def __init__(self, deadline: _Deadline):
        self._deadline = deadline

    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        stream = super().connect_tcp(
            host, port, self._deadline.bound(timeout), local_address, socket_options=socket_options
        )
        return _DeadlineStream(stream, self._deadline)


class _GuardedBackend(_BoundedBackend):
    """Resolve, refuse non-public addresses, then connect to the checked address itself."""

    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        # Resolution is the one wait the deadline does not cut (getaddrinfo takes no timeout);
        # the system resolver's own timeout bounds it.
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


class _BoundedTransport(httpx.HTTPTransport):
    def __init__(self, backend: _BoundedBackend):
        super().__init__(retries=0)
        # httpx takes no network backend, so the pool it built is swapped for one that uses ours.
        self._pool = httpcore.ConnectionPool(
            ssl_context=httpx.create_ssl_context(), max_connections=10, network_backend=backend
        )


@contextmanager
def bounded_client(seconds: float, *, guarded: bool = True) -> Iterator[httpx.Client]:
    """The one outbound client: `seconds` in all for everything done with it, no redirects
    followed by httpx (callers check each hop), and guarded addresses unless the URL is the
    operator's own setting (`guarded=False`: a local model server). Raises only FetchError."""
    deadline = _Deadline(seconds)
    backend = (_GuardedBackend if guarded else _BoundedBackend)(deadline)
    try:
        with httpx.Client(
            transport=_BoundedTransport(backend),
            timeout=httpx.Timeout(seconds, connect=min(seconds, 5.0)),
            follow_redirects=False,
        ) as client:
            yield client
    except httpx.TimeoutException:
        raise deadline.failure() from None
    except _UNUSABLE as exc:
        raise FetchError(str(exc) or type(exc).__name__) from None


def read_capped(chunks: Iterable[bytes], max_bytes: int) -> bytes | None:
    """The bytes, or None as soon as they run past `max_bytes`: nothing more is read."""
    kept, size = [], 0
    for chunk in chunks:
        size += len(chunk)
        if size > max_bytes:
            return None
        kept.append(chunk)
    return b"".join(kept)


OFFLINE = "offline: SVC_OFFLINE is set, so nothing is fetched from outside"


def fetch(
    url: str,
    *,
    etag: str | None = None,
    last_modified: str | None = None,
    max_bytes: int | None = None,
    timeout: float | None = None,
) -> FetchResult:
    """GET `url` conditionally: `timeout` seconds in all, redirects included, and `max_bytes` of
    body. Raises FetchError for anything but 2xx or 304."""
    if settings.SVC_OFFLINE:
        raise FetchError(OFFLINE)
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
    with bounded_client(timeout) as client:
        return _follow(client, url, headers, max_bytes)


def _follow(client: httpx.Client, url: str, headers: dict[str, str], max_bytes: int):
    for _ in range(MAX_REDIRECTS + 1):
        reason = refusal_for_url(url)
        if reason:
            raise FetchError(f"refused: {reason}")
        with client.stream("GET", url, headers=headers) as response:
            if response.has_redirect_location:
                url = urljoin(url, response.headers["Location"])
                continue
            return _read(response, url, max_bytes)
    raise FetchError(f"more than {MAX_REDIRECTS} redirects")


def _read(response: httpx.Response, url: str, max_bytes: int) -> FetchResult:
    if response.status_code != 304 and not response.is_success:
        raise FetchError(
            f"HTTP {response.status_code} {response.reason_phrase}".strip(),
            http_status=response.status_code,
        )
    declared = response.headers.get("Content-Length")
    # A length is ASCII digits ("¹" is a digit to isdigit); more than 18 is past any cap.
    number = declared and declared.isascii() and declared.isdecimal()
    if number and (len(declared) > 18 or int(declared) > max_bytes):
        raise FetchError(f"body of {declared[:20]} bytes exceeds the {max_bytes}-byte cap")
    body = None
    if response.status_code != 304:
        body = read_capped(response.iter_bytes(), max_bytes)
        if body is None:
            raise FetchError(f"body exceeds the {max_bytes}-byte cap")
    return FetchResult(
        status=response.status_code,
        url=url,
        body=body,
        etag=response.headers.get("ETag"),
        last_modified=response.headers.get("Last-Modified"),
        content_type=response.headers.get("Content-Type"),
    )


def post(url: str, body: bytes, headers: dict[str, str], *, timeout: float | None = None) -> int:
    """POST `body` to `url` through the same client (webhook deliveries); returns the status.

    `timeout` (default `SVC_WEBHOOK_TIMEOUT_SECONDS`) bounds the whole delivery, and at most
    `WEBHOOK_ANSWER_CAP` bytes of the answer are read. Redirects are not followed: a delivery goes
    where the owner said, or fails.
    """
    reason = refusal_for_url(url)
    if reason:
        raise FetchError(f"refused: {reason}")
    user_agent = f"svc-webhooks/{settings.SVC_VERSION} (+{settings.SVC_SITE_URL}/terms/)"
    headers = {"User-Agent": user_agent, **headers}
    with (
        bounded_client(timeout or settings.SVC_WEBHOOK_TIMEOUT_SECONDS) as client,
        client.stream("POST", url, content=body, headers=headers) as response,
    ):
        # Raw bytes: nothing is decompressed, since nothing of the answer is kept.
        read_capped(response.iter_raw(), WEBHOOK_ANSWER_CAP)
        return response.status_code
