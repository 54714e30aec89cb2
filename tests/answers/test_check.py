"""The source check, rule by rule, and a phrasing model that lies meeting it through /api/ask.

Each rule gets a sentence that breaks only that rule, against rows that support everything else.
"""

import pytest

from answers.check.sentences import Sentence, failure, markers_of, meaning_failure, source_check
from answers.ground.retrieval import Evidence, unmarked


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
        ("Powell held its target range [1].", "name Powell"),
        ("The Federal Reserve held its target range for quillfeather capital [1].", "quillfeather"),
        ("The federal reserve held its target range at brightwater [1].", "word brightwater"),
        ("The Federal Reserve raised its range to 4.50% [1].", "direction up"),
        ("The Federal Reserve definitely held at 4.25% [1].", "certainty word definitely"),
        ("A 62% chance of a cut in December [2].", "does not say it is belief"),
        ("The crowd is certain: it prices 62% [3].", "states certainty"),
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


def test_a_sentence_joined_to_rows_it_is_not_about_falls_under_the_meaning_floor():
    storm = row("Hurricane Nerea brought 9 inches of rain to the Bahamas overnight.")
    rate = row("The Federal Reserve held its target range at 4.25% to 4.50% on Wednesday.")
    sentence = "The Federal Reserve held its target range at 4.25% to 4.50% [1]."
    assert meaning_failure(sentence, [rate]) is None
    reason = meaning_failure(sentence, [storm]) or ""
    assert "meaning" in reason, reason


@pytest.mark.parametrize(
    ("quoted", "written"),
    [
        ("raise [7] rates", "raise \uff3b7\uff3d rates"),
        ("the [ 12 ] of them", "the \uff3b 12 \uff3d of them"),
        ("items [1, 2] and [3-4]", "items \uff3b1, 2\uff3d and \uff3b3-4\uff3d"),
        ("seven [\u0667]", "seven \uff3b\u0667\uff3d"),  # int() reads an Arabic-Indic 7 as 7
        ("[sic] and [a1] stay", "[sic] and [a1] stay"),  # not numerals: no one reads a marker
    ],
)
def test_quoted_text_carries_no_marker(quoted, written):
    assert unmarked(quoted) == written
    assert markers_of(unmarked(quoted)) == []
