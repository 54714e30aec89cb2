"""Readings, units, speakers and places as a caller puts them (issue 51), on this file's own
registry: the issuer's reading of a month that is not provisional replaces a provisional one of
that month whoever reported it (two read the same day tie on the date); a part that names which
reading ("the final August output", "the provisional number") asks for that one, of the month
the other part names; "above or below what X forecast" is a comparison; a figure in a unit of
measure ("112.5 MWh", "the 480 MW turbine hall") is an amount of it, compared with another in
that unit when a question asks what one side calls it ("capacity"); a figure in such a unit
claimed wrongly is named; a month the topic is not of, a speaker given another's figure, a
sentence that ends after a name, a quarter after a noun of another kind, and a namesake in an
untracked place are each read as a caller means them.

The registry: a tidal plant's monthly output (provisional, then final, the provisional one
also in a paper, and an analyst's higher estimate), its capacity against a gas plant's whose cost
rose past its budget, a regulator's tariff for Q1 2027 with an
analyst's forecast, a water outage in a town in November 2026 with a union that gives its
own count, and the second round of a spectrum auction.
"""

from datetime import timedelta

import pytest

from registry import services
from tests.answers.test_figures_asked import PREMISE, _issuer, _reports, answered, ask

pytestmark = pytest.mark.django_db


def _topic(subject: str, title: str, lead: tuple, terms: list[str], identity: dict,
           others: tuple = ()):  # fmt: skip
    entity = services.entity_upsert(slug=lead[0], name=lead[1], kind=lead[2])
    return services.event_upsert(subject=subject, title=title, lead_entity=entity,
                                 entities=[entity, *others], subject_terms=terms,
                                 question_terms=terms, identity=identity)  # fmt: skip


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    tidal = _topic("energy-orlan-tidal-output", "Orlan Tidal Plant monthly output",
                   ("orlan-tidal-plant", "Orlan Tidal Plant", "other"), ["tidal output", "output"],
                   {"kind": "place-bound-event", "place": "Ostmark"})  # fmt: skip
    _issuer("orlan-output", "Orlan Tidal Company", [
        "Orlan Tidal Plant generated a provisional 118.5 MWh in August 2026.",
        "Orlan Tidal Plant generated a final 112.5 MWh in August 2026 after meter checks.",
        "Orlan Tidal Plant generated a provisional 121 MWh in September 2026."], tidal,
        step=timedelta(minutes=1))  # fmt: skip
    _topic("energy-pellham-gas-plant", "Pellham gas plant works",
                 ("pellham-power", "Pellham Power", "company"), ["gas plant", "turbine hall"],
                 {"kind": "place-bound-event"})  # fmt: skip
    tariff = _topic("policy-ostmark-tariff-q1-2027", "Ostmark water tariff for Q1 2027",
                    ("ostmark-water-regulator", "Ostmark Water Regulator", "organization"),
                    ["water tariff", "tariff"],
                    {"kind": "policy-decision", "period": "Q1 2027"})  # fmt: skip
    _issuer(
        "ostmark-regulator",
        "Ostmark Water Regulator",
        ["Ostmark Water Regulator sets the final Q1 2027 water tariff at €412 a year."],
        tariff,
    )
    brenna = services.entity_upsert(slug="brenna", name="Brenna", kind="place")
    outage = _topic("outage-brenna-water-november-2026", "Brenna water outage, November 2026",
                    ("brenna-water", "Brenna Water", "company"), ["water outage", "outage"],
                    {"kind": "place-bound-event", "period": "November 2026", "place": "Brenna"},
                    (brenna,))  # fmt: skip
    _issuer("brenna-incidents", "Brenna Water", [
        "Brenna Water: 9,400 homes were without water in the outage; supply returned on 14 "
        "November."], outage)  # fmt: skip
    auction = _topic("auction-ostmark-5g-round-2", "Ostmark 5G spectrum auction, round 2",
                     ("ostmark-telecoms-authority", "Ostmark Telecoms Authority", "organization"),
                     ["spectrum auction", "proceeds"],
                     {"kind": "policy-decision", "edition": "round 2"})  # fmt: skip
    _issuer(
        "ostmark-telecoms",
        "Ostmark Telecoms Authority",
        ["Round 2 final proceeds of the 5G spectrum auction: 1.84 billion crowns."],
        auction,
    )
    _reports([
        (1, "Brenna Water said a burst trunk main caused the outage."),
        (3, "The Ostmark Telecoms Authority revised the proceeds of round 2 of the 5G spectrum "
            "auction to 1.84 billion crowns, up from its estimate of 1.79 billion crowns."),
        (3, "Orlan Tidal Company said the Orlan Tidal Plant generated 118.5 MWh in August 2026, "
            "a provisional figure."),
        (2, "Orlan Tidal Plant's capacity stays at 260 MW after the turbine refit."),
        (2, "Pellham Power says the 480 MW turbine hall at the Pellham gas plant will cost €90 "
            "million to rebuild."),
        (9, "Pellham Power approved a turbine hall budget of €90 million for the Pellham gas "
            "plant."),
        (1, "Pellham Power said the cost of rebuilding has risen to €104 million from the €90 "
            "million budget."),
        (2, "Tidewatch Review calculated that the Orlan Tidal Plant generated 131 MWh in August "
            "2026."),
        (4, "Delmer Analytics forecast that the Ostmark Water Regulator will set the Q1 2027 "
            "water tariff at €430 a year."),
        (1, "The Brenna Plumbers Union said the Brenna Water outage left 12,000 homes without "
            "water, against the 9,400 Brenna Water counts."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_the_issuers_final_reading_replaces_a_provisional_one_read_the_same_day(api):
    body = answered(api, "How much did the Orlan Tidal Plant generate in August?")
    first = body["answer"].split(" [")[0]
    assert "112.5 MWh" in first, body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_part_naming_which_reading_asks_for_that_one(api):
    first = ask(api, "Was the Orlan Tidal Plant's final August output higher or lower than the "
                     "provisional number?")  # fmt: skip
    assert " is higher: 118.5 MWh" in first, first
    assert "against 112.5 MWh" in first


@pytest.mark.usefixtures("registry")
def test_above_or_below_a_forecast_is_a_comparison(api):
    first = ask(api, "Did the final Q1 2027 Ostmark water tariff come in above or below what "
                     "Delmer Analytics forecast?")  # fmt: skip
    # The actual set against the forecast (tests/answers/test_plans_and_changes_since).
    assert first.startswith("€412"), first
    assert "is below the forecast of €430" in first, first


@pytest.mark.usefixtures("registry")
def test_a_figure_in_the_unit_of_what_is_asked_stands_for_it(api):
    first = ask(api, "Which is bigger in capacity, the Orlan Tidal Plant or the Pellham gas "
                     "plant?")  # fmt: skip
    assert " is higher: 480 MW" in first, first
    assert "against 260 MW" in first


@pytest.mark.usefixtures("registry")
def test_a_wrong_amount_in_a_unit_of_measure_is_named(api):
    first = ask(api, "Why did the Orlan Tidal Plant output reach 150 MWh in August?")
    assert first.startswith(PREMISE), first
    assert "150 MWh" in first


@pytest.mark.usefixtures("registry")
def test_a_month_the_topic_is_not_of_is_named(api):
    first = ask(api, "How many homes lost water in the Brenna water outage in October 2026?")
    assert first.startswith('The record does not support the premise "in October 2026"'), first


@pytest.mark.usefixtures("registry")
def test_a_speaker_given_anothers_figure_is_named(api):
    first = ask(api, "Brenna Water puts the homes without water at 12,000. Is that the latest "
                     "count?")  # fmt: skip
    assert first.startswith(PREMISE[1]), first
    assert "9,400 homes" in first


@pytest.mark.usefixtures("registry")
def test_a_name_ends_with_its_sentence(api):
    body = answered(api, "Brenna Water says 20,000 homes lost water in Brenna. When did supply "
                         "return?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert "Brenna. When" not in body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_quarter_after_another_kinds_noun_is_no_name(api):
    body = answered(api, "What is the final Q1 2027 Ostmark water tariff?")
    assert body["grounded"], body["answer"]
    assert "€412" in body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_namesake_in_an_untracked_place_is_declined(api):
    body = answered(api, "How much does the Orlan Tidal Plant in Vantor generate?")
    assert not body["grounded"], body["answer"]
    assert "Vantor" in body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_period_asked_reads_the_issuers_reading_of_it_against_a_report(api):
    first = ask(api, "Do the sources agree on how much the Orlan Tidal Plant generated in "
                     "August?")  # fmt: skip
    assert first.startswith("The issuer's own reading comes first, and a report disagrees"), first
    assert "112.5 MWh" in first


@pytest.mark.usefixtures("registry")
def test_a_newer_figure_naming_the_value_it_replaced_reads_it_anew(api):
    first = ask(api, "What is the latest cost estimate for the Pellham gas plant works?")
    assert first.startswith("The newest reading is €104 million, after an earlier €90 million"), (
        first
    )


@pytest.mark.usefixtures("registry")
def test_a_mark_the_topics_own_name_writes_is_no_other_edition(api):
    body = answered(api, "How much did the 5G spectrum auction round 2 raise?")
    assert body["grounded"], body["answer"]
    assert "1.84 billion" in body["answer"]


@pytest.mark.usefixtures("registry")
def test_another_round_is_still_another_edition(api):
    body = answered(api, "How much did round 3 of the Ostmark 5G spectrum auction raise?")
    assert not body["grounded"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_wrong_cause_beside_the_topics_own_noun_is_a_premise(api):
    body = answered(api, "Why did the cyberattack on Brenna Water cause the water outage?")
    assert body["grounded"], body["answer"]
    assert body["answer"].startswith(PREMISE), body["answer"]
    assert "cyberattack" in body["answer"].split(";")[0]


@pytest.mark.usefixtures("registry")
def test_a_theme_beside_a_name_that_writes_the_topics_noun_is_another_subject(api):
    # "Water" here is the company's name, not the outage's own noun said apart.
    body = answered(api, "What is Brenna Water's unemployment rate?")
    assert not body["grounded"], body["answer"]
