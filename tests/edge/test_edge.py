"""Through the edge: nginx (deploy/nginx.conf.template, started by deploy/edge.py) in front of
a real gunicorn, as `make run-stack` runs them.

CI installs nginx-light (.ci/run); elsewhere these tests skip without it.
"""

import contextlib
import importlib.util
import shutil
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.stack import ROOT, Stack, free_port, throwaway_database, until


def _launcher():
    """deploy/edge.py, which is a script, not a package."""
    spec = importlib.util.spec_from_file_location("edge", ROOT / "deploy" / "edge.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


edge = _launcher()

NGINX = shutil.which("nginx") or (Path("/usr/sbin/nginx").exists() and "/usr/sbin/nginx")
pytestmark = [
    pytest.mark.skipif(not NGINX, reason="needs nginx (Debian: nginx-light)"),
    pytest.mark.django_db(transaction=True),
]
RECORD = "/api/record/disaster-hurricane-tavia"


@pytest.fixture
def through_edge(tmp_path):
    """The edge's base URL, with gunicorn behind it on the demo registry."""
    with throwaway_database(tmp_path) as database_url:
        stack = Stack.prepared(tmp_path, database_url)
        with stack.web(workers=2), _edge(tmp_path, stack.base[7:], "access.log") as base:
            yield base


@contextlib.contextmanager
def _edge(tmp_path: Path, upstream: str, access_log: str = ""):
    """The shipped edge in front of `upstream`, started and stopped: its base URL."""
    listen = f"127.0.0.1:{free_port()}"
    conf = edge.render(tmp_path / "edge", listen=listen, upstream=upstream, access_log=access_log)
    nginx = subprocess.Popen(  # noqa: S603 (nginx, arguments built by deploy/edge.py)
        edge.command(tmp_path / "edge", conf), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://{listen}"
    try:
        until(lambda: _up(base), "the edge did not start")
        yield base
    finally:
        nginx.terminate()
        nginx.wait(30)


def _up(base: str) -> bool:
    try:
        return httpx.get(f"{base}/api/health", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def test_a_cached_read_is_answered_by_the_edge_with_the_same_bytes(through_edge):
    first = httpx.get(through_edge + RECORD)
    assert first.status_code == 200
    assert first.headers["X-Edge-Cache"] == "MISS"
    second = httpx.get(through_edge + RECORD)
    assert second.headers["X-Edge-Cache"] == "HIT"
    assert second.content == first.content
    assert second.headers["ETag"] == first.headers["ETag"]
    assert second.headers["Cache-Control"] == first.headers["Cache-Control"]
    for path in ("/api/v1/signals", "/api/v1/entities?q=fed"):
        httpx.get(through_edge + path)
        assert httpx.get(through_edge + path).headers["X-Edge-Cache"] == "HIT"


def test_keyed_requests_and_private_answers_never_touch_the_cache(through_edge):
    key = httpx.post(through_edge + "/api/keys").json()["key"]
    keyed = httpx.get(through_edge + RECORD, headers={"x-api-key": key})
    assert keyed.headers["X-Edge-Cache"] == "BYPASS"
    bearer = httpx.get(through_edge + RECORD, headers={"Authorization": f"Bearer {key}"})
    assert bearer.headers["X-Edge-Cache"] == "BYPASS"
    # a keyed answer (saved Watches) is never stored, so no anonymous caller can be served it
    saved = httpx.get(through_edge + "/api/v1/watches", headers={"x-api-key": key})
    assert saved.status_code == 200
    anonymous = httpx.get(through_edge + "/api/v1/watches")
    assert anonymous.status_code == 401
    assert "X-Edge-Cache" not in anonymous.headers or anonymous.headers["X-Edge-Cache"] != "HIT"
    # asks are POSTs: passed through, answered by the service
    asked = httpx.post(through_edge + "/api/ask", json={"question": "Is Hurricane Tavia active?"})
    assert asked.status_code == 200
    assert asked.json()["schema"] == "svc.answer.v1"


def test_a_request_taking_no_json_is_refused_as_on_a_miss_never_served_the_cache(through_edge):
    assert httpx.get(through_edge + RECORD).status_code == 200
    assert httpx.get(through_edge + RECORD).headers["X-Edge-Cache"] == "HIT"
    for accept in ("text/csv", "text/html", "application/xml;q=1.0"):
        refused = httpx.get(through_edge + RECORD, headers={"Accept": accept})
        assert refused.status_code == 406, accept
        assert refused.headers["X-Edge-Cache"] == "BYPASS", accept
    for accept in ("application/json", "*/*", "text/csv, application/*;q=0.5",
                   "application/problem+json"):  # fmt: skip
        served = httpx.get(through_edge + RECORD, headers={"Accept": accept})
        assert served.status_code == 200, accept
        assert served.headers["X-Edge-Cache"] == "HIT", accept


def test_oversized_requests_are_json_problems_from_the_edge(through_edge):
    # just past what gunicorn takes (4,094), and far past it: never gunicorn's HTML
    for length in (4_100, 20_000):
        long_uri = httpx.get(through_edge + "/api/v1/entities?q=" + "a" * length)
        assert long_uri.status_code == 414
        assert long_uri.headers["Content-Type"] == "application/problem+json"
    long_uri = httpx.get(through_edge + "/api/v1/entities?q=" + "a" * 20_000)
    assert long_uri.status_code == 414
    assert long_uri.headers["Content-Type"] == "application/problem+json"
    assert long_uri.json()["state"] == "uri-too-long"
    big_header = httpx.get(through_edge + RECORD, headers={"X-Padding": "b" * 20_000})
    assert big_header.status_code == 431
    assert big_header.headers["Content-Type"] == "application/problem+json"
    assert big_header.json()["field"] == "headers"
    big_body = httpx.post(through_edge + "/api/ask", content=b"x" * 300_000)
    assert big_body.status_code == 413
    assert big_body.json()["field"] == "body"


def test_the_mcp_door_passes_through_the_edge(through_edge):
    call = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    headers = {"Accept": "application/json, text/event-stream"}
    answer = httpx.post(through_edge + "/api/mcp", json=call, headers=headers)
    assert answer.status_code == 200
    assert "X-Edge-Cache" not in answer.headers


def test_every_answer_through_the_edge_has_its_own_request_id(through_edge):
    # Cached or not, each request is told its own id, never the one the cached copy was made with.
    ids = [httpx.get(f"{through_edge}{RECORD}", timeout=10) for _ in range(4)]
    assert ids[-1].headers["x-edge-cache"] == "HIT"
    seen = [answer.headers["x-request-id"] for answer in ids]
    assert len(set(seen)) == len(seen)
    # A well-formed id the client sends is kept, on a HIT as on a MISS.
    mine = httpx.get(f"{through_edge}{RECORD}", headers={"X-Request-ID": "client-chosen-1"})
    assert mine.headers["x-request-id"] == "client-chosen-1"
    odd = httpx.get(f"{through_edge}{RECORD}", headers={"X-Request-ID": "<bad id>"})
    assert odd.headers["x-request-id"] != "<bad id>"


def test_the_edge_access_log_writes_no_query_string(through_edge, tmp_path):
    key = httpx.post(through_edge + "/api/keys").json()["key"]
    refused = httpx.get(through_edge + "/api/v1/entities", params={"apikey": key})
    assert refused.status_code == 400
    assert refused.json()["state"] == "key-in-query"
    searched = httpx.get(through_edge + "/api/v1/entities", params={"q": "quartermaster"})
    assert searched.status_code == 200
    log = tmp_path / "edge" / "access.log"
    until(lambda: log.exists() and log.read_text().count("/api/v1/entities") >= 2, "no log line")
    written = log.read_text()
    assert '"GET /api/v1/entities HTTP/1.1" 400' in written
    assert key.removeprefix("svc_live_") not in written
    assert "quartermaster" not in written


@pytest.fixture
def edge_before(httpserver, tmp_path):
    """The edge's base URL in front of a plain HTTP server (the test's own upstream)."""
    httpserver.expect_request("/api/health").respond_with_data("ok")
    with _edge(tmp_path, f"127.0.0.1:{httpserver.port}") as base:
        yield base


def test_an_expired_entry_is_refreshed_and_the_new_copy_served_never_the_old_file(
    edge_before, httpserver
):
    # The edge keeps cached files open between hits (open_file_cache): once an expired entry is
    # refreshed, every hit must read the new file, never the descriptor of the one it replaced.
    from werkzeug import Response

    served = []

    def versions(request):
        served.append(f"version {len(served) + 1}")
        headers = {"Cache-Control": "public, max-age=1, stale-while-revalidate=60"}
        return Response(served[-1], headers=headers, content_type="application/json")

    def read() -> str:
        answer = httpx.get(edge_before + "/api/record/x")
        if answer.headers["X-Edge-Cache"] in ("HIT", "MISS"):
            assert answer.text == served[-1], "answered with a copy the edge had replaced"
        return answer.headers["X-Edge-Cache"]

    httpserver.expect_request("/api/record/x").respond_with_handler(versions)
    assert read() == "MISS"
    assert read() == "HIT"  # the file is now held open by the worker that served it
    until(lambda: read() == "HIT" and len(served) >= 3, "the expired entry was never refreshed")
    assert [read() for _ in range(20)].count("HIT") > 0
