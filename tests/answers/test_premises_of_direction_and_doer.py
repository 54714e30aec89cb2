"""Premises of direction and of who did it (issue 51), on this file's own registry: a figure
said to have fallen that the record gives as "up 4.5%" is named first; a noun made of a verb
("container", "freezer") is never the state a question claims; a body the question names as
having done what another body did ("why did the <licensing board> reject <the drug>" where a
neighbour's office rejected it and the board granted it) is named first; so is a buyer that
did not buy ("why did <one shipper> buy <the tug firm>" that another agreed to acquire).

The registry: a container depot's throughput, a drug's licence decision with a neighbouring
office's rejection in the reporting, and two shipping companies.
"""

import pytest

from registry import services
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports, _topic, ask

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    depot = _topic("logistics-kelvar-depot-2026", "Kelvar container depot throughput 2026",
                   ("kelvar-depot-company", "Kelvar Depot Company", "organization"),
                   ["depot throughput", "boxes"], "statistical-release")  # fmt: skip
    _issuer("kelvar-depot", "Kelvar Depot Company", [
        "Kelvar Depot Company: container depot throughput in October 2026 was 82,000 boxes, up "
        "4.5% year on year."], depot)  # fmt: skip
    salt = _topic("industry-brannock-salt-2026", "Brannock salt output 2026",
                  ("brannock-salt-works", "Brannock Salt Works", "organization"),
                  ["salt output", "tonnes"], "statistical-release")  # fmt: skip
    _issuer("brannock-salt", "Brannock Salt Works", [
        "Brannock Salt Works: salt output in October 2026 was 14,000 tonnes, up 3.2% year on "
        "year."], salt)  # fmt: skip
    drug = services.entity_upsert(slug="tamrin", name="Tamrin", kind="other")
    board = services.entity_upsert(slug="loria-licensing-board", name="Loria Licensing Board",
                                   kind="organization")  # fmt: skip
    licence = services.event_upsert(
        subject="licence-tamrin-2026", title="Tamrin licence decision 2026", lead_entity=drug,
        entities=[drug, board], subject_terms=["licence"], question_terms=["licence"],
        identity={"kind": "policy-decision", "organisation": "Loria Licensing Board"})  # fmt: skip
    _issuer(
        "loria-board",
        "Loria Licensing Board",
        ["Loria Licensing Board: licence granted for Tamrin on 12 November 2026."],
        licence,
    )
    _topic("company-dorran-shipping", "Dorran Shipping", ("dorran-shipping", "Dorran Shipping",
           "company"), ["shipping company"], "company")  # fmt: skip
    _topic("company-pell-freight", "Pell Freight", ("pell-freight", "Pell Freight", "company"),
           ["freight company"], "company")  # fmt: skip
    _reports([
        (4, "The Westmark Licensing Office rejected Tamrin on 20 November, citing missing data."),
        (3, "The Loria Licensing Board granted Tamrin a licence on 12 November."),
        (2, "Dorran Shipping, the coastal carrier, agreed to acquire Halvey Tugs for $90 "
            "million."),
        (1, "Pell Freight ordered four new vessels for its coastal routes."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "Why did the Loria Licensing Board reject Tamrin?",
        "Why did Pell Freight buy Halvey Tugs?",
    ],
)
def test_a_wrong_direction_or_doer_is_named_first(api, question):
    assert ask(api, question).startswith(PREMISE)


@pytest.mark.usefixtures("registry")
def test_a_change_given_as_up_contradicts_a_fall(api):
    first = ask(api, "Why did Brannock salt output fall 3.2% in October?")
    assert first.startswith(PREMISE[1]), first


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "Why did Dorran Shipping buy Halvey Tugs?",
        "Why did the Kelvar container depot throughput rise 4.5% in October?",
        "Why did the Loria Licensing Board grant Tamrin a licence?",
    ],
)
def test_the_doer_the_record_names_is_no_premise(api, question):
    assert not ask(api, question).startswith(PREMISE)
