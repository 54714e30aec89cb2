"""The official MCP Python SDK's 1.x line against a live MCP door (make mcp-sdk1, .ci/mcp-sdk1).

The 1.x and 2.x SDKs cannot share one environment, so this runs in a virtualenv of its own
(requirements/mcp-sdk1.txt) against a running server; test_conformance.py drives 2.x in the
suite. Same calls (calls.json), same checks: every tool listed and called, every result valid
against the tool's outputSchema, keyed tools refused without a key, the tool and prompt aliases;
then, with a key holding a slot for each standard Watch, one Watch of each base unfurled, saved,
listed, recalled, read and retired, each result valid against its tool's outputSchema.
Exits non-zero on the first failed check.

    python tests/mcpdoor/sdk1_client.py http://127.0.0.1:8000/api/mcp SLOTTED_KEY
"""

import asyncio
import json
import sys
from importlib.metadata import version
from pathlib import Path

import jsonschema
from mcp import ClientSession
from mcp.client.streamable_http import streamablehttp_client

CALLS = json.loads((Path(__file__).parent / "calls.json").read_text())
QUESTION = CALLS["valid"]["ask"]["question"]


async def listed_tools(session: ClientSession) -> dict:
    tools, cursor = {}, None
    while True:
        page = await session.list_tools(cursor=cursor)
        tools.update({tool.name: tool for tool in page.tools})
        cursor = page.nextCursor
        if not cursor:
            return tools


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"FAILED: {what}")


async def conformance(url: str) -> str:
    async with (
        streamablehttp_client(url) as (read, write, _),
        ClientSession(read, write) as session,
    ):
        started = await session.initialize()
        tools = await listed_tools(session)
        check(len(tools) == 29, f"29 tools listed, not {len(tools)}")
        ticket = await session.call_tool("ask", {"question": QUESTION, "mode": "async"})
        calls = dict(CALLS["valid"], get_answer={"ticket": ticket.structuredContent["ticket"]})
        for name, arguments in calls.items():
            result = await session.call_tool(name, arguments)
            check(not result.isError, f"{name}: {result.content}")
            jsonschema.validate(result.structuredContent, tools[name].outputSchema)
            check(json.loads(result.content[0].text) == result.structuredContent, name)
        for name in CALLS["keyed"]:
            refused = await session.call_tool(name, {})
            check(refused.isError and "key" in refused.content[0].text.lower(), name)
        alias = await session.call_tool("get_truth_object", {"topic": CALLS["topic"]})
        check(alias.structuredContent["schema"] == "svc.record.v1", "the tool alias")
        prompt = await session.get_prompt("look-around")
        earlier = await session.get_prompt("judge-us-first")
        check(prompt.messages[0].content.text == earlier.messages[0].content.text, "prompt alias")
    return (
        f"mcp {version('mcp')} (protocol {started.protocolVersion}): {len(tools)} tools listed, "
        f"{len(calls)} called with valid structuredContent, {len(CALLS['keyed'])} keyed refused"
    )


async def checked(session: ClientSession, tools: dict, name: str, arguments: dict) -> dict:
    """A call's structured content, a success valid against the tool's outputSchema (the SDK
    checks it too, and raises on an invalid one), its text the same JSON."""
    result = await session.call_tool(name, arguments)
    check(not result.isError, f"{name} {arguments}: {result.content}")
    jsonschema.validate(result.structuredContent, tools[name].outputSchema)
    check(json.loads(result.content[0].text) == result.structuredContent, name)
    return result.structuredContent


async def watches(url: str, key: str) -> str:
    """A Watch of each base, with coordinates of its own, through its whole life."""
    async with (
        streamablehttp_client(url, headers={"x-api-key": key}) as (read, write, _),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        tools = await listed_tools(session)
        saved = {}
        for base, coordinates in CALLS["watches"].items():
            asked = {"base": base, "coordinates": coordinates}
            await checked(session, tools, "unfurl_watch", asked)
            watch = await checked(session, tools, "save_watch", {**asked, "label": base})
            check(coordinates.items() <= watch["coordinates"].items(), f"{base}: coordinates")
            saved[base] = watch["watchId"]
        await checked(session, tools, "list_saved_watches", {})
        for watch_id in saved.values():
            for name in ("recall_watch", "get_watch_readings", "retire_watch"):
                await checked(session, tools, name, {"watchId": watch_id})
        listed = await checked(session, tools, "list_saved_watches", {})
        states = {(w["base"], w["state"]) for w in listed["watches"]}
        check(states == {(base, "retired") for base in saved}, f"all retired: {states}")
    return f"a Watch of each of {len(saved)} bases unfurled, saved, listed, recalled, retired"


if __name__ == "__main__":
    print(asyncio.run(conformance(sys.argv[1])))
    print(asyncio.run(watches(sys.argv[1], sys.argv[2])))
