"""Namesakes of a tracked name (issue 51), on this file's own registry: a name that opens with a
tracked name's first word and goes on with others ("Brask Capital" of "Brask Minerals", "Brask
Airways") is another body, declined whatever reporting says of it, even when a row attached to
the tracked topic names it; the tracked name's own former name ("Brask Hill Mining") and the
tracked name misspelt ("Brask Minerls") still answer.

The registry: a mining company, formerly called otherwise, with a report that names an
unrelated investment firm of the same first name.
"""

import pytest

from registry import services
from tests.answers.test_figures_asked import _reports, answered

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    miner = services.entity_upsert(slug="brask-minerals", name="Brask Minerals", kind="company")
    identity = {"kind": "company", "former_names": ["Brask Hill Mining"]}
    services.event_upsert(subject="company-brask-minerals", title="Brask Minerals",
                          lead_entity=miner, entities=[miner], subject_terms=["copper output"],
                          question_terms=["copper output"], identity=identity)  # fmt: skip
    _reports([
        (3, "Brask Minerals, formerly Brask Hill Mining, produced 41,000 tonnes of copper in the "
            "third quarter."),
        (2, "Brask Capital, an investment firm unrelated to the miner Brask Minerals, raised $150 "
            "million for a property fund."),
        (1, "Brask Minerals said its copper output would reach 170,000 tonnes this year."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "How much did Brask Capital raise for its property fund?",
        "How many jobs is Brask Airways cutting?",
    ],
)
def test_a_namesake_of_a_tracked_name_is_declined(api, question):
    body = answered(api, question)
    assert not body["grounded"], body["answer"]
    assert "does not track Brask" in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "How much copper did Brask Hill Mining produce in the third quarter?",
        "How much copper did Brask Minerls produce in the third quarter?",
    ],
)
def test_the_former_name_and_a_misspelt_name_still_answer(api, question):
    body = answered(api, question)
    assert body["grounded"], body["answer"]
    assert "41,000" in body["answer"]
