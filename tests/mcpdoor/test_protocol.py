"""The MCP door's JSON-RPC rules over HTTP, both eras, and every error code."""

import json

import pytest
from django.utils import timezone

from billing.models import ApiKey
from mcpdoor.protocol import MODERN
from tests.mcpdoor.door import MODERN_META, post
from watches.catalogue import STANDARD
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db


def rpc(client, method, params=None, **headers):
    return post(
        client,
        {
            "jsonrpc": "2.0",
            "id": 7,
            "method": method,
            **({"params": params} if params is not None else {}),
        },
        **headers,
    )


def modern(client, method, params=None, name=None, **headers):
    headers = {"HTTP_MCP_PROTOCOL_VERSION": MODERN, "HTTP_MCP_METHOD": method, **headers}
    if name:
        headers["HTTP_MCP_NAME"] = name
    return rpc(client, method, {**(params or {}), "_meta": MODERN_META}, **headers)


def test_get_is_405_allowing_post(client):
    response = client.get("/api/mcp")
    assert response.status_code == 405
    assert response["Allow"] == "POST"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ("{not json", -32700),
        ([{"jsonrpc": "2.0", "id": 1, "method": "ping"}], -32600),
        ({"jsonrpc": "1.0", "id": 1, "method": "ping"}, -32600),
        ({"jsonrpc": "2.0", "id": 1}, -32600),
        ({"jsonrpc": "2.0", "id": {"x": 1}, "method": "ping"}, -32600),
    ],
)
def test_malformed_messages_get_their_json_rpc_codes(client, body, code):
    response = post(client, body)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code


def test_notifications_are_accepted_without_an_answer(client):
    response = post(client, {"jsonrpc": "2.0", "method": "notifications/initialized"})
    assert (response.status_code, response.content) == (202, b"")


def test_unknown_method_tool_and_prompt(client):
    assert rpc(client, "resources/subscribe").json()["error"]["code"] == -32601
    unknown_tool = rpc(client, "tools/call", {"name": "no_such_tool", "arguments": {}})
    assert unknown_tool.json()["error"]["code"] == -32602
    assert rpc(client, "prompts/get", {"name": "nope"}).json()["error"]["code"] == -32602


def test_initialize_echoes_a_supported_version_else_offers_the_latest(client):
    for asked, given in (
        ("2025-03-26", "2025-03-26"),
        ("2025-06-18", "2025-06-18"),
        ("2025-11-25", "2025-11-25"),
        ("2024-01-01", "2025-11-25"),
    ):
        result = rpc(
            client,
            "initialize",
            {
                "protocolVersion": asked,
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"},
            },
        )
        assert result.json()["result"]["protocolVersion"] == given
        assert result.json()["result"]["serverInfo"]["name"]


def test_discover_and_lists_carry_the_2026_07_28_fields(client):
    found = modern(client, "server/discover").json()["result"]
    assert MODERN in found["supportedVersions"]
    assert (found["resultType"], found["cacheScope"]) == ("complete", "public")
    assert found["ttlMs"] > 0
    tools = modern(client, "tools/list").json()["result"]
    assert len(tools["tools"]) == 29
    assert tools["resultType"] == "complete"
    assert "ttlMs" in tools
    assert all(
        set(t) >= {"name", "inputSchema", "outputSchema", "annotations"} for t in tools["tools"]
    )
    prompts = modern(client, "prompts/list").json()["result"]
    assert [p["name"] for p in prompts["prompts"]] == ["look-around"]


def test_a_listed_tool_names_the_earlier_names_it_still_answers_to(client):
    """The 29 listed tools are the current names only; a tool with earlier names says them in
    its description and `_meta`, and each is answered with the current tool's payload."""
    demo_load()
    tools = {t["name"]: t for t in rpc(client, "tools/list").json()["result"]["tools"]}
    assert len(tools) == 29
    earlier = {t["name"]: t["_meta"]["svc/earlierNames"] for t in tools.values() if "_meta" in t}
    assert earlier == {
        "start_here": ["orient"],
        "get_topic_record": ["get_truth_object", "get_truth_record"],
    }
    assert not set(tools) & {name for names in earlier.values() for name in names}
    for current, names in earlier.items():
        assert all(name in tools[current]["description"] for name in names)
        arguments = {"topic": "disaster-hurricane-tavia"} if current == "get_topic_record" else {}
        for name in names:
            result = rpc(client, "tools/call", {"name": name, "arguments": arguments})
            answered = result.json()["result"]
            assert not answered["isError"], answered
            assert answered["_meta"] == {"svc/currentName": current}


def test_2026_07_28_requests_are_checked(client):
    missing = rpc(
        client,
        "tools/list",
        {"_meta": {"io.modelcontextprotocol/protocolVersion": MODERN}},
        HTTP_MCP_PROTOCOL_VERSION=MODERN,
        HTTP_MCP_METHOD="tools/list",
    )
    assert (missing.status_code, missing.json()["error"]["code"]) == (400, -32602)
    old = rpc(
        client,
        "tools/list",
        {"_meta": {**MODERN_META, "io.modelcontextprotocol/protocolVersion": "1900-01-01"}},
        HTTP_MCP_PROTOCOL_VERSION="1900-01-01",
        HTTP_MCP_METHOD="tools/list",
    )
    assert old.json()["error"]["code"] == -32022
    assert MODERN in old.json()["error"]["data"]["supported"]
    mismatch = modern(
        client, "tools/call", {"name": "start_here", "arguments": {}}, name="get_signals"
    )
    assert (mismatch.status_code, mismatch.json()["error"]["code"]) == (400, -32020)
    assert modern(client, "nothing/here").status_code == 404


def test_an_event_stream_only_accept_gets_one_sse_event(client):
    response = rpc(client, "ping", HTTP_ACCEPT="text/event-stream")
    assert response["content-type"].startswith("text/event-stream")
    text = response.content.decode()
    assert text.startswith("event: message\ndata: ")
    assert json.loads(text.split("data: ", 1)[1])["result"] == {}


def test_a_foreign_origin_is_refused(client, settings):
    response = rpc(client, "ping", HTTP_ORIGIN="https://evil.example")
    assert response.status_code == 403
    assert rpc(client, "ping", HTTP_ORIGIN="http://127.0.0.1:8000").status_code == 200
    assert "access-control-allow-origin" not in response


def test_bad_arguments_are_tool_errors_that_say_how_to_fix_them(client):
    result = rpc(client, "tools/call", {"name": "get_signals", "arguments": {"limit": 999}})
    body = result.json()["result"]
    assert body["isError"] is True
    assert body["content"][0]["text"].startswith("limit:")
    extra = rpc(client, "tools/call", {"name": "get_signals", "arguments": {"colour": "red"}})
    assert "colour" in extra.json()["result"]["content"][0]["text"]


def test_keyed_tools_read_the_key_and_keep_the_slot_rules(client):
    key = client.post("/api/keys").json()["key"]
    headers = {"HTTP_X_API_KEY": key}
    no_slot = rpc(
        client,
        "tools/call",
        {"name": "save_watch", "arguments": {"base": "current-signals"}},
        **headers,
    )
    text = no_slot.json()["result"]["content"][0]["text"]
    assert no_slot.json()["result"]["isError"] is True
    assert "no-free-slot" in text
    assert "/api/tariff" in text
    ApiKey.objects.update(email="ada@example.org", email_verified_at=timezone.now())
    saved = rpc(
        client,
        "tools/call",
        {"name": "save_watch", "arguments": {"base": "current-signals"}},
        **headers,
    )
    watch_id = saved.json()["result"]["structuredContent"]["watchId"]
    listed = rpc(client, "tools/call", {"name": "list_saved_watches", "arguments": {}}, **headers)
    assert [w["watchId"] for w in listed.json()["result"]["structuredContent"]["watches"]] == [
        watch_id
    ]


def test_tool_names_follow_the_pattern_and_every_tool_has_a_machine_page(client):
    from mcpdoor.protocol import TOOLS

    index = client.get("/machine/").content.decode()
    for name, tool in TOOLS.items():
        assert name in index
        page = client.get(f"/machine/tools/{name}/")
        assert page.status_code == 200
        assert (tool.rest_twin or "MCP only") in page.content.decode()
    assert client.get("/machine/tools/nothing/").status_code == 404


def _call(client, name, arguments=None, **headers):
    return rpc(client, "tools/call", {"name": name, "arguments": arguments or {}}, **headers)


def test_watch_tools_keep_the_burst_limit_in_one_window_with_their_rest_twins(client, settings):
    settings.SVC_BURST_RATES = {**settings.SVC_BURST_RATES, "watch": "3/h"}
    assert client.get("/api/v1/watches/standard").status_code == 200
    first = _call(client, "list_standard_watches").json()["result"]
    second = _call(client, "unfurl_watch", {"base": "current-signals"}).json()["result"]
    assert first["isError"] is False
    assert second["isError"] is False
    refused = _call(client, "unfurl_watch", {"base": "current-signals"}).json()["result"]
    assert refused["isError"] is True
    text = refused["content"][0]["text"]
    assert "state: rate-limited, as HTTP 429" in text
    assert "Retry after" in text
    assert client.get("/api/v1/watches/standard").status_code == 429  # one window, both doors


def test_the_burst_window_is_per_key_on_the_mcp_door_too(client, settings):
    settings.SVC_BURST_RATES = {**settings.SVC_BURST_RATES, "watch": "1/h"}
    key = {"HTTP_X_API_KEY": client.post("/api/keys").json()["key"]}
    assert _call(client, "list_standard_watches").json()["result"]["isError"] is False
    assert _call(client, "list_standard_watches").json()["result"]["isError"] is True
    assert _call(client, "list_standard_watches", **key).json()["result"]["isError"] is False


def test_every_tool_has_its_rest_twins_burst_limit_and_lists_it(client):
    from django.urls import resolve

    from config.bursts import BurstLimited
    from mcpdoor.protocol import TOOLS

    listed = {t["name"]: t for t in rpc(client, "tools/list").json()["result"]["tools"]}
    limited = 0
    for name, tool in TOOLS.items():
        twin_burst = None
        if tool.rest_twin:
            path = tool.rest_twin.split(" ", 1)[1].split("?")[0].replace("{", "").replace("}", "")
            view = resolve(path).func.view_class
            twin_burst = view.burst if issubclass(view, BurstLimited) else None
        assert tool.burst == twin_burst, name
        if tool.burst:
            limited += 1
            assert "Burst limit: 30 calls a minute per key" in listed[name]["description"]
    assert limited == 7  # the Watch operations


@pytest.mark.parametrize(
    ("tool", "arguments", "rest"),
    [
        ("get_entity", {"slug": "nobody-at-all"}, "/api/v1/entities/nobody-at-all"),
        ("get_source", {"id": "no-such-source"}, "/api/v1/sources/no-such-source"),
    ],
)
def test_an_unknown_entity_or_source_is_the_same_refusal_on_both_doors(
    client, tool, arguments, rest
):
    refused = _call(client, tool, arguments).json()["result"]
    problem = client.get(rest).json()
    assert refused["isError"] is True
    assert problem["state"] == "not-found"
    assert refused["content"][0]["text"].startswith(problem["error"])
    assert "(state: not-found, as HTTP 404)" in refused["content"][0]["text"]


def test_an_unknown_protocol_version_header_is_refused_as_the_transport_says(client):
    refused = rpc(client, "tools/list", HTTP_MCP_PROTOCOL_VERSION="1999-12-31")
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["data"]["requested"] == "1999-12-31"
    assert "1999-12-31" not in error["data"]["supported"]
    assert rpc(client, "tools/list", HTTP_MCP_PROTOCOL_VERSION="2025-06-18").status_code == 200


def test_a_notification_answer_claims_no_html(client):
    response = post(client, {"jsonrpc": "2.0", "method": "notifications/initialized"})
    assert response.status_code == 202
    assert "html" not in response.get("Content-Type", "")


def test_a_modern_request_naming_another_version_is_not_told_it_is_supported(client):
    legacy = "2025-11-25"
    refused = rpc(
        client,
        "tools/list",
        {"_meta": {**MODERN_META, "io.modelcontextprotocol/protocolVersion": legacy}},
        HTTP_MCP_PROTOCOL_VERSION=MODERN,
        HTTP_MCP_METHOD="tools/list",
    )
    assert refused.json()["error"]["code"] == -32022
    assert legacy not in refused.json()["error"]["data"]["supported"]


def test_tool_inputs_are_typed_as_their_rest_twins_take_them(client):
    tools = {t["name"]: t for t in rpc(client, "tools/list").json()["result"]["tools"]}
    unfurl = tools["unfurl_watch"]["inputSchema"]["properties"]
    assert unfurl["base"]["type"] == "string"
    assert set(unfurl["base"]["enum"]) == set(STANDARD)  # a closed set: the standard Watches
    assert unfurl["coordinates"]["type"] == "object"
    names = tools["compare_entities"]["inputSchema"]["properties"]["names"]
    assert "pattern" in names
    assert tools["ask"]["inputSchema"]["properties"]["question"]["type"] == "string"


def test_tool_input_patterns_are_ecma_and_admit_what_the_tool_takes(client):
    import re

    tools = {t["name"]: t for t in rpc(client, "tools/list").json()["result"]["tools"]}
    topic = tools["ask"]["inputSchema"]["properties"]["topic"]["pattern"]
    assert "\\Z" not in topic
    assert re.search(topic, "")
    assert re.search(topic, "disaster-hurricane-tavia")


@pytest.mark.parametrize(
    "body",
    [
        '{"jsonrpc": "2.0", "id": 1, "method": "ping", "method": "tools/list"}',
        '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "get_signals",'
        ' "arguments": {"limit": 5, "limit": 500}}}',
    ],
)
def test_a_key_given_twice_is_a_parse_error_naming_it(client, body):
    response = post(client, body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == -32700
    assert "appears twice" in error["message"]
