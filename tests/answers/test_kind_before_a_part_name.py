"""A name that is part of a tracked one, called by another kind's noun, is another thing (issue
51): "the footballer Ormond" is no creamery and "the chess player Kestwick" no dairy, so a
question of them is declined naming them, never answered with a merger of the Ormond Creamery
and Kestwick Dairies. Before, only a whole tracked name was held to the kind's noun before it.

The registry is this file's own: a dairy merger between two companies, and a ferry company
beside it so that questions route.
"""

import pytest

from registry import services
from tests.answers.test_figures_asked import _reports, answered

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    kestwick = services.entity_upsert(slug="kestwick-dairies", name="Kestwick Dairies",
                                      kind="company")  # fmt: skip
    ormond = services.entity_upsert(slug="ormond-creamery", name="Ormond Creamery",
                                    kind="company")  # fmt: skip
    services.event_upsert(subject="kestwick-ormond-merger", title="Kestwick Ormond merger",
                          lead_entity=kestwick, entities=[kestwick, ormond],
                          subject_terms=["merger", "dairy"], question_terms=["merger"],
                          identity={"kind": "agreement"})  # fmt: skip
    ferries = services.entity_upsert(slug="brannock-ferries", name="Brannock Ferries",
                                     kind="company")  # fmt: skip
    services.event_upsert(subject="brannock-ferries", title="Brannock Ferries",
                          lead_entity=ferries, entities=[ferries], subject_terms=["ferry"],
                          question_terms=["ferry"], identity={"kind": "company"})  # fmt: skip
    _reports([
        (5, "Kestwick Dairies and Ormond Creamery signed their merger agreement, creating a "
            "dairy group with 2,300 staff."),
        (3, "Brannock Ferries carried 41,000 passengers in October."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("Did the footballer Ormond sign a new contract?", "footballer Ormond"),
        ("How many games did the chess player Kestwick win?", "chess player Kestwick"),
    ],
)
def test_a_part_name_called_by_another_kinds_noun_is_declined_naming_it(api, question, named):
    body = answered(api, question)
    assert not body["grounded"], body["answer"]
    assert "2,300" not in body["answer"], body["answer"]
    if "does not track" in body["answer"]:  # a decline that names what it declines names it all
        assert named in body["answer"].split(".")[0], body["answer"]


@pytest.mark.usefixtures("registry")
def test_the_name_called_by_its_own_kind_is_answered(api):
    body = answered(api, "How many staff will the merged company of Kestwick and Ormond have?")
    assert body["grounded"], body["answer"]
    assert "2,300" in body["answer"], body["answer"]
