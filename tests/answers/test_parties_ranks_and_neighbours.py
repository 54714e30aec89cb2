"""Parties, ranks and neighbours (issue 51, after the forty-seventh blind check), on this
file's own world.

A telecom world: a carrier's network outage (its reports name another carrier's outage in
passing), a spectrum auction of one band and year (two carriers' payments in one row; another
band planned), a network quality index that ranks the carriers (another index of the same
publisher untracked), a country's mobile subscriptions for a season (a neighbouring country
curated as an entity no topic carries), an engineers' strike at a carrier (an offer improved, the
union's claim, a ballot rejecting the offer) and an ombudsman curated as a body no topic
carries. What the classes ask of it, from the user's side:

- a name the topic's curation never says, put where its owner stands before the topic's own
  noun ("<another carrier> network outage"), is another subject, even when a report filed under
  the topic names it in passing; so is another band with its number before the noun;
- two parties a topic carries, set side by side by name, get a verdict from the figures its
  rows give each ("Which paid more in the auction, A or B?");
- a rank is a figure: "did A rank higher than B" gets a verdict in places, and a rank the
  question takes for granted is corrected with the rank held;
- a body curators keep that no topic carries, asked about, is declined; another index sharing
  the tracked one's words is declined; a statistic of a place its title names is no premise
  of another place;
- a share after "by" in a sentence that rejects an offer is the vote's, never a second reading
  of the offer; a figure a party demands is no earlier reading of what is offered; "accept"
  taken for granted of an offer the rows say was rejected is named first; so is a demand said
  after its noun ("the 6% pay rise the union demands");
- a count another party disputes ("only 900 joined, disputing the 1,400 the union claimed") is
  said as a dispute, the issuer first; a count set as the question's setting ("With 3,000 on
  strike, ...") is corrected with the count held;
- "by how much did it improve", a season against the same season a year before and "than the
  fee it replaces" get a verdict with the difference; "how far is the offer below the claim"
  gets one too.
"""

from datetime import UTC, datetime

import pytest

from registry import services
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports, answered, ask
from tests.answers.test_other_periods_and_parties import _topic

pytestmark = pytest.mark.django_db
CONTRADICTED = "The record contradicts the premise"


@pytest.fixture
def world(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 12, 2, 12, tzinfo=UTC))
    carrier = ("norvane-mobile", "Norvane Mobile", "company")
    rival = ("lusk-telecom", "Lusk Telecom", "company")
    outage = _topic("norvane-network-outage-2026", "Norvane Mobile network outage", carrier,
                    ["network outage", "outage", "customers"],
                    {"kind": "place-bound-event", "organisation": "Norvane Mobile",
                     "period": "November 2026"})  # fmt: skip
    auction = _topic("kestria-spectrum-auction-2026", "Kestria 2026 3.5 GHz spectrum auction",
                     ("kestria-comms", "Kestria Communications Authority", "organization"),
                     ["spectrum auction", "auction", "proceeds"],
                     {"kind": "place-bound-event", "period": "2026", "place": "Kestria",
                      "organisation": "Kestria Communications Authority"},
                     ("kestria", "Kestria"))  # fmt: skip
    index = _topic("kestria-network-quality-index-2026", "Kestria Network Quality Index 2026",
                   ("kestria-nqi", "Kestria Network Quality Index", "other"),
                   ["ranked", "ranking", "rank", "index"],
                   {"kind": "statistical-release", "period": "2026", "edition": "2026",
                    "organisation": "Kestria Communications Authority"})  # fmt: skip
    subscriptions = _topic("kestria-mobile-subscriptions-spring-2026",
                           "Kestria mobile subscriptions, spring 2026",
                           ("kestria-comms", "Kestria Communications Authority", "organization"),
                           ["subscriptions", "mobile subscriptions"],
                           {"kind": "statistical-release", "period": "2026", "place": "Kestria",
                            "organisation": "Kestria Communications Authority"},
                           ("kestria", "Kestria"))  # fmt: skip
    strike = _topic("lusk-engineers-strike-2026", "Lusk Telecom engineers' strike",
                    ("kestria-telecom-union", "Kestria Telecom Union", "organization"),
                    ["strike", "pay offer", "pay", "offer", "ballot"],
                    {"kind": "place-bound-event", "period": "2026",
                     "organisation": "Lusk Telecom", "outcome": "rejected"})  # fmt: skip
    for topic in (auction, index, strike):
        topic.entities.add(services.entity_upsert(slug=rival[0], name=rival[1], kind=rival[2]))
    for topic in (auction, index):
        topic.entities.add(services.entity_upsert(slug=carrier[0], name=carrier[1],
                                                  kind=carrier[2]))  # fmt: skip
    # Neighbours curators keep as bodies and places that no topic carries.
    services.entity_upsert(slug="kestria-ombudsman", name="Kestria Telecoms Ombudsman",
                           kind="organization")  # fmt: skip
    services.entity_upsert(slug="varn", name="Varn", kind="country")
    _issuer("norvane-news", "Norvane Mobile", [
        "Norvane Mobile restored service after a network outage of 9 hours that affected "
        "1.2 million customers on 20 November 2026."], outage)  # fmt: skip
    _issuer("kestria-stats", "Kestria Communications Authority", [
        "Spring 2026 mobile subscriptions: 4,610,000, up from 4,420,000 in spring 2025."],
        subscriptions)  # fmt: skip
    _reports([
        (12, "Norvane Mobile's network outage on 20 November cut service for 1.2 million "
             "customers for 9 hours. A separate outage at Ardenfell Telecom last month lasted "
             "3 hours."),
        (10, "The Kestria 2026 3.5 GHz spectrum auction raised €840 million, the Kestria "
             "Communications Authority said. A 700 MHz auction is planned for 2027."),
        (9, "In the Kestria 2026 3.5 GHz spectrum auction Norvane Mobile paid €410 million and "
            "Lusk Telecom paid €290 million for their blocks."),
        (8, "The Kestria Network Quality Index 2026 places Norvane Mobile 3rd, up from 5th, and "
            "Lusk Telecom 7th, down from 6th."),
        (7, "Mobile subscriptions in Kestria reached 4,610,000 in spring 2026, up from 4,420,000 "
            "in spring 2025, the Kestria Communications Authority said."),
        (6, "Lusk Telecom improved its pay offer to engineers to 3.8%, up from 3%, in the strike "
            "called by the Kestria Telecom Union. The union is claiming a 6% pay rise."),
        (3, "Members of the Kestria Telecom Union rejected Lusk Telecom's improved 3.8% pay "
            "offer by 64% in a ballot and called further strike days."),
        (2, "Lusk Telecom's 3.8% offer remains well short of the 6% pay rise the Kestria Telecom "
            "Union demands."),
        (1, "Lusk Telecom said only 900 engineers joined the strike, disputing the 1,400 the "
            "Kestria Telecom Union claimed."),
        (11, "The Kestria Communications Authority set the annual spectrum licence fee at €12 "
             "million from 2027, up from €9 million."),
    ])  # fmt: skip
    _issuer("kestria-telecom-union", "Kestria Telecom Union", [
        "The Kestria Telecom Union said 1,400 engineers joined the strike at Lusk Telecom."],
        strike)  # fmt: skip
    return outage


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("How long did the Ardenfell network outage last?", "Ardenfell"),
        ("How many customers did the Ardenfell outage affect?", "Ardenfell"),
        ("How much did the 700 MHz auction raise?", "700 MHz"),
        ("What did the Kestria Telecoms Ombudsman decide about Norvane Mobile?", "Ombudsman"),
        ("Where did Norvane Mobile place in the Kestria Coverage Index?", "Coverage"),
        ("How many mobile subscriptions were there in Varn in spring 2026?", "Varn"),
    ],
)
def test_a_neighbour_is_declined_by_its_own_name(api, question, named):
    body = answered(api, question)
    assert not body["grounded"], body["answer"]
    first = body["answer"].split(". ")[0]
    assert named in first, first


@pytest.mark.usefixtures("world")
def test_the_tracked_outage_still_answers(api):
    assert "9 hours" in answered(api, "How long did the Norvane network outage last?")["answer"]


@pytest.mark.usefixtures("world")
def test_two_parties_of_one_row_get_a_verdict(api):
    said = ask(api, "Which paid more in the Kestria spectrum auction, Norvane Mobile or Lusk "
                    "Telecom?")  # fmt: skip
    assert " is higher: " in said, said
    assert said.index("Norvane Mobile") < said.index("€410 million") < said.index("€290 million")
    assert "€120 million" in said, said


@pytest.mark.usefixtures("world")
def test_a_rank_is_a_figure(api):
    said = ask(api, "Did Lusk Telecom rank higher than Norvane Mobile in the Kestria Network "
                    "Quality Index 2026?")  # fmt: skip
    assert said.startswith("No"), said
    assert said.index("3rd") < said.index("7th"), said
    assert "4 places" in said, said
    said = ask(api, "Why did Norvane Mobile fall to 9th in the Kestria Network Quality Index "
                    "2026?")  # fmt: skip
    assert said.startswith(CONTRADICTED), said
    assert "3rd" in said, said


@pytest.mark.usefixtures("world")
def test_a_ballot_and_a_claim_are_no_readings_of_the_offer(api):
    said = ask(api, "What is Lusk Telecom's latest pay offer to its engineers?")
    assert "disagree" not in said, said
    assert "3.8%" in said, said
    assert "earlier 6%" not in said, said
    assert "earlier 64%" not in said, said
    said = ask(api, "Why did the union accept Lusk Telecom's 3.8% pay offer?")
    assert said.startswith(CONTRADICTED), said


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("question", "by"),
    [
        ("By how much did Lusk Telecom improve its pay offer to engineers?",
         "0.8 percentage points"),
        ("How much higher were Kestria's mobile subscriptions in spring 2026 than in spring "
         "2025?", "190,000"),
        ("How far is Lusk Telecom's pay offer below the union's pay claim?",
         "2.2 percentage points"),
        ("How much higher is the Kestria spectrum licence fee than the fee it replaces?",
         "€3 million"),
    ],
)  # fmt: skip
def test_a_change_and_a_gap_get_a_verdict_with_the_difference(api, question, by):
    said = ask(api, question)
    assert " is higher: " in said, said
    assert by in said, said
    assert not said.startswith(PREMISE), said


@pytest.mark.usefixtures("world")
def test_a_count_disputed_by_another_party_is_said_and_a_set_count_corrected(api):
    said = ask(api, "How many engineers joined the strike at Lusk Telecom?")
    assert said.startswith("The issuer's own reading comes first"), said
    assert "1,400" in said, said
    said = ask(api, "With 3,000 engineers on strike at Lusk Telecom, what is its latest pay "
                    "offer?")  # fmt: skip
    assert said.startswith(CONTRADICTED), said
    assert "1,400" in said, said
