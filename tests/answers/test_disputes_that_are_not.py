"""Rows that differ without disagreeing (issue 51), on this file's own registry: a forecast
lowered "to 160,000 tonnes" and a month's output "of 15,000 tonnes" state no states at odds (a
number's noun is its unit, not what changed); hours spent underground are no count of miners
underground; a span "extended to 120 days" reads anew the "90-day" one reported before; a cut
a body was advised to make is advice, not the cut made; a figure of the year before ("the 2026
quota of 52,000 tonnes") is not the 2027 quota a comparison asks of; and what a row sets
against another's figure is the first of its unit before the contrast ("will pay €27 million,
including a €4 million earn-out, rather than the €23 million announced").

The registry: a copper pit, a colliery accident and its licence, a fishing quota, and a
fish company's purchase.
"""

import pytest

from registry import services
from tests.answers.test_figures_asked import _issuer, _reports, _topic, ask

pytestmark = pytest.mark.django_db
DISAGREE = ("The held rows disagree", "The issuer's own reading comes first, and a report")


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("mining-tarrow-pit", "Tarrow Pit copper output", ("tarrow-mining", "Tarrow Mining",
           "company"), ["copper output", "tonnes"], "statistical-release")  # fmt: skip
    terms = ["collapse", "miners", "licence suspension"]
    colliery = _topic("accident-bresk-colliery", "Bresk Colliery collapse",
                      ("bresk-colliery", "Bresk Colliery", "organization"), terms,
                      "place-bound-event")  # fmt: skip
    _issuer("bresk-inspectorate", "Bresk Mines Inspectorate", [
        "Bresk Mines Inspectorate: the Bresk Colliery licence suspension is extended to 120 days."],
        colliery)  # fmt: skip
    council = services.entity_upsert(
        slug="lorn-fisheries-council", name="Lorn Fisheries Council", kind="organization"
    )
    quota = services.event_upsert(
        subject="quota-lorn-cod-2027", title="Lorn cod quota 2027", lead_entity=council,
        entities=[council], subject_terms=["cod quota"], question_terms=["cod quota"],
        identity={"kind": "policy-decision", "period": "2027"})  # fmt: skip
    _issuer("lorn-council", "Lorn Fisheries Council", [
        "Lorn Fisheries Council: the 2027 Lorn cod quota is set at 48,500 tonnes, a cut of 6.7% "
        "from the 2026 cod quota of 52,000 tonnes."], quota)  # fmt: skip
    _topic("company-tamsin-seafoods", "Tamsin Seafoods", ("tamsin-seafoods", "Tamsin Seafoods",
           "company"), ["acquisition", "smokehouse"], "company")  # fmt: skip
    _reports([
        (7, "Tarrow Mining lowered its full-year Tarrow Pit copper output forecast to 160,000 "
            "tonnes."),
        (6, "Tarrow Pit copper output rose 4% in October to 15,000 tonnes, Tarrow Mining said."),
        (5, "Rescue teams brought the four trapped miners at Bresk Colliery to the surface after "
            "52 hours underground."),
        (5, "The collapse at Bresk Colliery trapped seven of the eleven miners underground at a "
            "depth of 640 metres."),
        (4, "The inspectorate imposed a 90-day licence suspension on Bresk Colliery."),
        (3, "In its scientific advice the Lorn Marine Institute advised the Lorn Fisheries "
            "Council to cap the 2027 Lorn cod quota at 44,800 tonnes, a cut of 13.8% from the 2026 "
            "cod quota of 52,000 tonnes."),
        (2, "Tamsin Seafoods said it would buy Marl Smokehouse for €23 million."),
        (1, "A filing shows Tamsin Seafoods will pay up to €27 million for Marl Smokehouse, "
            "including a €4 million earn-out, rather than the €23 million it announced."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "How much copper did Tarrow Pit produce in October?",
        "How deep were the miners trapped at Bresk Colliery, and how long did their rescue take?",
        "How long is the Bresk Colliery licence suspension?",
        "What is the Lorn cod quota for 2027?",
        "What did Tamsin Seafoods pay for Marl Smokehouse?",
    ],
)
def test_rows_that_differ_without_disagreeing_open_with_no_dispute(api, question):
    assert not ask(api, question).startswith(DISAGREE)


@pytest.mark.usefixtures("registry")
def test_a_comparison_of_the_years_quota_reads_no_other_years(api):
    first = ask(api, "Did the 2027 Lorn cod quota exceed the scientific advice?")
    assert "48,500" in first, first
    assert "52,000" not in first, first
