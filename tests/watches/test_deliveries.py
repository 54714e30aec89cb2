"""Webhook deliveries from the receiver's side and the owner's: each carries a signed id and
timestamp that the README's verification checks (a captured delivery cannot be replayed, later
or at once); a saved Watch's deliveries are listed, and one is re-sent by its id."""

import re
from datetime import datetime
from pathlib import Path

import pytest

from tests.watches.test_watches import SIGNALS, key_for, save
from watches import services, tasks
from watches.models import WatchDelivery, WatchReading, WatchVersion

pytestmark = pytest.mark.django_db
README = Path(__file__).resolve().parents[2] / "README.md"
AT = "2026-11-22T10:00:00+00:00"


def documented_verification():
    """`verify_delivery` as the README gives it to receivers, run as written."""
    text = README.read_text()
    section = text[text.index("## Webhooks") :]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    namespace = {}
    exec(code, namespace)  # noqa: S102 (the project's own README)
    return namespace["verify_delivery"]


@pytest.fixture
def alice(api):
    return key_for(api, verified=True)


@pytest.fixture
def hooked(api, alice, httpserver, local_fetches):
    """A saved Watch delivering to a local receiver; (its id, the secret)."""
    httpserver.expect_request("/hook", method="POST").respond_with_data("ok")
    saved = save(api, alice, {**SIGNALS, "webhookUrl": httpserver.url_for("/hook")}).json()
    return saved["watchId"], saved["webhookSecret"]


def delivered(httpserver, when: str = AT):
    """The reading of `when` delivered once (the beat's path: read, then deliver)."""
    reading = services.watch_run(
        version_id=WatchVersion.objects.latest("pk").pk, scheduled_for=datetime.fromisoformat(when)
    )
    tasks.deliver_reading(reading.pk, 1)
    return httpserver.log[-1][0]


def test_a_delivery_carries_its_id_inside_what_is_signed(hooked, httpserver):
    request = delivered(httpserver)
    body = request.get_json()
    assert re.fullmatch(r"d_[0-9a-f]{20}", request.headers["X-Svc-Delivery"])
    assert body["delivery"] == {"id": request.headers["X-Svc-Delivery"], "attempt": 1,
                                "resendOf": None}  # fmt: skip
    assert WatchDelivery.objects.get().delivery_id == body["delivery"]["id"]


def test_the_documented_check_takes_a_delivery_once_and_never_a_replay(hooked, httpserver):
    _, secret = hooked
    verify = documented_verification()
    request = delivered(httpserver)
    stamp = int(request.headers["X-Svc-Timestamp"])
    seen = {}
    reading = verify(secret, request.headers, request.data, seen, now=stamp + 2)
    assert reading["watchId"] == hooked[0]
    with pytest.raises(ValueError, match="already taken"):  # replayed at once
        verify(secret, request.headers, request.data, seen, now=stamp + 40)
    with pytest.raises(ValueError, match="five minutes"):  # replayed later, to a fresh receiver
        verify(secret, request.headers, request.data, {}, now=stamp + 301)
    restamped = {**request.headers, "X-Svc-Timestamp": str(stamp + 400)}
    with pytest.raises(ValueError, match="secret"):  # a newer timestamp breaks the signature
        verify(secret, restamped, request.data, {}, now=stamp + 400)
    other_id = request.data.replace(request.headers["X-Svc-Delivery"].encode(), b"d_" + b"0" * 20)
    with pytest.raises(ValueError, match="secret"):  # so does another id
        verify(secret, request.headers, other_id, {}, now=stamp)
    assert verify(secret, request.headers, request.data, {}, now=stamp - 299)  # clocks differ


def test_every_attempt_is_a_delivery_of_its_own(api, alice, httpserver, local_fetches):
    httpserver.expect_request("/hook").respond_with_data("down", status=503)
    watch = save(api, alice, {**SIGNALS, "webhookUrl": httpserver.url_for("/hook")}).json()
    delivered(httpserver)  # fails; retried (eagerly here) to the last attempt
    ids = [r.headers["X-Svc-Delivery"] for r, _ in httpserver.log]
    assert len(ids) == len(set(ids)) == tasks.DELIVERY_ATTEMPTS
    listed = api.get(f"/api/v1/watches/{watch['watchId']}/deliveries", **alice).json()
    assert listed["schema"] == "svc.watch-deliveries.v1"
    assert [d["deliveryId"] for d in listed["deliveries"]] == ids[::-1]  # newest first
    assert [d["attempt"] for d in listed["deliveries"]] == [5, 4, 3, 2, 1]
    assert {(d["status"], d["delivered"]) for d in listed["deliveries"]} == {(503, False)}
    assert listed["deliveries"][0]["scheduledFor"] == AT


def test_deliveries_page_like_every_list(api, alice, hooked, httpserver):
    watch, _ = hooked
    for hour in range(10, 15):
        delivered(httpserver, f"2026-11-22T{hour}:00:00+00:00")
    path = f"/api/v1/watches/{watch}/deliveries"
    first = api.get(f"{path}?limit=3", **alice).json()
    rest = api.get(f"{path}?limit=3&cursor={first['nextCursor']}", **alice).json()
    assert rest["nextCursor"] is None
    walked = [d["scheduledFor"][11:13] for d in first["deliveries"] + rest["deliveries"]]
    assert walked == ["14", "13", "12", "11", "10"]


def test_only_the_owner_lists_or_resends(api, alice, hooked, httpserver):
    watch, _ = hooked
    request = delivered(httpserver)
    theirs = request.headers["X-Svc-Delivery"]
    bob = key_for(api, verified=False)
    for answer in (
        api.get(f"/api/v1/watches/{watch}/deliveries", **bob),
        api.post(f"/api/v1/watches/{watch}/deliveries/{theirs}/resend", **bob),
    ):
        assert answer.status_code == 404
        assert theirs not in answer.content.decode()
    assert api.get(f"/api/v1/watches/{watch}/deliveries").status_code == 401
    assert api.post(f"/api/v1/watches/{watch}/deliveries/{theirs}/resend").status_code == 401


def test_a_delivery_is_resent_by_its_id_under_a_new_one(api, alice, hooked, httpserver):
    watch, secret = hooked
    first = delivered(httpserver)
    original = first.headers["X-Svc-Delivery"]
    answer = api.post(f"/api/v1/watches/{watch}/deliveries/{original}/resend", **alice)
    assert answer.status_code == 202
    queued = answer.json()
    assert queued["schema"] == "svc.watch-delivery.v1"
    assert queued["resendOf"] == original
    assert queued["deliveryId"] != original
    assert queued["scheduledFor"] == AT
    again = httpserver.log[-1][0]  # sent (eagerly here) to the receiver
    assert again.headers["X-Svc-Delivery"] == queued["deliveryId"]
    assert again.get_json()["delivery"] == {
        "id": queued["deliveryId"], "attempt": 2, "resendOf": original
    }  # fmt: skip
    assert again.get_json()["scheduledFor"] == first.get_json()["scheduledFor"]
    stamp = int(again.headers["X-Svc-Timestamp"])
    assert documented_verification()(secret, again.headers, again.data, {}, now=stamp)
    listed = api.get(f"/api/v1/watches/{watch}/deliveries", **alice).json()["deliveries"]
    assert [(d["deliveryId"], d["resendOf"], d["delivered"]) for d in listed] == [
        (queued["deliveryId"], original, True),
        (original, None, True),
    ]


def test_a_failed_resend_is_one_attempt_and_says_so(api, alice, hooked, httpserver):
    watch, _ = hooked
    original = delivered(httpserver).headers["X-Svc-Delivery"]
    httpserver.clear()
    httpserver.expect_request("/hook").respond_with_data("down", status=502)
    answer = api.post(f"/api/v1/watches/{watch}/deliveries/{original}/resend", **alice)
    assert answer.status_code == 202
    assert len(httpserver.log) == 1  # not retried: the owner reads the outcome and decides
    newest = api.get(f"/api/v1/watches/{watch}/deliveries", **alice).json()["deliveries"][0]
    assert (newest["resendOf"], newest["status"], newest["delivered"]) == (original, 502, False)


def test_a_resend_names_what_stands_in_its_way(api, alice, hooked, httpserver):
    watch, _ = hooked
    original = delivered(httpserver).headers["X-Svc-Delivery"]
    unknown = api.post(f"/api/v1/watches/{watch}/deliveries/d_{'f' * 20}/resend", **alice)
    assert unknown.status_code == 404
    assert unknown.json()["field"] == "deliveryId"
    api.post(f"/api/v1/watches/{watch}/retire", **alice)
    retired = api.post(f"/api/v1/watches/{watch}/deliveries/{original}/resend", **alice)
    assert retired.status_code == 409
    assert retired.json()["state"] == "retired"
    assert WatchDelivery.objects.count() == 1
    assert WatchReading.objects.count() == 1


# --- once per Watch and period, whatever runs twice (issue 43) -----------------------------------


def test_a_reading_is_delivered_once_per_watch_and_period_whatever_runs_twice(
    api, alice, hooked, httpserver, django_capture_on_commit_callbacks
):
    """Two beats both running `run-watches`, a redelivered `run_watch`, a version saved between
    two runs of one period, the delivery message itself handed over twice: one POST per Watch
    and scheduled time. A later period is delivered as ever."""
    watch_id, _ = hooked
    with django_capture_on_commit_callbacks(execute=True):
        tasks.run_watch(WatchVersion.objects.latest("pk").pk, AT)
        tasks.run_watch(WatchVersion.objects.latest("pk").pk, AT)  # redelivered after a crash
        edited = {**SIGNALS, "watchId": watch_id, "label": "edited"}
        assert save(api, alice, edited).status_code in (200, 201)
        tasks.run_watch(WatchVersion.objects.latest("pk").pk, AT)  # the new version, same time
    assert WatchReading.objects.count() == 2  # each version read once; delivered once
    [(request, _)] = httpserver.log
    first = WatchDelivery.objects.get()
    assert request.headers["X-Svc-Delivery"] == first.delivery_id
    assert tasks.deliver_reading(first.reading_id, 1, first.delivery_id) is None  # ran before
    assert len(httpserver.log) == 1
    with django_capture_on_commit_callbacks(execute=True):
        tasks.run_watch(WatchVersion.objects.latest("pk").pk, "2026-11-22T11:00:00+00:00")
        tasks.run_watch(WatchVersion.objects.latest("pk").pk, AT)  # a late run of the earlier
    assert [r.get_json()["scheduledFor"] for r, _ in httpserver.log] == [
        AT, "2026-11-22T11:00:00+00:00"
    ]  # fmt: skip


def test_the_beat_job_run_twice_in_one_period_delivers_each_watch_once(
    api, alice, hooked, httpserver, django_capture_on_commit_callbacks, time_machine
):
    """Two workers run the two runs side by side: each has stored or found the reading before
    either delivery is made (their sends wait for their commits)."""
    time_machine.move_to(datetime.fromisoformat(AT))
    with django_capture_on_commit_callbacks() as queued:
        assert tasks.run_watches() == 1
        assert tasks.run_watches() == 1  # a second beat, with no claim to stop it
    for send in queued:
        send()
    assert len(httpserver.log) == 1
    assert WatchDelivery.objects.count() == 1


def test_a_dispatch_the_broker_refused_is_given_back_for_the_next_run(
    api, alice, hooked, httpserver, django_capture_on_commit_callbacks, monkeypatch
):
    from kombu.exceptions import OperationalError

    def refused(*args, **kwargs):
        raise OperationalError("Error 111 connecting to the broker. Connection refused.")

    version = WatchVersion.objects.latest("pk").pk
    with monkeypatch.context() as patched:
        patched.setattr(tasks.deliver_reading, "apply_async", refused)
        with pytest.raises(OperationalError), django_capture_on_commit_callbacks(execute=True):
            tasks.run_watch(version, AT)
    assert httpserver.log == []
    with django_capture_on_commit_callbacks(execute=True):
        tasks.run_watch(version, AT)  # the run again (a retry, the other beat): sent now
    assert len(httpserver.log) == 1
