"""A key is never read from a query string: every API operation refuses a request carrying one
(400 `key-in-query`, naming the parameter, the key never said back), and neither gunicorn's
access log nor the edge's writes a query string down (tests/edge/test_edge.py for the edge)."""

import json
from urllib.parse import quote

import httpx
import pytest

from tests.stack import Stack, throwaway_database, until


@pytest.fixture
def issued(api):
    return api.post("/api/keys").json()["key"]


def refused_naming(response, name: str, key: str) -> None:
    assert response.status_code == 400, (name, response.status_code)
    assert response["Content-Type"] == "application/problem+json"
    problem = response.json()
    assert problem["state"] == "key-in-query"
    assert problem["field"] == name
    assert "x-api-key" in problem["error"]
    body = response.content.decode()
    assert key not in body
    assert key.removeprefix("svc_live_") not in body


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "name", "written"),
    [
        ("/api/v1/signals", "api_key", lambda key: key),
        ("/api/v1/signals", "X-Api-Key", lambda key: key.removeprefix("svc_live_")),
        ("/api/keys/me", "apiKey", lambda key: key),
        ("/api/v1/watches", "access_token", lambda key: key),
        ("/api/v1/watches/standard", "Token", lambda key: "anything at all"),
        # under any name, by its value: the bare key (shape and checksum), or its prefix
        ("/api/v1/documents", "q", lambda key: key.removeprefix("svc_live_")),
        ("/api/v1/entities", "q", lambda key: f"Bearer {key}"),
        ("/api/record/any-topic", "via", lambda key: key.upper()),
    ],
)
def test_a_key_in_a_query_string_is_refused_naming_its_parameter(api, issued, path, name, written):
    api.get(path)  # a cached read must not answer past the refusal
    response = api.get(f"{path}?{quote(name)}={quote(written(issued))}")
    refused_naming(response, name, issued)


@pytest.mark.django_db
def test_the_key_in_the_query_is_refused_even_beside_a_good_header(api, issued):
    response = api.get(f"/api/keys/me?key={issued}", HTTP_X_API_KEY=issued)
    refused_naming(response, "key", issued)
    assert api.get("/api/keys/me", HTTP_X_API_KEY=issued).status_code == 200


@pytest.mark.django_db
def test_the_mcp_door_and_writes_refuse_a_key_in_the_query_too(api, issued):
    ping = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"})
    door = api.post(f"/api/mcp?apikey={issued}", ping, content_type="application/json")
    refused_naming(door, "apikey", issued)
    ask = api.post(f"/api/ask?k={issued}", {"question": "Anything?"}, format="json")
    refused_naming(ask, "k", issued)


@pytest.mark.django_db
def test_text_that_only_looks_like_a_key_is_searched_as_text(api):
    lookalike = "Ab3" * 12 + "xy"  # a key's length and alphabet, not its checksum
    assert api.get(f"/api/v1/documents?q={lookalike}").status_code == 200
    assert api.get("/api/v1/entities?q=keynote").status_code == 200


def test_gunicorn_writes_no_query_string_to_its_access_log(tmp_path):
    """gunicorn as the Procfile starts it: each request is logged by its path only."""
    with throwaway_database(tmp_path, demo=False) as database_url:
        stack = Stack.prepared(tmp_path, database_url, demo=False)
        log = tmp_path / "web.log"
        with stack.procfile_web():
            key = httpx.post(f"{stack.base}/api/keys", timeout=10).json()["key"]
            refused = httpx.get(f"{stack.base}/api/v1/signals", params={"api_key": key})
            assert refused.status_code == 400
            assert refused.json()["state"] == "key-in-query"
            searched = httpx.get(
                f"{stack.base}/api/v1/documents", params={"q": "lighthouse-keeper"}
            )
            assert searched.status_code == 200
            until(lambda: "/api/v1/documents" in log.read_text(), "no access log line")
        written = log.read_text()
        assert '"GET /api/v1/signals HTTP/1.1" 400' in written
        assert key.removeprefix("svc_live_") not in written
        assert "lighthouse-keeper" not in written  # no query string at all, search terms too
