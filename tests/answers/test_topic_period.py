"""A topic's curated period is its figures' period (issue 51): a topic of one year ("the 2026
barley harvest") gives that year to every figure its rows state without one, so a question that
sets that year against another one the rows name ("up from 2.0 million tonnes in 2025") gets a
verdict, and a past year a question names is a period its figures are of, not only a span in
which something must have been published.

The registry is this file's own: a grain board's harvest estimate for one year, raised once, and
a dairy beside it.
"""

import pytest

from registry import services
from tests.answers.test_figures_asked import _reports, _topic, answered, assert_verdict
from tests.answers.test_figures_asked import ask as first_sentence

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    board = services.entity_upsert(slug="harrow-vale-grain-board", name="Harrow Vale Grain Board",
                                   kind="organization")  # fmt: skip
    vale = services.entity_upsert(slug="harrow-vale", name="Harrow Vale", kind="place")
    services.event_upsert(subject="harrow-vale-barley-harvest-2026",
                          title="Harrow Vale barley harvest 2026", lead_entity=board,
                          entities=[board, vale], subject_terms=["barley", "harvest"],
                          question_terms=["barley", "harvest"],
                          identity={"kind": "statistical-release", "period": "2026"})  # fmt: skip
    _topic(
        "corrin-dairy-cooperative",
        "Corrin dairy cooperative",
        ("corrin-dairy", "Corrin Dairy", "company"),
        ["milk", "dairy"],
        "company",
    )
    _reports([
        (5, "Corrin Dairy collected 41 million litres of milk in October."),
        (8, "The Harrow Vale Grain Board estimates the barley harvest at 2.3 million tonnes, "
            "up from 2.0 million tonnes in 2025."),
        (3, "The Harrow Vale Grain Board raised its barley harvest estimate to 2.5 million "
            "tonnes."),
        (2, "First-year growers supplied 140,000 tonnes of the Harrow Vale barley harvest, "
            "the Harrow Vale Grain Board said."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_the_topics_year_against_another_year_gets_a_verdict(api):
    first = first_sentence(api, "Is the 2026 Harrow Vale barley harvest estimate bigger than "
                                "the 2025 harvest?")  # fmt: skip
    assert_verdict(first, "2.5 million", "2.0 million", "0.5 million")


@pytest.mark.usefixtures("registry")
def test_two_years_asked_of_one_harvest_get_a_verdict(api):
    first = first_sentence(api, "Was the Harrow Vale barley harvest larger in 2026 or in 2025?")
    assert_verdict(first, "2.5 million", "2.0 million")


@pytest.mark.usefixtures("registry")
def test_a_past_year_asked_is_the_year_a_figure_is_of(api):
    body = answered(api, "How big was the Harrow Vale barley harvest in 2025?")
    assert body["grounded"], body["answer"]
    assert "2.0 million" in body["answer"].split(". ")[0], body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_word_before_the_name_that_describes_the_topics_own_noun_is_no_other_kind(api):
    # "final" is a curated kind's noun (a cup final), but here it describes the harvest.
    body = answered(api, "How big was the final Harrow Vale barley harvest estimate?")
    assert body["grounded"], body["answer"]
    assert "2.5 million" in body["answer"].split(". ")[0], body["answer"]


@pytest.mark.usefixtures("registry")
def test_an_ordinal_year_is_no_other_year_of_the_topic(api):
    # "first-year growers" are growers in their first year, not the harvest of year one.
    body = answered(api, "How much barley did first-year growers supply to the Harrow Vale "
                         "barley harvest?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert "140,000" in body["answer"], body["answer"]
