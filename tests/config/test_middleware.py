"""Cross-cutting HTTP behaviour: CORS, the apex browser check, request ids."""

import pytest

BROWSER_UA = (
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0 Safari/537.36"
)


@pytest.mark.django_db
def test_every_api_get_allows_any_origin_even_without_origin_header(api):
    response = api.get("/api/health")
    assert response["Access-Control-Allow-Origin"] == "*"
    exposed = response["Access-Control-Expose-Headers"]
    for header in ("etag", "retry-after", "ratelimit", "ratelimit-policy"):
        assert header in exposed


def test_errors_keep_cors_headers(api):
    response = api.get("/api/no-such-path", HTTP_ORIGIN="https://agent.example")
    assert response.status_code == 404
    assert response["Access-Control-Allow-Origin"] == "*"


def test_preflight_for_a_read_succeeds(api):
    response = api.options(
        "/api/health",
        HTTP_ORIGIN="https://agent.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="x-api-key",
    )
    assert response.status_code == 204
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "x-api-key" in response["Access-Control-Allow-Headers"]


@pytest.mark.parametrize("method", ["options", "post"])
def test_ask_does_not_serve_cross_origin_browsers(api, method):
    response = getattr(api, method)(
        "/api/ask",
        HTTP_ORIGIN="https://browser.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
    )
    assert "Access-Control-Allow-Origin" not in response
    assert response.status_code != 204


def test_site_pages_get_no_api_cors(client):
    assert "Access-Control-Allow-Origin" not in client.get("/terms/")


@pytest.fixture
def apex(settings):
    settings.SVC_APEX_URL = "https://apex.example"
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "apex.example"]


@pytest.mark.parametrize("agent", ["", "curl/8.5.0", "python-httpx/0.28.1", "Go-http-client/1.1"])
def test_apex_refuses_programmatic_agents(api, apex, agent):
    response = api.get("/api/health", HTTP_HOST="apex.example", HTTP_USER_AGENT=agent)
    assert response.status_code == 403
    assert response.json()["edgeErrorCode"] == 1010


@pytest.mark.django_db
def test_apex_lets_browsers_through(api, apex):
    response = api.get("/api/health", HTTP_HOST="apex.example", HTTP_USER_AGENT=BROWSER_UA)
    assert response.status_code == 200


@pytest.mark.django_db
def test_base_url_accepts_any_user_agent(api, apex):
    assert api.get("/api/health", HTTP_USER_AGENT="curl/8.5.0").status_code == 200


def test_apex_check_is_off_without_apex_url(api):
    response = api.get("/terms/", HTTP_USER_AGENT="curl/8.5.0")
    assert response.status_code == 200


def test_request_id_is_generated_and_echoed(client):
    first, second = client.get("/terms/"), client.get("/terms/")
    assert len(first["X-Request-ID"]) == 32
    assert first["X-Request-ID"] != second["X-Request-ID"]


def test_well_formed_incoming_request_id_is_kept(client):
    assert (
        client.get("/terms/", HTTP_X_REQUEST_ID="trace-1234abcd")["X-Request-ID"]
        == "trace-1234abcd"
    )


def test_malformed_incoming_request_id_is_replaced(client):
    response = client.get("/terms/", HTTP_X_REQUEST_ID="bad id\twith spaces")
    assert response["X-Request-ID"] != "bad id\twith spaces"


# The adversarial User-Agent: the browser prefix, then a long run that never closes the
# parenthesis nor names an engine, so a backtracking pattern tries every split of it.
SLOW_AGENTS = [
    "Mozilla/5.0 (" + "x)" * 32_000,
    "Mozilla/5.0 (" + "(" * 64_000,
    "Mozilla/5.0 (" + ") " * 32_000 + "Gecko",
]


@pytest.mark.parametrize("agent", SLOW_AGENTS)
def test_the_browser_check_costs_little_on_a_64_kb_user_agent(agent):
    import time

    from django.test import RequestFactory

    from config.middleware import ApexBrowserCheckMiddleware

    check = ApexBrowserCheckMiddleware(lambda request: None)
    request = RequestFactory().get("/", HTTP_USER_AGENT=agent)
    started = time.perf_counter()
    check._is_browser(request)
    assert time.perf_counter() - started < 0.1


def test_the_browser_pattern_has_no_quantifier_to_backtrack_over():
    from config.middleware import ApexBrowserCheckMiddleware

    pattern = ApexBrowserCheckMiddleware._ENGINE.pattern
    assert not set(pattern) & set("*+?{"), pattern


def test_a_long_browser_user_agent_still_passes(api, apex, settings):
    agent = BROWSER_UA + " Extension/1.0" * 40
    response = api.get("/api/health", HTTP_HOST="apex.example", HTTP_USER_AGENT=agent)
    assert response.status_code != 403
