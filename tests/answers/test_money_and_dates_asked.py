"""Money and dates as people write them (issue 51): a sum written with its currency's code
("EUR 2.50") is money, never an untracked name, and a wrong one is named as a premise; a month
said as when something takes effect ("from January", "a partir de janeiro") and the day an
event is said to have happened on ("start on 2 November") do not empty the answer.

The registry is this file's own: a ferry operator's fare change and a dock strike.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.answers.test_figures_asked import PREMISE, SENTENCE, _reports, _topic
from tests.answers.test_figures_asked import answered as answer

pytestmark = pytest.mark.django_db


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    _topic("fares-brinmoor-ferries", "Brinmoor Ferries fare change",
           ("brinmoor-ferries", "Brinmoor Ferries", "company"), ["fare", "fares", "ticket"],
           "policy-decision")  # fmt: skip
    _topic("strike-oakhaven-docks", "Oakhaven docks strike",
           ("oakhaven-docks", "Oakhaven Docks", "other"), ["strike", "dockers"],
           "place-bound-event")  # fmt: skip
    _reports([
        (6, "Brinmoor Ferries will raise the foot passenger fare to €4.20 from €3.90 from "
            "1 January."),
        (5, "Passenger groups said the Brinmoor Ferries fare rise to €4.20 was too steep."),
        (4, "Dockers at Oakhaven docks began a strike on Monday over pay, the union said."),
        (2, "The Oakhaven docks strike entered its third day as talks stalled."),
    ])  # fmt: skip


@pytest.mark.usefixtures("registry")
def test_a_sum_written_with_its_currency_code_is_money_and_a_wrong_one_is_a_premise(api):
    body = answer(api, "Why is the Brinmoor Ferries fare rising to EUR 4.90?")
    first = SENTENCE.split(body["answer"])[0]
    assert body["grounded"], body["answer"]
    assert "EUR" not in body["understood"]["untracked"], body["understood"]
    assert first.startswith(PREMISE), first
    assert "€4.20" in first, first


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "How much will the Brinmoor Ferries fare be from January?",
        "Quanto vai custar o bilhete da Brinmoor Ferries a partir de janeiro?",
    ],
)
def test_a_month_said_as_when_a_change_takes_effect_is_not_a_past_window(api, question):
    body = answer(api, question)
    assert body["grounded"], body["answer"]
    assert "€4.20" in body["answer"], body["answer"]


@pytest.mark.usefixtures("registry")
def test_the_day_an_event_is_said_to_have_happened_on_reads_what_was_reported_after(api):
    day = (timezone.now() - timedelta(days=5)).strftime("%-d %B")
    body = answer(api, f"Why did the Oakhaven docks strike start on {day}?")
    assert body["grounded"], body["answer"]
    assert "strike" in body["answer"], body["answer"]
