"""The belief-divergence Watch, as a caller meets it: a world where a market moves against what
an issuer says it did fires it, with both sides cited and the gap's size and age; one where the
crowd agrees with the issuer does not. Unfurled free, saved, versioned and delivered signed like
every base.

The world is this file's own: a harbour board that raised its berth fee (its notice read by the
service), a report saying the same, and a market question on the raise.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

import ingestion
from billing import services as billing
from billing.models import SlotUse
from registry import services
from registry.models import PrimarySource, SourceReading
from tests.watches.test_deliveries import documented_verification
from watches import tasks
from watches.catalogue import STANDARD
from watches.models import WatchDelivery

pytestmark = pytest.mark.django_db
BASE = "belief-divergence"
TOPIC = "fee-decision-harbour-board-of-calder"
RAISE = "Will the Harbour Board of Calder raise the berth fee this year?"


def world(prices: list[tuple[int, float]], *, said: str = "the board raised the berth fee to "
          "$14 a day", report: bool = True) -> dict:  # fmt: skip
    """The harbour's topic, its issuer's notice (read two days ago), a report, and the market
    question priced `prices`: (hours back, percent), oldest first."""
    vertical = services.vertical_upsert(slug="business", name="Business")
    lead = services.entity_upsert(
        slug="harbour-board-of-calder", name="Harbour Board of Calder", kind="organization",
        verticals=[vertical],
    )  # fmt: skip
    topic = services.event_upsert(
        subject=TOPIC, title="Harbour Board of Calder berth fee", lead_entity=lead,
        entities=[lead], subject_terms=["berth fee"], question_terms=["berth fee"],
    )  # fmt: skip
    now = timezone.now()
    read_at = now - timedelta(days=2)
    source = services.source_upsert(
        slug="calder-board-notices", name="Board notices", issuer="Harbour Board of Calder",
        cadence="Weekly", parser="central-bank-rss", fetch_url="https://calder.example/notices",
        events=[topic], links=[{"label": "Notices", "url": "https://calder.example/notices"}],
    )  # fmt: skip
    SourceReading.objects.create(source=source, attempted_at=read_at, ok=True, http_status=200,
                                 observed_words=said, observed_date=read_at.date())  # fmt: skip
    PrimarySource.objects.filter(pk=source.pk).update(
        observed=said, observed_date=read_at.date(), observed_read_at=read_at, read_state="read",
        last_success=read_at, last_attempt=read_at,
    )  # fmt: skip
    if report:
        outlet = services.outlet_upsert(domain="quayside.example", name="Quayside Times")
        at = now - timedelta(days=1)
        ingestion.documents_ingest(items=[ingestion.IncomingDocument(
            url="https://quayside.example/calder-fee", title="Calder board raises berth fee",
            summary="The Harbour Board of Calder raised the berth fee to $14 a day.",
            outlet=outlet, vertical=vertical, published_at=at, fetched_at=at)])  # fmt: skip
    market = services.market_question_upsert(
        venue="manifold", external_id="calder-fee-raise", url="https://manifold.example/calder",
        question=RAISE, category="Business", deadline=now + timedelta(days=60), events=[topic],
        entities=[lead],
    )  # fmt: skip
    for hours, pct in prices:
        at = now - timedelta(hours=hours)
        ingestion.market_price_record(
            question=market, captured_at=at, probability_pct=pct, priced_at=at
        )
    return {"topic": topic, "market": market, "read_at": read_at, "now": now}


def unfurl(api, coordinates: dict | None = None):
    body = {"base": BASE, "coordinates": coordinates or {}}
    response = api.post("/api/v1/watches/unfurl", body, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def test_a_market_that_moves_against_the_issuer_fires_it_both_sides_cited(api):
    # Priced with the issuer until a day ago (90%, 88%), then against it (30%, 25%).
    world([(96, 90.0), (30, 88.0), (20, 30.0), (2, 25.0)])
    reading = unfurl(api)["reading"]
    assert reading["schema"] == "svc.belief-divergence.v1"
    [match] = reading["divergences"]
    assert match["topic"] == TOPIC
    assert match["fired"] == ["priced-against", "moved-against"]
    statement, market = match["statement"], match["market"]
    assert (statement["side"], statement["source"]) == ("issuer", "Harbour Board of Calder")
    assert statement["url"] == "https://calder.example/notices"
    assert "raised the berth fee" in statement["said"]
    assert (market["question"], market["url"]) == (RAISE, "https://manifold.example/calder")
    assert market["probabilityPct"] == 25.0
    assert match["gap"]["points"] == 75.0  # the issuer says done (100), the crowd 25
    # The gap opened with the first read priced against the notice, 20 hours ago.
    assert 19.9 <= match["gap"]["ageHours"] <= 20.1
    # The move is counted from the last price before the notice was read (two days ago): 90
    # four days ago, down to 25.
    assert match["move"] == {
        "fromPct": 90.0, "toPct": 25.0, "points": 65.0, "since": match["move"]["since"]
    }  # fmt: skip


def test_a_market_that_agrees_with_the_issuer_does_not_fire(api):
    world([(96, 90.0), (30, 93.0), (2, 95.0)])
    assert unfurl(api)["reading"]["divergences"] == []
    # Not even at the smallest gap: the crowd moved towards the issuer.
    assert unfurl(api, {"minGapPoints": 1})["reading"]["divergences"] == []


def test_a_statement_that_says_nothing_of_the_outcome_is_no_side(api):
    world([(30, 90.0), (2, 10.0)], said="the board met on Tuesday", report=False)
    assert unfurl(api)["reading"]["divergences"] == []


def test_a_report_that_states_the_outcome_is_the_records_side_when_the_issuer_does_not(api):
    world([(30, 90.0), (2, 10.0)], said="the board met on Tuesday")
    [match] = unfurl(api)["reading"]["divergences"]
    statement = match["statement"]
    assert (statement["side"], statement["source"]) == ("reporting", "Quayside Times")
    assert statement["url"] == "https://quayside.example/calder-fee"
    assert statement["title"] == "Calder board raises berth fee"


def test_a_fall_within_the_window_fires_and_the_window_bounds_it(api):
    # The notice was read two days ago; 99% 40 hours ago, 90% 30 hours ago, 70% now: above
    # even odds all along, so only a fall can fire it.
    world([(40, 99.0), (30, 90.0), (2, 70.0)], report=False)
    assert unfurl(api, {"minGapPoints": 30})["reading"]["divergences"] == []
    # Over seven days the fall counts from the first read after the notice: 99 down to 70.
    [match] = unfurl(api, {"minGapPoints": 29})["reading"]["divergences"]
    assert match["fired"] == ["moved-against"]
    assert (match["move"]["fromPct"], match["move"]["points"]) == (99.0, 29.0)
    assert match["gap"]["points"] == 30.0
    assert 39.9 <= match["gap"]["ageHours"] <= 40.1  # since the read it fell from
    # Over one day it counts from the price a day ago (90, read 30 hours ago): 20 points.
    assert unfurl(api, {"minGapPoints": 29, "window": 1})["reading"]["divergences"] == []
    [moved] = unfurl(api, {"minGapPoints": 20, "window": 1})["reading"]["divergences"]
    assert (moved["move"]["fromPct"], moved["move"]["points"]) == (90.0, 20.0)


def test_a_price_below_even_odds_fires_without_a_fall_its_age_from_the_notice(api):
    world([(96, 30.0), (2, 28.0)], report=False)
    [match] = unfurl(api)["reading"]["divergences"]
    assert (match["fired"], match["move"]) == (["priced-against"], None)
    assert match["gap"]["points"] == 72.0
    # Priced against since before the notice: the gap is as old as the notice (two days).
    assert 47.9 <= match["gap"]["ageHours"] <= 48.1
    assert unfurl(api, {"minGapPoints": 73})["reading"]["divergences"] == []


def test_the_vertical_coordinate_keeps_topics_led_in_it(api):
    world([(30, 90.0), (2, 20.0)])
    services.vertical_upsert(slug="weather", name="Weather")
    assert unfurl(api, {"vertical": "business"})["reading"]["divergences"]
    assert unfurl(api, {"vertical": "weather"})["reading"]["divergences"] == []
    refused = api.post(
        "/api/v1/watches/unfurl",
        {"base": BASE, "coordinates": {"vertical": "nowhere"}},
        format="json",
    )
    assert (refused.status_code, refused.json()["field"]) == (400, "coordinates.vertical")


@pytest.mark.parametrize(
    ("coordinates", "field"),
    [
        ({"minGapPoints": 0}, "coordinates.minGapPoints"),
        ({"minGapPoints": "50"}, "coordinates.minGapPoints"),
        ({"window": 91}, "coordinates.window"),
        ({"window": 1.5}, "coordinates.window"),
        ({"gap": 3}, "coordinates.gap"),
    ],
)
def test_bad_coordinates_are_refused_naming_them(api, coordinates, field):
    response = api.post(
        "/api/v1/watches/unfurl", {"base": BASE, "coordinates": coordinates}, format="json"
    )
    assert (response.status_code, response.json()["field"]) == (400, field)


def test_saved_versioned_and_delivered_signed_like_every_base(
    api, httpserver, local_fetches, django_capture_on_commit_callbacks
):
    world([(30, 90.0), (2, 20.0)])
    key, secret = billing.key_issue(address="198.51.100.7")
    billing.slot_grant(key=key, slots=1, reason="divergence")
    owner = {"HTTP_X_API_KEY": secret}
    httpserver.expect_request("/hook", method="POST").respond_with_data("ok")
    body = {"base": BASE, "coordinates": {"minGapPoints": 60},
            "webhookUrl": httpserver.url_for("/hook")}  # fmt: skip
    saved = api.post("/api/v1/watches", body, format="json", **owner)
    assert saved.status_code == 201, saved.content
    watch_id, signing = saved.json()["watchId"], saved.json()["webhookSecret"]
    edit = {**body, "watchId": watch_id, "coordinates": {"minGapPoints": 70}}
    edited = api.post("/api/v1/watches", edit, format="json", **owner).json()
    assert edited["version"] == 2
    assert edited["coordinates"] == {"minGapPoints": 70.0, "window": 7, "vertical": None}
    assert SlotUse.objects.filter(released_at__isnull=True).count() == 1  # an edit takes none
    with django_capture_on_commit_callbacks(execute=True):
        tasks.run_watches()  # read, then delivered after commit (tasks run eagerly here)
    [delivery] = WatchDelivery.objects.all()
    assert delivery.status == 200, delivery.error
    request = httpserver.log[-1][0]
    reading = documented_verification()(signing, request.headers, request.data, {})
    assert reading["base"] == BASE
    [match] = reading["reading"]["divergences"]
    assert match["gap"]["points"] == 80.0
    listed = api.get(f"/api/v1/watches/{watch_id}/readings", **owner).json()
    assert listed["readings"][0]["reading"]["divergences"] == reading["reading"]["divergences"]
    assert STANDARD[BASE].identity(reading["reading"]) == [
        f"{TOPIC}:{match['market']['id']}:priced-against,moved-against"
    ]


@pytest.mark.parametrize("kind", ["agreement", "storm", "election", "mission", "product"])
def test_any_outcome_a_topic_tracks_stated_against_a_crowd_fires_it(api, kind):
    """The outcome is the topic's curated identity, not a rate decision's words: each kind's
    first outcome (a row curators keep), stated plainly by a report, against a market of the
    topic priced at 31% with no state word of its own."""
    from registry.models import TopicKind

    outcome = TopicKind.objects.get(slug=kind).outcomes[0]
    vertical = services.vertical_upsert(slug="world", name="World")
    lead = services.entity_upsert(slug="varnholt", name="Varnholt", verticals=[vertical])
    topic = services.event_upsert(
        subject=f"varnholt-{kind}", title=f"Varnholt {kind}", lead_entity=lead, entities=[lead],
        subject_terms=["varnholt"], identity={"kind": kind, "outcome": outcome},
    )  # fmt: skip
    now = timezone.now()
    outlet = services.outlet_upsert(domain="ledger.example", name="Harbour Ledger")
    for n, said in enumerate([f"Varnholt {outcome} on Tuesday, officials said.",
                              f"Varnholt is expected to {outcome} soon."]):  # fmt: skip
        at = now - timedelta(hours=5 + n)
        ingestion.documents_ingest(items=[ingestion.IncomingDocument(
            url=f"https://ledger.example/varnholt-{n}", title=said, summary=said, outlet=outlet,
            vertical=vertical, published_at=at, fetched_at=at)])  # fmt: skip
    market = services.market_question_upsert(
        venue="manifold", external_id=f"varnholt-{kind}", url="https://manifold.example/varnholt",
        question="Varnholt by March 31?", category="World", deadline=now + timedelta(days=90),
        events=[topic], entities=[lead],
    )  # fmt: skip
    ingestion.market_price_record(question=market, captured_at=now - timedelta(hours=1),
                                  probability_pct=31.0, priced_at=now)  # fmt: skip
    [match] = unfurl(api)["reading"]["divergences"]
    assert match["topic"] == f"varnholt-{kind}"
    assert match["statement"]["said"].startswith(f"Varnholt {outcome} on Tuesday")
    assert match["gap"]["points"] == 69.0
