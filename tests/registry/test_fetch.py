"""The shared fetch module against a real local HTTP server (pytest-httpserver)."""

import socket
import time

import httpx
import pytest
from werkzeug import Response

from outbound.fetch import FetchError, content_signature, fetch
from tests.receivers import drip, elapsed
from tests.registry.test_netguard import NOT_GLOBAL

pytestmark = pytest.mark.usefixtures("local_fetches")
FEED = b"<rss version='2.0'><channel><title>t</title></channel></rss>"


def test_fetch_returns_body_validators_and_signature(httpserver):
    httpserver.expect_request("/feed").respond_with_data(
        FEED, headers={"ETag": '"v1"', "Last-Modified": "Fri, 20 Nov 2026 09:00:00 GMT"}
    )
    result = fetch(httpserver.url_for("/feed"))
    assert (result.status, result.body) == (200, FEED)
    assert result.etag == '"v1"'
    assert result.last_modified == "Fri, 20 Nov 2026 09:00:00 GMT"
    assert result.signature == content_signature(FEED)
    assert result.signature.startswith("sha256:")
    assert len(result.signature) == len("sha256:") + 64


def test_conditional_get_sends_validators_and_handles_304(httpserver):
    httpserver.expect_request(
        "/feed", headers={"If-None-Match": '"v1"', "If-Modified-Since": "Fri, 20 Nov 2026"}
    ).respond_with_data("", status=304)
    result = fetch(httpserver.url_for("/feed"), etag='"v1"', last_modified="Fri, 20 Nov 2026")
    assert result.not_modified
    assert result.body is None
    assert result.signature is None


def test_signature_ignores_reindenting_but_not_content():
    assert content_signature(b"<a>\n  <b>x</b>\n</a>") == content_signature(b"<a> <b>x</b> </a>")
    assert content_signature(b"<b>x</b>") != content_signature(b"<b>y</b>")


@pytest.mark.parametrize("status", [404, 429, 500, 503])
def test_error_status_is_a_fetch_error_naming_it(httpserver, status):
    httpserver.expect_request("/feed").respond_with_data("no", status=status)
    with pytest.raises(FetchError, match=f"HTTP {status}") as error:
        fetch(httpserver.url_for("/feed"))
    assert error.value.http_status == status


def test_timeout_is_a_fetch_error(httpserver):
    def slow(request):
        time.sleep(1.5)
        return Response(FEED)

    httpserver.expect_request("/slow").respond_with_handler(slow)
    with pytest.raises(FetchError, match="timed out"):
        fetch(httpserver.url_for("/slow"), timeout=0.5)


def test_declared_oversized_body_is_refused(httpserver):
    httpserver.expect_request("/big").respond_with_data(b"x" * 5000)
    with pytest.raises(FetchError, match="1024-byte cap"):
        fetch(httpserver.url_for("/big"), max_bytes=1024)


def test_streamed_oversized_body_is_cut_off(httpserver):
    def endless(request):
        return Response((b"x" * 1000 for _ in range(100)), direct_passthrough=True)

    httpserver.expect_request("/stream").respond_with_handler(endless)
    with pytest.raises(FetchError, match="cap"):
        fetch(httpserver.url_for("/stream"), max_bytes=4096)


def test_redirects_are_followed_and_reported(httpserver):
    httpserver.expect_request("/old").respond_with_data(
        "", status=301, headers={"Location": "/new"}
    )
    httpserver.expect_request("/new").respond_with_data(FEED)
    result = fetch(httpserver.url_for("/old"))
    assert result.body == FEED
    assert result.url.endswith("/new")


@pytest.mark.parametrize(
    "target",
    ["http://10.1.2.3/feed", "http://169.254.169.254/latest", "http://localhost.internal/"],
)
def test_redirect_to_a_private_address_is_refused(httpserver, target):
    httpserver.expect_request("/hop").respond_with_data(
        "", status=302, headers={"Location": target}
    )
    with pytest.raises(FetchError, match="refused"):
        fetch(httpserver.url_for("/hop"))


def test_endless_redirects_stop(httpserver):
    httpserver.expect_request("/loop").respond_with_data(
        "", status=302, headers={"Location": "/loop"}
    )
    with pytest.raises(FetchError, match="redirects"):
        fetch(httpserver.url_for("/loop"))


def test_loopback_is_refused_unless_allowed(httpserver, settings):
    settings.SVC_FETCH_ALLOW_LOOPBACK = False
    httpserver.expect_request("/feed").respond_with_data(FEED)
    with pytest.raises(FetchError, match="loopback"):
        fetch(httpserver.url_for("/feed"))
    assert httpserver.log == []  # refused before any byte was sent


def test_public_name_resolving_to_a_private_address_is_refused_at_connect(monkeypatch):
    # DNS rebinding: the name looks public, the answer is private. Only resolution is replaced.
    def private_answer(host, port, *args, **kwargs):
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.7", port))]

    monkeypatch.setattr(socket, "getaddrinfo", private_answer)
    with pytest.raises(FetchError, match=r"feeds\.example\.com resolves to 10\.0\.0\.7"):
        fetch("http://feeds.example.com/rss")


@pytest.mark.parametrize("address", NOT_GLOBAL)
def test_a_name_resolving_to_a_non_global_address_is_refused_at_connect(
    monkeypatch, settings, address
):
    # The name passes validation (no DNS there); the guard must refuse the resolved answer.
    settings.SVC_FETCH_ALLOW_LOOPBACK = False
    family = socket.AF_INET6 if ":" in address else socket.AF_INET

    def answer(host, port, *args, **kwargs):
        sockaddr = (address, port, 0, 0) if family == socket.AF_INET6 else (address, port)
        return [(family, socket.SOCK_STREAM, 6, "", sockaddr)]

    monkeypatch.setattr(socket, "getaddrinfo", answer)
    with pytest.raises(FetchError, match=r"refused: feeds\.example\.com resolves to"):
        fetch("http://feeds.example.com/rss", timeout=1)


@pytest.mark.parametrize("url", ["http://0177.0.0.1/feed", "http://0x7f.1/", "http://2130706433/"])
def test_an_odd_ipv4_form_is_a_refusal_not_a_crash(url):
    with pytest.raises(FetchError, match=r"refused: .* IPv4 address"):
        fetch(url, timeout=1)


@pytest.mark.parametrize("target", ["http://0177.0.0.1/admin", "http://2130706433/admin"])
def test_a_redirect_to_an_odd_ipv4_form_is_a_fetch_error(httpserver, target):
    # httpx itself refuses the first form's Location header; the policy refuses the second.
    httpserver.expect_request("/hop").respond_with_data(
        "", status=302, headers={"Location": target}
    )
    with pytest.raises(FetchError, match="IPv4 address"):
        fetch(httpserver.url_for("/hop"))


# --- a total deadline and a cap, whatever the server does --------------------------------------


@pytest.mark.parametrize("head_too", [False, True], ids=["body", "headers"])
def test_a_dripping_server_cannot_hold_a_fetch_past_its_deadline(raw_receiver, head_too):
    # One byte a second never trips a per-read timeout; only a deadline on the whole call ends it.
    server = raw_receiver(drip(30, head_too=head_too))
    started = time.monotonic()
    with pytest.raises(FetchError, match="timed out"):
        fetch(server.url_for("/feed"), timeout=2)
    assert elapsed(started) < 10  # a bound, not a measurement: the drip lasts 30 s
    assert not server.finished.is_set()


@pytest.mark.parametrize("address", NOT_GLOBAL)
def test_a_url_naming_a_non_global_address_is_refused_before_connecting(
    monkeypatch, settings, address
):
    settings.SVC_FETCH_ALLOW_LOOPBACK = False

    def no_dns(*args, **kwargs):
        raise AssertionError("the policy should refuse the URL before any resolution")

    monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    host = f"[{address}]" if ":" in address else address
    with pytest.raises(FetchError, match="refused"):
        fetch(f"http://{host}/latest/meta-data/", timeout=1)


@pytest.mark.parametrize("declared", [b"\xb9", b"9" * 5000])
def test_a_content_length_no_number_reads_is_capped_on_the_body(declared):
    # b"\xb9" reads "¹" (latin-1): a digit to str.isdigit, no number to int.
    from outbound.fetch import _read

    response = httpx.Response(
        200, headers=[(b"Content-Length", declared)], stream=httpx.ByteStream(b"x" * 64)
    )
    with pytest.raises(FetchError, match="cap"):
        _read(response, "https://example.org/feed", 16)
