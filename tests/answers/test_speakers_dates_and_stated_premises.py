"""Three classes a caller meets (issue 51), on this file's own registry: two speakers' figures of
one topic compared ("the port authority's count or the union's") and two rounds of one election;
a question that asks when, led by the row that says the date; and premises put in ways that do
not open on "why": a statement tagged with a question ("..., didn't it?"), a sentence before the
question, a revision's direction, and a deed given to the wrong one of the topic's own actors;
and a thing at a place that reporting only mentions, which is not the reports' topic.

The registry: a port strike (the port authority's own count, the union's, the day it began and
the next one called), an election's two rounds, and a harbour expansion whose reports mention a
ferry terminal in a nearby town.
"""

import pytest

from tests.answers.test_figures_asked import (
    PREMISE,
    SENTENCE,
    _issuer,
    _reports,
    _topic,
    answered,
    ask,
    assert_verdict,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    strike = _topic("labour-halvard-port-strike", "Halvard port strike",
                    ("halvard-port-authority", "Halvard Port Authority", "organization"),
                    ["port strike", "dockers", "strike"], "place-bound-event")  # fmt: skip
    _issuer("halvard-port", "Halvard Port Authority", [
        "Halvard Port Authority: 1,200 dockers are on strike today; berths 2 and 4 are closed."],
        strike)  # fmt: skip
    commission = ("brenmark-electoral-commission", "Brenmark Electoral Commission", "organization")
    election = _topic("election-brenmark-president", "Brenmark presidential election",
                      commission, ["presidential election", "turnout"], "election")  # fmt: skip
    _issuer("brenmark-ec", "Brenmark Electoral Commission", [
        "Brenmark Electoral Commission: turnout in the first round was 61.4%.",
        "Brenmark Electoral Commission: turnout in the second round was 57.9%, with Ilse Varga "
        "elected president."], election)  # fmt: skip
    _topic("infra-dunmore-harbour-expansion", "Dunmore harbour expansion",
           ("dunmore-county-council", "Dunmore County Council", "organization"),
           ["harbour expansion"], "policy-decision")  # fmt: skip
    _reports([
        (2, "The Halvard Port Authority said the strike began on 3 November after talks broke "
            "down."),
        (1, "The dockworkers' union said 3,400 members joined the Halvard port strike, far more "
            "than the Halvard Port Authority's count."),
        (1, "The union has called a second Halvard port strike for 12 December, Halvard Port "
            "Authority officials were told."),
        (3, "Brenmark Electoral Commission figures put first round turnout at 61.4% in the "
            "presidential election."),
        (1, "Second round turnout fell to 57.9%, the Brenmark Electoral Commission said, as Ilse "
            "Varga won."),
        (2, "Dunmore County Council allowed investment of £40 million for the Dunmore harbour "
            "expansion."),
        (1, "The Pennock ferry terminal will close while the Dunmore harbour expansion is built, "
            "Dunmore County Council said."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "Which is higher, the port authority's count of strikers or the union's?",
        "Is the union's figure for strikers higher than the Halvard Port Authority's?",
    ],
)
def test_two_speakers_figures_of_one_topic_get_a_verdict(api, question):
    first = ask(api, question)
    assert_verdict(first, "3,400", "1,200", "2,200")
    assert first.removeprefix("Yes, ").lower().startswith("the figure the union gives"), first


@pytest.mark.usefixtures("registry")
def test_two_rounds_of_one_election_get_a_verdict_named_by_round(api):
    first = ask(api, "Was turnout higher in the first round or the second round of the Brenmark "
                     "presidential election?")  # fmt: skip
    assert_verdict(first, "61.4%", "57.9%", "3.5 percentage points")
    assert first.startswith("Turnout in the first round is higher"), first


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("question", "date"),
    [
        ("When did the Halvard port strike start?", "3 November"),
        ("When is the next Halvard port strike planned?", "12 December"),
    ],
)
def test_asked_when_the_row_that_says_the_date_leads(api, question, date):
    first = ask(api, question)
    assert date in first, first


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("question", "held"),
    [
        ("The Halvard port strike began on 10 November, didn't it?", "3 November"),
        ("Brenmark presidential election turnout in the second round was 64%, wasn't it?",
         "57.9%"),
        ("The Halvard Port Authority counted 5,000 dockers on strike. How many does the union "
         "count?", "1,200"),
        ("Why did the Halvard Port Authority call a second strike?", "The union has called"),
    ],
)  # fmt: skip
def test_a_premise_said_otherwise_than_why_is_named_first_with_what_is_held(api, question, held):
    first = ask(api, question)
    assert first.startswith(PREMISE), first
    assert held in first, first


@pytest.mark.usefixtures("registry")
def test_a_revision_the_record_never_gives_is_named(api):
    first = ask(api, "Why was second round turnout in the Brenmark presidential election revised "
                     "upwards?")  # fmt: skip
    assert first.startswith(PREMISE[0]), first  # the record holds no revision at all


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "The Halvard port strike began on 3 November, didn't it?",
        "Why did the Halvard Port Authority say the strike began?",
        "Why did the Dockworkers' Union call a second strike?",
    ],
)
def test_a_premise_the_record_holds_is_not_named(api, question):
    body = answered(api, question)
    assert not SENTENCE.split(body["answer"])[0].startswith(PREMISE), body["answer"]


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "How much water does the Pennock desalination plant produce?",
        "When did the Pennock bridge reopen?",
    ],
)
def test_a_thing_at_a_place_reporting_only_mentions_is_untracked(api, question):
    body = answered(api, question)
    assert not body["grounded"], body["answer"]
    assert "Pennock" in SENTENCE.split(body["answer"])[0], body["answer"]


@pytest.mark.usefixtures("registry")
def test_what_reporting_says_of_a_place_it_mentions_is_answered(api):
    first = ask(api, "What will happen to the Pennock ferry terminal?")
    assert "Pennock ferry terminal will close" in first, first
