"""The classes the twenty-second blind check found (issue 51), on a world of this file's own: a
chipmaker that publishes each quarter's results on a page of its own, and a phone maker known by
a short name that another company also carries.

- the period asked picks the issuer's page: asked of the third quarter, the third quarter's page
  leads even when the second quarter's page was read later; asked what is expected, the outlook
  leads;
- a quarter set against the same quarter a year earlier is a comparison of two periods of one
  quantity, answered from the row that gives both;
- a report that names another company whose name begins with the tracked one's short name
  ("Solari Motors" beside "Solari") is not the tracked company's: it is not attached, neither
  disputes nor answers for it, and that company asked of is declined;
- asked of a quantity the topic does not hold (tablets of a phone maker that reports phones), the
  answer does not give the phones' figure as the tablets';
- two counts of one thing in one period that differ are said to differ, whichever names its
  period;
- a figure stated as the question's setting that the record contradicts is named first;
- a sibling model's mark written with a hyphen ("VX-480" of the "VX-470") is another model.
"""

import pytest

from registry import services
from registry.models import Quantity
from tests.answers.test_figures_asked import (
    PREMISE,
    SENTENCE,
    _issuer,
    _reports,
    answered,
    ask,
)
from tests.answers.test_other_periods_and_parties import _topic

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    for slug, words in [
        ("revenue", ["revenue", "sales"]),
        ("shipments", ["shipments", "shipped", "units"]),
    ]:
        # The seeded revenue, curated anew for this world's words.
        Quantity.objects.update_or_create(
            slug=slug, defaults={"name": slug, "words": {"en": words}}
        )
    verano = _topic("company-verano-semiconductors-results", "Verano Semiconductors results",
                    ("verano-semiconductors", "Verano Semiconductors", "company"),
                    ["quarterly results", "revenue", "chips"],
                    {"kind": "company", "issuer": "Verano Semiconductors"})  # fmt: skip
    # The third quarter's page was read first; the second quarter's page, older news, later.
    _issuer("verano-q3", "Verano Semiconductors", [
        "Third-quarter 2026 results: revenue of $4.6 billion, up from $3.9 billion in the third "
        "quarter of 2025. For the fourth quarter the company expects revenue of $4.9 billion."],
        verano)  # fmt: skip
    _issuer("verano-q2", "Verano Semiconductors", [
        "Second-quarter 2026 results: revenue of $4.1 billion, up from $3.6 billion in the second "
        "quarter of 2025."], verano)  # fmt: skip
    solari = _topic("company-solari-devices-phones", "Solari Devices smartphone shipments",
                    ("solari-devices", "Solari Devices", "company"),
                    ["smartphones", "shipments"],
                    {"kind": "company", "aliases": ["Solari"],
                     "issuer": "Solari Devices"})  # fmt: skip
    # Reporting calls the company by its short name, which another company's name begins.
    services.entity_upsert(slug="solari-devices", name="Solari Devices", kind="company",
                           aliases=["Solari"])  # fmt: skip
    _issuer("solari", "Solari Devices", [
        "Solari Devices shipped 12.4 million smartphones in the third quarter of 2026."],
        solari)  # fmt: skip
    chip = _topic("product-verano-vx-470", "Verano VX-470 chip",
                  ("verano-semiconductors", "Verano Semiconductors", "company"),
                  ["chip", "launch"], {"kind": "product", "edition": "VX-470"})  # fmt: skip
    _issuer("verano-vx", "Verano Semiconductors", [
        "The Verano VX-470 chip went on sale on 2 November 2026."], chip)  # fmt: skip
    _reports([
        (1, "Verano said the VX-480, a faster sibling of the VX-470, will go on sale in 2028."),
        (2, "Verano Semiconductors revenue rose to $4.6 billion in the third quarter on demand "
            "for data-centre chips."),
        (1, "Solari Motors delivered 31,000 cars in the third quarter, up from 28,000."),
        (2, "Solari Motors shipped 2.2 million smartphones' worth of batteries in the third "
            "quarter."),
        (1, "Solari Devices shipped 11.1 million smartphones, a research firm estimates."),
        (3, "Solari Devices launched two new smartphones in its home market."),
    ])  # fmt: skip


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize("question", [
    "What was Verano Semiconductors' revenue in the third quarter?",
    "How much revenue did Verano Semiconductors report for Q3 2026?",
])  # fmt: skip
def test_the_period_asked_picks_the_issuers_page(api, question):
    lead = ask(api, question)
    assert "$4.6 billion" in lead, lead
    assert "$4.1 billion" not in lead, lead


@pytest.mark.usefixtures("world")
def test_asked_what_is_expected_the_outlook_leads(api):
    lead = ask(api, "What revenue does Verano Semiconductors expect for the fourth quarter?")
    assert "$4.9 billion" in lead, lead


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize("question", [
    "Was Verano Semiconductors' revenue higher in Q3 2026 than in Q3 2025?",
    "Did Verano Semiconductors' third-quarter revenue grow from a year earlier?",
])  # fmt: skip
def test_a_quarter_against_the_same_quarter_a_year_earlier(api, question):
    lead = ask(api, question)
    assert lead.startswith("Yes"), lead
    assert lead.index("$4.6 billion") < lead.index("$3.9 billion"), lead


@pytest.mark.usefixtures("world")
def test_another_company_sharing_the_short_name_is_not_the_tracked_ones(api):
    body = answered(api, "How many smartphones did Solari ship in the third quarter?")
    assert "Solari Motors" not in body["answer"], body["answer"]
    lead = SENTENCE.split(body["answer"])[0]
    assert "12.4 million" in lead, lead
    assert "2.2 million" not in body["answer"], body["answer"]  # the namesake's, never a side


@pytest.mark.usefixtures("world")
def test_the_other_company_asked_is_declined_pointing_to_the_tracked_one(api):
    body = answered(api, "How many cars did Solari Motors deliver in the third quarter?")
    assert not body["grounded"], body["answer"]
    assert "31,000" not in body["answer"], body["answer"]
    assert "Solari Devices" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(("question", "noun"), [
    ("How many tablets did Solari Devices ship in the third quarter?", "tablets"),
    ("How many cars did Solari Devices deliver in the third quarter?", "cars"),
])  # fmt: skip
def test_a_quantity_the_topic_does_not_hold_is_said_missing(api, question, noun):
    lead = ask(api, question)
    assert lead.startswith(f"The registry holds no {noun} figures"), lead


@pytest.mark.usefixtures("world")
def test_two_counts_of_one_thing_that_differ_are_said_to_differ(api):
    body = answered(api, "How many smartphones did Solari Devices ship?")
    assert "12.4 million" in body["answer"], body["answer"]
    assert "11.1 million" in body["answer"], body["answer"]
    assert "disagree" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_figure_set_before_the_question_is_named_first(api):
    lead = ask(api, "Verano Semiconductors' third-quarter revenue was $5.2 billion. "
                      "What drove the rise?")  # fmt: skip
    assert lead.startswith(PREMISE), lead
    assert "$5.2 billion" in lead, lead
    assert "$4.6 billion" in lead, lead


@pytest.mark.usefixtures("world")
def test_a_sibling_models_mark_joined_by_a_hyphen_is_another_model(api):
    body = answered(api, "When will the Verano VX-480 go on sale?")
    assert not body["grounded"], body["answer"]
    assert "2028" not in body["answer"], body["answer"]
    assert "Verano VX-470 chip" in body["answer"], body["answer"]
