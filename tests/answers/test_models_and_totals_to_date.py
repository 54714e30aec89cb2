"""Counts written with a model's number, totals to date, and sides that carry each other.

A world of two locomotive programmes (each a product led by its model, its maker attached), a
station's passenger release and the operator it carries. What the issue's classes ask of it,
from the user's side:

- a model's number kept as the topic's edition names its lead without an alias ("Korvath's
  KR-7" of the lead "Korvath KR-7");
- a count written with a model's number ("delivered 64 KR-7 locomotives") is a count of the
  locomotives: two programmes compared get a verdict, its difference in locomotives;
- a comparison asked of a year gets that year's figures, not the newest; within one topic, two
  years get their own;
- a false count in a premise is named first, as is another maker said to have built a model;
- "Is N still the latest?" of a total to date answers "No" when a later month's total is held;
- a scene set in one year ("Given that ... in 2026, how many in 2025?") asks the other year;
- a total to a later month replaces one to an earlier month: no disagreement, the newest first;
- a neighbour whose name only shares a word ("Halloran Junction") disputes nothing;
- a description set off by commas after a name ("<operator>, the <place>-based operator") is no
  longer name to decline;
- two topics, one carrying the other as a party, are both sides of a comparison.
"""

from datetime import UTC, datetime

import pytest

from registry import services
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports, answered, ask
from tests.answers.test_other_periods_and_parties import _topic

pytestmark = pytest.mark.django_db
DISPUTED = "a report disagrees"
REFUSED = "does not pick one"


def _programme(maker: tuple, model: tuple, title: str):
    """A locomotive programme: a product led by its model, its number its curated edition (no
    alias: the edition names the lead), its maker attached (its short name an alias)."""
    number = model[1].split()[-1]
    topic = _topic(f"{model[0]}-deliveries", title, (model[0], model[1], "other"),
                   ["deliveries", "delivered", "locomotives"],
                   {"kind": "product", "edition": number})  # fmt: skip
    topic.entities.add(services.entity_upsert(slug=maker[0], name=maker[1], kind="company",
                                              aliases=[maker[1].split()[0]]))  # fmt: skip
    return topic


@pytest.fixture
def world(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 12, 2, 12, tzinfo=UTC))
    korvath = _programme(("korvath-rail", "Korvath Rail"), ("korvath-kr-7", "Korvath KR-7"),
                         "Korvath KR-7 locomotive deliveries")  # fmt: skip
    dunmere = _programme(("dunmere-works", "Dunmere Works"), ("dunmere-dl-3", "Dunmere DL-3"),
                         "Dunmere DL-3 locomotive deliveries")  # fmt: skip
    station = _topic("halloran-central-passengers-2026",
                     "Halloran Central Station passenger numbers 2026",
                     ("halloran-central", "Halloran Central Station", "organization"),
                     ["passengers", "handled"],
                     {"kind": "statistical-release", "period": "2026"},
                     ("halloran", "Halloran"))  # fmt: skip
    operator = _topic("brisk-rail-passengers", "Brisk Rail passenger traffic",
                      ("brisk-rail", "Brisk Rail", "company"), ["passengers", "carried"],
                      {"kind": "company"})  # fmt: skip
    # The station's release carries its largest operator, and the operator its home station.
    station.entities.add(operator.lead_entity)
    operator.entities.add(station.lead_entity)
    _issuer("korvath-ir", "Korvath Rail", [
        "Korvath Rail delivered 66 KR-7 locomotives in 2026 through November.",
        "Korvath Rail revised its count: it delivered 64 KR-7 locomotives in 2026 through "
        "November, revised from 66, after two handovers were reclassified."], korvath)  # fmt: skip
    _issuer("dunmere-ir", "Dunmere Works",
            ["Dunmere Works delivered 41 DL-3 locomotives in 2026 through November."],
            dunmere)  # fmt: skip
    _issuer("halloran-transit", "Halloran Transit Authority",
            ["Halloran Central Station handled 8.4 million passengers in 2026 through "
             "November."], station)  # fmt: skip
    _issuer("brisk-ir", "Brisk Rail",
            ["Brisk Rail carried 5.2 million passengers in 2026 through November."],
            operator)  # fmt: skip
    _reports([
        (9, "Korvath Rail delivered 58 KR-7 locomotives in 2026 through October, the company "
            "said."),
        (12, "Korvath Rail delivered 49 KR-7 locomotives in all of 2025."),
        (11, "Dunmere Works delivered 37 DL-3 locomotives in all of 2025."),
        (3, "Halloran Junction, a freight yard in Pellow, handled 210,000 passengers in 2026, "
            "according to Halloran Central Station's owner."),
        (2, "Turnstile counts compiled by Railwatch put Halloran Central Station's passengers in "
            "2026 through November at 7.9 million, below the 8.4 million the Halloran Transit "
            "Authority reported."),
        (8, "Brisk Rail carried 4.7 million passengers in 2026 through October, the operator "
            "said."),
    ])  # fmt: skip


@pytest.mark.usefixtures("world")
def test_counts_written_with_a_model_number_are_compared(api):
    said = ask(api, "Which is larger: Korvath's KR-7 deliveries in 2026 or Dunmere's DL-3 "
                    "deliveries in 2026?")  # fmt: skip
    assert "is higher: 64 KR-7 locomotives" in said, said
    assert "against 41 DL-3 locomotives" in said, said
    assert "by 23 locomotives" in said, said  # the difference is of locomotives, no one's model


@pytest.mark.usefixtures("world")
def test_the_year_asked_of_both_sides_is_theirs(api):
    said = ask(api, "Were Korvath's 2025 KR-7 deliveries higher than Dunmere's 2025 DL-3 "
                        "deliveries?")  # fmt: skip
    assert said.startswith("Yes"), said
    assert "49 KR-7 locomotives" in said, said
    assert "37 DL-3 locomotives" in said, said


@pytest.mark.usefixtures("world")
def test_two_years_of_one_programme(api):
    said = ask(api, "Did Korvath deliver more KR-7 locomotives in 2026 than in 2025?")
    assert said.startswith("Yes"), said
    assert "64 KR-7 locomotives" in said, said
    assert "49 KR-7 locomotives" in said, said


@pytest.mark.usefixtures("world")
def test_a_false_count_with_a_model_is_named_first(api):
    said = ask(api, "Why did Korvath deliver only 30 KR-7 locomotives in 2026?")
    assert said.startswith(PREMISE), said
    assert "64 KR-7 locomotives" in said, said


@pytest.mark.usefixtures("world")
def test_another_makers_model_is_answered_with_the_premise_named(api):
    said = ask(api, "How many DL-3 locomotives did Korvath Rail deliver in 2026?")
    assert said.startswith(PREMISE), said
    assert "Korvath Rail" in said.split(";")[0], said
    body = answered(api, "How many DL-3 locomotives did Korvath Rail deliver in 2026?")["answer"]
    assert "41 DL-3" in body, body
    assert "64 KR-7" not in body, body


@pytest.mark.usefixtures("world")
def test_an_earlier_total_to_date_is_not_the_latest(api):
    said = ask(api, "Is 58 still the latest count of KR-7 deliveries in 2026?")
    assert said.startswith("No"), said
    assert "64 KR-7 locomotives" in said, said


@pytest.mark.usefixtures("world")
def test_a_scene_set_in_one_year_asks_the_other(api):
    said = ask(api, "Given that Korvath delivered 64 KR-7 locomotives in 2026 through "
                        "November, how many did it deliver in 2025?")  # fmt: skip
    assert "49 KR-7 locomotives" in said, said


@pytest.mark.usefixtures("world")
def test_a_total_to_a_later_month_replaces_one_to_an_earlier(api):
    said = ask(api, "How many passengers did Brisk Rail carry in 2026?")
    assert "5.2 million" in said, said
    assert DISPUTED not in said, said
    assert REFUSED not in said, said
    assert "Brisk Rail said" in said, said  # the issuer's newest total first


@pytest.mark.usefixtures("world")
def test_a_name_that_only_shares_a_word_disputes_nothing(api):
    said = ask(api, "How many passengers did Halloran Central Station handle in 2026?")
    assert "8.4 million" in said, said
    assert "Halloran Transit Authority said" in said, said
    assert "210,000" not in said, said
    body = answered(api, "How many passengers did Halloran Central Station handle in 2026?")
    assert "7.9 million" in body["answer"], body["answer"]  # the real dispute is said


@pytest.mark.usefixtures("world")
def test_a_description_after_a_comma_is_no_longer_name(api):
    body = answered(api, "How many passengers did Brisk Rail, the Pellow-based operator, carry "
                         "in 2026?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert "5.2 million" in body["answer"], body["answer"]


@pytest.mark.usefixtures("world")
def test_a_topic_carried_by_the_other_is_still_a_side(api):
    said = ask(api, "Which handled more passengers in 2026, Halloran Central Station or "
                        "Brisk Rail?")  # fmt: skip
    assert "is higher: 8.4 million" in said, said
    assert "against 5.2 million" in said, said
