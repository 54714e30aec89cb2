"""What an outside tester's fresh world found (issue 51), held from the user's side: a month a
question names is the period its figures are about, not only when they were published; an
issuer's words read with no date of their own are dated by the day they were read.

The registry is this file's own: a statistics office that publishes last month's figures this
month, and an issuer whose text pattern reads no date.
"""

from datetime import UTC, datetime, timedelta

import pytest

import ingestion
from answers.serve.engine import answer
from registry import services
from registry.models import PrimarySource

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 11, 20, 12, tzinfo=UTC)  # October is over; its figures come out in November
TOPIC = "econ-release-orlavia-cement-output"


@pytest.fixture
def registry():
    office = services.entity_upsert(slug="orlavia-statistics", name="Orlavia Statistics Bureau",
                                    kind="organization")  # fmt: skip
    topic = services.event_upsert(
        subject=TOPIC, title="Orlavia cement output", lead_entity=office, entities=[office],
        subject_terms=["cement output"], action_class="econ-release",
    )  # fmt: skip
    outlet = services.outlet_upsert(domain="orlavia-ledger.example", name="Orlavia Ledger")
    vertical = services.vertical_upsert(slug="markets", name="Markets")
    said = [
        (NOW - timedelta(days=15), "Orlavia Statistics Bureau: cement output rose 2.4% in "
         "October to 1.9 million tonnes, the bureau said."),
        (NOW - timedelta(days=8), "Orlavia Statistics Bureau says October cement output "
         "reached 1.9 million tonnes, the highest this year."),
    ]  # fmt: skip
    ingestion.documents_ingest(items=[
        ingestion.IncomingDocument(url=f"https://orlavia-ledger.example/cement-{n}",
                                   title=text[:90], summary=text, outlet=outlet,
                                   vertical=vertical, published_at=at, fetched_at=at)
        for n, (at, text) in enumerate(said)
    ])  # fmt: skip
    return topic


def test_a_month_asked_about_is_answered_from_its_figures_published_after_it(registry):
    body = answer(
        "How much did the Orlavia Statistics Bureau say cement output grew in October?", now=NOW
    )
    assert body["grounded"] is True, body["answer"]
    assert "2.4%" in body["answer"]
    assert "holds nothing" not in body["answer"]


def test_a_long_past_month_with_nothing_said_still_says_so(registry):
    body = answer(
        "How much did the Orlavia Statistics Bureau say cement output grew in March?", now=NOW
    )
    assert "2.4%" not in body["answer"]  # March's figures are not October's


def test_an_issuer_s_words_with_no_date_of_their_own_are_dated_by_their_read(registry):
    read = NOW - timedelta(days=2)
    source = services.source_upsert(
        slug="orlavia-bureau-notices", name="Bureau notices", issuer="Orlavia Statistics Bureau",
        cadence="Monthly", parser="central-bank-rss", fetch_url="https://orlavia.example/notices",
        events=[registry], links=[{"label": "Notices", "url": "https://orlavia.example/notices"}],
    )  # fmt: skip
    PrimarySource.objects.filter(pk=source.pk).update(
        observed="cement output figures for October published", observed_date=None,
        observed_read_at=read, read_state="read", last_success=read, last_attempt=read,
    )  # fmt: skip
    body = answer("What did the Orlavia Statistics Bureau say about cement output?", now=NOW)
    assert "said on None" not in body["answer"]
    assert f"said on {read.date().isoformat()}" in body["answer"]
