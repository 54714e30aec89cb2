"""A model's possessive, readings told apart by "as of", a year before, and changes asked (issue
51, the twenty-seventh blind check's classes):

- "the <Name> K7's sales" is the K7's, never an untracked "K7's";
- two issuer readings of a running count, each "as of" its own day, get the verdict between the
  days; a sentence that opens "The <Name> K7 has sold" is the topic's own, not another body's;
- "down from $450 million a year earlier" in a row of the third quarter of 2026 is the third
  quarter of 2025, so a question naming that quarter gets the verdict;
- a ban claimed of a body that approved is a premise the record does not hold; a revision said
  to go down that went up is contradicted; a date said in a "when ..." clause no row holds is
  named; "Has it changed the date?" opens "No" when the issuer's readings never moved it;
- "how many people came" is answered by the visitors counted, the issuer first and the report
  that disagrees said, never "no people figures";
- the lower side named first is no "times as much".

The registry is this file's own: a bicycle maker's quarter and its e-bike, a city council's
scooter scheme, a cycling festival, and a trail bike's launch date.
"""

from datetime import timedelta

import pytest

from tests.answers.test_figures_asked import PREMISE, _issuer, _reports
from tests.answers.test_other_periods_and_parties import _topic
from tests.answers.test_series_months_and_revisions_asked import first

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    results = _topic("results-kelvo-cycles-q3-2026", "Kelvo Cycles Q3 2026 results",
                     ("kelvo-cycles", "Kelvo Cycles", "company"), ["revenue", "results"],
                     {"kind": "statistical-release", "period": "Q3 2026"})  # fmt: skip
    _issuer("kelvo-ir", "Kelvo Cycles", [
        "Kelvo Cycles reported third-quarter 2026 revenue of $405 million.",
        "Kelvo Cycles revised its third-quarter 2026 revenue to $410 million from $405 "
        "million after late dealer orders."], results, step=timedelta(days=4))  # fmt: skip
    bike = _topic("product-kelvo-k7-sales", "Kelvo K7 e-bike sales",
                  ("kelvo-k7", "Kelvo K7", "other"), ["e-bike", "units sold"],
                  {"kind": "product", "edition": "K7"})  # fmt: skip
    _issuer("kelvo-k7", "Kelvo Cycles", [
        "The Kelvo K7 has sold 84,000 units since launch, as of 30 September 2026.",
        "The Kelvo K7 has now sold 91,000 units since launch, as of 31 October 2026."],
        bike, step=timedelta(days=10))  # fmt: skip
    scheme = _topic("decision-harlin-scooter-scheme", "Harlin e-scooter scheme decision",
                    ("harlin-city-council", "Harlin City Council", "organization"),
                    ["e-scooter scheme", "scooters"],
                    {"kind": "policy-decision", "period": "2026"})  # fmt: skip
    _issuer("harlin-council", "Harlin City Council", [
        "Harlin City Council approved a rental scheme for e-scooters on 12 November 2026, "
        "with a fee of 20 cents a minute."], scheme)  # fmt: skip
    fest = _topic("velofest-2026", "Velofest 2026", ("velofest", "Velofest", "organization"),
                  ["visitors", "cycling festival"],
                  {"kind": "place-bound-event", "period": "2026"})  # fmt: skip
    _issuer("velofest", "Velofest", ["Velofest 2026 drew 52,000 visitors over three days."],
            fest)  # fmt: skip
    launch = _topic("launch-kelvo-trailhawk", "Kelvo Trailhawk launch date",
                    ("kelvo-trailhawk", "Kelvo Trailhawk", "other"), ["launch date", "launch"],
                    {"kind": "product"})  # fmt: skip
    _issuer("kelvo-news", "Kelvo Cycles", [
        "The Kelvo Trailhawk will launch on 4 May 2027.",
        "The Kelvo Trailhawk will launch on 4 May 2027."], launch)  # fmt: skip
    _reports([
        (3, "Kelvo Cycles reported third-quarter 2026 revenue of $410 million, down from $450 "
            "million a year earlier."),
        (1, "Velofest 2026 drew 61,000 visitors, according to city transit counts."),
    ])  # fmt: skip


@pytest.mark.usefixtures("world")
def test_a_models_possessive_is_the_model_and_readings_as_of_two_days_get_a_verdict(api):
    said, body = first(api, "Which is smaller: the Kelvo K7's sales as of 30 September 2026 or "
                            "as of 31 October 2026?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert " is lower: " in said, said
    assert said.index("84,000") < said.index("91,000"), said
    assert "times as much" not in said, said


@pytest.mark.usefixtures("world")
def test_a_year_earlier_is_the_same_quarter_of_the_year_before(api):
    said, _ = first(api, "Which was lower, Kelvo Cycles' revenue in the third quarter of 2026 "
                         "or in the third quarter of 2025?")  # fmt: skip
    assert " is lower: " in said, said
    assert said.index("$410 million") < said.index("$450 million"), said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "opens", "says"),
    [
        ("Why did Harlin City Council ban e-scooters?", PREMISE[1], "ban"),  # it approved
        ("Why did Kelvo Cycles revise its third-quarter 2026 revenue down?", PREMISE[1],
         "down"),
        ("When the Harlin City Council approved the scooter scheme on 3 October 2026, what fee "
         "did it set?", PREMISE[1], "3 October 2026"),  # on 12 November
    ],
)  # fmt: skip
def test_a_wrong_outcome_direction_or_date_is_named_first(api, question, opens, says):
    said, body = first(api, question)
    assert body["grounded"], body["answer"]
    assert said.startswith(opens), said
    assert says in said, said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "opens"),
    [
        ("Did Kelvo Cycles revise its third-quarter 2026 revenue up?", "Yes, "),
        ("Has Kelvo changed the launch date of the Kelvo Trailhawk?", "No, "),
    ],
)
def test_a_change_asked_for_yes_or_no_opens_with_the_answer(api, question, opens):
    said, _ = first(api, question)
    assert said.startswith(opens), said


@pytest.mark.usefixtures("world")
def test_how_many_people_came_is_answered_by_the_visitors_counted_issuer_first(api):
    said, body = first(api, "How many people came to Velofest 2026?")
    assert "no people figures" not in body["answer"], body["answer"]
    assert said.index("52,000") < body["answer"].index("61,000"), body["answer"]
    assert "disagrees" in said, said
