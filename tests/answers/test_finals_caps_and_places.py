"""A final reading, a cap in other words, a hub in another town (issue 51, the twenty-eighth blind
check's classes):

- "1,284.6 points" is 1,284.6, not 1,284; a report of the final reading "above the provisional
  1,284.6" revises the provisional one, and "Was it revised?" opens "Yes", never a dispute;
- the issuer's "capped the first-class stamp price increase at 4.5%" and a report's "set the cap
  ... at 5.5%" disagree, whichever words the question asks in, said as a disagreement on the
  stamp price (not on half of "first-class");
- "<company>'s new sorting hub in <a town another topic tracks>" is the tracked hub placed
  wrongly: a premise, never a decline.

The registry is this file's own: a freight index, a postal cap, a parcel hub and a depot strike.
"""

from datetime import timedelta

import pytest

from registry import services
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports
from tests.answers.test_other_periods_and_parties import _topic
from tests.answers.test_series_months_and_revisions_asked import first

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    index = _topic("econ-release-sorvik-freight-index-october-2026", "Sorvik Freight Index",
                   ("sorvik-exchange", "Sorvik Exchange", "organization"),
                   ["freight index", "freight rates"],
                   {"kind": "statistical-release", "period": "October 2026"})  # fmt: skip
    _issuer("sorvik-index", "Sorvik Exchange", [
        "The Sorvik Freight Index stood at 1,284.6 points in October 2026, a provisional "
        "reading.",
        "The Sorvik Freight Index stood at 1,291.3 points in October 2026, the final reading."],
        index, step=timedelta(days=14))  # fmt: skip
    cap = _topic("decision-dunmark-stamp-price-cap-2027", "Dunmark stamp price cap 2027",
                 ("dunmark-postal-commission", "Dunmark Postal Commission", "organization"),
                 ["stamp price cap", "stamp prices"],
                 {"kind": "policy-decision", "period": "2027"})  # fmt: skip
    _issuer("dunmark-postal", "Dunmark Postal Commission", [
        "The Dunmark Postal Commission capped the increase in the first-class stamp price at "
        "4.5% for 2027."], cap)  # fmt: skip
    # The hub is its own entity, its company carried beside it (not its lead).
    hub = services.entity_upsert(slug="kesslund-hub", name="Kesslund hub", kind="other")
    company = services.entity_upsert(slug="ostra-parcel", name="Ostra Parcel", kind="company")
    town = services.entity_upsert(slug="kesslund", name="Kesslund", kind="place")
    services.event_upsert(subject="facility-ostra-kesslund-hub", title="Ostra Parcel Kesslund hub",
                          lead_entity=hub, entities=[hub, company, town],
                          subject_terms=["sorting hub", "parcels per hour"],
                          question_terms=["sorting hub", "parcels per hour"],
                          identity={"kind": "company"})  # fmt: skip
    _topic("strike-brennock-depot-2026", "Brennock depot strike",
           ("couriers-union", "Couriers Union", "organization"), ["strike", "couriers"],
           {"kind": "place-bound-event", "period": "2026"}, ("brennock", "Brennock"))  # fmt: skip
    _reports([
        (1, "The Sorvik Exchange put the final October 2026 reading of the Sorvik Freight Index "
            "at 1,291.3 points, above the provisional 1,284.6 points it published earlier."),
        (1, "The Dunmark Postal Commission set the cap on next year's first-class stamp price "
            "rise at 5.5%, according to two people briefed on the decision."),
        (2, "The Kesslund hub, the sorting hub of Ostra Parcel, handles 95,000 parcels per hour."),
    ])  # fmt: skip


@pytest.mark.usefixtures("world")
def test_a_final_reading_revises_the_provisional_one_never_disputes_it(api):
    said, body = first(api, "Was the October 2026 reading of the Sorvik Freight Index revised?")
    assert said.startswith("Yes, "), said
    assert "1,291.3" in said, said
    assert "disagree" not in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    "question",
    [
        "What stamp price cap did the Dunmark Postal Commission set for 2027?",
        "How much can stamp prices rise in 2027 under the Dunmark Postal Commission's cap?",
    ],
)
def test_a_cap_said_in_other_words_by_a_report_is_a_dispute_issuer_first(api, question):
    said, body = first(api, question)
    assert "disagrees on stamp price" in said, said
    assert said.index("4.5%") < body["answer"].index("5.5%"), body["answer"]


@pytest.mark.usefixtures("world")
def test_a_tracked_hub_placed_in_another_tracked_town_is_a_premise(api):
    said, body = first(api, "How many parcels per hour can Ostra Parcel's new sorting hub in "
                            "Brennock handle?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert said.startswith(PREMISE), said
    assert "Brennock" in said, said
    assert "95,000" in said, said
