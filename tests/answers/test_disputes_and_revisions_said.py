"""Disputes said as the rows say them, revisions as revisions (issue 51): a row that sets its own
figure against another's ("9 hours, not the 14 hours the office alleged") disputes the row that
gives the other, so the answer says the rows disagree; of several disputes the one whose sides
the most rows and headlines give is said (two fines of this leak, not a fine of an earlier one a
row mentions in passing); a value a row says was revised away ("revised from 93 to 88")
disputes no reading; two states share an object only by a common noun, never by a word of a name
("reservoir stocks had fallen", "the Hollin Reservoir dam's cost had risen"); a German noun before
the name it is of ("die Verunreinigung des <Creek>") is no untracked name.

The registry is this file's own: a chemical leak into a creek, fined and timed differently by
the company, the regulator and two papers; and a water company's reservoir stocks and leakage.
"""

import pytest

from answers.ground import figures
from tests.answers.test_figures_asked import _issuer, _reports, _topic, answered

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("text", "written", "kind", "named", "period"),
    [
        # Reported speech: "would" after "said" is the speaker's "will", no forecast.
        ("The mayor said the ban would affect 71,000 households.", "71,000", "actual",
         "households affect", ""),
        ("Orvane Chemicals was fined £3.2 million after the leak reached the creek in June.",
         "£3.2 million", "actual", "fined", ""),
        ("The company revised its leakage figure from 93 to 88 megalitres a day.",
         "93 megalitres", "earlier", "megalitres", ""),
        ("The company revised its leakage figure from 93 to 88 megalitres a day.",
         "88 megalitres", "revised", "megalitres", ""),
    ],
)  # fmt: skip
def test_a_figure_is_read_as_its_sentence_says(text, written, kind, named, period):
    figure = next(f for f in figures.stated(text) if f.text == written)
    assert (figure.kind, figure.named, figure.period) == (kind, named, period)


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("delby-creek-leak", "Delby Creek chemical leak", ("delby-creek", "Delby Creek", "place"),
           ["leak", "creek"], "place-bound-event")  # fmt: skip
    water = _topic("delby-water-reservoirs", "Delby Water reservoirs",
                   ("delby-water", "Delby Water", "company"), ["reservoir", "leakage"],
                   "company")  # fmt: skip
    _issuer("delby-water-news", "Delby Water", [
        "Drought update: reservoir stocks at 66%.",
        "Revised 2025-26 leakage figure: 88 megalitres a day after a meter audit.",
    ], water)  # fmt: skip
    _reports([
        (9, "Delby Water puts leakage for 2025-26 at 93 megalitres a day in its annual report."),
        (6, "The Delby Environment Office said the Delby Creek leak lasted 14 hours."),
        (5, "Orvane Chemicals told the inquiry its valve at Delby Creek failed for 9 hours, not "
            "the 14 hours the Delby Environment Office alleged."),
        (4, "Orvane Chemicals was fined £3.2 million over the Delby Creek leak."),
        (3, "Orvane Chemicals has been fined £2.7 million for the Delby Creek leak."),
        (2, "Before the Delby Creek leak, a 2018 spill into the Marrin Canal led to a £400,000 "
            "fine."),
        (2, "Delby Water said reservoir stocks had fallen to 61%, down from 66% a fortnight "
            "ago."),
        (1, "Delby Water said the cost of the Hollin Reservoir dam had risen to £80 million."),
        (1, "After a meter audit, Delby Water revised its 2025-26 leakage figure from 93 to 88 "
            "megalitres a day."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_a_row_that_sets_its_figure_against_anothers_is_a_disagreement(api):
    body = answered(api, "How long did the Delby Creek leak last?")
    assert body["grounded"], body["answer"]
    assert "disagree" in body["answer"].split(" [1]")[0], body["answer"]
    assert "14 hours" in body["answer"], body["answer"]
    assert "9 hours" in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_the_dispute_most_rows_give_is_the_one_said(api):
    body = answered(api, "How much was Orvane Chemicals fined over the Delby Creek leak?")
    assert body["grounded"], body["answer"]
    sides = body["answer"].split(" [3]")[0]
    assert "disagree" in sides, body["answer"]
    assert "£3.2 million" in sides, body["answer"]
    assert "£2.7 million" in sides, body["answer"]
    assert "400,000" not in sides, body["answer"]


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("question", "newest"),
    [
        ("What are Delby Water's reservoir stocks now?", "61%"),
        ("What is Delby Water's leakage for 2025-26?", "88 megalitres"),
    ],
)
def test_a_newer_or_revised_reading_is_no_disagreement(api, question, newest):
    body = answered(api, question)
    assert body["grounded"], body["answer"]
    assert "disagree" not in body["answer"], body["answer"]
    assert newest in body["answer"].split(" [1]")[0], body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_german_noun_before_the_name_it_is_of_is_no_untracked_name(api):
    # German capitalises every noun: "die Verunreinigung des <Creek>" is of the creek.
    body = answered(api, "Wie hoch ist die Geldstrafe für Orvane Chemicals wegen der "
                         "Verunreinigung des Delby Creek?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert "Verunreinigung" not in body["answer"], body["answer"]
