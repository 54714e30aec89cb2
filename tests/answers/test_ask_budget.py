"""POST /api/ask with `maxTokens`: the answer within an agent's budget, as a caller meets it.

Supporting sentences go with the citations only they use, those citing the oldest reports
first; the lead (the first sentence, which answers) never; a citation keeps its number. A
budget below the smallest answer is a 400 naming the minimum, and the answer, already made and
charged, is kept whole under its ticket.
"""

import math
import re

import pytest
from jsonschema import Draft202012Validator

from config.contract import self_contained
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db
FED = "What did the Fed decide, and where do markets stand on a cut?"
MARKER = re.compile(r"\[(\d+)\]")


@pytest.fixture
def demo(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    demo_load()


def ask(api, **body):
    return api.post("/api/ask", {"question": FED, **body}, format="json")


def tokens(response) -> int:
    return math.ceil(len(response.content) / 4)


def test_the_oldest_report_goes_first_the_lead_never(api, demo):
    whole_response = ask(api)
    whole = whole_response.json()
    reports = sorted(
        (c for c in whole["citations"] if c["layer"] == "reporting"), key=lambda c: c["date"]
    )
    assert len(reports) >= 2, whole["answer"]
    lead = whole["answer"].split(f" [{whole['citations'][0]['n']}]")[0]
    response = ask(api, maxTokens=tokens(whole_response) - 20)
    assert response.status_code == 200
    cut = response.json()
    assert cut["answer"].startswith(lead)
    cited = {c["n"] for c in cut["citations"]}
    assert reports[0]["n"] not in cited  # the oldest report's sentence went first
    assert reports[-1]["n"] in cited
    assert cited == {int(n) for n in MARKER.findall(cut["answer"])}  # each marker finds its row
    for citation in cut["citations"]:  # numbers and rows as the whole answer has them
        assert citation in whole["citations"]
    assert cut["truncated"] == [{"part": "answer.reportingSentences", "dropped": 1,
                                 "kept": len(cut["answer"].split("]. ")) }]  # fmt: skip
    assert cut["budget"]["estimatedTokens"] == tokens(response) <= cut["budget"]["maxTokens"]
    for member in ("question", "grounded", "topics", "understood", "sourceCheck", "disclaimer"):
        assert cut[member] == whole[member], member
    assert list(Draft202012Validator(self_contained("svc.answer.v1")).iter_errors(cut)) == []


def test_below_the_smallest_answer_a_400_names_the_minimum_and_keeps_the_answer(api, demo):
    refused = ask(api, maxTokens=30)
    assert refused.status_code == 400
    problem = refused.json()
    assert (problem["field"], problem["state"]) == ("maxTokens", "budget-too-small")
    minimum, poll = problem["minimumTokens"], problem["pollUrl"]
    assert poll in problem["error"]
    kept = api.get(poll).json()
    assert kept["status"] == "done"
    assert kept["answer"]["grounded"]  # the answer charged for is read whole
    assert ask(api, maxTokens=minimum).json()["answer"].count("]") == 1  # the lead alone
    # The ticket holds the answer in an envelope of its own: a minimum of its own, named alike.
    ticket_minimum = api.get(poll, {"maxTokens": 30}).json()["minimumTokens"]
    assert ticket_minimum > minimum
    smallest = api.get(poll, {"maxTokens": ticket_minimum}).json()
    assert len(smallest["answer"]["citations"]) == 1  # the lead and its row alone
    assert smallest["truncated"][-1]["kept"] == 1
    assert api.get(poll, {"maxTokens": ticket_minimum - 1}).status_code == 400


@pytest.mark.parametrize("value", [0, "500", 1.5, True, 10**7])
def test_a_budget_that_is_no_count_of_tokens_is_refused_before_any_charge(api, demo, value):
    response = ask(api, maxTokens=value)
    assert (response.status_code, response.json()["field"]) == (400, "maxTokens")
