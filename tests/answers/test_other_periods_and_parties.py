"""Another period, and a party to the story (issue 51): a topic curated for a year or a quarter
asked of another year, its own never said, is another occasion, declined with the tracked one
as a pointer (the year the question is asked in is none: a decision for next year is reported
this one); a body the topic's own reports name ("what the Haulage Federation expected") is a
party to its story, never another subject; a quarter after a possessive ("Dalmark's Q3") is
the topic's own; two quarters of it get a verdict.

The registry is this file's own: a haulier's third-quarter freight, and a port levy decided
this year for the next.
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from registry import services
from tests.answers.test_figures_asked import SENTENCE, _issuer, _reports, answered, ask

pytestmark = pytest.mark.django_db


def _topic(subject: str, title: str, lead: tuple, terms: list[str], identity: dict,
           place: tuple = ()):  # fmt: skip
    slug, name, kind = lead
    entity = services.entity_upsert(slug=slug, name=name, kind=kind)
    entities = [entity, *([services.entity_upsert(slug=place[0], name=place[1], kind="place")]
                          if place else [])]  # fmt: skip
    return services.event_upsert(subject=subject, title=title, lead_entity=entity,
                                 entities=entities, subject_terms=terms, question_terms=terms,
                                 identity=identity)  # fmt: skip


@pytest.fixture
def registry(settings, time_machine):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    time_machine.move_to(datetime(2026, 11, 25, 12, tzinfo=UTC))
    _topic("dalmark-haulage-q3-2026-tonnage", "Dalmark Haulage Q3 2026 freight",
           ("dalmark-haulage", "Dalmark Haulage", "company"), ["freight", "tonnes"],
           {"kind": "statistical-release", "period": "Q3 2026"})  # fmt: skip
    _topic("port-levy-2027-decision", "Orvik port levy 2027 decision",
           ("orvik-port-authority", "Orvik Port Authority", "organization"),
           ["port levy", "levy"], {"kind": "policy-decision", "period": "2027"},
           ("orvik", "Orvik"))  # fmt: skip
    # The levy's first reports (the words a topic is first known by) name no body but its own.
    _topic("recall-lindow-oat-drink-lot-k3150", "Recall of Lindow oat drink, lot K3150",
           ("lindow", "Lindow", "company"), ["recall", "oat drink"],
           {"kind": "product", "edition": "K3150"})  # fmt: skip
    prices = _topic(
        "orvik-consumer-prices",
        "Orvik consumer prices",
        ("orvik-statistics-office", "Orvik Statistics Office", "organization"),
        ["consumer prices", "inflation"],
        {"kind": "statistical-release"},
    )
    # October's flash read in October, its final reading in November.
    _issuer("orvik-stats", "Orvik Statistics Office", [
        "Consumer prices, October (flash): annual inflation 3.1%.",
        "Consumer prices, October (final): annual inflation 3.3%, revised from the flash "
        "estimate of 3.1%."], prices, step=timedelta(days=14))  # fmt: skip
    first = [(30 - n, f"The Orvik Port Authority held consultation meeting {n} on the port "
                      "levy.") for n in range(1, 10)]  # fmt: skip
    _reports([
        *first,
        (20, "Dalmark Haulage carried 2.41 million tonnes of freight in the second quarter, "
             "the carrier said."),
        (6, "Dalmark Haulage carried 2.63 million tonnes of freight in the third quarter, the "
            "carrier said, above the 2.5 million tonnes the Haulage Federation had expected."),
        (4, "Lindow is recalling its oat drink, lot K3150, after a packaging fault."),
        (5, "The Orvik Port Authority set the port levy for 2027 at 3.10 euros per tonne, up "
            "from 2.80 euros, the levy decision shows."),
        (9, "The Orvik Shippers Association expects the Orvik Port Authority to set the port "
            "levy for 2027 at 3.00 euros per tonne."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    ("question", "untracked", "pointer"),
    [
        ("How much freight did Dalmark Haulage carry in the third quarter of 2025?",
         "Dalmark Haulage Q3 2025 freight", "Dalmark Haulage Q3 2026 freight"),
        ("What was the Orvik port levy in 2024?", "Orvik port levy 2024 decision",
         "Orvik port levy 2027 decision"),
    ],
)  # fmt: skip
def test_another_year_of_a_topic_curated_for_one_is_declined(api, question, untracked, pointer):
    body = answered(api, question)
    assert not body["grounded"], body["answer"]
    first = SENTENCE.split(body["answer"])[0]
    assert untracked in first, first
    assert pointer in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "What did the Orvik Statistics Office report for October?",
        "What inflation did the Orvik Statistics Office report in October?",
    ],
)
def test_a_releases_month_is_the_month_its_figures_are_of(api, question):
    """The final reading of October, published in November, answers what was reported for
    October; a window of October alone held only the flash."""
    first = ask(api, question)
    assert "3.3%" in first, first


@pytest.mark.usefixtures("registry")
def test_a_mark_one_digit_off_the_curated_one_is_another_lot_never_a_typo(api):
    body = answered(api, "Was Lindow oat drink lot K3151 recalled?")
    assert not body["grounded"], body["answer"]
    assert "K3151" in SENTENCE.split(body["answer"])[0], body["answer"]
    assert answered(api, "Was Lindow oat drink lot K3150 recalled?")["grounded"]
    # Its own lot in another language's words: "del lote" joins the name to the mark.
    spanish = answered(api, "¿Cuántos envases de la bebida de avena Lindow del lote K3150 se "
                            "retiraron?")  # fmt: skip
    assert spanish["grounded"], spanish["answer"]


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "What did the Orvik Port Authority decide in 2026 about the port levy?",  # asked this year
        "How much is the Orvik port levy for 2027?",  # its own year
        "How much freight did Dalmark Haulage carry in Q3 2026?",
    ],
)
def test_the_topics_own_year_and_the_year_asked_in_are_answered(api, question):
    body = answered(api, question)
    assert body["grounded"], body["answer"]
    assert timezone.now().year == 2026


@pytest.mark.usefixtures("registry")
def test_a_body_named_after_the_place_in_the_topics_reports_is_a_party(api):
    """ "The Orvik Shippers Association" extends the tracked place's name, as "West Orvik"
    would; its last word is a body's and the topic's reports name it: who expected a figure."""
    first = ask(api, "Did the port authority set the 2027 levy above what the Orvik Shippers "
                     "Association expected?")  # fmt: skip
    assert first.startswith("Yes, 3.10 euros"), first
    assert "above the forecast of 3.00 euros" in first, first


@pytest.mark.usefixtures("registry")
def test_a_body_the_topics_reports_name_is_a_party_not_another_subject(api):
    first = ask(api, "Did Dalmark Haulage carry more freight in the third quarter than the "
                     "Haulage Federation expected?")  # fmt: skip
    assert first.startswith("Yes, 2.63 million"), first
    assert "above the forecast of 2.5 million" in first, first


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "By how much did Dalmark Haulage's Q3 freight exceed its Q2 freight?",
        "By how much did Dalmark Haulage's third-quarter freight exceed its second-quarter "
        "freight?",
    ],
)
def test_two_quarters_of_a_topic_get_a_verdict(api, question):
    first = ask(api, question)
    assert " is higher: 2.63 million" in first, first
    assert "against 2.41 million" in first, first
