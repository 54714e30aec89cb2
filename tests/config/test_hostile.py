"""Hostile input: each a clear 4xx in JSON, and nothing stored."""

import json

import pytest

from answers.models import AskTicket
from billing.models import AddressDay, ApiKey
from watches.models import Watch

pytestmark = pytest.mark.django_db
NASTY = [
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "nul\x00byte",
    "\u202e",
    "Robert'); DROP TABLE registry_document;--",
]


def nothing_stored():
    assert not AskTicket.objects.exists()
    assert not Watch.objects.exists()
    assert not ApiKey.objects.exists()
    assert not AddressDay.objects.exists()


def test_an_oversized_body_is_413_json(client, settings):
    body = json.dumps({"question": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)})
    for path in ("/api/ask", "/api/mcp", "/api/v1/watches/unfurl"):
        response = client.post(path, body, content_type="application/json")
        assert response.status_code == 413, path
        assert response["content-type"].startswith("application/")
        assert json.loads(response.content)
    nothing_stored()


def test_deeply_nested_json_is_a_400(client):
    deep = "[" * 100_000 + "]" * 100_000
    for path in ("/api/ask", "/api/v1/watches/unfurl", "/api/mcp", "/api/tariff-quote"):
        response = client.post(path, deep, content_type="application/json")
        assert 400 <= response.status_code < 500, (path, response.status_code)
        assert json.loads(response.content)
    nothing_stored()


def test_wrong_content_types_are_415_json(client):
    for path in ("/api/ask", "/api/v1/watches/unfurl", "/api/tariff-quote"):
        response = client.post(
            path, "question=hi", content_type="application/x-www-form-urlencoded"
        )
        assert response.status_code == 415, path
        assert response.json()["field"] == "content-type"
    nothing_stored()


def test_invalid_utf8_is_a_400(client):
    for path in ("/api/ask", "/api/v1/watches/unfurl", "/api/mcp"):
        response = client.post(path, b'{"question": "\xff\xfe"}', content_type="application/json")
        assert response.status_code == 400, path
    nothing_stored()


@pytest.mark.parametrize("value", NASTY)
def test_sql_and_html_in_string_parameters_are_just_text(client, value):
    for path, name in (
        ("/api/v1/entities", "q"),
        ("/api/v1/documents", "q"),
        ("/api/v1/records", "q"),
        ("/api/v1/signals", "vertical"),
        ("/api/v1/markets", "topic"),
        ("/api/v1/tripwires", "source"),
    ):
        response = client.get(path, {name: value})
        assert response.status_code in (200, 400), (path, response.status_code)
        # JSON, never HTML: a reflected value in an error body cannot run in a browser.
        assert response["content-type"].startswith("application/")
        assert "text/html" not in response["content-type"]


@pytest.mark.parametrize(
    "slug", ["..%2F..%2Fetc%2Fpasswd", "..", "a/../../b", "%2e%2e", "x" * 500, "Topic_With_Caps"]
)
def test_path_traversal_in_topic_slugs_is_refused(client, slug):
    for path in (f"/api/record/{slug}", f"/api/v1/records/{slug}/history"):
        response = client.get(path)
        assert response.status_code in (400, 404), (path, response.status_code)
        assert response["content-type"].startswith("application/")


def test_a_10000_character_key_is_401_and_costs_no_query(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/api/keys/me", HTTP_X_API_KEY="k" * 10_000)
    assert response.status_code == 401
    assert response.json()["state"] == "key-required"


def test_header_injection_in_an_idempotency_key_is_refused(client):
    response = client.post(
        "/api/ask",
        {"question": "Is Hurricane Tavia active?"},
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="a" * 300,
    )
    assert response.status_code == 400
    assert response.json()["field"] == "Idempotency-Key"
    nothing_stored()


def test_mcp_oddities(client):
    no_id = client.post(
        "/api/mcp",
        json.dumps({"jsonrpc": "2.0", "method": "tools/list"}),
        content_type="application/json",
    )
    assert no_id.status_code == 202
    wrong = client.post(
        "/api/mcp",
        json.dumps({"jsonrpc": "3.0", "id": 1, "method": "ping"}),
        content_type="application/json",
    )
    assert wrong.json()["error"]["code"] == -32600
    huge = client.post(
        "/api/mcp",
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "tools/call",
                "params": {"name": "ask", "arguments": {"question": "q" * 5000}},
            }
        ),
        content_type="application/json",
    )
    assert huge.json()["result"]["isError"] is True
    nothing_stored()


def test_nul_characters_in_bodies_are_refused(client):
    body = json.dumps({"question": "nul\u0000here"})
    for path in ("/api/ask", "/api/v1/watches/unfurl", "/api/mcp"):
        response = client.post(path, body, content_type="application/json")
        assert response.status_code == 400, path
    nothing_stored()


@pytest.mark.parametrize(
    "path",
    ["/api/v1/entities/a%00b", "/api/v1/sources/a%00b", "/api/ask/a%00b", "/api/v1/datasets/a%00b"],
)
def test_nul_characters_in_paths_are_refused(client, path):
    response = client.get(path)
    assert response.status_code == 400
    assert response.json()["field"] == "path"


@pytest.mark.parametrize("query", ["tier=", "limit=", "vertical="])
def test_an_empty_parameter_is_refused_rather_than_read_as_absent(client, query):
    response = client.get(f"/api/v1/signals?{query}")
    assert response.status_code == 400
    assert response.json()["field"] == query.rstrip("=")


@pytest.mark.parametrize("path", ["/api/v1/signals", "/api/v1/records", "/api/v1/accelerating"])
def test_a_parameter_given_twice_is_refused_even_when_one_of_its_values_is_cached(client, path):
    assert client.get(f"{path}?limit=2").status_code == 200  # cached under limit=2 now
    response = client.get(f"{path}?limit=50&limit=2")
    assert response.status_code == 400
    body = response.json()
    assert (body["state"], body["field"]) == ("invalid-field", "limit")
    assert "once" in body["error"]


@pytest.mark.parametrize(
    "query", ["tierr=1", "tier=", "limit=x", "limit=1&limit=2", "tier=nonsense", "limit=1%00"]
)
def test_every_refusal_of_a_field_lists_it_under_errors_as_generated_clients_read_it(client, query):
    body = client.get(f"/api/v1/signals?{query}").json()
    assert body["status"] == 400
    field = body["field"]
    assert list(body["errors"]) == [field]
    (message,) = body["errors"][field]
    assert body["error"] == f"{field}: {message}"


def test_a_refused_value_is_echoed_short_and_the_allowed_ones_are_named(client):
    from registry.models import Event

    response = client.get("/api/v1/signals?tier=" + "x" * 5000)
    assert response.status_code == 400
    assert len(response.content) < 1500  # was 15 KB: the value three times over
    body = response.json()
    for tier in Event.Tier.values:
        assert tier in body["error"]


def test_the_problem_document_declares_errors_for_generated_clients(client):
    document = client.get("/api/openapi.json", HTTP_ACCEPT="application/json").json()
    errors = document["components"]["schemas"]["Problem"]["properties"]["errors"]
    assert errors["type"] == "object"
    assert errors["additionalProperties"] == {"type": "array", "items": {"type": "string"}}


def test_a_tool_refusing_an_object_quotes_it_as_json_not_as_python(client):
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call"}
    call["params"] = {"name": "get_signals", "arguments": {"tier": {"a": [1, None]}}}
    response = client.post(
        "/api/mcp",
        json.dumps(call),
        content_type="application/json",
        HTTP_ACCEPT="application/json, text/event-stream",
        HTTP_MCP_PROTOCOL_VERSION="2025-06-18",
    )
    result = response.json()["result"]
    assert result["isError"] is True
    (text,) = (part["text"] for part in result["content"])
    assert 'tier: expected a string, got an object {"a": [1, null]}.' in text
    assert "None" not in text
    assert "'a'" not in text


def test_an_unknown_vertical_is_echoed_short_and_the_list_is_named(client):
    response = client.get("/api/v1/signals?vertical=" + "v" * 5000)
    assert response.status_code == 400
    assert len(response.content) < 1500
    assert "/api/v1/verticals" in response.json()["error"]


@pytest.mark.parametrize("path", ["/api/v1/signals", "/api/health", "/api/v1/documents"])
def test_more_query_parameters_than_the_service_reads_is_a_400_naming_the_query(client, path):
    many = "&".join(f"p{n}=1" for n in range(1001))
    response = client.get(f"{path}?{many}")
    assert response.status_code == 400
    body = response.json()
    assert (body["state"], body["field"]) == ("invalid-request", "query")


def test_a_long_unknown_parameter_name_is_said_back_short(client):
    response = client.get("/api/v1/signals?" + "Z" * 5000 + "=1")
    assert response.status_code == 400
    assert len(response.content) < 1500
    assert response.json()["state"] == "unknown-parameter"


def test_a_refused_sort_is_quoted_once(client):
    response = client.get("/api/v1/documents?q=x&sort=bogus")
    assert response.status_code == 400
    assert response.json()["errors"] == {"sort": ['"bogus" is not one of: newest, relevance.']}
