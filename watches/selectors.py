"""Reads of saved Watches, the same for REST and MCP: each returns the envelope both serve."""

from typing import Any

from django.conf import settings
from django.utils import timezone

from billing.models import ApiKey
from billing.selectors import tariff
from config.paging import Cursor, ListScope, keyset_page
from config.reads import envelope
from watches import services
from watches.catalogue import STANDARD
from watches.models import Watch, WatchDelivery, WatchVersion

SIGNATURE_NOTE = (
    "Shown once. Deliveries carry X-Svc-Signature: sha256=HMAC of '<X-Svc-Timestamp>.<body>' "
    "with this secret. Refuse a timestamp more than 5 minutes from your clock, and a "
    "delivery.id (also X-Svc-Delivery) you have already seen: the README's Webhooks section "
    "has the check."
)


def saving_terms() -> dict[str, Any]:
    watch = tariff()["units"].get("watch", {})
    return {
        "price": watch.get("price"),
        "included": watch.get("included"),
        "openingOffer": watch.get("opening_offer"),
        "howToBuy": watch.get("how_to_buy"),
        "limits": {
            "openingSlotsPerVerifiedEmail": settings.SVC_OPENING_SLOTS,
            "openingOfferUntil": settings.SVC_OPENING_OFFER_UNTIL.isoformat(),
            "burst": settings.SVC_BURST_RATES["watch"],
            "readEveryMinutes": settings.SVC_WATCH_INTERVAL_MINUTES,
        },
        "source": "/api/tariff",
    }


def standard_watches() -> dict[str, Any]:
    return envelope(
        "svc.standard-watches.v1",
        watches=[w.describe() for w in STANDARD.values()],
        terms=saving_terms(),
    )


def watch_summary(watch: Watch) -> dict[str, Any]:
    newest = watch.versions.order_by("-version").first()
    return {
        "watchId": watch.watch_id,
        "state": watch.state,
        "version": newest.version,
        "base": newest.base,
        "label": newest.label,
        "coordinates": newest.coordinates,
        "savedAt": newest.saved_at.isoformat(),
        "createdAt": watch.created_at.isoformat(),
        "retiredAt": watch.retired_at.isoformat() if watch.retired_at else None,
        "webhookUrl": watch.webhook_url,
    }


def saved_watches(key: ApiKey) -> dict[str, Any]:
    watches = Watch.objects.filter(key=key).order_by("created_at", "id")
    return envelope("svc.watches.v1", watches=[watch_summary(w) for w in watches])


def watch_saved(watch: Watch, version: WatchVersion, secret: str | None) -> dict[str, Any]:
    answer = envelope("svc.watch.v1", **watch_summary(watch), newVersion=version.version)
    if secret:
        answer["webhookSecret"], answer["webhookNote"] = secret, SIGNATURE_NOTE
    return answer


def watch_recall(key: ApiKey, watch_id: str) -> dict[str, Any]:
    watch = services.watch_of(key, watch_id)
    versions = watch.versions.order_by("version")
    latest = watch.readings.select_related("version").order_by("-scheduled_for", "-id")[:5]
    return envelope(
        "svc.watch.v1",
        **watch_summary(watch),
        versions=[
            {
                "version": v.version,
                "base": v.base,
                "label": v.label,
                "coordinates": v.coordinates,
                "savedAt": v.saved_at.isoformat(),
            }
            for v in versions
        ],
        latestReadings=[services.reading_payload(r) for r in latest],
    )


def watch_readings(key: ApiKey, watch_id: str, *, limit: int, cursor: Cursor | None) -> dict:
    watch = services.watch_of(key, watch_id)
    page, next_cursor = keyset_page(
        watch.readings.select_related("version", "watch"),
        scope=ListScope.of("readings", watch=watch.watch_id),
        order=["-scheduled_for", "-id"],
        limit=limit,
        cursor=cursor,
        position=lambda r: (r.scheduled_for, r.pk),
    )
    return envelope(
        "svc.watch-readings.v1",
        watchId=watch.watch_id,
        asOf=timezone.now().isoformat(),
        readings=[services.reading_payload(r) for r in page],
        nextCursor=next_cursor,
    )


def watch_deliveries(key: ApiKey, watch_id: str, *, limit: int, cursor: Cursor | None) -> dict:
    """The Watch's webhook deliveries, newest first: each attempt, retry and re-send."""
    watch = services.watch_of(key, watch_id)
    page, next_cursor = keyset_page(
        WatchDelivery.objects.filter(reading__watch=watch).select_related(
            "reading__version", "resend_of"
        ),
        scope=ListScope.of("deliveries", watch=watch.watch_id),
        order=["-attempted_at", "-id"],
        limit=limit,
        cursor=cursor,
        position=lambda d: (d.attempted_at, d.pk),
    )
    return envelope(
        "svc.watch-deliveries.v1",
        watchId=watch.watch_id,
        webhookUrl=watch.webhook_url,
        asOf=timezone.now().isoformat(),
        deliveries=[delivery_object(d) for d in page],
        nextCursor=next_cursor,
    )


def delivery_object(delivery: WatchDelivery) -> dict[str, Any]:
    status = delivery.status
    return {
        "deliveryId": delivery.delivery_id,
        "attempt": delivery.attempt,
        "attemptedAt": delivery.attempted_at.isoformat(),
        "status": status,
        "delivered": bool(status and 200 <= status < 300),
        "error": delivery.error or None,
        "resendOf": delivery.resend_of.delivery_id if delivery.resend_of else None,
        "scheduledFor": delivery.reading.scheduled_for.isoformat(),
        "version": delivery.reading.version.version,
    }


def resend_queued(watch_id: str, resend: services.Resend) -> dict[str, Any]:
    return envelope(
        "svc.watch-delivery.v1",
        watchId=watch_id,
        deliveryId=resend.delivery_id,
        resendOf=resend.resend_of,
        attempt=resend.attempt,
        state="queued",
        scheduledFor=resend.scheduled_for.isoformat(),
        deliveries=f"/api/v1/watches/{watch_id}/deliveries",
    )
