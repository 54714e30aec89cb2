"""The Watch operations over REST: catalogue and unfurl (free, no key), saved Watches (key).

Every operation carries the burst limit (`RateLimit-Policy`, `RateLimit`; 429 past it).
"""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from billing.auth import FreeOperationView, KeyedAPIView
from config import contract
from config.bursts import BurstLimited
from config.fields import Choice, TextField
from config.openapi import problem_responses
from config.paging import PageQuery
from config.reads import envelope, query_params
from watches import selectors, services, tasks
from watches.catalogue import WATCH_BASES

WATCH_ID = OpenApiParameter("watchId", str, OpenApiParameter.PATH)
DELIVERY_ID = OpenApiParameter(
    "deliveryId", str, OpenApiParameter.PATH, description="A delivery's id (X-Svc-Delivery)."
)


def _schema(operation_id: str, answer: str, *, request=None, errors=(), **extra):
    return extend_schema(
        operation_id=operation_id,
        tags=["watches"],
        request=request,
        responses={
            extra.pop("status", 200): contract.response(answer),
            **problem_responses(*errors, 429),
        },
        **extra,
    )


class WatchBody(contract.RuledSerializer):
    """A Watch as configured: `base` (a standard id) and `coordinates` (overrides), typed per
    base by the contract (`svc.watch.v1`'s definitions, generated from the catalogue)."""

    base = Choice(
        choices=list(WATCH_BASES),
        help_text="A standard Watch id (GET /api/v1/watches/standard).",
    )
    coordinates = contract.ContractObject(
        contract="svc.watch.v1#/$defs/givenCoordinates",
        required=False,
        help_text="Overrides of the base's coordinates, by name.",
    )
    label = TextField(
        max_length=200, required=False, allow_blank=True, help_text="Your own name for it (save)."
    )
    watchId = TextField(
        min_length=1,
        max_length=40,
        required=False,
        help_text="A saved Watch's id: saving with it makes a new version (save).",
    )
    webhookUrl = serializers.URLField(
        max_length=500,
        required=False,
        help_text="Where each reading is posted, signed (save); a public http or https URL.",
    )

    # The coordinates are those of the base: a rule across two fields, beside them.
    contract_rule = {
        "if": {"required": ["base"]},
        "then": {"$ref": "svc.watch.v1#/$defs/givenCoordinatesOfBase"},
    }


def _body(request) -> dict:
    if not isinstance(request.data, dict):
        raise serializers.ValidationError({"body": ["a JSON object"]})
    data = WatchBody(data=request.data)
    data.is_valid(raise_exception=True)
    return data.validated_data


class FreeWatchView(BurstLimited, FreeOperationView):
    """A key is optional here: it keys the burst limit; one that cannot be read is ignored."""

    burst = "watch"


class KeyedWatchView(BurstLimited, KeyedAPIView):
    burst = "watch"
    permission_classes = [IsAuthenticated]


class StandardWatchesView(FreeWatchView):
    """The standard Watches with every coordinate explicit, and the terms for saving one."""

    @_schema("listStandardWatches", "svc.standard-watches.v1")
    def get(self, request):
        return Response(selectors.standard_watches())


class UnfurlView(FreeWatchView):
    """Run a Watch once: the reading, the effective coordinates and how each was decided.
    Nothing is saved or charged; no key needed."""

    @_schema("unfurlWatch", "svc.watch-reading.v1", request=WatchBody, errors=(400,))
    def post(self, request):
        body = _body(request)
        return Response(
            services.watch_unfurl(
                base=body["base"], coordinates=body.get("coordinates"), extras=body
            )
        )


class SavedWatchesView(KeyedWatchView):
    """GET: the newest version of each Watch saved to the key. POST: save (the paid step)."""

    @_schema("listSavedWatches", "svc.watches.v1", errors=(401,))
    def get(self, request):
        return Response(selectors.saved_watches(request.auth))

    @_schema(
        "saveWatch", "svc.watch.v1", request=WatchBody, errors=(400, 401, 402, 404), status=201
    )
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
        answer = selectors.watch_saved(watch, version, secret)
        return Response(answer, status=201, headers={"Cache-Control": "no-store"})


class WatchView(KeyedWatchView):
    """Every version of one saved Watch and its latest readings."""

    @_schema("recallWatch", "svc.watch.v1", parameters=[WATCH_ID], errors=(401, 404))
    def get(self, request, watchId: str):
        return Response(selectors.watch_recall(request.auth, watchId))


class RetireView(KeyedWatchView):
    """Retire a Watch: it is no longer read, and its slot is free again."""

    @_schema("retireWatch", "svc.watch.v1", parameters=[WATCH_ID], errors=(401, 404))
    def post(self, request, watchId: str):
        watch = services.watch_retire(key=request.auth, watch_id=watchId)
        return Response(envelope("svc.watch.v1", **selectors.watch_summary(watch)))


class ReadingsView(KeyedWatchView):
    """The Watch's stored readings, newest first, paged."""

    query = PageQuery

    @_schema(
        "listWatchReadings",
        "svc.watch-readings.v1",
        parameters=[WATCH_ID, PageQuery],
        errors=(400, 401, 404),
    )
    def get(self, request, watchId: str):
        params = query_params(request, PageQuery)
        return Response(
            selectors.watch_readings(
                request.auth, watchId, limit=params["limit"], cursor=params.get("cursor")
            )
        )


class DeliveriesView(KeyedWatchView):
    """The Watch's webhook deliveries, newest first, paged: each attempt's id, when it was
    made, what the receiver answered, and which re-sends the owner asked for."""

    query = PageQuery

    @_schema(
        "listWatchDeliveries",
        "svc.watch-deliveries.v1",
        parameters=[WATCH_ID, PageQuery],
        errors=(400, 401, 404),
    )
    def get(self, request, watchId: str):
        params = query_params(request, PageQuery)
        return Response(
            selectors.watch_deliveries(
                request.auth, watchId, limit=params["limit"], cursor=params.get("cursor")
            )
        )


class ResendView(KeyedWatchView):
    """Send one delivery's reading again, to the Watch's webhook as it stands now: a new
    delivery id and a fresh timestamp (a delivery's own signature is past any receiver's
    tolerance by then). Queued: its outcome joins the deliveries list. One attempt, no retries.
    409 when the Watch is retired or has no webhook."""

    @_schema(
        "resendWatchDelivery",
        "svc.watch-delivery.v1",
        parameters=[WATCH_ID, DELIVERY_ID],
        errors=(401, 404, 409),
        status=202,
    )
    def post(self, request, watchId: str, deliveryId: str):
        resend = services.delivery_resend(
            key=request.auth, watch_id=watchId, delivery_id=deliveryId
        )
        tasks.resend_queue(resend)
        answer = selectors.resend_queued(watchId, resend)
        return Response(answer, status=202, headers={"Cache-Control": "no-store"})
