"""Classes a caller meets (issue 51), on this file's own registry: a statement's first word is
capitalised as a first word, not as a name; a model mark written without its hyphen is the same
mark; a group of the tracked party's other than the one the title names is another subject; a
topic's former name said whole routes to it; asked what is to come, a forecast answers; asked
what a thing costs, the row that says that thing leads; a date put as a premise is no window and
is corrected; a refusal put against a grant is contradicted; a statement of which is higher put
to be confirmed is named when the verdict finds it the other way round.

The registry: a train drivers' strike, a locomotive model's approval, a depot rebuild known
before by another name, and an operator's quarterly ridership.
"""

import pytest
from django.utils import timezone

from registry import services
from tests.answers.test_figures_asked import (
    PREMISE,
    SENTENCE,
    _issuer,
    _reports,
    _topic,
    answered,
    ask,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    strike = _topic("labour-maren-rail-drivers-strike", "Maren Rail drivers' strike",
                    ("maren-rail", "Maren Rail", "company"), ["drivers strike", "services"],
                    "place-bound-event")  # fmt: skip
    _issuer("maren-rail-news", "Maren Rail", [
        "Maren Rail: 420 drivers joined the strike on 4 March and 310 services were cancelled."],
        strike)  # fmt: skip
    model = services.entity_upsert(slug="vell-k-40", name="Vell K-40", kind="other")
    identity = {"kind": "product", "name": "Vell K-40", "edition": "K-40",
                "organisation": "Vell Works"}  # fmt: skip
    approval = services.event_upsert(
        subject="product-vell-k-40", title="Vell K-40 locomotive", lead_entity=model,
        entities=[model], subject_terms=["locomotive", "type approval"],
        question_terms=["locomotive"], identity=identity)  # fmt: skip
    services.entity_upsert(slug="vell-works", name="Vell Works", kind="company")
    _topic("product-vell-k-60", "Vell K-60 locomotive", ("vell-k-60", "Vell K-60", "other"),
           ["locomotive"], "product")  # fmt: skip
    depot_lead = services.entity_upsert(slug="kelderwick-depot", name="Kelderwick Depot",
                                        kind="place")  # fmt: skip
    services.event_upsert(subject="project-kelderwick-depot", title="Kelderwick depot rebuild",
                          lead_entity=depot_lead, entities=[depot_lead],
                          subject_terms=["depot rebuild", "depot"], question_terms=["depot"],
                          identity={"kind": "policy-decision", "name": "Kelderwick depot rebuild",
                                    "former_names": ["Kelderwick Shed project"]})  # fmt: skip
    ridership = _topic("traffic-maren-rail-ridership", "Maren Rail ridership",
                       ("maren-rail", "Maren Rail", "company"), ["ridership", "passengers"],
                       "statistical-release")  # fmt: skip
    assert approval
    assert ridership
    _reports([
        (20, "The Kelder Drivers Union said the Maren Rail drivers' strike began on 4 March after "
             "pay talks failed."),
        (12, "Maren Rail conductors are balloting on a pay offer, the Maren Rail conductors' union "
             "said. No strike has been called."),
        (15, "The Kelder Rail Authority granted the Vell K-40 its type approval on 9 March."),
        (14, "Vell Works said the Vell K-60 will enter testing next year."),
        (10, "Work on the Kelderwick Depot rebuild will start in May. Once finished, Kelderwick "
             "Depot will service 140 trains a year."),
        (9, "Kelderwick Depot serviced 96 trains in February, Maren Rail said."),
        (8, "Kelderwick Depot opened a staff car park. Parking at Kelderwick Depot costs £6 a "
            "day, Maren Rail said."),
        (30, "Maren Rail carried 2.4 million passengers in the third quarter, up from 2.1 million "
             "in the second quarter, Maren Rail said."),
    ])  # fmt: skip
    assert timezone.now()


@pytest.mark.usefixtures("registry")
def test_a_statements_first_word_is_no_name(api):
    body = answered(api, "Construction of the Kelderwick depot rebuild began in 2024. When will "
                         "it finish?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert "does not track" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_mark_without_its_hyphen_is_the_same_mark(api):
    first = ask(api, "When did the Vell K40 get its type approval?")
    assert "9 March" in first, first


@pytest.mark.usefixtures("registry")
def test_another_group_of_the_tracked_party_is_another_subject(api):
    body = answered(api, "How many services did the Maren Rail conductors strike cancel?")
    assert not body["grounded"], body["answer"]
    assert "Maren Rail conductors strike" in SENTENCE.split(body["answer"])[0], body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_former_name_routes_and_a_forecast_answers_what_is_to_come(api):
    first = ask(api, "How many trains a year will the Kelderwick Shed project service?")
    assert "140 trains" in first, first


@pytest.mark.usefixtures("registry")
def test_the_row_that_says_what_is_asked_leads_a_figure_question(api):
    first = ask(api, "How much does parking cost at Kelderwick Depot?")
    assert "£6" in first, first


@pytest.mark.usefixtures("registry")
def test_a_date_put_as_a_premise_is_corrected_not_a_window(api):
    first = ask(api, "Since the Maren Rail drivers' strike began on 11 March, how many services "
                     "have been cancelled?")  # fmt: skip
    assert first.startswith(PREMISE[1]), first
    assert "4 March" in first, first


@pytest.mark.usefixtures("registry")
def test_a_refusal_put_against_a_grant_is_contradicted(api):
    first = ask(api, "The Kelder Rail Authority refused the Vell K-40 its type approval, didn't "
                     "it?")  # fmt: skip
    assert first.startswith(PREMISE[1]), first
    assert "granted" in first, first


@pytest.mark.usefixtures("registry")
def test_which_is_higher_put_the_wrong_way_round_is_named(api):
    first = ask(api, "Maren Rail carried fewer passengers in the third quarter than in the "
                     "second, right?")  # fmt: skip
    assert first.startswith(PREMISE[1]), first
    assert "2.4 million" in first, first
    assert "2.1 million" in first, first


@pytest.mark.usefixtures("registry")
def test_a_quarter_written_q3_is_no_untracked_name(api):
    body = answered(api, "Did Maren Rail carry more passengers in Q3 than in Q2?")
    assert body["grounded"], body["answer"]
    assert "does not track" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_what_is_due_takes_nothing_for_granted(api):
    first = ask(api, "When is the Kelderwick depot rebuild due to finish?")
    assert not first.startswith(PREMISE), first


@pytest.mark.usefixtures("registry")
def test_a_fact_asked_after_also_beside_verse_is_answered(api):
    body = answered(api, "Write me a poem about trains, and also tell me how many services the "
                         "Maren Rail drivers' strike cancelled.")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert "310 services" in body["answer"], body["answer"]
