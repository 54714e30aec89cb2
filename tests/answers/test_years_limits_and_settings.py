"""Years, limits and scene-setting clauses (issue 51, the thirty-first blind check's classes):

- asked of "its 2025 estimate" and "its 2026 estimate", the year of a quarter is that year:
  the verdict sets the year before's figure against the quarter's, each under its own year,
  and never by the words of two parts told apart by their years alone;
- a row's figure of the year before ("... to €5.2 billion for the third quarter of 2026,
  against €4.6 billion in 2025") is no current reading: a comparison with another topic takes
  the current one;
- a sum to come a report sets against the issuer's ("will cost €5.6 billion, not the €5.0
  billion the board states") disputes it, the issuer first;
- a limit asked against another limit ("limited to lorries under 3.5 tonnes" of one "under 12
  tonnes") is no threshold met "neither above nor below": the limit held is said;
- a share said with the state it measures ("41% complete") is of that state: "less complete in
  October than in November" compares the shares, never the budget beside them;
- a month a clause setting the scene says a deed was done in ("When <buyer> agreed in March
  2026 to buy <seller>, what price ...?") is a premise, not a window that empties the record.

The registry is this file's own: a tunnel's cost estimate, a bridge's cost, a weight limit and
a takeover.
"""

from datetime import timedelta

import pytest

from tests.answers.test_figures_asked import _issuer, _reports
from tests.answers.test_other_periods_and_parties import _topic
from tests.answers.test_series_months_and_revisions_asked import first

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    tunnel = _topic("project-tarrow-tunnel", "Tarrow Tunnel",
                    ("tarrow-tunnels-authority", "Tarrow Tunnels Authority", "organization"),
                    ["tunnel", "cost estimate"], {"kind": "product"})  # fmt: skip
    _issuer("tarrow-tunnels", "Tarrow Tunnels Authority", [
        "The Tarrow Tunnels Authority has revised its cost estimate for the Tarrow Tunnel for "
        "the third quarter of 2026 to €5.2 billion, from €4.9 billion, against €4.6 billion in "
        "2025."], tunnel)  # fmt: skip
    bridge = _topic("project-mell-bridge", "Mell Bridge",
                    ("mell-crossings-board", "Mell Crossings Board", "organization"),
                    ["bridge", "cost"], {"kind": "product"})  # fmt: skip
    _issuer(
        "mell-crossings",
        "Mell Crossings Board",
        ["The Mell Crossings Board keeps the cost of the Mell Bridge at €5.0 billion."],
        bridge,
    )
    limit = _topic(
        "decision-orra-bridge-limit-2026",
        "Orra Bridge weight limit 2026",
        ("orra-inspectorate", "Orra Inspectorate", "organization"),
        ["weight limit", "lorries"],
        {"kind": "policy-decision", "period": "2026"},
    )
    _issuer(
        "orra-inspectorate",
        "Orra Inspectorate",
        ["The Orra Inspectorate restricted the Orra Bridge to lorries under 12 tonnes."],
        limit,
    )
    road = _topic("project-vell-ring-road-phase-2", "Vell Ring Road Phase 2",
                  ("vell-roads-agency", "Vell Roads Agency", "organization"),
                  ["ring road", "progress"], {"kind": "product", "edition": "2"})  # fmt: skip
    _issuer("vell-roads", "Vell Roads Agency", [
        "Phase 2 of the Vell Ring Road was 41% complete at the end of October 2026, within its "
        "budget of €260 million.",
        "Phase 2 of the Vell Ring Road was 47% complete at the end of November 2026, within its "
        "unchanged budget of €260 million."], road, step=timedelta(days=30))  # fmt: skip
    _topic("deal-halden-carrow-2026", "Halden Build takeover of Carrow Works",
           ("halden-build", "Halden Build", "company"), ["takeover", "acquire"],
           {"kind": "agreement", "period": "2026"})  # fmt: skip
    _reports([
        (3, "The Mell Bridge will cost €5.6 billion, not the €5.0 billion the Mell Crossings "
            "Board states, according to contract documents seen by the Herald."),
        (30, "Halden Build agreed on Tuesday to acquire Carrow Works for €310 million in a "
             "takeover that creates the region's largest builder."),
    ])  # fmt: skip


@pytest.mark.usefixtures("world")
def test_the_year_of_a_quarter_is_that_year_in_a_verdict(api):
    said, _ = first(api, "Was the Tarrow Tunnel's 2025 cost estimate lower than its 2026 "
                         "estimate?")  # fmt: skip
    assert said.startswith("Yes, "), said
    assert said.index("€4.6 billion") < said.index("€5.2 billion"), said


@pytest.mark.usefixtures("world")
def test_a_figure_of_the_year_before_is_no_current_side(api):
    said, _ = first(api, "Which will cost more, the Tarrow Tunnel or the Mell Bridge?")
    assert said.startswith("Tarrow Tunnel is higher: €5.2 billion"), said


@pytest.mark.usefixtures("world")
def test_a_limit_asked_against_another_limit_says_the_limit_held(api):
    said, body = first(api, "Was the Orra Bridge limited to lorries under 3.5 tonnes?")
    assert body["grounded"], body["answer"]
    assert "neither above nor below" not in body["answer"], body["answer"]
    assert "12 tonnes" in said, said


@pytest.mark.usefixtures("world")
def test_a_month_a_scene_setting_clause_claims_is_no_window(api):
    _, body = first(api, "When Halden Build agreed in March 2026 to buy Carrow Works, what "
                         "price did it agree?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert "€310 million" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_share_of_a_state_is_compared_not_the_sum_beside_it(api):
    said, _ = first(api, "Was Vell Ring Road Phase 2 less complete in October than in November?")
    assert said.startswith("Yes, "), said
    assert said.index("41%") < said.index("47%"), said


@pytest.mark.usefixtures("world")
def test_a_sum_to_come_set_against_the_issuers_disputes_it_issuer_first(api):
    said, body = first(api, "How much will the Mell Bridge cost?")
    assert "disagree" in said, said
    assert said.index("€5.0 billion") < body["answer"].index("€5.6 billion"), body["answer"]
