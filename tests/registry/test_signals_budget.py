"""GET /api/v1/signals?maxTokens=: fewer of the page, never fewer than the first (the busiest),
and its cursor follows the last one served, so a caller reading on with it misses none."""

import math

import pytest
from jsonschema import Draft202012Validator

from config.contract import self_contained
from records.services import records_transition
from registry import selectors
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db


@pytest.fixture
def flagged():
    demo_load()
    records_transition()
    shown = selectors.signals_current(vertical=None, tier=None, limit=200)["signals"]
    assert len(shown) >= 4
    return [s["topic"] for s in shown]


def walk(api, **query) -> tuple[list[str], list[dict]]:
    """Every signal, page after page, and each page as answered."""
    topics, pages, cursor = [], [], None
    while True:
        page = api.get("/api/v1/signals", {**query, **({"cursor": cursor} if cursor else {})})
        assert page.status_code == 200, page.content
        body = page.json()
        pages.append(body)
        topics += [s["topic"] for s in body["signals"]]
        cursor = body["nextCursor"]
        if not cursor:
            return topics, pages


def test_a_budget_serves_fewer_and_the_cursor_misses_none(api, flagged):
    whole = api.get("/api/v1/signals", {"limit": 50})
    per_signal = len(whole.content) / len(flagged) / 4
    budget = math.ceil(len(whole.content) / 4 - 2.5 * per_signal)
    topics, pages = walk(api, limit=50, maxTokens=budget)
    assert topics == flagged  # every one, in order, none twice
    first = pages[0]
    assert 0 < len(first["signals"]) < len(flagged)
    assert first["truncated"] == [
        {"part": "signals", "dropped": len(flagged) - len(first["signals"]),
         "kept": len(first["signals"])}
    ]  # fmt: skip
    assert first["budget"]["estimatedTokens"] <= budget
    assert first["total"] == len(flagged)  # the count is of every flagged topic
    validator = Draft202012Validator(self_contained("svc.signals.v1"))
    assert [e.message for page in pages for e in validator.iter_errors(page)] == []


def test_the_busiest_is_always_served_or_the_minimum_is_named(api, flagged):
    lead = api.get("/api/v1/signals", {"limit": 1}).json()
    refused = api.get("/api/v1/signals", {"maxTokens": 20})
    assert refused.status_code == 400
    problem = refused.json()
    assert (problem["field"], problem["state"]) == ("maxTokens", "budget-too-small")
    smallest = api.get("/api/v1/signals", {"maxTokens": problem["minimumTokens"]}).json()
    assert [s["topic"] for s in smallest["signals"]] == [flagged[0]]
    # The same place to go on from: a cursor is signed with its second, so two cursors issued
    # a second apart differ as text; the page each one leads to does not.
    after = [api.get("/api/v1/signals", {"limit": 1, "cursor": page["nextCursor"]}).json()
             for page in (smallest, lead)]  # fmt: skip
    assert [s["topic"] for s in after[0]["signals"]] == [s["topic"] for s in after[1]["signals"]]
    assert after[0]["signals"], "the busiest is followed by another topic"
