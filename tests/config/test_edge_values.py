"""Every JSON body and every path is checked at the door: a number past a double or past the
integers every reader holds, a lone surrogate escape, NUL, each a 400 naming its field (404 for
a page's path); never a 500, never handed to a service."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from answers.models import AskTicket
from billing.models import ApiKey
from tests.edge_values import EDGES, TEXT, VALUES, Raw, dumps
from tests.mcpdoor.door import post

pytestmark = pytest.mark.django_db


def sent(client, path, body, **headers):
    return client.post(path, dumps(body), content_type="application/json", **headers)


@pytest.fixture
def key(client):
    return {"HTTP_X_API_KEY": client.post("/api/keys").json()["key"]}


QUANTITY, MONTHS = "items[0].quantity", "items[0].months"


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/tariff-quote", {"items": [{"unit": "ask", "quantity": Raw("2e400")}]}, QUANTITY),
        ("/api/tariff-quote", {"items": [{"unit": "ask", "quantity": 1, "months": 2**60}]}, MONTHS),
        ("/api/tariff-quote", {"items": [], "verifiedEmail": "\ud9ff"}, "verifiedEmail"),
        ("/api/ask", {"question": "Is it \udead?"}, "question"),
        ("/api/ask", {"question": "Fine", "topic": "a\x00"}, "topic"),
        ("/api/ask", {"question": "Fine", "\udead": 1}, "\\udead"),
        ("/api/ask", [1, Raw("-1E999")], "body[1]"),
        ("/api/ask", Raw("1e400"), "body"),
    ],
)  # fmt: skip
def test_an_edge_value_in_any_body_is_a_400_naming_its_field(client, path, body, field):
    response = sent(client, path, body)
    assert response.status_code == 400, response.content[:300]
    problem = response.json()
    assert (problem["state"], problem["field"]) == ("invalid-field", field)
    assert problem["errors"] == {field: [problem["error"].removeprefix(f"{field}: ")]}
    assert not AskTicket.objects.exists()


def test_an_edge_value_in_a_keyed_body_is_a_400_naming_it(client, key):
    response = sent(client, "/api/keys/verify", {"email": "a\udc00@example.org"}, **key)
    assert response.status_code == 400
    assert response.json()["field"] == "email"
    assert not ApiKey.objects.filter(email__startswith="a").exists()


@pytest.mark.parametrize("raw", ["NaN", "Infinity", "-Infinity"])
def test_a_constant_json_has_not_is_a_parse_error_on_the_mcp_door(client, raw):
    body = '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": '
    body += '{"name": "get_signals", "arguments": {"limit": ' + raw + "}}}"
    response = post(client, body)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == -32700


def test_a_lone_surrogate_outside_a_tools_arguments_is_a_parse_error(client):
    response = post(client, '{"jsonrpc": "2.0", "id": "\\ud800", "method": "ping"}')
    assert response.status_code == 400
    assert response.json()["error"]["code"] == -32700
    assert "id: contains a lone surrogate" in response.json()["error"]["message"]


@pytest.mark.parametrize("path", ["/records/a%00b/", "/records/%00/", "/terms/%00", "/%00"])
def test_a_nul_in_a_pages_path_is_a_404_reaching_no_view(client, path,
                                                          django_assert_num_queries):  # fmt: skip
    with django_assert_num_queries(0):  # a record page's lookup was a 500 on PostgreSQL
        response = client.get(path)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


# --- properties: any body at the edges, on every JSON operation ---------------------------------

OPERATIONS = ["/api/ask", "/api/tariff-quote", "/api/keys/verify"]
BODIES = (
    st.fixed_dictionaries(
        {},
        optional={
            name: VALUES
            for name in ("question", "mode", "topic", "items", "verifiedEmail", "email")
        },
    )
    | st.fixed_dictionaries(
        {
            "items": st.lists(
                st.dictionaries(st.sampled_from(["unit", "quantity", "months"]) | TEXT, VALUES),
                max_size=2,
            )
        }
    )
    | VALUES
)


@settings(EDGES, max_examples=90)
@given(path=st.sampled_from(OPERATIONS), body=BODIES)
def test_no_body_at_the_edges_is_a_500_and_every_refusal_names_a_field(client, key, path, body):
    response = sent(client, path, body, **key)
    assert response.status_code < 500, response.content[:300]
    if response.status_code == 400:
        problem = response.json()
        assert problem["field"], problem
        assert problem["field"] in problem["errors"], problem
