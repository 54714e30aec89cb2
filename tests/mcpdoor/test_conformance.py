"""The official MCP Python SDK against a live server, in both protocol eras."""

import asyncio
import json
from pathlib import Path

import jsonschema
import pytest

mcp = pytest.importorskip("mcp")

from mcp import Client  # noqa: E402

from worlds.demo import demo_load  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)
# The calls both SDK lines make (tests/mcpdoor/sdk1_client.py reads the same file).
CALLS = json.loads((Path(__file__).parent / "calls.json").read_text())
TOPIC, VALID, KEYED = CALLS["topic"], CALLS["valid"], CALLS["keyed"]


@pytest.fixture
def door(live_server):
    demo_load()
    return f"{live_server.url}/api/mcp"


def run(coroutine):
    return asyncio.run(coroutine)


async def session_check(url: str, mode: str) -> dict:
    seen = {}
    async with Client(url, mode=mode) as client:
        listed = await client.list_tools()
        seen["tools"] = {tool.name: tool for tool in listed.tools}
        ticket = await client.call_tool(
            "ask", {"question": "Is Hurricane Tavia still active?", "mode": "async"}
        )
        calls = dict(VALID, get_answer={"ticket": ticket.structured_content["ticket"]})
        seen["results"] = {name: await client.call_tool(name, args) for name, args in calls.items()}
        seen["keyed"] = {name: await client.call_tool(name, {}) for name in KEYED}
        seen["alias"] = await client.call_tool("get_truth_object", {"topic": TOPIC})
        seen["prompt"] = await client.get_prompt("look-around")
        seen["prompt_alias"] = await client.get_prompt("judge-us-first")
    return seen


@pytest.mark.parametrize("mode", ["2026-07-28", "legacy"])
def test_the_sdk_lists_and_calls_every_tool(door, mode):
    seen = run(session_check(door, mode))
    assert len(seen["tools"]) == 29
    for name, result in seen["results"].items():
        assert not result.is_error, (name, result.content)
        schema = seen["tools"][name].output_schema
        jsonschema.validate(result.structured_content, schema)
        assert json.loads(result.content[0].text) == result.structured_content, name
    for name, result in seen["keyed"].items():
        assert result.is_error, name
        assert "key" in result.content[0].text.lower(), name
    assert seen["alias"].structured_content["schema"] == "svc.record.v1"
    assert any(
        "current name is 'get_topic_record'" in block.text for block in seen["alias"].content
    )
    assert seen["prompt"].messages[0].content.text == seen["prompt_alias"].messages[0].content.text


# --- a saved Watch of every base, as the SDK reads it --------------------------------------

WATCHES = CALLS["watches"]  # a Watch of each standard base, with coordinates of its own


@pytest.fixture
def slotted(door, settings):
    """A key with a slot for each base, granted as a curator grants one; past the burst limit
    (thirty calls a minute), as the CI runs set it (`SVC_BURST_WATCH`)."""
    from billing import services as billing

    settings.SVC_BURST_RATES = {**settings.SVC_BURST_RATES, "watch": "1000/m"}
    key, secret = billing.key_issue(address="198.51.100.40")
    billing.slot_grant(key=key, slots=len(WATCHES), reason="conformance")
    return secret


async def keyed_session(url: str, mode: str, key: str, calls) -> dict:
    """`calls(client)`'s results, on a session whose requests carry the key."""
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    async with (
        create_mcp_http_client(headers={"x-api-key": key}) as http,
        Client(streamable_http_client(url, http_client=http), mode=mode) as client,
    ):
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        return {"tools": tools, **await calls(client)}


async def saves(client) -> dict:
    results = {}
    for base, coordinates in WATCHES.items():
        asked = {"base": base, "coordinates": coordinates}
        results[f"unfurl_watch {base}"] = await client.call_tool("unfurl_watch", asked)
        results[f"save_watch {base}"] = await client.call_tool(
            "save_watch", {**asked, "label": base}
        )
    return {"results": results}


def recalls(ids: dict[str, str]):
    async def calls(client) -> dict:
        results = {"list_saved_watches": await client.call_tool("list_saved_watches", {})}
        for base, watch_id in ids.items():
            for name in ("recall_watch", "get_watch_readings", "retire_watch"):
                results[f"{name} {base}"] = await client.call_tool(name, {"watchId": watch_id})
        results["list_saved_watches retired"] = await client.call_tool("list_saved_watches", {})
        return {"results": results}

    return calls


def valid(seen: dict) -> None:
    """Every result (named "<tool> <what>") a success, valid against its tool's outputSchema
    (the SDK checked it too: an invalid one raises inside call_tool), its text the same JSON."""
    for call, result in seen["results"].items():
        assert not result.is_error, (call, result.content)
        schema = seen["tools"][call.split(" ")[0]].output_schema
        jsonschema.validate(result.structured_content, schema)
        assert json.loads(result.content[0].text) == result.structured_content, call


@pytest.mark.parametrize("mode", ["2026-07-28", "legacy"])
def test_the_sdk_saves_lists_recalls_and_retires_a_watch_of_every_base(door, slotted, mode):
    from watches import tasks
    from watches.catalogue import STANDARD

    assert set(WATCHES) == set(STANDARD)
    seen = run(keyed_session(door, mode, slotted, saves))
    valid(seen)
    saved = {base: seen["results"][f"save_watch {base}"].structured_content for base in WATCHES}
    ids = {base: watch["watchId"] for base, watch in saved.items()}
    tasks.run_watches()  # a reading of each, so a recall carries its latest readings
    seen = run(keyed_session(door, mode, slotted, recalls(ids)))
    valid(seen)
    listed = seen["results"]["list_saved_watches retired"].structured_content["watches"]
    assert {(w["base"], w["state"]) for w in listed} == {(base, "retired") for base in WATCHES}
    for base, coordinates in WATCHES.items():
        recalled = seen["results"][f"recall_watch {base}"].structured_content
        assert recalled["base"] == base
        assert coordinates.items() <= recalled["coordinates"].items(), base
        assert recalled["latestReadings"], base


# --- the quality card, a resource (not a 30th tool), as the SDK reads it ----------------------


async def resources(url: str, mode: str) -> dict:
    async with Client(url, mode=mode) as client:
        listed = (await client.list_resources()).resources
        read = await client.read_resource(str(listed[0].uri))
        tools = (await client.list_tools()).tools
    return {"listed": listed, "read": read, "tools": tools}


@pytest.mark.parametrize("mode", ["2026-07-28", "legacy"])
def test_the_sdk_reads_the_quality_card_as_a_resource(door, mode):
    from answers import services
    from answers.measure import quality

    nothing = {"right": 0, "of": 0, "failures": []}
    ran = {"general": {}, "identity": {"tally": {}, "cases": 0},
           "generated": {"tally": {}, "cases": 0}, "conflicts": nothing,
           "repeat": nothing, "lies": nothing}  # fmt: skip
    stored = services.quality_card_store(card=quality.quality_card(ran, registries=[], limit=1))
    seen = run(resources(door, mode))
    assert [str(r.uri) for r in seen["listed"]] == ["svc://quality/card"]
    assert seen["listed"][0].mime_type == "application/json"
    [content] = seen["read"].contents
    card = json.loads(content.text)
    assert (card["schema"], card["version"]) == ("svc.quality.v1", stored.pk)
    jsonschema.validate(card, _quality_schema())
    assert len(seen["tools"]) == 29


def _quality_schema() -> dict:
    from config.contract import self_contained

    return self_contained("svc.quality.v1")
