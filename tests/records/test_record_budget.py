"""GET /api/record/{topic}?maxTokens=: the record within an agent's budget, as a caller reads it.

The older reporting rows go first, then history; the current state, the lead and the issuers'
readings never; `truncated` says what went and `budget` what the answer came to, at one token
per four characters of the JSON served. Below the smallest record, a 400 names the minimum.
"""

import json
import math
from datetime import UTC, datetime

import pytest
from django.core.management import call_command
from jsonschema import Draft202012Validator

from config.contract import self_contained

pytestmark = pytest.mark.django_db
FED = "rate-decision-federal-reserve-december-2026"
KEPT = ("state", "record", "subjectBinding", "title", "tier", "recordState", "maintainedRecord")


@pytest.fixture
def demo(time_machine):
    time_machine.move_to(datetime(2026, 11, 22, 8, tzinfo=UTC))
    call_command("load_demo")


def record(api, **query):
    response = api.get(f"/api/record/{FED}", query)
    return response, response.json()


def tokens(response) -> int:
    return math.ceil(len(response.content) / 4)


def errors(body) -> list[str]:
    validator = Draft202012Validator(self_contained("svc.record.v1"))
    return [f"{list(e.absolute_path)}: {e.message[:90]}" for e in validator.iter_errors(body)]


def test_a_budget_drops_the_oldest_reporting_rows_first_and_says_so(api, demo):
    _, whole = record(api)
    items = whole["layers"]["reporting"]["items"]
    assert len(items) > 4
    assert "truncated" not in whole  # no budget asked: the record as it is
    response, cut = record(api, maxTokens=tokens(api.get(f"/api/record/{FED}")) - 300)
    assert response.status_code == 200
    kept = cut["layers"]["reporting"]["items"]
    assert 0 < len(kept) < len(items)
    assert kept == items[: len(kept)]  # the newest kept, the oldest gone
    assert cut["truncated"] == [
        {"part": "layers.reporting.items", "dropped": len(items) - len(kept), "kept": len(kept)}
    ]
    assert cut["budget"]["estimatedTokens"] == tokens(response) <= cut["budget"]["maxTokens"]
    assert cut["layers"]["stateHistory"] == whole["layers"]["stateHistory"]  # history untouched
    for member in KEPT:
        assert cut[member] == whole[member], member
    assert cut["layers"]["primarySources"] == whole["layers"]["primarySources"]
    assert cut["layers"]["reporting"]["served"] == whole["layers"]["reporting"]["served"]
    assert errors(cut) == []


def test_history_goes_after_every_reporting_row_and_the_minimum_is_named(api, demo):
    refused = api.get(f"/api/record/{FED}", {"maxTokens": 50})
    assert refused.status_code == 400
    problem = refused.json()
    assert (problem["field"], problem["state"]) == ("maxTokens", "budget-too-small")
    minimum = problem["minimumTokens"]
    assert f"at least {minimum}" in problem["error"]
    response, smallest = record(api, maxTokens=minimum)
    assert response.status_code == 200
    assert smallest["layers"]["reporting"]["items"] == []
    assert smallest["layers"]["stateHistory"]["transitions"] == []
    parts = [t["part"] for t in smallest["truncated"]]
    assert parts[0] == "layers.reporting.items"
    assert "layers.stateHistory.transitions" in parts
    assert tokens(response) <= minimum
    for member in KEPT:
        assert smallest[member] == record(api)[1][member], member
    assert errors(smallest) == []
    assert api.get(f"/api/record/{FED}", {"maxTokens": minimum - 1}).status_code == 400


@pytest.mark.parametrize("value", ["0", "-5", "ten", "1.5", "007", "1000001"])
def test_a_budget_that_is_no_count_of_tokens_is_refused_naming_it(api, demo, value):
    response = api.get(f"/api/record/{FED}", {"maxTokens": value})
    assert (response.status_code, response.json()["field"]) == (400, "maxTokens")


def test_the_earlier_path_takes_the_budget_too_and_a_budgeted_read_is_cached_apart(api, demo):
    response, whole = record(api)
    cut = api.get(f"/api/truth/{FED}", {"maxTokens": tokens(response) - 300}).json()
    assert cut["truncated"][0]["part"] == "layers.reporting.items"
    again = api.get(f"/api/record/{FED}").json()  # the whole record was not replaced
    assert json.dumps(again["layers"]) == json.dumps(whole["layers"])
    assert api.get(f"/api/record/{FED}", {"limit": "5"}).status_code == 400  # nothing else
