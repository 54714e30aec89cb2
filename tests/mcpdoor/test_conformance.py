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
