"""Watches: unfurl (read once, nothing saved), save (a slot, then versions), retire, scheduled
readings that say what changed, and signed delivery to a webhook."""

import hashlib
import hmac
import json
import secrets
import time
from datetime import datetime
from typing import Any, NamedTuple

from django.db import IntegrityError, transaction
from django.utils import timezone

from billing import services as billing
from billing.models import ApiKey
from config.contention import retried_on_contention
from config.fields import clipped
from config.problems import ApplicationError, invalid_field
from config.reads import envelope
from outbound.fetch import FetchError, post
from outbound.netguard import refusal_for_url
from watches.catalogue import STANDARD, NotReadable, StandardWatch
from watches.models import Watch, WatchDelivery, WatchReading, WatchVersion

SAVE_ONLY = {
    "label": "used on save only",
    "watchId": "used on save only",
    "webhookUrl": "used on save only",
}


def standard_base(base: Any) -> StandardWatch:
    if not isinstance(base, str) or base not in STANDARD:
        known = ", ".join(STANDARD)
        raise invalid_field(
            "base", f"not a standard Watch id; one of {known} (GET /api/v1/watches/standard)"
        )
    return STANDARD[base]


def effective_coordinates(watch: StandardWatch, given: Any) -> tuple[dict, list[dict]]:
    """The coordinates a run uses, and one line per coordinate saying how it was decided."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise invalid_field("coordinates", "an object of coordinate names and values")
    known = {c.name: c for c in watch.coordinates}
    for name in given:
        if name not in known:
            raise invalid_field(
                f"coordinates.{name}",
                f"not a coordinate of {watch.id}; it takes {', '.join(known)}",
            )
    effective, lines = {}, []
    for coordinate in watch.coordinates:
        effective[coordinate.name], line = _decided(coordinate, given)
        lines.append({"coordinate": coordinate.name, **line})
    return effective, lines


def _decided(coordinate, given: dict) -> tuple[Any, dict]:
    """One coordinate's value, and how it was decided: a null where a default exists is that
    default, an absent value the registry chooses is chosen, else the given or default parsed."""
    name = coordinate.name
    if name in given and given[name] is None and coordinate.default is not None:
        note = "null is not a value here; the default was used"
        return coordinate.default, {"status": "given-but-ignored", "note": note}
    if name not in given and coordinate.chosen is not None:
        value = _chosen(coordinate)
        return value, {"status": "default-chosen", "value": value, "note": coordinate.rule}
    try:
        value = coordinate.parse(given.get(name, coordinate.default))
    except ValueError as exc:
        raise invalid_field(f"coordinates.{name}", str(exc)) from None
    status = "given-and-applied" if name in given else "default-used"
    return value, {"status": status, "value": value}


def _chosen(coordinate) -> Any:
    value = coordinate.chosen()
    if value is None:
        raise invalid_field(
            f"coordinates.{coordinate.name}",
            f"the registry has nothing to choose yet ({coordinate.rule}); give a value",
        )
    return value


def _read(watch: StandardWatch, coordinates: dict) -> dict[str, Any]:
    try:
        return watch.run(coordinates)
    except NotReadable as missing:
        raise invalid_field(f"coordinates.{missing.coordinate}", str(missing)) from None


def watch_unfurl(*, base: Any, coordinates: Any, extras: dict[str, Any]) -> dict[str, Any]:
    """Run a Watch once. Nothing is saved or charged."""
    watch = standard_base(base)
    effective, lines = effective_coordinates(watch, coordinates)
    for name, why in SAVE_ONLY.items():
        if extras.get(name) is not None:
            lines.append({"coordinate": name, "status": "given-but-ignored", "note": why})
    return envelope(
        "svc.watch-reading.v1",
        base=watch.id,
        coordinates=effective,
        applied=lines,
        saved=False,
        reading=_read(watch, effective),
    )


# --- saved Watches -----------------------------------------------------------------------------


def watch_of(key: ApiKey, watch_id: str) -> Watch:
    """The key's own Watch; another key's is as absent as a missing one (404, never 403)."""
    found = Watch.objects.filter(watch_id=watch_id, key=key).first()
    if found is None:
        raise ApplicationError(
            status=404,
            state="not-found",
            field="watchId",
            error=f"watchId: no Watch '{watch_id}' saved to this key. See GET /api/v1/watches.",
        )
    return found


@retried_on_contention
def watch_save(
    *,
    key: ApiKey,
    base: Any,
    coordinates: Any,
    label: str = "",
    watch_id: str | None = None,
    webhook_url: str | None = None,
) -> tuple[Watch, WatchVersion, str | None]:
    """Save version 1 in a new slot, or a new version of an existing Watch at no charge.

    Returns the Watch, the version and, for a new webhook, its signing secret (shown once). A
    retired Watch saved again is active again and needs a slot. No slot: 402, nothing written.
    A deadlock or serialization failure runs the whole save again (`retried_on_contention`).
    """
    standard = standard_base(base)
    effective, _ = effective_coordinates(standard, coordinates)
    _read(standard, effective)  # names nothing unknown: a Watch that cannot read is not saved
    if webhook_url is not None and (reason := refusal_for_url(webhook_url)):
        raise invalid_field("webhookUrl", reason)
    watch, number = _watch_slotted(key, watch_id)
    secret = None
    if webhook_url is not None and webhook_url != watch.webhook_url:
        watch.webhook_url, watch.webhook_secret = webhook_url, secrets.token_hex(32)
        secret = watch.webhook_secret
    watch.save()
    version = WatchVersion.objects.create(
        watch=watch, version=number, base=standard.id, coordinates=effective, label=label or ""
    )
    return watch, version, secret


def _watch_slotted(key: ApiKey, watch_id: str | None) -> tuple[Watch, int]:
    """The Watch a save writes its next version to, holding a slot, and that version's number.
    A new Watch takes a slot; a retired one saved again takes one back; an active one none."""
    if watch_id is None:
        new_id = f"w_{secrets.token_urlsafe(12)}"
        billing.slot_take(key=key, holder=new_id)  # locks keys before any row refers to one
        return Watch.objects.create(watch_id=new_id, key=key), 1
    watch = watch_of(key, watch_id)
    watch = Watch.objects.select_for_update().get(pk=watch.pk)
    if watch.state == Watch.State.RETIRED:
        billing.slot_take(key=key, holder=watch.watch_id)
        watch.state, watch.retired_at = Watch.State.ACTIVE, None
    return watch, watch.versions.count() + 1


@retried_on_contention
def watch_retire(*, key: ApiKey, watch_id: str) -> Watch:
    watch = watch_of(key, watch_id)
    if watch.state == Watch.State.ACTIVE:
        watch.state, watch.retired_at = Watch.State.RETIRED, timezone.now()
        watch.save(update_fields=["state", "retired_at"])
        billing.slot_release(holder=watch.watch_id)
    return watch


# --- scheduled readings ------------------------------------------------------------------------


# What a reading holds, less when it was computed and where a next page would start (a
# cursor carries its signing time: with it, every reading of a long list looked changed).
_UNSTABLE = ("generatedAt", "nextCursor")


def _digest(reading: dict[str, Any]) -> str:
    stable = {k: v for k, v in reading.items() if k not in _UNSTABLE}
    return hashlib.sha256(json.dumps(stable, sort_keys=True, default=str).encode()).hexdigest()


def watch_run(*, version_id: int, scheduled_for: datetime) -> WatchReading:
    """Read a Watch version for one scheduled time, once: a rerun returns the stored reading."""
    version = WatchVersion.objects.select_related("watch").get(pk=version_id)
    existing = WatchReading.objects.filter(version=version, scheduled_for=scheduled_for).first()
    if existing:
        return existing
    standard = STANDARD[version.base]
    reading = standard.run(version.coordinates)
    previous = version.watch.readings.order_by("-scheduled_for", "-id").first()
    now_items, before = (
        standard.identity(reading),
        (STANDARD[previous.version.base].identity(previous.reading) if previous else []),
    )
    changes = {
        "since": previous.scheduled_for.isoformat() if previous else None,
        "changed": previous is None or _digest(reading) != _digest(previous.reading),
        "added": [item for item in now_items if item not in before],
        "removed": [item for item in before if item not in now_items],
    }
    try:
        with transaction.atomic():
            return WatchReading.objects.create(
                watch=version.watch,
                version=version,
                scheduled_for=scheduled_for,
                reading=reading,
                changes=changes,
            )
    except IntegrityError:  # another worker stored this very reading first
        return WatchReading.objects.get(version=version, scheduled_for=scheduled_for)


def reading_payload(reading: WatchReading) -> dict[str, Any]:
    version = reading.version
    return envelope(
        "svc.watch-reading.v1",
        watchId=reading.watch.watch_id,
        version=version.version,
        base=version.base,
        label=version.label,
        coordinates=version.coordinates,
        saved=True,
        scheduledFor=reading.scheduled_for.isoformat(),
        readAt=reading.read_at.isoformat(),
        changes=reading.changes,
        reading=reading.reading,
    )


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """`sha256=` + HMAC-SHA256 of `<timestamp>.<body>` with the Watch's webhook secret."""
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return f"sha256={mac.hexdigest()}"


def delivery_new_id() -> str:
    return f"d_{secrets.token_hex(10)}"


class Dispatch(NamedTuple):
    """A reading's first delivery, claimed: the id it goes under, and the Watch's claim before."""

    reading_id: int
    delivery_id: str
    watch_pk: int
    scheduled_for: datetime
    previous: datetime | None

    def release(self) -> None:
        """Give the period back (its message could not be queued): a later run may send it."""
        Watch.objects.filter(pk=self.watch_pk, dispatched_for=self.scheduled_for).update(
            dispatched_for=self.previous
        )


def reading_dispatch(*, reading: WatchReading) -> Dispatch | None:
    """Claim the delivery of a Watch's reading for its period: once per Watch and scheduled
    time, whatever ran twice (two beats, a redelivered run, a version saved between two runs);
    None when it was claimed already (or a later period was), or the Watch has no webhook.

    A compare-and-set on the Watch's `dispatched_for`: two runs cannot both move it to the same
    time. The claim names the delivery id, so a message redelivered after a crash posts under
    the same id (a receiver that keeps ids takes it once) and one that already finished is not
    sent again (`reading_deliver`)."""
    watches = Watch.objects.filter(pk=reading.watch_id)
    for _ in range(3):
        hook, held = watches.values_list("webhook_url", "dispatched_for").get()
        if not hook or (held is not None and held >= reading.scheduled_for):
            return None
        if watches.filter(dispatched_for=held).update(dispatched_for=reading.scheduled_for):
            return Dispatch(
                reading.pk, delivery_new_id(), reading.watch_id, reading.scheduled_for, held
            )
    return None


def reading_deliver(
    *, reading_id: int, attempt: int, delivery_id: str = "", resend_of: str = ""
) -> bool | None:
    """POST the reading to the Watch's webhook, signed, under a delivery id of its own (given
    by whoever queued it: the dispatch, the attempt before, a re-send's answer); records the
    attempt. True if 2xx; None, and nothing sent, when this id was attempted before (the same
    message run twice).

    The body carries the id (`delivery`), so the signature covers it: a receiver that keeps
    the ids it saw within the timestamp's tolerance refuses a captured delivery sent again,
    and one older than the tolerance fails the timestamp check (README, "Webhooks")."""
    reading = WatchReading.objects.select_related("watch", "version").get(pk=reading_id)
    watch = reading.watch
    if not watch.webhook_url:
        return True
    if delivery_id and WatchDelivery.objects.filter(delivery_id=delivery_id).exists():
        return None  # this very message ran before (handed over twice): not sent again
    delivery_id = delivery_id or delivery_new_id()
    body, headers = _signed_delivery(reading, delivery_id, attempt, resend_of)
    try:
        status, error = post(watch.webhook_url, body, headers), ""
    except FetchError as exc:
        status, error = None, str(exc)
    return WatchDelivery.objects.create(
        delivery_id=delivery_id,
        reading=reading,
        resend_of=WatchDelivery.objects.filter(delivery_id=resend_of).first()
        if resend_of
        else None,
        attempt=attempt,
        status=status,
        error=error or ("" if status and status < 300 else "not 2xx"),
    ).succeeded


def _signed_delivery(
    reading: WatchReading, delivery_id: str, attempt: int, resend_of: str
) -> tuple[bytes, dict[str, str]]:
    """The body (the reading, and which delivery this is) and its headers, signed now."""
    delivery = {"id": delivery_id, "attempt": attempt, "resendOf": resend_of or None}
    payload = {**reading_payload(reading), "delivery": delivery}
    body = json.dumps(payload, separators=(",", ":"), default=str).encode()
    stamp = str(int(time.time()))
    return body, {
        "Content-Type": "application/json",
        "X-Svc-Delivery": delivery_id,
        "X-Svc-Timestamp": stamp,
        "X-Svc-Signature": signature(reading.watch.webhook_secret, stamp, body),
        "X-Svc-Watch": reading.watch.watch_id,
    }


class Resend(NamedTuple):
    """A re-send the owner asked for, to be queued: the reading, the new id, the one resent."""

    reading_id: int
    delivery_id: str
    attempt: int
    resend_of: str
    scheduled_for: datetime


def delivery_resend(*, key: ApiKey, watch_id: str, delivery_id: str) -> Resend:
    """Check a re-send of one of the key's Watch's deliveries and name it: the same reading,
    a new delivery id and a fresh timestamp (the old one is past any receiver's tolerance).
    Nothing is written until it is sent (`reading_deliver`)."""
    watch = watch_of(key, watch_id)
    deliveries = WatchDelivery.objects.select_related("reading")
    resent = deliveries.filter(delivery_id=delivery_id, reading__watch=watch).first()
    if resent is None:
        raise ApplicationError(
            status=404,
            state="not-found",
            field="deliveryId",
            error=f"deliveryId: Watch {watch_id} made no delivery '{clipped(delivery_id)}'. "
            f"See GET /api/v1/watches/{watch_id}/deliveries.",
        )
    _deliverable(watch)
    attempt = WatchDelivery.objects.filter(reading_id=resent.reading_id).count() + 1
    reading = resent.reading
    return Resend(reading.pk, delivery_new_id(), attempt, resent.delivery_id, reading.scheduled_for)


def _deliverable(watch: Watch) -> None:
    if watch.state == Watch.State.RETIRED:
        raise ApplicationError(
            status=409,
            state="retired",
            field="watchId",
            error="watchId: a retired Watch delivers nothing; save it again to re-activate it.",
        )
    if not watch.webhook_url:
        raise ApplicationError(
            status=409,
            state="no-webhook",
            field="webhookUrl",
            error="webhookUrl: this Watch has no webhook now; save one to deliver to it.",
        )
