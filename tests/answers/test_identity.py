"""Subject identity, as a caller meets it: a question about something that only resembles a
tracked topic is declined as untracked, naming the neighbour as a pointer and taking nothing
from it; a question about the tracked topic (misspelt, by an alias, in other words) is answered.

The registry here is this file's own: four topics built so that each has a near neighbour a
question might name instead (an office's other indicator, another country's release, a company
sharing a first word, a numbered mission's sequel, a regional branch, a sibling place).
"""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

import ingestion
from registry import services

pytestmark = pytest.mark.django_db
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")

TOPICS = {
    "econ-release-ardenia-consumer-prices": dict(
        title="Ardenia consumer prices, October",
        lead=("ardenia-statistics-office", "Ardenia Statistics Office", "organization", ["ASO"]),
        attached=[("ardenia", "Ardenia", "country", [])],
        terms=["consumer prices", "inflation"],
        reports=[
            (
                "{lead} says consumer prices rose 3.4% in October",
                "Annual inflation in Ardenia was 3.4% in October, the {lead} said.",
            ),
            (
                "Inflation in Ardenia edges up, {lead} data show",
                "Consumer prices rose 3.4% from a year earlier, up from 3.1% in September.",
            ),
        ],
    ),
    "launch-kestrel-pathfinder-iv": dict(
        title="Kestrel Aerospace Pathfinder IV launch",
        lead=("pathfinder-iv", "Pathfinder IV", "other", []),
        attached=[("kestrel-aerospace", "Kestrel Aerospace", "company", ["Kestrel"])],
        terms=["launch", "liftoff"],
        reports=[
            (
                "{lead} launch moved to Thursday after a valve check",
                "Kestrel Aerospace moved the {lead} launch to Thursday after a valve check.",
            ),
            (
                "{lead} cleared for launch, Kestrel Aerospace says",
                "The {lead} rocket was cleared for launch from the Solvig range.",
            ),
        ],
    ),
    "rate-decision-bank-of-ardenia": dict(
        title="Bank of Ardenia rate decision",
        lead=("bank-of-ardenia", "Bank of Ardenia", "organization", ["BoA"]),
        attached=[("ardenia", "Ardenia", "country", [])],
        terms=["rate decision", "policy rate"],
        reports=[
            (
                "{lead} holds policy rate at 5.25% in rate decision",
                "The {lead} kept its policy rate at 5.25%, its board said.",
            ),
        ],
    ),
    "flooding-marrow-bay": dict(
        title="Marrow Bay flooding",
        lead=("marrow-bay", "Marrow Bay", "place", []),
        attached=[],
        terms=["flooding", "flood barrier"],
        reports=[
            (
                "{lead} flooding forces 900 from homes",
                "Flooding around {lead} forced 900 people from their homes; the barrier held.",
            ),
        ],
    ),
}


@pytest.fixture
def registry(settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    outlet = services.outlet_upsert(domain="ardenia-herald.example", name="Ardenia Herald")
    vertical = services.vertical_upsert(slug="world", name="World")
    now = timezone.now()
    items = []
    for subject, spec in TOPICS.items():
        entities = [services.entity_upsert(slug=s, name=n, kind=k, aliases=a)
                    for s, n, k, a in [spec["lead"], *spec["attached"]]]  # fmt: skip
        services.event_upsert(subject=subject, title=spec["title"], lead_entity=entities[0],
                              entities=entities, subject_terms=spec["terms"],
                              question_terms=spec["terms"])  # fmt: skip
        for n, (title, summary) in enumerate(spec["reports"]):
            lead = entities[0].name
            at = now - timedelta(days=n + 1)
            items.append(ingestion.IncomingDocument(
                url=f"https://ardenia-herald.example/{subject}/{n}", title=title.format(lead=lead),
                summary=summary.format(lead=lead), outlet=outlet, vertical=vertical,
                published_at=at, fetched_at=at))  # fmt: skip
    ingestion.documents_ingest(items=items)


def ask(api, question: str) -> dict:
    response = api.post("/api/ask", {"question": question}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


@pytest.mark.parametrize(
    ("question", "subject", "neighbour"),
    [
        # the same office, another indicator
        (
            "What did the Ardenia Statistics Office report for unemployment?",
            "unemployment",
            "econ-release-ardenia-consumer-prices",
        ),
        # the same kind of release, another country's: a capitalised word before its own words
        (
            "How fast are Velorian consumer prices rising?",
            "Velorian",
            "econ-release-ardenia-consumer-prices",
        ),
        # a company sharing the tracked one's first word
        (
            "Did Kestrel Shipping order new vessels?",
            "Kestrel Shipping",
            "launch-kestrel-pathfinder-iv",
        ),
        # a numbered sequel of a tracked mission
        ("When will Pathfinder V lift off?", "Pathfinder V", "launch-kestrel-pathfinder-iv"),
        # a regional branch of a tracked institution
        (
            "What did the Bank of Ardenia's northern branch announce?",
            "northern branch",
            "rate-decision-bank-of-ardenia",
        ),
        # another body sharing the institution's words
        (
            "What did the Bank of Ardenia Pension Fund decide?",
            "Pension Fund",
            "rate-decision-bank-of-ardenia",
        ),
        # another place of the same kind, sharing the tracked one's proper word
        ("Is there flooding in Marrow Sound?", "Marrow Sound", None),
        # the same country, another domain
        ("Who is winning Ardenia's election?", "election", None),
    ],
)
def test_a_subject_that_only_resembles_a_topic_is_declined_as_untracked(
    api, registry, question, subject, neighbour
):
    answer = ask(api, question)
    first = SENTENCE.split(answer["answer"])[0]
    assert answer["grounded"] is False, answer["answer"]
    assert answer["citations"] == []
    assert answer["topics"] == []
    assert first.startswith("The registry does not track"), first
    if subject:
        assert subject.lower() in first.lower(), first
    if neighbour:
        assert answer["suggestions"][0]["topic"] == neighbour
        # the neighbour is a pointer only: no claim of its rows is in the answer
        assert "3.4%" not in answer["answer"]
        assert "5.25%" not in answer["answer"]


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("What is Ardenia's inflation rate now?", "econ-release-ardenia-consumer-prices"),
        ("What did the ASO say about consumer prices?", "econ-release-ardenia-consumer-prices"),
        ("When does Pathfindr IV launch?", "launch-kestrel-pathfinder-iv"),  # one edit away
        ("Is Kestrel's Pathfinder IV rocket cleared?", "launch-kestrel-pathfinder-iv"),
        ("Did the BoA change its policy rate?", "rate-decision-bank-of-ardenia"),
        ("What did the Bank of Ardenia's board decide?", "rate-decision-bank-of-ardenia"),
        ("How many people left their homes in the Marrow Bay floods?", "flooding-marrow-bay"),
        ("Did the barrier at Marrow Bay hold back the flooding?", "flooding-marrow-bay"),
    ],
)
def test_the_tracked_subject_is_answered_misspelt_aliased_or_reworded(api, registry, question,
                                                                      topic):  # fmt: skip
    answer = ask(api, question)
    assert answer["grounded"] is True, answer["answer"]
    assert answer["topics"][0]["topic"] == topic
    assert not answer["answer"].startswith("The registry does not track")


def test_a_grounded_answer_says_first_what_it_does_not_track(api, registry):
    """A name the registry does not hold, asked beside a tracked subject, is said before any
    claim, never only in `unknowns`."""
    answer = ask(api, "Did the Marrow Bay flooding reach Quillon Harbour?")
    assert answer["grounded"] is True
    untracked = [u for u in answer["unknowns"] if "does not track" in u]
    assert untracked
    first = SENTENCE.split(answer["answer"])[0]
    assert first.startswith("The registry does not track Quillon Harbour"), first
