"""The budget an agent gives (`maxTokens`): one token per four characters of the JSON, the least
important parts dropped first and as few as make it fit, what was dropped said, a budget below
the smallest answer a 400 naming the minimum (config/budget.py). The surfaces that take it are
tested as a caller meets them in tests/records, tests/registry, tests/answers and tests/mcpdoor.
"""

import json

import pytest

from config import budget
from config.problems import ApplicationError

ANSWER = {
    "schema": "svc.example.v1",
    "lead": "the current state, never cut",
    "rows": [{"n": n, "text": "x" * 40} for n in range(10)],  # newest first
    "history": [{"at": f"2026-11-{d:02}", "to": "steady"} for d in range(1, 11)],  # oldest first
}
STEPS = [budget.part("rows"), budget.part("history", oldest="start")]


def size(payload) -> int:
    return len(json.dumps(payload, separators=(",", ":")))


def test_one_token_is_four_characters_of_the_json_as_served():
    assert budget.estimate({"a": "bcd"}) == 3  # {"a":"bcd"} is 11 characters
    assert budget.estimate({"a": "bcde"}) == 3  # 12
    assert budget.estimate({"a": "bcdef"}) == 4  # 13: a part of a token is a token
    assert budget.estimate({"a": "\u00e9"}) == 4  # escaped as served: {"a":"\u00e9"}, 14


def test_a_budget_it_fits_drops_nothing_and_says_so():
    served = budget.fitted(ANSWER, 10_000, STEPS)
    assert served["rows"] == ANSWER["rows"]
    assert served["history"] == ANSWER["history"]
    assert served["truncated"] == []
    assert served["budget"] == {
        "maxTokens": 10_000, "estimatedTokens": budget.estimate(served), "charsPerToken": 4
    }  # fmt: skip


def test_no_budget_is_the_answer_untouched():
    assert budget.fitted(ANSWER, None, STEPS) is ANSWER


def test_the_least_important_go_first_and_only_as_many_as_make_it_fit():
    whole = budget.estimate(budget.fitted(ANSWER, 10_000, STEPS))
    row = len(json.dumps(ANSWER["rows"][0], separators=(",", ":"))) + 1
    served = budget.fitted(ANSWER, whole - (3 * row) // 4, STEPS)  # about three rows too long
    assert budget.estimate(served) <= served["budget"]["maxTokens"]
    assert served["history"] == ANSWER["history"]  # the next part untouched
    kept = len(served["rows"])
    assert served["rows"] == ANSWER["rows"][:kept]  # the oldest (at the end) dropped
    assert served["truncated"] == [{"part": "rows", "dropped": 10 - kept, "kept": kept}]
    one_more = {**served, "rows": ANSWER["rows"][: kept + 1]}
    assert budget.estimate(one_more) > served["budget"]["maxTokens"]  # none dropped in vain
    assert len(ANSWER["rows"]) == 10  # the given answer is not changed


def test_history_goes_only_after_every_row_and_from_its_oldest():
    bare = {**ANSWER, "rows": []}
    served = budget.fitted(ANSWER, budget.estimate(bare) + 10, STEPS)
    assert served["rows"] == []
    assert served["history"] == ANSWER["history"][-len(served["history"]) :]  # newest kept
    assert [t["part"] for t in served["truncated"]] == ["rows", "history"]
    assert served["lead"] == ANSWER["lead"]


def test_below_the_smallest_answer_is_a_400_naming_the_minimum():
    with pytest.raises(ApplicationError) as refused:
        budget.fitted(ANSWER, 20, STEPS)
    error = refused.value
    assert (error.status, error.field, error.state) == (400, "maxTokens", "budget-too-small")
    minimum = error.members["minimumTokens"]
    assert f"at least {minimum}" in error.error
    served = budget.fitted(ANSWER, minimum, STEPS)  # the minimum itself is served
    assert (served["rows"], served["history"]) == ([], [])
    assert served["budget"]["estimatedTokens"] == minimum
    with pytest.raises(ApplicationError):
        budget.fitted(ANSWER, minimum - 1, STEPS)


def test_a_page_is_read_again_shorter_so_its_cursor_follows_the_last_item_served():
    reads = []

    def read(limit):
        reads.append(limit)
        items = [{"id": n, "text": "y" * 60} for n in range(limit)]
        return {"schema": "svc.page.v1", "items": items, "nextCursor": f"after-{limit - 1}"}

    whole = budget.estimate(budget.fitted(read(10), 10_000, []))
    reads.clear()
    served = budget.page_fitted(read, limit=10, member="items", max_tokens=whole // 2)
    kept = len(served["items"])
    assert 1 <= kept < 10
    assert reads == [10, kept]
    assert served["nextCursor"] == f"after-{kept - 1}"  # the next page starts after the last
    assert served["truncated"] == [{"part": "items", "dropped": 10 - kept, "kept": kept}]
    with pytest.raises(ApplicationError) as refused:  # not even the lead fits
        budget.page_fitted(read, limit=10, member="items", max_tokens=10)
    assert refused.value.members["minimumTokens"] > 10
