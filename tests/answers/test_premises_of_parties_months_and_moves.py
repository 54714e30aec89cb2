"""The premise classes the twenty-third blind check found (issue 51), on this world's train
builders and ferry line (`test_revised_counts_and_months`) with a merger, a second tracked
shipping company and a report disputing a builder's count:

- a premise that names the topic by one of its curated names ("the <A>-<B> tie-up signed") is
  held by rows that say it in another of its words ("signed a merger agreement");
- a wrong direction ("why did deliveries fall") is contradicted by the row that says the count
  rose ("63 trainsets ..., up from 51"), not held by a row of something else that fell ("cut its
  delivery target");
- a tracked company named as the wrong party ("its merger with <another tracked company>") is a
  premise to correct, not an untracked subject to decline;
- a wrong month of the topic's own occasion ("the strike take place in September") is named;
- a wrong count of a plural that takes no "-s" ("70 aircraft") is named, dispute or none;
- a premise the record does not hold is answered by the issuer's own reading first;
- asked of a term the topic curates ("revenue target"), the issuer's reading of it leads a
  report of it.
"""

import pytest

from registry import services
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports, answered, ask
from tests.answers.test_other_periods_and_parties import _topic
from tests.answers.test_revised_counts_and_months import world  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def parties(request):
    request.getfixturevalue("world")  # the train builders and the ferry line first
    merger = _topic("deal-nordhavn-skarra-merger", "Nordhavn Ferries and Skarra Line merger",
                    ("nordhavn-ferries", "Nordhavn Ferries", "company"),
                    ["merger", "tie-up", "deal", "agreement"],
                    {"kind": "agreement", "aliases": ["Nordhavn-Skarra tie-up"]})  # fmt: skip
    merger.entities.add(services.entity_upsert(slug="skarra-line", name="Skarra Line",
                                               kind="company"))  # fmt: skip
    _issuer("nordhavn-merger", "Nordhavn Ferries", [
        "Nordhavn Ferries and Skarra Line signed a merger agreement on 3 November 2026."],
        merger)  # fmt: skip
    veldt = _topic("company-veldt-shipping-results", "Veldt Shipping results",
                   ("veldt-shipping", "Veldt Shipping", "company"),
                   ["results", "revenue", "revenue target"], {"kind": "company"})  # fmt: skip
    _issuer("veldt", "Veldt Shipping", ["Veldt Shipping reported revenue of $310 million."],
            veldt)  # fmt: skip
    _issuer("veldt-outlook", "Veldt Shipping", [
        "Veldt Shipping cut its full-year revenue target to $1.2 billion, from $1.3 billion."],
        veldt)  # fmt: skip
    osmund = services.entity_upsert(slug="osmund-works", name="Osmund Works", kind="company")
    _issuer("osmund-guidance", "Osmund Works", [
        "Osmund Works cut its full-year 2026 delivery target to 225 trainsets, from 240."],
        osmund.led_events.first())  # fmt: skip
    _reports([
        (2, "Tarvik Rail delivered only 52 trainsets in the third quarter of 2026, not the 58 the "
            "company announced, registry records show."),
        (1, "Veldt Shipping cut its full-year revenue target to $1.2 billion from $1.3 billion, "
            "analysts said."),
    ])  # fmt: skip


@pytest.mark.usefixtures("parties")
def test_a_premise_named_by_a_curated_name_is_held_by_rows_in_other_words(api):
    body = answered(api, "When was the Nordhavn-Skarra tie-up signed?")
    assert body["grounded"], body["answer"]
    assert not body["answer"].startswith(PREMISE), body["answer"]
    assert "3 November 2026" in body["answer"], body["answer"]


@pytest.mark.usefixtures("parties")
def test_a_wrong_direction_is_contradicted_by_the_count_that_rose(api):
    lead = ask(api, "Why did Osmund Works' deliveries fall in the third quarter of 2026?")
    assert lead.startswith("The record contradicts the premise"), lead


@pytest.mark.usefixtures("parties")
def test_a_tracked_company_named_as_the_wrong_party_is_a_premise(api):
    body = answered(api, "When did Nordhavn Ferries sign its merger with Veldt Shipping?")
    assert body["grounded"], body["answer"]
    assert body["answer"].startswith(PREMISE), body["answer"]
    assert "its merger with Veldt Shipping" in body["answer"].split(";")[0], body["answer"]
    assert "Skarra Line" in body["answer"], body["answer"]


@pytest.mark.usefixtures("parties")
def test_a_wrong_month_of_the_occasion_is_named(api):
    lead = ask(api, "Why did the Nordhavn Ferries crew strike take place in September 2026?")
    assert lead.startswith(PREMISE), lead
    assert "September" in lead.split(";")[0], lead
    assert "Nordhavn Ferries said" in lead, lead  # the issuer's own word on it, first


@pytest.mark.usefixtures("parties")
def test_a_wrong_count_is_named_beside_a_dispute(api):
    lead = ask(api, "Why did Tarvik Rail deliver 70 trainsets in the third quarter of 2026?")
    assert lead.startswith(PREMISE), lead
    assert "70 trainsets" in lead, lead


@pytest.mark.usefixtures("parties")
def test_the_issuers_reading_of_a_term_asked_leads_a_report_of_it(api):
    lead = ask(api, "What is Veldt Shipping's full-year revenue target now?")
    assert "Veldt Shipping said" in lead, lead
    assert "$1.2 billion" in lead, lead
