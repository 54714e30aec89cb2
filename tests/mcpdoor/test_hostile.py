"""The MCP door from the attacker's side: every odd message is a JSON-RPC error, never a 500."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcpdoor.protocol import METHODS, MODERN
from mcpdoor.registry import TOOLS
from tests.edge_values import EDGES, TEXT, VALUES, WATCH_BODIES, dumps
from tests.mcpdoor.door import MODERN_META, post

pytestmark = pytest.mark.django_db


def message(method, params):
    return {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}


def error_code(response):
    assert response.status_code < 500, response.content[:300]
    return response.json()["error"]["code"]


@pytest.mark.parametrize("header", ["=?base64?!!!not base64?=", "=?base64?a?=", "=?base64?/w==?="])
def test_a_malformed_base64_mcp_method_header_is_a_400_header_mismatch(client, header):
    response = post(
        client,
        message("tools/list", {"_meta": MODERN_META}),
        HTTP_MCP_PROTOCOL_VERSION=MODERN,
        HTTP_MCP_METHOD=header,
    )
    assert response.status_code == 400
    assert error_code(response) == -32020


def test_a_tools_list_cursor_that_is_no_integer_is_invalid_params(client):
    for cursor in ("1e400", "-1e400", "nan", 1e300, [1], {"a": 1}, True):
        raw = json.dumps(message("tools/list", {"cursor": cursor}))
        assert error_code(post(client, raw)) == -32602, cursor
    raw = '{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"cursor": 1e400}}'
    assert error_code(post(client, raw)) == -32602


@pytest.mark.parametrize("name", [["look-around"], {"a": 1}, 3, None, True])
def test_prompts_get_with_a_name_that_is_no_string_is_invalid_params(client, name):
    assert error_code(post(client, message("prompts/get", {"name": name}))) == -32602


@pytest.mark.parametrize("offset", [2**63, 2**64 + 5, 10**30])
def test_get_dataset_with_an_offset_past_any_row_is_an_argument_error(client, offset):
    from records import datasets

    dataset = next(iter(datasets.DATASETS))
    arguments = {"id": dataset, "offset": offset}
    response = post(client, message("tools/call", {"name": "get_dataset", "arguments": arguments}))
    assert response.status_code == 200, response.content[:300]
    result = response.json()["result"]
    assert result["isError"] is True
    assert result["content"][0]["text"].startswith("offset:")


def call(client, name, arguments):
    response = post(client, message("tools/call", {"name": name, "arguments": arguments}))
    assert response.status_code == 200, response.content[:300]
    return response.json()["result"]


@pytest.mark.parametrize(
    ("tool", "arguments", "said"),
    [
        # Each was coerced and answered: "5" read as 5, true as the vertical "True".
        ("get_signals", {"limit": "5"}, 'limit: expected an integer, got a string "5".'),
        ("get_signals", {"limit": True}, "limit: expected an integer, got a boolean true."),
        ("get_signals", {"vertical": True}, "vertical: expected a string, got a boolean true."),
        ("get_dataset", {"id": 7}, "id: expected a string, got a number 7."),
        ("search_reporting", {"q": ["a"]}, 'q: expected a string, got an array ["a"].'),
        ("get_topic_record", {"topic": None}, "topic: expected a string, got null."),
        ("unfurl_watch", {"coordinates": "x"}, "coordinates: expected an object, got a string"),
    ],
)
def test_tool_arguments_are_typed_strictly_and_errors_name_json_types(client, tool, arguments,
                                                                      said):  # fmt: skip
    result = call(client, tool, arguments)
    assert result["isError"] is True
    assert result["content"][0]["text"].startswith(said)


def test_a_long_refused_value_or_name_is_quoted_short(client):
    text = call(client, "get_signals", {"limit": "9" * 5000})["content"][0]["text"]
    assert text.startswith('limit: expected an integer, got a string "999')
    assert len(text) < 200
    text = call(client, "get_signals", {"x" * 5000: 1})["content"][0]["text"]
    assert text.startswith('"xxx')
    assert "..." in text
    assert len(text) < 300


@pytest.mark.parametrize("name", ["no_such_tool", ["get_signals"], {"a": 1}, "n" * 3000])
def test_an_unknown_tool_is_named_as_json_not_as_a_python_repr(client, name):
    response = post(client, message("tools/call", {"name": name, "arguments": {}}))
    error = response.json()["error"]
    assert error["code"] == -32602
    assert error["message"].startswith(f"Unknown tool: {json.dumps(name)[:20]}")
    assert "'" not in error["message"]
    assert len(error["message"]) < 200


def test_a_nul_in_an_argument_is_that_arguments_error_not_a_parse_error(client):
    result = call(client, "search_entities", {"q": "ab\x00c"})
    assert result["isError"] is True
    assert result["content"][0]["text"].startswith("q: contains a NUL character.")
    outside = post(client, message("tools/call\x00", {"name": "start_here"}))
    assert outside.status_code == 400
    assert error_code(outside) == -32700


# --- a bounded fuzz over JSON-RPC bodies: real methods and tools, params of wrong types ---------

JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
ARGUMENT_NAMES = sorted(
    {name for tool in TOOLS.values() if tool.arguments for name in tool.arguments().fields}
)
ARGUMENTS = st.dictionaries(st.sampled_from(ARGUMENT_NAMES), JUNK, max_size=4)
TOOL_CALL = st.fixed_dictionaries(
    {"name": st.sampled_from(sorted(TOOLS)) | JUNK, "arguments": ARGUMENTS | JUNK}
)
PARAMS = st.dictionaries(
    st.sampled_from(["cursor", "name", "arguments", "protocolVersion", "_meta"])
    | st.text(max_size=8),
    JUNK,
    max_size=4,
)
HEADER_TEXT = st.text(
    st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=30
) | st.builds(lambda s: f"=?base64?{s}?=", st.text(st.characters(max_codepoint=0x7E), max_size=12))
HEADERS = st.dictionaries(
    st.sampled_from(
        [
            "HTTP_MCP_PROTOCOL_VERSION",
            "HTTP_MCP_METHOD",
            "HTTP_MCP_NAME",
            "HTTP_X_API_KEY",
            "HTTP_AUTHORIZATION",
            "HTTP_ACCEPT",
        ]
    ),
    HEADER_TEXT | st.sampled_from([MODERN, "tools/call", "tools/list"]),
    max_size=3,
)


@settings(
    max_examples=200,
    database=None,  # no example files left in the checkout
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    method=st.sampled_from(sorted(METHODS)),
    params=PARAMS | TOOL_CALL | JUNK,
    headers=HEADERS,
    modern=st.booleans(),
)
def test_no_json_rpc_body_gets_a_5xx(client, method, params, headers, modern):
    if modern and isinstance(params, dict):
        params = {**params, "_meta": MODERN_META}
    response = post(client, message(method, params), **headers)
    assert response.status_code < 500, (method, params, headers, response.content[:300])
    if response.status_code != 202:
        assert "jsonrpc" in response.content.decode(errors="replace")


# --- every tool's arguments at the edges of their types: refused naming the argument ------------


def argument_names(name):
    arguments = TOOLS[name].arguments
    return sorted(arguments().fields) if arguments else []


@st.composite
def edge_calls(draw):
    name = draw(st.sampled_from(sorted(TOOLS)))
    names = argument_names(name)
    given = (
        WATCH_BODIES
        if "coordinates" in names
        else st.fixed_dictionaries({}, optional=dict.fromkeys(names, VALUES))
    )
    return name, draw(given | st.dictionaries(TEXT, VALUES, max_size=2))


@pytest.fixture
def keyed(client, settings):
    settings.SVC_BURST_RATES = {**settings.SVC_BURST_RATES, "watch": "100000/m"}
    return {"HTTP_X_API_KEY": client.post("/api/keys").json()["key"]}


@settings(EDGES, max_examples=120)
@given(call=edge_calls())
def test_no_tool_call_at_the_edges_is_a_500_and_every_argument_refusal_names_it(client, keyed,
                                                                                call):  # fmt: skip
    name, arguments = call
    raw = dumps(message("tools/call", {"name": name, "arguments": arguments}))
    response = post(client, raw, **keyed)
    assert response.status_code == 200, (name, response.content[:300])
    result = response.json()["result"]
    text = result["content"][0]["text"]
    if result["isError"] and text.endswith("See the tool's inputSchema in tools/list."):
        field = text.split(": ", 1)[0]
        named = field.split(".")[0].split("[")[0]
        assert field.startswith('"') or named in {*arguments, *argument_names(name)}, text
