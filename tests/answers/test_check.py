"""The source check, rule by rule, and a phrasing model that lies meeting it through /api/ask.

Each rule gets a sentence that breaks only that rule, against rows that support everything else.
"""

import json

import pytest

from answers.check import Sentence, failure, source_check
from answers.retrieval import Evidence
from registry.demo import demo_load


def row(snippet: str, layer: str = "reporting", title: str = "Fed holds rates") -> Evidence:
    return Evidence(layer=layer, kind="report", topic="rate-decision-federal-reserve",
                    topic_title="Federal Reserve rate decision", title=title,
                    url="https://example.org/a", source="Reuters", date="2026-11-05",
                    snippet=snippet)  # fmt: skip


ROWS = [
    row("The Federal Reserve held its target range at 4.25% to 4.50% on Wednesday."),
    row(
        "Traders price a 62% chance of a cut in December.",
        layer="market",
        title="Will the Fed cut in December?",
    ),
    row("Nothing is certain: the crowd prices 62%.", layer="market", title="Fed cut odds"),
]


def test_a_supported_sentence_is_kept():
    assert failure("The Federal Reserve held its range at 4.25% to 4.50% [1].", ROWS) is None
    assert failure("Traders price a 62% chance of a cut in December [2].", ROWS) is None


@pytest.mark.parametrize(
    ("sentence", "reason"),
    [
        ("The Federal Reserve held rates.", "cites nothing"),
        ("The Federal Reserve held rates [4].", "not retrieved"),
        ("The Federal Reserve held its range at 4.75% [1].", "number 4.75"),
        ("The Federal Reserve held rates, said Powell [1].", "name Powell"),
        ("The Federal Reserve raised its range to 4.50% [1].", "direction up"),
        ("The Federal Reserve definitely held at 4.25% [1].", "certainty word definitely"),
        ("A December cut has a 62% chance [2].", "does not say it is belief"),
        ("Traders are certain of a cut at 62% [3].", "states certainty"),
    ],
)
def test_each_rule_drops_the_sentence_that_breaks_it(sentence, reason):
    got = failure(sentence, ROWS) or ""
    assert reason in got, got


def test_a_preface_is_the_engines_own_words_and_only_the_body_is_checked():
    sentence = Sentence(
        body="The Federal Reserve held its range at 4.25% to 4.50% [1].",
        preface='The record does not support the premise "the Fed raised rates"',
    )
    kept, reasons = source_check([sentence, Sentence("Powell cut by 50 bp [1].")], ROWS)
    assert kept == [sentence]
    assert len(reasons) == 1
    assert sentence.text().startswith("The record does not support the premise")


LIE = "The Fed will definitely cut by 50 bp [1]. Markets are certain of it [2]."


@pytest.mark.django_db
def test_a_lying_phrasing_model_is_caught_and_the_composed_answer_stands(api, settings, httpserver):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    demo_load()
    completion = {"choices": [{"message": {"role": "assistant", "content": LIE}}]}
    httpserver.expect_request("/v1/chat/completions", method="POST").respond_with_json(completion)
    settings.SVC_ANSWER_GENERATOR_URL = httpserver.url_for("/v1")
    body = {"question": "Will the Federal Reserve cut rates in December?"}
    answer = api.post("/api/ask", body, format="json").json()
    sent = json.loads(httpserver.log[0][0].get_data())
    assert "Evidence:" in sent["messages"][1]["content"]  # the model saw the numbered rows
    assert "definitely" not in answer["answer"]
    assert "certain of" not in answer["answer"]
    assert answer["grounded"]
    assert answer["citations"]
    reasons = answer["sourceCheck"]["reasons"]
    assert any("definitely" in r or "50" in r for r in reasons), reasons
    assert any("certain" in r for r in reasons), reasons


@pytest.mark.django_db
def test_an_honest_phrasing_model_is_served_with_its_citations(api, settings, httpserver):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    demo_load()
    settings.SVC_ANSWER_GENERATOR_URL = httpserver.url_for("/v1")
    question = {"question": "What did the European Central Bank decide?"}
    plain = api.post("/api/ask", question, format="json").json()
    first = plain["citations"][0]
    honest = f"{first['snippet']} [1]."
    completion = {"choices": [{"message": {"role": "assistant", "content": honest}}]}
    httpserver.expect_request("/v1/chat/completions").respond_with_json(completion)
    answer = api.post("/api/ask", question, format="json").json()
    assert answer["sourceCheck"]["kept"] >= 1
    assert answer["citations"][0]["snippet"] == first["snippet"]
