"""The error envelope: every error under /api/ is problem-details JSON with the spec's members."""

import json

import pytest

from tests.conftest import unreachable_database

pytestmark = pytest.mark.urls("tests.probe_urls")

PROBLEM_MEMBERS = {"type", "title", "status", "detail", "instance", "error", "state"}


def assert_problem(response, status: int, state: str) -> dict:
    assert response.status_code == status
    assert response["Content-Type"] == "application/problem+json"
    body = response.json()
    assert body.keys() >= PROBLEM_MEMBERS
    assert body["status"] == status
    assert body["state"] == state
    assert body["type"] == f"urn:svc:problem:{state}"
    assert body["instance"] == f"urn:svc:request:{response['X-Request-ID']}"
    return body


def test_body_that_is_not_json_names_the_body(api):
    response = api.post("/api/_probe/validate", "{not json", content_type="application/json")
    body = assert_problem(response, 400, "invalid-json")
    assert body["field"] == "body"


def test_missing_field_is_named(api):
    body = assert_problem(api.post("/api/_probe/validate", {}, format="json"), 400, "invalid-field")
    assert body["field"] == "base"
    assert body["error"].startswith("base: ")


def test_nested_field_is_named_with_its_path(api):
    payload = {"base": "signals", "coordinates": {"window": 500}}
    body = assert_problem(
        api.post("/api/_probe/validate", payload, format="json"), 400, "invalid-field"
    )
    assert body["field"] == "coordinates.window"
    assert "coordinates.window" in body["errors"]


def test_wrong_content_type_names_content_type(api):
    response = api.post("/api/_probe/validate", "base=x", content_type="text/plain")
    body = assert_problem(response, 415, "unsupported-media-type")
    assert body["field"] == "content-type"


def test_keyed_operation_without_key_is_401_key_required(api):
    body = assert_problem(api.get("/api/_probe/keyed"), 401, "key-required")
    assert "/api/keys" in body["howToGetOne"]
    assert body["error"]


def test_business_refusal_carries_next_step(api):
    body = assert_problem(api.post("/api/_probe/payment", {}, format="json"), 402, "no-free-slot")
    assert body["next"] == [{"action": "buy", "href": "/api/tariff"}]


def test_apex_refusal_is_403_naming_1010(api, settings):
    settings.SVC_APEX_URL = "https://apex.example"
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "apex.example"]
    response = api.get("/api/health", HTTP_HOST="apex.example", HTTP_USER_AGENT="curl/8.5.0")
    body = assert_problem(response, 403, "browser-check-failed")
    assert body["edgeErrorCode"] == 1010
    assert "1010" in body["error"]
    assert body["useInstead"].startswith(settings.SVC_BASE_URL)


def test_unknown_api_path_is_404_json(api):
    body = assert_problem(api.get("/api/no-such-thing"), 404, "not-found")
    assert "/api/no-such-thing" in body["error"]


def test_wrong_method_on_drf_view_is_405_with_allow(api):
    response = api.post("/api/_probe/get-only", {}, format="json")
    assert_problem(response, 405, "method-not-allowed")
    assert "GET" in response["Allow"]


def test_wrong_method_on_plain_view_is_405_json_with_allow(api):
    response = api.get("/api/_probe/plain-post-only")
    assert_problem(response, 405, "method-not-allowed")
    assert response["Allow"] == "POST"


def test_oversized_body_is_413(api, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    payload = json.dumps({"base": "x" * 5000})
    response = api.post("/api/_probe/validate", payload, content_type="application/json")
    body = assert_problem(response, 413, "body-too-large")
    assert body["field"] == "body"


def test_burst_limit_is_429_with_retry_after(api):
    response = api.get("/api/_probe/rate-limited")
    body = assert_problem(response, 429, "rate-limited")
    assert int(response["Retry-After"]) == body["retryAfter"] >= 1


def test_crash_in_plain_view_is_500_json_not_html(api):
    client_that_survives = api
    client_that_survives.raise_request_exception = False
    response = client_that_survives.get("/api/_probe/plain-crash")
    body = assert_problem(response, 500, "server-error")
    assert "boom" not in json.dumps(body)  # no internals leak


@pytest.mark.parametrize("path", ["/api/_probe/database", "/api/_probe/plain-database"])
def test_stopped_database_is_503_with_retry_after(api, database_down, path):
    response = api.get(path)
    body = assert_problem(response, 503, "database-unavailable")
    assert int(response["Retry-After"]) == body["retryAfter"] > 0


@pytest.mark.django_db(transaction=True)
def test_database_recovers_without_restart(api):
    with unreachable_database():
        assert api.get("/api/_probe/database").status_code == 503
    assert api.get("/api/_probe/database").json() == {"ok": True}


def test_site_pages_keep_html_errors(client):
    client.raise_request_exception = False
    response = client.get("/site-crash/")
    assert response.status_code == 500
    assert "json" not in response["Content-Type"]
