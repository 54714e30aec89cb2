"""The human pages: /records/ lists topics; /records/{topic}/ shows every layer and a chart."""

from datetime import UTC, date, datetime

import pytest

from records.pages import coverage_chart
from registry.models import Event
from tests.conftest import DEMO_HOUR, load_demo_at_its_hour, loaded_once
from tests.factories import EventDayFactory, EventFactory

pytestmark = pytest.mark.django_db
demo_once = loaded_once(load_demo_at_its_hour)


@pytest.fixture
def demo(demo_once, time_machine):
    time_machine.move_to(DEMO_HOUR)


def test_index_lists_every_topic_with_its_states(client, demo):
    page = client.get("/records/").content.decode()
    for event in Event.objects.all():
        assert f"/records/{event.subject}/" in page
    assert "rising" in page
    assert "flagged" in page


def test_record_page_shows_the_layers_chart_and_timeline(client, demo):
    response = client.get("/records/disaster-hurricane-tavia/")
    page = response.content.decode()
    assert response.status_code == 200
    headings = ["What first-party issuers say", "What reporting says", "How this record",
                "What prediction markets believe", "The service"]  # fmt: skip
    for heading in headings:
        assert heading in page
    assert page.count("<rect") == 12
    assert "coverage state: new → <strong>rising</strong>" in page
    assert "belief, not fact" in page
    assert "cdn." not in page


def test_unknown_topic_page_is_404(client):
    assert client.get("/records/no-such-topic/").status_code == 404


def test_chart_bars_are_weekly_totals_scaled_to_the_tallest():
    event = EventFactory()
    today = date(2026, 11, 22)
    EventDayFactory(event=event, day=today, mentions=4)
    EventDayFactory(event=event, day=date(2026, 11, 20), mentions=2)
    EventDayFactory(event=event, day=date(2026, 11, 10), mentions=3)
    chart = coverage_chart(event, today=today)
    counts = [bar["count"] for bar in chart["bars"]]
    assert len(counts) == 12
    assert counts[-1] == 6
    assert counts[-2] == 3
    tallest = max(chart["bars"], key=lambda bar: bar["h"])
    assert (tallest["h"], tallest["y"]) == (chart["height"], 0)


def test_a_full_tier_page_shows_its_consensus_ledger(client, demo):
    import json

    topic = "rate-decision-federal-reserve-december-2026"
    record = json.loads(client.get(f"/api/record/{topic}").content)
    page = client.get(f"/records/{topic}/").content.decode()
    consensus = record["layers"]["consensus"]
    assert consensus["pending"] is False
    assert consensus["label"] in page
    first = consensus["claims"][0]
    assert f"{first['entity']}" in page
    assert f"{first['knownOrigins']} known origins" in page


def test_each_issuer_shows_its_state_link_and_fetch_health(client, demo):
    import json

    topic = "disaster-hurricane-tavia"
    record = json.loads(client.get(f"/api/record/{topic}").content)
    page = client.get(f"/records/{topic}/").content.decode()
    for source in record["layers"]["primarySources"]["sources"]:
        if source["observedState"]:
            assert source["observedState"] in page
        assert source["links"][0]["url"] in page
        assert "last read" in page


def test_syndicated_copies_collapse_and_reporting_pages(client, demo):
    import json

    topic = "disaster-hurricane-tavia"
    items = json.loads(client.get(f"/api/record/{topic}").content)["layers"]["reporting"]["items"]
    titles = [item["title"] for item in items]
    page = client.get(f"/records/{topic}/").content.decode()
    repeated = next((t for t in titles if titles.count(t) > 1), None)
    if repeated:
        from django.utils.html import escape

        assert page.count(f">{escape(repeated)}</a>") == 1
        assert "cop" in page  # "and 1 copy" / "and 2 copies"
    distinct = len(set(titles))
    if distinct > 10:
        assert "?reporting=2" in page
        second = client.get(f"/records/{topic}/?reporting=2")
        assert second.status_code == 200


@pytest.mark.parametrize("asked", ["\u00b9", "\u0663", "9" * 5000, "-1", "0"])
def test_a_reporting_page_number_at_the_edges_shows_the_first_page(client, demo, asked):
    # A superscript is a digit to str.isdigit and no number to int; 5,000 digits are past
    # Python's limit for int(); an Arabic-Indic three is a number, past the last page here.
    topic = "disaster-hurricane-tavia"
    first = client.get(f"/records/{topic}/")
    response = client.get(f"/records/{topic}/", {"reporting": asked})
    assert response.status_code == 200
    assert response.content.count(b"<li") == first.content.count(b"<li")


def test_the_chart_names_its_axis_and_unit(client, demo):
    page = client.get("/records/disaster-hurricane-tavia/").content.decode()
    assert "mentions per week" in page.lower()


def test_a_record_page_says_when_it_was_built_and_when_new_rows_show(client, demo, time_machine):
    time_machine.move_to(datetime(2026, 11, 22, 9, 41, tzinfo=UTC))
    page = " ".join(client.get("/records/disaster-hurricane-tavia/").content.decode().split())
    assert "Built 2026-11-22 09:41 UTC" in page
    assert "rebuilt every 5 minutes: rows fetched since then show from 09:46 UTC" in page
    time_machine.move_to(datetime(2026, 11, 22, 9, 43, tzinfo=UTC))  # still the cached build
    assert (
        "Built 2026-11-22 09:41 UTC"
        in client.get("/records/disaster-hurricane-tavia/").content.decode()
    )


def test_counts_on_a_page_are_said_in_the_singular_when_one(client, demo):
    from records.layers.coverage_metric import _reading

    assert _reading(1, 0, None).startswith("1 mention in the last 7 days")
    assert _reading(2, 0, None).startswith("2 mentions in the last 7 days")
    standard = Event.objects.exclude(tier="full").first()
    page = " ".join(client.get(f"/records/{standard.subject}/").content.decode().split())
    assert page.count("no claims ledger is computed") == 1
    for event in Event.objects.filter(tier="full"):
        page = " ".join(client.get(f"/records/{event.subject}/").content.decode().split())
        assert "1 known origins" not in page
        assert " 1 documents" not in page
        assert "1 mentions" not in page
