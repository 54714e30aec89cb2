"""Figures as a caller meets them (issue 51): a wrong figure put as a question's setting is named
first with the figure the record holds; the issuer's newest reading leads a report that gives
another; two figures a topic speaks of are one thing only when their words are one (a word they
share, or one curated theme), never a currency's move and the policy rate.

The registry is this file's own: a statistics office's consumer prices (revised by the office,
reported otherwise by a paper the day before), and a central bank's rate decision beside a
report of its currency's fall.
"""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

import ingestion
from registry import services
from registry.models import PrimarySource, SourceReading

pytestmark = pytest.mark.django_db
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"])")
PREMISE = ("The record does not support the premise", "The record contradicts the premise")


def _issuer(slug: str, issuer: str, said: list[str], event,
            step: timedelta = timedelta(days=1)) -> None:  # fmt: skip
    """An issuer's source and its readings, one `step` apart (a day, or minutes: a page that
    states no date of its own is dated by the day it was read)."""
    source = services.source_upsert(
        slug=slug, name="Releases", issuer=issuer, cadence="Monthly", parser="central-bank-rss",
        fetch_url=f"https://{slug}.example/releases", events=[event],
        links=[{"label": "Releases", "url": f"https://{slug}.example/releases"}],
    )  # fmt: skip
    for back, words in zip(range(len(said), 0, -1), said, strict=True):
        at = timezone.now() - step * back
        SourceReading.objects.create(source=source, attempted_at=at, ok=True, http_status=200,
                                     observed_words=words, observed_date=at.date())  # fmt: skip
    PrimarySource.objects.filter(pk=source.pk).update(
        observed=said[-1], observed_date=at.date(), observed_read_at=at, read_state="read",
        last_success=at, last_attempt=at,
    )  # fmt: skip


def _topic(subject: str, title: str, lead: tuple, terms: list[str], kind: str):
    slug, name, entity_kind = lead
    entity = services.entity_upsert(slug=slug, name=name, kind=entity_kind)
    return services.event_upsert(subject=subject, title=title, lead_entity=entity,
                                 entities=[entity], subject_terms=terms, question_terms=terms,
                                 identity={"kind": kind})  # fmt: skip


def _reports(reports: list[tuple[int, str]]) -> None:
    vertical = services.vertical_upsert(slug="economy", name="Economy")
    now = timezone.now()
    items = []
    for n, (back, text) in enumerate(reports):
        outlet = services.outlet_upsert(domain=f"paper{n}.example", name=f"Paper {n}")
        items.append(ingestion.IncomingDocument(
            url=f"https://paper{n}.example/{n}", title=text, summary=text, outlet=outlet,
            vertical=vertical, published_at=now - timedelta(days=back, hours=1),
            fetched_at=now - timedelta(days=back)))  # fmt: skip
    ingestion.documents_ingest(items=items)


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    prices = _topic("econ-release-tavria-consumer-prices", "Tavria consumer prices",
                    ("tavria-statistics-office", "Tavria Statistics Office", "organization"),
                    ["consumer prices", "inflation"], "statistical-release")  # fmt: skip
    _issuer("tavria-stats", "Tavria Statistics Office", [
        "Consumer price index, October (flash): annual inflation 3.1%.",
        "Consumer price index, October (final): annual inflation 3.3%, revised from the flash "
        "estimate of 3.1%."], prices)  # fmt: skip
    services.entity_upsert(slug="tavria-statistics-office", name="Tavria Statistics Office",
                           kind="organization", aliases=["Tavria Stats"])  # fmt: skip
    rate = _topic("rate-decision-bank-of-morvane", "Bank of Morvane rate decision",
                  ("bank-of-morvane", "Bank of Morvane", "organization"),
                  ["policy rate", "rate decision", "krona"], "policy-decision")  # fmt: skip
    _issuer("morvane-bank", "Bank of Morvane", [
        "Monetary policy decision: the policy rate is lowered by 25 basis points to 4.5%."],
        rate)  # fmt: skip
    _reports([
        (2, "Tavria consumer prices rose 3.2% in October, Tavria Statistics Office figures show."),
        (1, "The Morvane krona fell 0.8% against the euro after the Bank of Morvane rate cut."),
        (1, "The Bank of Morvane cut its policy rate by 25 basis points to 4.5%."),
        (3, "Tavria Statistics Office surveyed 6,200 households for its October price index."),
    ])  # fmt: skip


def answered(api, question: str) -> dict:
    """The answer to a sync ask, as a caller reads it."""
    answer = api.post("/api/ask", {"question": question, "mode": "sync"}, format="json")
    assert answer.status_code == 200, answer.content[:300]
    return answer.json()


def assert_verdict(first: str, higher: str, lower: str, by: str = "") -> None:
    """A comparison's first sentence is a verdict: the higher figure named first, then the lower,
    and by how much."""
    assert " is higher: " in first, first
    assert first.index(higher) < first.index(lower), first
    assert by in first, first


def ask(api, question: str) -> str:
    """The first sentence of a grounded answer."""
    body = answered(api, question)
    assert body["grounded"], body["answer"]
    return SENTENCE.split(body["answer"])[0]


@pytest.mark.usefixtures("registry")
@pytest.mark.parametrize(
    "question",
    [
        "With Tavria consumer prices inflation at 5.8%, what did the office say?",
        "Given that Tavria consumer prices inflation was 5.8%, what happens next?",
        "Why did Tavria consumer prices inflation reach 5.8%?",
    ],
)
def test_a_wrong_figure_is_named_first_with_the_figure_held(api, question):
    first = ask(api, question)
    assert first.startswith(PREMISE), first
    assert "5.8%" in first
    assert re.search(r"\b3\.[123]%", first), first  # a figure the office or a paper gave


@pytest.mark.usefixtures("registry")
def test_the_issuers_newest_reading_leads_a_report_that_gives_another(api):
    first = ask(api, "What is the latest inflation figure for Tavria consumer prices?")
    assert "does not pick one" not in first, first
    assert first.startswith("The issuer's own reading comes first"), first
    assert "3.3%" in first


@pytest.mark.usefixtures("registry")
def test_a_currencys_move_is_not_the_policy_rate(api):
    first = ask(api, "What is the Bank of Morvane policy rate now?")
    assert "disagree" not in first, first
    assert "4.5%" in first


@pytest.mark.usefixtures("registry")
def test_a_count_asked_by_another_name_of_the_topic_is_not_said_to_be_missing(api):
    first = ask(api, "How many households did Tavria Stats have?")
    assert "holds no" not in first, first
