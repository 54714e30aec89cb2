"""Primary sources, tripwire alerts and market questions over REST."""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from registry.models import MarketPrice, PrimarySource, SourceReading, TripwireAlert
from tests.factories import EventFactory, MarketQuestionFactory, PrimarySourceFactory

pytestmark = pytest.mark.django_db
QUIET, ACTIVE = "no-active-systems", "active-advisories"


def reading(source, at, state):
    return SourceReading.objects.create(source=source, attempted_at=at, ok=True,
                                        http_status=200, observed_state=state)  # fmt: skip


def flip(source, at, before, after):
    previous = reading(source, at - timedelta(hours=1), before)
    return TripwireAlert.objects.create(source=source, from_state=before, to_state=after, at=at,
                                        previous_reading=previous,
                                        reading=reading(source, at, after))  # fmt: skip


@pytest.fixture
def guarded():
    topic = EventFactory(subject="disaster-hurricane-x")
    storms = PrimarySourceFactory(slug="nhc-atlantic", observed_state=QUIET)
    storms.events.add(topic)
    PrimarySourceFactory(slug="fed-press")
    return topic, storms


def test_sources_list_their_health_and_guarded_topics(api, guarded):
    topic, _ = guarded
    body = api.get("/api/v1/sources").json()
    assert body["schema"] == "svc.sources.v1"
    assert [s["id"] for s in body["sources"]] == ["fed-press", "nhc-atlantic"]
    storms = body["sources"][1]
    assert storms["topics"] == [topic.subject]
    assert storms["observedState"] == QUIET
    assert set(storms["fetchHealth"]) >= {"lastSuccess", "consecutiveFailures", "signature"}
    assert "automation" in body
    only = api.get(f"/api/v1/sources?topic={topic.subject}").json()["sources"]
    assert [s["id"] for s in only] == ["nhc-atlantic"]


def test_source_detail_has_readings_and_flips_newest_first(api, guarded):
    _, storms = guarded
    at = timezone.now() - timedelta(days=1)
    flip(storms, at, QUIET, ACTIVE)
    body = api.get("/api/v1/sources/nhc-atlantic").json()
    assert body["schema"] == "svc.source.v1"
    assert body["id"] == "nhc-atlantic"
    assert [r["observedState"] for r in body["readings"]] == [ACTIVE, QUIET]
    assert body["flips"] == [
        {"id": body["flips"][0]["id"], "source": "nhc-atlantic", "from": QUIET, "to": ACTIVE,
         "at": at.isoformat()},
    ]  # fmt: skip


def test_unknown_source_is_404_naming_id(api):
    response = api.get("/api/v1/sources/nowhere")
    assert response.status_code == 404
    assert response.json()["field"] == "id"


def test_tripwires_since_an_instant_or_a_date_oldest_first(api, guarded):
    _, storms = guarded
    early = flip(storms, datetime(2026, 11, 10, 12, tzinfo=UTC), QUIET, ACTIVE)
    late = flip(storms, datetime(2026, 11, 20, 12, tzinfo=UTC), ACTIVE, QUIET)
    body = api.get("/api/v1/tripwires").json()
    assert body["schema"] == "svc.tripwires.v1"
    assert [a["id"] for a in body["alerts"]] == [early.pk, late.pk]
    assert body["alerts"][0]["topics"] == ["disaster-hurricane-x"]
    for since in ("2026-11-15", "2026-11-15T00:00:00Z"):
        alerts = api.get(f"/api/v1/tripwires?since={since}").json()["alerts"]
        assert [a["id"] for a in alerts] == [late.pk]
    assert api.get("/api/v1/tripwires?source=fed-press").json()["alerts"] == []


def test_tripwires_refuse_a_bad_since_naming_it(api):
    response = api.get("/api/v1/tripwires?since=last-tuesday")
    assert response.status_code == 400
    assert response.json()["field"] == "since"


def test_markets_show_the_latest_price_and_its_24_hour_change(api):
    topic = EventFactory(subject="rate-decision-dec")
    now = timezone.now()
    question = MarketQuestionFactory(deadline=now + timedelta(days=5))
    question.events.add(topic)
    MarketQuestionFactory()  # another topic's
    for hours, pct in ((30, 40.0), (0, 55.0)):
        MarketPrice.objects.create(question=question, captured_at=now - timedelta(hours=hours),
                                   probability_pct=pct)  # fmt: skip
    body = api.get(f"/api/v1/markets?topic={topic.subject}").json()
    assert body["schema"] == "svc.markets.v1"
    [row] = body["questions"]
    assert (row["probabilityPct"], row["change24hPct"]) == (55.0, 15.0)
    assert row["deadlinePassed"] is False
    assert row["topics"] == [topic.subject]
    assert "not a fact" in row["reading"]
    assert len(api.get("/api/v1/markets").json()["questions"]) == 2


def test_a_link_stored_before_the_check_is_never_served(api, client, guarded):
    topic, storms = guarded
    PrimarySource.objects.filter(pk=storms.pk).update(links=[  # written past the model's check
        {"label": "Run me", "url": "javascript:alert(1)"},
        {"label": "Bulletins", "url": "https://issuer.example/bulletins"},
    ])  # fmt: skip
    listed = api.get(f"/api/v1/sources/{storms.slug}").json()
    assert listed["links"] == [{"label": "Bulletins", "url": "https://issuer.example/bulletins"}]
    record = api.get(f"/api/record/{topic.subject}").json()
    served = record["layers"]["primarySources"]["sources"][0]["links"]
    assert [link["url"] for link in served] == ["https://issuer.example/bulletins"]
    assert "javascript:" not in client.get(f"/records/{topic.subject}/").content.decode()
