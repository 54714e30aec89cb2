"""Watches: the catalogue, unfurl, saved versions and slots, retire, readings, delivery."""

import hashlib
import hmac
import json
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.utils import timezone

from billing import services as billing
from billing.models import ApiKey, SlotUse
from config.celery import app as celery_app
from config.problems import ApplicationError
from tests.factories import EventDayFactory, EventFactory
from tests.receivers import drip, elapsed, flood
from watches import services, tasks
from watches.catalogue import STANDARD
from watches.models import Watch, WatchDelivery, WatchReading, WatchVersion

pytestmark = pytest.mark.django_db
SIGNALS = {"base": "current-signals"}


def key_for(api, *, verified: bool):
    secret = api.post("/api/keys").json()["key"]
    if verified:
        ApiKey.objects.filter(prefix=secret[:13]).update(
            email="ada@example.org", email_verified_at=timezone.now()
        )
    return {"HTTP_X_API_KEY": secret}


@pytest.fixture
def alice(api):
    return key_for(api, verified=True)


@pytest.fixture
def bob(api):
    return key_for(api, verified=False)


def save(api, who, body=SIGNALS):
    return api.post("/api/v1/watches", body, format="json", **who)


# --- the catalogue and unfurl ------------------------------------------------------------------


def test_the_catalogue_states_every_coordinate_and_the_terms_for_saving(api):
    response = api.get("/api/v1/watches/standard")
    body = response.json()
    assert body["schema"] == "svc.standard-watches.v1"
    ids = {w["id"] for w in body["watches"]}
    assert ids >= {
        "current-signals",
        "accelerating-entities",
        "corroborated-clusters",
        "topic-record",
        "source-flips",
        "market-movers",
        "entity-attention",
    }
    for watch in body["watches"]:
        assert watch["description"]
        for coordinate in watch["coordinates"]:
            assert {"name", "type", "default", "does"} <= set(coordinate)
            assert (
                "range" in coordinate
                or "allowed" in coordinate
                or coordinate["type"] in ("slug", "string")
            )
    assert body["terms"]["price"]["amount"] == "20.00"
    assert "2026-12-31" in body["terms"]["openingOffer"]
    assert response["RateLimit-Policy"] == "30;w=60"


def test_unfurl_reads_once_and_says_how_each_coordinate_was_decided(api):
    topic = EventFactory(wire_tier="flagged")
    EventDayFactory(event=topic, day=timezone.now().date(), mentions=3)
    body = api.post(
        "/api/v1/watches/unfurl",
        {"base": "current-signals", "coordinates": {"limit": 5}, "label": "mine"},
        format="json",
    ).json()
    assert body["schema"] == "svc.watch-reading.v1"
    assert body["coordinates"] == {"vertical": None, "tier": None, "limit": 5}
    lines = {line["coordinate"]: line["status"] for line in body["applied"]}
    assert lines == {
        "vertical": "default-used",
        "tier": "default-used",
        "limit": "given-and-applied",
        "label": "given-but-ignored",
    }
    assert [s["topic"] for s in body["reading"]["signals"]] == [topic.subject]
    assert not Watch.objects.exists()
    assert not SlotUse.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"base": "no-such-watch"}, "base"),
        ({"base": "current-signals", "coordinates": {"colour": "red"}}, "coordinates.colour"),
        ({"base": "current-signals", "coordinates": {"limit": 0}}, "coordinates.limit"),
        ({"base": "current-signals", "coordinates": {"tier": "gold"}}, "coordinates.tier"),
        (
            {"base": "current-signals", "coordinates": {"vertical": "nowhere"}},
            "coordinates.vertical",
        ),
        ({"base": "topic-record"}, "coordinates.topic"),
        ({"base": "current-signals", "coordinates": [1]}, "coordinates"),
        ({}, "base"),
    ],
)
def test_unfurl_refuses_bad_input_naming_the_field(api, body, field):
    response = api.post("/api/v1/watches/unfurl", body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field


def test_unfurl_refuses_a_body_that_is_not_json(api):
    response = api.post("/api/v1/watches/unfurl", "{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["field"] == "body"


@pytest.mark.parametrize("base", sorted(STANDARD))
def test_every_standard_watch_unfurls_on_the_demo(api, base):
    from worlds.demo import demo_load

    demo_load()
    coordinates = {
        "topic-record": {"topic": "disaster-hurricane-tavia"},
        "entity-attention": {"entity": "Federal Reserve"},
    }.get(base, {})
    response = api.post(
        "/api/v1/watches/unfurl", {"base": base, "coordinates": coordinates}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["reading"]["schema"].startswith("svc.")


# --- saving, versions, slots -------------------------------------------------------------------


def test_saving_needs_a_key(api):
    response = save(api, {})
    assert response.status_code == 401
    body = response.json()
    assert body["state"] == "key-required"
    assert body["error"]
    assert body["howToGetOne"]


def test_no_free_slot_is_402_and_leaves_no_row(api, bob):
    response = save(api, bob)
    assert response.status_code == 402
    body = response.json()
    assert body["state"] == "no-free-slot"
    assert any(step.get("href") == "/api/tariff" for step in body["next"])
    assert not Watch.objects.exists()
    assert not WatchVersion.objects.exists()
    assert not SlotUse.objects.exists()


def test_a_402_names_the_free_route_before_buying_while_it_applies(api, bob, settings):
    """Bob's key has no verified address: verifying one opens slots at no charge, so `next`
    says so first, with how many and until when, before the tariff and buying."""
    body = save(api, bob).json()
    first = body["next"][0]
    assert first["href"] == "POST /api/keys/verify"
    assert f"{settings.SVC_OPENING_SLOTS} opening slots at no charge" in first["action"]
    assert settings.SVC_OPENING_OFFER_UNTIL.isoformat() in first["action"]
    assert body["next"][1]["href"] == "/api/tariff"


def test_a_402_names_no_free_route_where_none_applies(api, alice, bob, settings):
    settings.SVC_OPENING_SLOTS = 1
    assert save(api, alice).status_code == 201  # alice's one opening slot, now held
    full = save(api, alice, {"base": "current-signals", "label": "second"}).json()
    assert "POST /api/keys/verify" not in [step.get("href") for step in full["next"]]
    settings.SVC_OPENING_OFFER_UNTIL = timezone.now().date().replace(year=2020)  # offer over
    over = save(api, bob).json()
    assert over["next"][0]["href"] == "/api/tariff"


def test_save_edit_list_recall_retire_and_reuse_the_slot(api, alice):
    saved = save(api, alice)
    assert saved.status_code == 201
    watch_id = saved.json()["watchId"]
    assert saved.json()["version"] == 1
    edited = save(
        api,
        alice,
        {
            "base": "current-signals",
            "watchId": watch_id,
            "coordinates": {"limit": 3},
            "label": "top three",
        },
    )
    assert edited.json()["version"] == 2
    assert SlotUse.objects.filter(released_at__isnull=True).count() == 1  # an edit takes no slot
    listed = api.get("/api/v1/watches", **alice).json()["watches"]
    assert [(w["watchId"], w["version"], w["label"]) for w in listed] == [
        (watch_id, 2, "top three")
    ]
    recalled = api.get(f"/api/v1/watches/{watch_id}", **alice).json()
    assert [v["version"] for v in recalled["versions"]] == [1, 2]
    for n in range(4):
        assert save(api, alice).status_code == 201, n
    assert save(api, alice).status_code == 402  # five opening slots held
    retired = api.post(f"/api/v1/watches/{watch_id}/retire", **alice).json()
    assert retired["state"] == "retired"
    assert save(api, alice).status_code == 201  # the freed slot is taken again
    states = {w["state"] for w in api.get("/api/v1/watches", **alice).json()["watches"]}
    assert states == {"active", "retired"}


def test_another_keys_watch_is_404_and_shows_nothing(api, alice, bob):
    watch_id = save(api, alice).json()["watchId"]
    for path in (f"/api/v1/watches/{watch_id}", f"/api/v1/watches/{watch_id}/readings"):
        response = api.get(path, **bob)
        assert response.status_code == 404
        assert response.json()["state"] == "not-found"
        assert "versions" not in response.json()
        assert "readings" not in response.json()
    assert api.post(f"/api/v1/watches/{watch_id}/retire", **bob).status_code == 404
    assert save(api, bob, {**SIGNALS, "watchId": watch_id}).status_code == 404
    assert Watch.objects.get().state == "active"


def test_a_private_webhook_is_refused_naming_it(api, alice):
    response = save(api, alice, {**SIGNALS, "webhookUrl": "http://10.0.0.5/hook"})
    assert response.status_code == 400
    assert response.json()["field"] == "webhookUrl"
    assert not Watch.objects.exists()


ODD_IPV4_HOOKS = ["http://0177.0.0.1/hook", "http://2130706433/hook", "http://0x7f.1/hook"]


@pytest.mark.parametrize("url", ODD_IPV4_HOOKS)
def test_a_webhook_at_an_odd_ipv4_form_is_refused_naming_it(api, alice, url):
    response = save(api, alice, {**SIGNALS, "webhookUrl": url})
    assert response.status_code == 400
    assert response.json()["field"] == "webhookUrl"
    assert not Watch.objects.exists()


@pytest.mark.parametrize("url", ODD_IPV4_HOOKS)
def test_the_save_service_refuses_an_odd_ipv4_webhook_for_every_face(api, alice, url):
    # The MCP door calls the service without the REST serializer's URL check.
    with pytest.raises(ApplicationError) as refused:
        services.watch_save(
            key=ApiKey.objects.get(), base="current-signals", coordinates=None, webhook_url=url
        )
    assert refused.value.status == 400
    assert "IPv4 address" in str(refused.value.error)
    assert not Watch.objects.exists()


# --- scheduled readings ------------------------------------------------------------------------


def test_readings_are_stored_once_per_scheduled_time_and_say_what_changed(api, alice):
    watch_id = save(api, alice).json()["watchId"]
    version = WatchVersion.objects.get()
    first_slot = datetime(2026, 11, 22, 10, tzinfo=UTC)
    tasks.run_watch(version.pk, first_slot.isoformat())
    tasks.run_watch(version.pk, first_slot.isoformat())  # redelivered after a worker restart
    assert WatchReading.objects.count() == 1
    topic = EventFactory(wire_tier="flagged")
    EventDayFactory(event=topic, day=timezone.now().date(), mentions=2)
    tasks.run_watch(version.pk, datetime(2026, 11, 22, 11, tzinfo=UTC).isoformat())
    newest = WatchReading.objects.order_by("-scheduled_for").first()
    assert newest.changes["added"] == [topic.subject]
    assert newest.changes["since"] == first_slot.isoformat()
    page = api.get(f"/api/v1/watches/{watch_id}/readings?limit=1", **alice).json()
    assert page["readings"][0]["changes"]["added"] == [topic.subject]
    assert page["nextCursor"]
    rest = api.get(
        f"/api/v1/watches/{watch_id}/readings?cursor={page['nextCursor']}", **alice
    ).json()
    assert len(rest["readings"]) == 1


@pytest.mark.parametrize(
    ("base", "flagged"),
    [("current-signals", "signals"), ("corroborated-clusters", None)],
)
def test_a_reading_of_a_longer_list_than_it_shows_is_unchanged_when_nothing_changed(
    api, alice, base, flagged, time_machine
):
    time_machine.move_to(datetime(2026, 11, 22, 10, tzinfo=UTC))
    for n in range(3):  # more rows than the reading's limit: its list has a next page
        topic = EventFactory(subject=f"busy-{n}", wire_tier="flagged")
        EventDayFactory(event=topic, day=timezone.now().date(), mentions=2 + n)
    save(api, alice, {"base": base, "coordinates": {"limit": 1}})
    version = WatchVersion.objects.get()
    for hour in (10, 11):
        time_machine.move_to(datetime(2026, 11, 22, hour, tzinfo=UTC))  # a cursor signed later
        tasks.run_watch(version.pk, datetime(2026, 11, 22, hour, tzinfo=UTC).isoformat())
    first, second = WatchReading.objects.order_by("scheduled_for")
    if flagged:
        assert first.reading["nextCursor"], "the list is longer than the reading"
    assert second.changes["changed"] is False


def test_the_beat_reads_active_watches_only(api, alice):
    keep = save(api, alice).json()["watchId"]
    gone = save(api, alice).json()["watchId"]
    api.post(f"/api/v1/watches/{gone}/retire", **alice)
    assert tasks.run_watches() == 1
    assert list(WatchReading.objects.values_list("watch__watch_id", flat=True)) == [keep]


# --- delivery ----------------------------------------------------------------------------------


def test_readings_are_delivered_signed_to_the_webhook(
    api, alice, httpserver, local_fetches, django_capture_on_commit_callbacks
):
    httpserver.expect_request("/hook", method="POST").respond_with_data("ok")
    saved = save(api, alice, {**SIGNALS, "webhookUrl": httpserver.url_for("/hook")}).json()
    secret = saved["webhookSecret"]
    with django_capture_on_commit_callbacks(execute=True):
        tasks.run_watch(WatchVersion.objects.get().pk, "2026-11-22T10:00:00+00:00")
    [(request, _)] = httpserver.log
    stamp = request.headers["X-Svc-Timestamp"]
    expected = hmac.new(
        secret.encode(), stamp.encode() + b"." + request.data, hashlib.sha256
    ).hexdigest()
    assert request.headers["X-Svc-Signature"] == f"sha256={expected}"
    assert json.loads(request.data)["watchId"] == saved["watchId"]
    assert WatchDelivery.objects.get().status == 200


def test_a_failing_webhook_is_retried_with_backoff_then_given_up(
    api, alice, httpserver, local_fetches, django_capture_on_commit_callbacks
):
    httpserver.expect_request("/hook").respond_with_data("down", status=503)
    save(api, alice, {**SIGNALS, "webhookUrl": httpserver.url_for("/hook")})
    with django_capture_on_commit_callbacks(execute=True):
        tasks.run_watch(WatchVersion.objects.get().pk, "2026-11-22T10:00:00+00:00")
    attempts = list(WatchDelivery.objects.order_by("attempt").values_list("attempt", "status"))
    assert attempts == [(n, 503) for n in range(1, tasks.DELIVERY_ATTEMPTS + 1)]


def test_a_stored_odd_ipv4_webhook_is_a_recorded_failure_not_a_crash(
    api, alice, django_capture_on_commit_callbacks
):
    save(api, alice, {**SIGNALS, "webhookUrl": "https://hooks.example.com/in"})
    Watch.objects.update(webhook_url="http://0177.0.0.1/hook")  # stored before the check
    with django_capture_on_commit_callbacks(execute=True):
        tasks.run_watch(WatchVersion.objects.get().pk, "2026-11-22T10:00:00+00:00")
    deliveries = WatchDelivery.objects.order_by("attempt")
    assert deliveries.count() == tasks.DELIVERY_ATTEMPTS
    assert all("IPv4 address" in delivery.error for delivery in deliveries)


def a_reading_for(api, alice, url: str) -> WatchReading:
    save(api, alice, {**SIGNALS, "webhookUrl": url})
    return services.watch_run(
        version_id=WatchVersion.objects.get().pk,
        scheduled_for=datetime(2026, 11, 22, 10, tzinfo=UTC),
    )


@pytest.mark.parametrize("head_too", [False, True], ids=["body", "headers"])
def test_a_dripping_receiver_cannot_hold_a_delivery_past_its_deadline(
    api, alice, raw_receiver, settings, head_too
):
    settings.SVC_WEBHOOK_TIMEOUT_SECONDS = 2
    receiver = raw_receiver(drip(30, head_too=head_too))
    reading = a_reading_for(api, alice, receiver.url_for("/hook"))
    started = time.monotonic()
    assert services.reading_deliver(reading_id=reading.pk, attempt=1) is False
    assert elapsed(started) < 10  # a bound, not a measurement: the drip lasts 30 s
    delivery = WatchDelivery.objects.get()
    assert delivery.status is None
    assert "timed out" in delivery.error
    assert not receiver.finished.is_set()


def test_a_flooding_receiver_is_read_no_further_than_the_cap(api, alice, raw_receiver):
    # The status is all a delivery needs; 50 MiB of answer must not be read into the worker.
    receiver = raw_receiver(flood(50))
    reading = a_reading_for(api, alice, receiver.url_for("/hook"))
    assert services.reading_deliver(reading_id=reading.pk, attempt=1) is True
    assert WatchDelivery.objects.get().status == 200
    assert not receiver.finished.is_set()
    # What the server got rid of: our 64 KiB plus what the kernels' buffers took before we hung
    # up, far from the 50 MiB on offer.
    assert receiver.sent < 4 * 1024 * 1024


def test_deliveries_run_on_their_own_bounded_queue_and_every_worker_consumes_it():
    route = celery_app.amqp.router.route({}, "watches.tasks.deliver_reading")
    assert route["queue"].name == "deliveries"
    assert celery_app.amqp.router.route({}, "watches.tasks.run_watch")["queue"].name == "celery"
    assert 0 < tasks.deliver_reading.soft_time_limit < tasks.deliver_reading.time_limit
    root = Path(__file__).resolve().parents[2]
    for procfile in ("Procfile", "Procfile.dev"):
        workers = [line for line in (root / procfile).read_text().splitlines() if " worker" in line]
        assert workers, procfile
        assert all("-Q celery,deliveries" in line for line in workers), procfile


def test_watch_operations_answer_429_past_the_burst_limit(api, settings):
    settings.SVC_BURST_RATES = {**settings.SVC_BURST_RATES, "watch": "2/h"}
    statuses = [api.get("/api/v1/watches/standard").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]


def test_slots_follow_the_billing_rules_for_paid_keys(api, bob):
    key = ApiKey.objects.get()
    billing.slot_grant(key=key, slots=1, reason="invoice")
    assert save(api, bob).status_code == 201
    assert SlotUse.objects.get().kind == "paid"


@pytest.mark.django_db
def test_every_standard_watch_unfurls_from_its_base_alone_and_shows_something(api):
    from records.services import records_transition
    from worlds.demo import demo_load

    demo_load()
    records_transition()  # as load_demo does: today's states, so something is flagged
    listed = api.get("/api/v1/watches/standard").json()["watches"]
    for watch in listed:
        unfurled = api.post("/api/v1/watches/unfurl", {"base": watch["id"]}, format="json")
        assert unfurled.status_code == 200, (watch["id"], unfurled.json())
        reading = unfurled.json()["reading"]
        if watch["id"] in ("source-flips", "belief-divergence"):
            # Quiet issuers flip nothing, and the demo's crowds price nothing against what its
            # issuers say they did: an empty reading is a true one (test_belief_divergence.py
            # holds a world where one fires).
            continue
        shown = [v for k, v in reading.items() if isinstance(v, list) and v]
        assert shown or reading.get("layers"), (watch["id"], sorted(reading))


@pytest.mark.django_db
def test_a_chosen_default_says_how_it_was_chosen(api):
    from records.services import records_transition
    from worlds.demo import demo_load

    demo_load()
    records_transition()
    unfurled = api.post("/api/v1/watches/unfurl", {"base": "topic-record"}, format="json").json()
    line = next(a for a in unfurled["applied"] if a["coordinate"] == "topic")
    assert line["status"] == "default-chosen"
    assert "flagged" in line["note"]
    assert unfurled["coordinates"]["topic"] == unfurled["reading"]["subject"]
    standard = api.get("/api/v1/watches/standard").json()["watches"]
    topic = next(w for w in standard if w["id"] == "topic-record")["coordinates"][0]
    assert topic["required"] is False
    assert "flagged" in topic["defaultRule"]
