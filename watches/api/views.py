"""The Watch operations over REST: catalogue and unfurl (free, no key), saved Watches (key).

Every operation carries the burst limit (`RateLimit-Policy`, `RateLimit`; 429 past it).
"""

from django.conf import settings
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from billing.auth import ApiKeyAuthentication
from billing.selectors import tariff
from config.bursts import BurstLimited
from config.openapi import problem_responses
from config.paging import PageQuery, keyset_page
from config.reads import envelope, query_params
from watches import services
from watches.catalogue import STANDARD
from watches.models import Watch

WATCH_ID = OpenApiParameter("watchId", str, OpenApiParameter.PATH)


def _schema(operation_id: str, tag: str = "watches", *, request=None, errors=(), **extra):
    return extend_schema(
        operation_id=operation_id,
        tags=[tag],
        request=request,
        responses={
            extra.pop("status", 200): OpenApiResponse(OpenApiTypes.OBJECT),
            **problem_responses(*errors, 429),
        },
        **extra,
    )


class WatchBody(serializers.Serializer):
    """A Watch as configured: `base` (a standard id) and `coordinates` (overrides)."""

    base = serializers.JSONField(help_text="A standard Watch id (GET /api/v1/watches/standard).")
    coordinates = serializers.JSONField(required=False, help_text="Overrides of the base's.")
    label = serializers.CharField(max_length=200, required=False, allow_blank=True)
    watchId = serializers.CharField(max_length=40, required=False)
    webhookUrl = serializers.URLField(max_length=500, required=False)


def _body(request) -> dict:
    if not isinstance(request.data, dict):
        raise serializers.ValidationError({"body": ["a JSON object"]})
    data = WatchBody(data=request.data)
    data.is_valid(raise_exception=True)
    return data.validated_data


class FreeWatchView(BurstLimited, APIView):
    authentication_classes = [ApiKeyAuthentication]  # optional here: it keys the burst limit
    burst = "watch"


class KeyedWatchView(FreeWatchView):
    permission_classes = [IsAuthenticated]


def saving_terms() -> dict:
    units = tariff()["units"]
    watch = units.get("watch", {})
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


class StandardWatchesView(FreeWatchView):
    """The standard Watches with every coordinate explicit, and the terms for saving one."""

    @_schema("listStandardWatches")
    def get(self, request):
        return Response(
            envelope(
                "svc.standard-watches.v1",
                watches=[w.describe() for w in STANDARD.values()],
                terms=saving_terms(),
            )
        )


class UnfurlView(FreeWatchView):
    """Run a Watch once: the reading, the effective coordinates and how each was decided.
    Nothing is saved or charged; no key needed."""

    @_schema("unfurlWatch", request=WatchBody, errors=(400,))
    def post(self, request):
        body = _body(request)
        return Response(
            services.watch_unfurl(
                base=body["base"], coordinates=body.get("coordinates"), extras=body
            )
        )


def watch_summary(watch: Watch) -> dict:
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


class SavedWatchesView(KeyedWatchView):
    """GET: the newest version of each Watch saved to the key. POST: save (the paid step)."""

    @_schema("listSavedWatches", errors=(401,))
    def get(self, request):
        watches = Watch.objects.filter(key=request.auth).order_by("created_at", "id")
        return Response(envelope("svc.watches.v1", watches=[watch_summary(w) for w in watches]))

    @_schema("saveWatch", request=WatchBody, errors=(400, 401, 402, 404), status=201)
    def post(self, request):
        body = _body(request)
        watch, version, secret = services.watch_save(
            key=request.auth,
            base=body["base"],
            coordinates=body.get("coordinates"),
            label=body.get("label", ""),
            watch_id=body.get("watchId"),
            webhook_url=body.get("webhookUrl"),
        )
        answer = envelope("svc.watch.v1", **watch_summary(watch), newVersion=version.version)
        if secret:
            answer["webhookSecret"] = secret
            answer["webhookNote"] = (
                "Shown once. Deliveries carry X-Svc-Signature: sha256=HMAC "
                "of '<X-Svc-Timestamp>.<body>' with this secret."
            )
        return Response(answer, status=201, headers={"Cache-Control": "no-store"})


class WatchView(KeyedWatchView):
    """Every version of one saved Watch and its latest readings."""

    @_schema("recallWatch", parameters=[WATCH_ID], errors=(401, 404))
    def get(self, request, watch_id: str):
        watch = services.watch_of(request.auth, watch_id)
        versions = watch.versions.order_by("version")
        latest = watch.readings.select_related("version").order_by("-scheduled_for", "-id")[:5]
        return Response(
            envelope(
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
        )


class RetireView(KeyedWatchView):
    """Retire a Watch: it is no longer read, and its slot is free again."""

    @_schema("retireWatch", parameters=[WATCH_ID], errors=(401, 404))
    def post(self, request, watch_id: str):
        watch = services.watch_retire(key=request.auth, watch_id=watch_id)
        return Response(envelope("svc.watch.v1", **watch_summary(watch)))


class ReadingsView(KeyedWatchView):
    """The Watch's stored readings, newest first, paged."""

    @_schema("listWatchReadings", parameters=[WATCH_ID, PageQuery], errors=(400, 401, 404))
    def get(self, request, watch_id: str):
        params = query_params(request, PageQuery)
        watch = services.watch_of(request.auth, watch_id)
        page, next_cursor = keyset_page(
            watch.readings.select_related("version", "watch"),
            order=["-scheduled_for", "-id"],
            limit=params["limit"],
            after=params.get("cursor"),
            position=lambda r: (r.scheduled_for, r.pk),
        )
        return Response(
            envelope(
                "svc.watch-readings.v1",
                watchId=watch.watch_id,
                asOf=timezone.now().isoformat(),
                readings=[services.reading_payload(r) for r in page],
                nextCursor=next_cursor,
            )
        )
