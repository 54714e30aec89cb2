"""The issuer's latest reading of the period asked, another party's figure, a comparative made
of a curated quantity, a common word beside a name, and the sentence that counts what is asked
(issue 51).

A period the issuer's latest reading is of asks that reading: its earlier reading of the same
period is history, never the lead. A report whose figure names a speaker of its own ("according
to port data compiled by <a weekly>", "analysts at <a bank> estimate") disputes the issuer's
later reading; it is never "an earlier reading" of it. "Which is longer" asks the curated length,
never another quantity both sides hold. A lower-case English word one letter from a word of a
tracked name ("start" beside "<Name> Star") is left as typed. "How many passengers" is answered
by the sentence that counts passengers, and a day of a month is no amount; "from <a place> with
610 passengers" gives no earlier figure.

The registry is this file's own: a rail freight operator, and two passenger trains.
"""

from datetime import UTC, datetime, timedelta

import pytest

from answers.ground import figures
from registry import services
from registry.models import Quantity
from tests.answers.test_figures_asked import PREMISE, SENTENCE, _issuer, _reports, answered
from tests.answers.test_own_names_and_measures_said import _topic

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 11, 30, 12, tzinfo=UTC))
    Quantity.objects.create(slug="freight", name="freight", words={"en": ["tonnes", "freight"]})
    Quantity.objects.create(slug="seats", name="seats", words={"en": ["seats"]})
    freight = _topic("tarnby-rail-freight-q3-2026", "Tarnby Rail Freight third-quarter volumes",
                     ("tarnby-rail-freight", "Tarnby Rail Freight", "company"),
                     ["freight", "tonnes"],
                     {"kind": "statistical-release", "period": "Q3 2026"})  # fmt: skip
    _issuer("tarnby", "Tarnby Rail Freight", [
        "Tarnby Rail Freight carried 1.21 million tonnes in the third quarter of 2026.",
        "Tarnby Rail Freight carried 1.24 million tonnes in the third quarter of 2026, a revised "
        "figure that now includes charter trains."], freight, step=timedelta(days=10))  # fmt: skip
    _topic("corran-express", "Corran Express", ("corran-express", "Corran Express", "other"),
           ["train", "seats"], {"kind": "product"})  # fmt: skip
    _topic("velde-star", "Velde Star", ("velde-star", "Velde Star", "other"),
           ["train", "seats", "fire"], {"kind": "product"})  # fmt: skip
    order = _topic("orrin-rail-train-order", "Orrin Rail train order",
                   ("orrin-rail", "Orrin Rail", "company"), ["train order", "order"],
                   {"kind": "agreement"})  # fmt: skip
    _issuer("orrin", "Orrin Rail", ["Orrin Rail has signed an order worth €480 million for 12 "
                                    "trains."], order)  # fmt: skip
    works = _topic("velde-works-order-book", "Velde Works order book",
                   ("velde-works", "Velde Works", "company"), ["order book", "orders"],
                   {"kind": "company"})  # fmt: skip
    _issuer("velde-works", "Velde Works", ["The Velde Works order book stands at €2.1 "
                                           "billion."], works)  # fmt: skip
    # The order names its builder, as curators title it: the builder is one of its entities.
    services.event_upsert(subject="orrin-rail-train-order",
                          title="Orrin Rail train order (Velde Works, 2026)",
                          lead_entity=order.lead_entity,
                          entities=[order.lead_entity, works.lead_entity])  # fmt: skip
    _reports([
        (3, "Velde Works now holds an order book of €2.4 billion after the Orrin Rail train "
            "order, analysts at Brennan Bank estimate."),
        (6, "Orrin Rail signed for 12 electric trains of 180 tonnes each, built at Velde."),
        (5, "Orrin Rail's order covers 12 trains and options for four more."),
        (4, "Orrin Rail's train order is worth €520 million, according to two people familiar "
            "with the contract, more than announced."),
        (19, "Tarnby Rail Freight carried 1.21 million tonnes in the third quarter, the company "
             "said."),
        (13, "Tarnby Rail Freight carried 1.18 million tonnes in the third quarter, according to "
             "port data compiled by Freight Weekly, fewer than the company reported."),
        (9, "The Corran Express train is 402 metres long and has 1,080 seats."),
        (8, "The Velde Star train has 720 seats."),
        (7, "A fire broke out in the engine room of the Velde Star train near Orrin on 12 "
            "November. The 640 passengers aboard were moved to another train."),
        (6, "Investigators said a cable fault in the engine room caused the fire aboard the "
            "Velde Star train on 12 November."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "How many tonnes did Tarnby Rail Freight carry in the third quarter?",
        "Is 1.21 million tonnes still the latest third-quarter figure from Tarnby Rail Freight?",
    ],
)
def test_the_period_the_latest_reading_is_of_asks_that_reading(api, question):
    first = SENTENCE.split(answered(api, question)["answer"])[0]
    assert "1.24 million" in first, first
    earlier = first.find("1.21 million")
    assert earlier < 0 or first.index("1.24 million") < earlier, first


@pytest.mark.usefixtures("registry")
def test_another_party_s_figure_disputes_the_issuer_it_is_no_earlier_reading(api):
    answer = answered(api, "How many tonnes did Tarnby Rail Freight carry in the third "
                           "quarter?")["answer"]  # fmt: skip
    first = SENTENCE.split(answer)[0]
    assert "earlier 1.18" not in answer, answer
    assert "1.24 million" in first, first  # the issuer's latest, then who disagrees
    assert "disagrees" in first, first
    assert "1.18 million" in answer, answer


@pytest.mark.usefixtures("registry")
def test_a_comparative_made_of_a_curated_quantity_asks_that_quantity(api):
    verdict = SENTENCE.split(answered(api, "Which is longer, the Corran Express or the Velde "
                                           "Star?")["answer"])[0].split(";")[0]  # fmt: skip
    assert "1,080" not in verdict, verdict
    assert " is higher" not in verdict, verdict


@pytest.mark.usefixtures("registry")
def test_a_common_word_beside_a_name_is_not_corrected_into_it(api):
    body = answered(api, "When does the pop singer Velde Star start her spring tour?")
    assert not body["grounded"], body["answer"]
    assert "singer Velde Star" in SENTENCE.split(body["answer"])[0], body["answer"]


@pytest.mark.usefixtures("registry")
def test_how_many_is_answered_by_the_sentence_that_counts_it(api):
    asked = "How many passengers were on board the Velde Star when the engine-room fire broke out?"
    first = SENTENCE.split(answered(api, asked)["answer"])[0]
    assert "640 passengers" in first, first


def test_a_place_after_from_gives_no_earlier_figure():
    said = figures.stated("The Velde Star returned to service on 29 November, sailing from "
                          "Orrin with 610 passengers.")  # fmt: skip
    assert [f.kind for f in said if f.text.startswith("610")] == ["actual"]
    up = figures.stated("Ridership rose to 3.1 million, up from 2.9 million.")
    assert [f.kind for f in up] == ["actual", "earlier"]


@pytest.mark.usefixtures("registry")
def test_asked_whether_it_changed_the_issuer_s_reading_answers(api):
    first = SENTENCE.split(answered(api, "Has Orrin Rail changed the announced value of its train "
                                         "order?")["answer"])[0]  # fmt: skip
    assert first.startswith("No, Orrin Rail said"), first
    assert "€480 million" in first, first


@pytest.mark.usefixtures("registry")
def test_a_measure_of_each_one_is_no_count_at_odds_with_the_count(api):
    first = SENTENCE.split(answered(api, "How many trains does the Orrin Rail order cover?")[
        "answer"])[0]  # fmt: skip
    assert "disagree" not in first, first
    assert "12 trains" in first, first


@pytest.mark.usefixtures("registry")
def test_a_figure_of_what_is_asked_of_one_side_is_never_the_other_s(api):
    """A report both topics hold gives the builder's order book: never the order's value."""
    first = SENTENCE.split(answered(api, "Is Velde Works' order book worth more than Orrin "
                                         "Rail's train order?")["answer"])[0]  # fmt: skip
    assert first.startswith("Yes, "), first
    assert "€480 million" in first, first


@pytest.mark.usefixtures("registry")
def test_fewer_names_the_lower_side_first_whatever_preposition_follows(api):
    asked = "Which has fewer seats: the Velde Star, or the Corran Express over its carriages?"
    first = SENTENCE.split(answered(api, asked)["answer"])[0]
    assert first.startswith("Velde Star is lower"), first


@pytest.mark.usefixtures("registry")
def test_when_it_began_is_asked_not_a_premise(api):
    body = answered(api, "When did the fire on the Velde Star begin?")
    assert not body["answer"].startswith(PREMISE), body["answer"]
    assert "12 November" in SENTENCE.split(body["answer"])[0], body["answer"]


@pytest.mark.usefixtures("registry")
def test_a_year_in_what_is_given_is_no_window(api):
    body = answered(api, "Given that Tarnby Rail Freight was called Tarnby Haulage until 2019, "
                         "how many tonnes did it carry in the third quarter?")  # fmt: skip
    assert body["grounded"], body["answer"]
    assert "1.24 million" in body["answer"], body["answer"]
