"""Query strings from the user's side: every operation refuses what it does not take, integers
are ASCII digits, and a client that reads problem+json is served."""

from urllib.parse import quote

import pytest

from tests.factories import EventFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def topic():
    return EventFactory(subject="rate-decision-fed", title="Fed decision", tier="full").subject


@pytest.fixture
def key(api):
    return {"HTTP_X_API_KEY": api.post("/api/keys").json()["key"]}


def operations(topic):
    """Each GET outside the read views, with no query parameter of its own."""
    return [
        f"/api/record/{topic}",
        f"/api/truth/{topic}",
        "/api/health",
        "/api/openapi.json",
        "/api/v1/watches",
        "/api/v1/watches/standard",
        "/api/keys/me",
    ]


BAD_QUERIES = [
    ("limit=5", "limit", "unknown-parameter"),
    ("x=1&x=2", "x", "unknown-parameter"),
    ("a%00b=1", "a\x00b", "unknown-parameter"),
]


@pytest.mark.parametrize(("query", "field", "state"), BAD_QUERIES)
def test_every_operation_refuses_a_parameter_it_does_not_take(api, key, topic, query, field,
                                                              state):  # fmt: skip
    for path in operations(topic):
        api.get(path, **key)  # a cached record or read must not answer past the check
        response = api.get(f"{path}?{query}", **key)
        assert response.status_code == 400, (path, response.status_code)
        assert response["Content-Type"] == "application/problem+json", path
        problem = response.json()
        assert problem["field"] == field, path
        assert problem["state"] == state, path


@pytest.mark.parametrize("method", ["post"])
def test_writing_operations_take_no_query_parameters(api, key, method):
    for path, body in [
        ("/api/v1/watches/unfurl", {"base": "current-signals"}),
        ("/api/tariff-quote", {"items": [{"unit": "ask", "quantity": 1}]}),
        ("/api/ask", {"question": "What changed?"}),
    ]:
        response = getattr(api, method)(f"{path}?mode=async", body, format="json", **key)
        assert response.status_code == 400, path
        assert response.json()["field"] == "mode", path


def test_a_parameter_an_operation_takes_is_still_checked_for_repeats_and_nul(api, key):
    for query, field in [("format=csv&format=json", "format"), ("format=cs%00v", "format")]:
        response = api.get(f"/api/v1/datasets/stats-daily?{query}", **key)
        assert response.status_code == 400, query
        assert response.json()["field"] == field
    assert api.get("/api/v1/datasets/stats-daily?format=csv").status_code != 400


@pytest.mark.parametrize(
    "written",
    [
        "1_0",  # Python's int() reads digit groups
        "%EF%BC%95",  # full-width 5
        "%D9%A5",  # Arabic-Indic 5
        "%205",  # padded
        "5%20",
        "+5",
        "5.0",
        "0x5",
        "5e0",
    ],
)
def test_integers_are_ascii_digits_only(api, written):
    for path in ("/api/v1/signals", "/api/v1/records", "/api/v1/corroborated"):
        response = api.get(f"{path}?limit={written}")
        assert response.status_code == 400, (path, written)
        assert response.json()["field"] == "limit"
    assert api.get("/api/v1/accelerating?window=7").status_code == 200


@pytest.mark.parametrize("written", ["007", "0019", "00", "-0", "-04"])
def test_an_integer_has_one_spelling_a_leading_zero_is_refused(api, topic, written):
    """Each padding of a value was read as the value, under a cache key of its own: a new entry
    built per spelling. Refused, nothing is built or stored for it."""
    for path in ("/api/v1/signals", "/api/v1/records", "/api/v1/accelerating"):
        name = "window" if "accelerating" in path else "limit"
        response = api.get(f"{path}?{name}={written}")
        assert response.status_code == 400, (path, written)
        assert response.json()["field"] == name
        assert "leading zeros" in response.json()["error"]
    history = api.get(f"/api/v1/records/{topic}/history?limit={written}")
    assert history.status_code == 400
    assert history.json()["field"] == "limit"


def test_plain_digits_are_still_integers(api):
    assert api.get("/api/v1/signals?limit=5").status_code == 200
    assert api.get("/api/v1/records?limit=10").status_code == 200
    assert api.get("/api/v1/accelerating?window=10").status_code == 200
    below = api.get("/api/v1/records?limit=-1")
    assert below.status_code == 400
    assert "greater than or equal to 1" in below.json()["error"]


def test_a_quote_basket_takes_json_integers_not_strings(api):
    for quantity in ("2", True, 2.5):
        body = {"items": [{"unit": "ask", "quantity": quantity}]}
        response = api.post("/api/tariff-quote", body, format="json")
        assert response.status_code == 400, quantity
        assert "quantity" in response.json()["field"]
    body = {"items": [{"unit": "ask", "quantity": 2}]}
    assert api.post("/api/tariff-quote", body, format="json").status_code == 200


@pytest.mark.parametrize(
    "accept",
    [
        "application/problem+json",
        "application/problem+json;q=0.9",
        "text/html, application/problem+json",
    ],
)
def test_an_accept_naming_problem_json_is_served(api, topic, accept):
    for path in ("/api/v1/signals", "/api/tariff", f"/api/record/{topic}", "/api/keys/me"):
        response = api.get(path, HTTP_ACCEPT=accept)
        assert response.status_code != 406, path
        assert response["Content-Type"].startswith("application/"), path
        assert response.json()
    refused = api.get("/api/v1/signals?limit=0", HTTP_ACCEPT=accept)
    assert refused.status_code == 400
    assert refused["Content-Type"] == "application/problem+json"


def test_mcp_door_and_docs_are_not_broken_by_the_check(client):
    assert client.get("/api/docs?script").status_code == 200
    response = client.post(
        f"/api/mcp?{quote('x')}=1",
        '{"jsonrpc":"2.0","id":1,"method":"ping"}',
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "x"


def test_a_method_the_path_does_not_take_is_405_whatever_the_query(api, topic):
    for method in ("TRACE", "QUERY"):  # QUERY: also the name of a view's query serializer
        for path in ("/api/v1/datasets/stats-daily?format=json", f"/api/record/{topic}?x=1"):
            response = api.generic(method, path)
            assert response.status_code == 405, (method, path)
