"""What happened against what was planned for it, and a change since a period (issue 51): "did
it beat its forecast", "did it meet its target", "how did it compare with the forecast" get the
verdict first (above or below the plan, by how much, yes or no when asked so), the newest plan
of the same quantity and period; "has it grown since September" sets the newest reading
against that month's.

The registry is this file's own: a theme park's visitors (monthly counts and a forecast for
October, raised once) and a recycling scheme's collections against its year's target, one month's
revised.
"""

import pytest

from tests.answers.test_figures_asked import SENTENCE, _reports, _topic, answered, ask

pytestmark = pytest.mark.django_db
PARK = "Orlen Park"


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("orlen-park-visitors", "Orlen Park visitor numbers",
           ("orlen-park", PARK, "company"), ["visitors", "theme park"], "company")  # fmt: skip
    _topic("brenholt-recycling-collections", "Brenholt Recycling collections",
           ("brenholt-recycling", "Brenholt Recycling", "organization"),
           ["recycling", "collected"], "organisation")  # fmt: skip
    _reports([
        (40, "Orlen Park welcomed 352,000 visitors in August, the theme park said."),
        (20, "Orlen Park welcomed 388,000 visitors in September, the theme park said."),
        (16, "Orlen Park expects 400,000 visitors in October, the theme park's forecast shows."),
        (12, "Orlen Park raised its October forecast to 450,000 visitors, the theme park said."),
        (2, "Orlen Park welcomed 432,000 visitors in October, the theme park said."),
        (3, "Brenholt Recycling collected 61,000 tonnes in 2026 so far, against a target of "
            "70,000 tonnes for the year, the recycling scheme said."),
        # Two months reported on one day: the later month is the later reading.
        (1, "Brenholt Recycling collected 5,800 tonnes in September, the recycling scheme said."),
        (1, "Brenholt Recycling collected 6,300 tonnes in October, the recycling scheme said."),
        (0, "Brenholt Recycling revised its September collection to 5,950 tonnes from the "
            "preliminary 5,800 tonnes, the recycling scheme said."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("question", "opening"),
    [
        (f"Did {PARK} beat its October visitor forecast?", "No, 432,000"),
        (f"Did {PARK} miss its October visitor forecast?", "Yes, 432,000"),
        # "like-for-like" is no crowd's likelihood ("likely" stems as "like").
        (f"Did {PARK} beat its like-for-like October visitor forecast?", "No, 432,000"),
        (f"Did {PARK} welcome more visitors in October than it forecast?", "No, 432,000"),
        (f"How did {PARK}'s October visitors compare with its forecast?", "432,000"),
    ],
)
def test_an_actual_is_set_against_the_newest_plan_for_its_period(api, question, opening):
    first = ask(api, question)
    assert first.startswith(opening), first
    # The raised forecast, never the one it replaced, nor another month's count.
    assert "is below the forecast of 450,000" in first, first
    assert "by 18,000" in first, first
    assert "400,000" not in first, first
    assert "388,000" not in first, first


@pytest.mark.usefixtures("registry")
def test_a_premise_the_verdict_contradicts_is_named_before_it(api):
    first = ask(api, f"Why did {PARK} beat its October visitor forecast of 400,000?")
    assert first.startswith("The record does not support the premise"), first
    assert "is below the forecast of 450,000" in first, first


@pytest.mark.usefixtures("registry")
def test_a_target_met_or_not_is_answered_from_the_sentence_that_sets_both(api):
    first = ask(api, "Did Brenholt Recycling meet its collection target?")
    assert first.startswith("No, 61,000"), first
    assert "below the target of 70,000" in first, first
    assert "by 9,000" in first, first


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("question", "newer", "older"),
    [
        (f"Have {PARK} visitor numbers grown or shrunk since September?", "432,000", "388,000"),
        (f"Has {PARK}'s visitor count risen since August?", "432,000", "352,000"),
        # Against September's revised reading, not the preliminary one it replaced.
        ("How much has Brenholt Recycling's collection changed since September?", "6,300", "5,950"),
    ],
)
def test_a_change_since_a_period_sets_the_newest_reading_against_it(api, question, newer, older):
    first = ask(api, question)
    assert " is higher: " in first, first
    assert first.index(newer) < first.index(older), first
    assert "450,000" not in first, first  # a forecast is no reading


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "By how much was Brenholt Recycling's September collection revised from the "
        "preliminary figure?",
        "How much higher is the revised September collection of Brenholt Recycling than the "
        "first one?",
    ],
)
def test_a_revision_asked_about_gets_its_size(api, question):
    first = ask(api, question)
    assert first.startswith("The revised figure is higher: 5,950 ["), first
    assert "against 5,800 [" in first, first
    assert "by 150," in first, first


@pytest.mark.usefixtures("registry")
def test_a_hit_that_is_a_noun_holds_nothing_to_a_plan(api):
    first = ask(api, "How big a hit to collections does Brenholt Recycling expect?")
    assert not first.startswith(("Yes", "No")), first
    assert "the target of" not in first, first


@pytest.mark.usefixtures("registry")
def test_a_plan_asked_for_alone_is_no_verdict(api):
    body = answered(api, f"What is {PARK}'s October visitor forecast?")
    first = SENTENCE.split(body["answer"])[0]
    assert not first.startswith(("Yes", "No")), first
    assert " is below the " not in first, first
    assert "450,000" in body["answer"], body["answer"]


@pytest.fixture
def plans_named_apart(settings):
    """A plan said in another report than the figure it plans, by its noun alone, and a target
    said in a clause beside another quantity's figure."""
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    harlow = ("harlow-foods", "Harlow Foods", "company")
    _topic("harlow-foods-results", "Harlow Foods quarterly results", harlow,
           ["revenue", "results"], "company")  # fmt: skip
    varn = ("varn-water", "Varn Water", "organization")
    _topic("varn-water-leakage", "Varn Water leakage", varn, ["leakage", "water"], "organisation")
    _reports([
        (6, "Harlow Foods posted third-quarter revenue of $3.4 billion, the grocer said."),
        (5, "Harlow Foods revenue topped analysts' expectations of $3.1 billion, shares rose."),
        (8, "Varn Water kept its standing charge rise at 4.5% and said leakage is near its 12% "
            "target."),
        (2, "Varn Water leakage stood at 14% in October, the water company said."),
    ])  # fmt: skip


@pytest.mark.usefixtures("plans_named_apart")
@pytest.mark.parametrize(
    ("question", "opening", "verdict"),
    [
        ("Did Harlow Foods' revenue beat expectations?", "Yes, $3.4 billion",
         "is above the forecast of $3.1 billion"),
        ("Was Varn Water's leakage above or below its target?", "14%",
         "is above the target of 12%"),
    ],
)  # fmt: skip
def test_a_plan_is_of_what_its_clause_sets_against_it(api, question, opening, verdict):
    """What a plan plans is what its clause holds it against ("revenue topped analysts'
    expectations of", "leakage is near its 12% target"), whichever report said it and whatever
    period its actual names; never another quantity said in the same sentence."""
    first = ask(api, question)
    assert first.startswith(opening), first
    assert verdict in first, first
    assert "4.5%" not in first, first
