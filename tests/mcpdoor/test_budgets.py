"""Budgets on the MCP door, as an agent meets them: every read tool and ask take `maxTokens`
(one token per four characters, said in its description), the door keeps its 29 tools, a
budgeted answer still matches the tool's outputSchema, a page is served shorter with a cursor
that misses nothing, and a budget below the smallest answer is an error naming the minimum."""

import json
import math
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from records.services import records_transition
from tests.mcpdoor.door import post
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db
CALLS = json.loads((Path(__file__).parent / "calls.json").read_text())
WRITES = {"save_watch", "retire_watch"}


@pytest.fixture
def demo(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    settings.SVC_BURST_RATES = {**settings.SVC_BURST_RATES, "watch": "100000/m"}
    demo_load()
    records_transition()


def listed(client) -> dict[str, dict]:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    return {t["name"]: t for t in post(client, body).json()["result"]["tools"]}


def call(client, name, arguments) -> dict:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": name, "arguments": arguments}}  # fmt: skip
    return post(client, body).json()["result"]


def test_every_read_tool_and_ask_take_a_budget_and_the_door_keeps_29_tools(client):
    tools = listed(client)
    assert len(tools) == 29
    for name, tool in tools.items():
        given = tool["inputSchema"]["properties"].get("maxTokens")
        if name in WRITES:
            assert given is None, name
            continue
        assert given["type"] == "integer", name
        assert given["minimum"] == 1, name
        assert "one token per four characters" in given["description"], name
        assert "maxTokens" not in tool["inputSchema"].get("required", []), name


def test_every_tool_answers_within_a_budget_as_its_output_schema_says(client, demo):
    tools = listed(client)
    for name, arguments in CALLS["valid"].items():
        if arguments is None:
            continue
        result = call(client, name, {**arguments, "maxTokens": 200_000})
        assert not result["isError"], (name, result["content"][0]["text"][:300])
        content = result["structuredContent"]
        assert content["truncated"] == [], name
        assert content["budget"]["estimatedTokens"] <= 200_000
        assert content["budget"]["estimatedTokens"] == math.ceil(
            len(result["content"][0]["text"]) / 4
        ), name
        errors = list(Draft202012Validator(tools[name]["outputSchema"]).iter_errors(content))
        assert errors == [], (name, [e.message[:100] for e in errors[:3]])


def test_a_record_loses_its_oldest_reporting_first_as_on_rest(client, api, demo):
    topic = CALLS["topic"]
    whole = call(client, "get_topic_record", {"topic": topic})["structuredContent"]
    budget = math.ceil(len(json.dumps(whole, separators=(",", ":"))) / 4) - 300
    cut = call(client, "get_topic_record", {"topic": topic, "maxTokens": budget})
    record = cut["structuredContent"]
    rest = api.get(f"/api/record/{topic}", {"maxTokens": budget}).json()
    assert record["truncated"] == rest["truncated"]
    assert record["truncated"][0]["part"] == "layers.reporting.items"
    assert record["layers"]["reporting"]["items"] == rest["layers"]["reporting"]["items"]
    kept = record["layers"]["reporting"]["items"]
    assert kept == whole["layers"]["reporting"]["items"][: len(kept)]


def test_a_page_is_served_shorter_and_its_cursor_misses_nothing(client, demo):
    every = call(client, "list_topics", {"limit": 50})["structuredContent"]["records"]
    text = call(client, "list_topics", {"limit": 50, "maxTokens": 1})["content"][0]["text"]
    smallest = int(re.search(r"at least (\d+)", text).group(1))  # the first topic alone
    sizes = [len(json.dumps(r, separators=(",", ":"))) for r in every]
    # Room for the largest topic twice over: each page serves two or more, never all.
    budget = smallest - sizes[0] // 4 + math.ceil(2.2 * max(sizes) / 4)
    seen, cursor, pages = [], None, 0
    while True:
        arguments = {"limit": 50, "maxTokens": budget, **({"cursor": cursor} if cursor else {})}
        answered = call(client, "list_topics", arguments)
        assert not answered["isError"], answered["content"][0]["text"]
        page = answered["structuredContent"]
        seen += page["records"]
        pages += 1
        cursor = page["nextCursor"]
        if not cursor:
            break
    assert [r["topic"] for r in seen] == [r["topic"] for r in every]
    assert pages >= 3


def test_a_reading_and_an_answer_lose_their_least_important_parts(client, demo):
    reading = {"base": "topic-record", "coordinates": {"topic": CALLS["topic"]}}
    whole = call(client, "unfurl_watch", reading)["content"][0]["text"]
    cut = call(client, "unfurl_watch", {**reading, "maxTokens": len(whole) // 4 - 200})
    assert cut["structuredContent"]["truncated"][0]["part"] == "reading.layers.reporting.items"
    question = {"question": "What did the Fed decide, and where do markets stand on a cut?"}
    answer = call(client, "ask", question)["content"][0]["text"]
    shorter = call(client, "ask", {**question, "maxTokens": len(answer) // 4 - 20})
    assert shorter["structuredContent"]["truncated"][0]["part"].startswith("answer.")


def test_below_the_smallest_answer_the_tool_says_the_minimum(client, demo):
    refused = call(client, "get_signals", {"maxTokens": 5})
    assert refused["isError"]
    text = refused["content"][0]["text"]
    assert "maxTokens" in text
    assert "budget-too-small" in text
    minimum = int(re.search(r"at least (\d+)", text).group(1))
    served = call(client, "get_signals", {"maxTokens": minimum})
    assert not served["isError"]
    assert len(served["structuredContent"]["signals"]) == 1
    wrong = call(client, "start_here", {"maxTokens": "lots"})
    assert wrong["isError"]
    assert wrong["content"][0]["text"].startswith("maxTokens:")
