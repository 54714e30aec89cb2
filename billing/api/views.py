"""Keys, the tariff and quotes over REST. Writes are one view per operation."""

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from billing import selectors, services
from billing.addresses import mailbox_refusal
from billing.auth import KeyedAPIView
from billing.models import ApiKey, Price
from config import contract
from config.bursts import BurstLimited
from config.fields import Choice, JsonBooleanField, JsonInteger
from config.network import client_address
from config.openapi import problem_responses
from config.reads import ReadView, envelope, read_operation


def key_state(key: ApiKey) -> dict:
    slots = services.slots_of(key)
    used = key.asks_used
    return {
        "keyPrefix": key.prefix,
        "createdAt": key.created_at.isoformat(),
        "asks": {
            "limit": settings.SVC_ASKS_PER_KEY,
            "used": used,
            "remaining": max(settings.SVC_ASKS_PER_KEY - used, 0),
        },
        "email": {
            "state": "verified" if key.email_verified_at else "unverified",
            "address": key.email,
            "verifiedAt": key.email_verified_at.isoformat() if key.email_verified_at else None,
        },
        "slots": {
            "paid": slots.paid,
            "paidInUse": slots.paid_in_use,
            "opening": slots.opening,
            "openingInUse": slots.opening_in_use,
            "free": slots.free,
        },
    }


class KeyIssueView(BurstLimited, APIView):
    """Issue a free key at once: no human step, no card. The key is shown once, in this answer;
    the service keeps only its HMAC. Capped per network address per UTC day (429)."""

    authentication_classes = []
    burst = "keys"

    @extend_schema(
        operation_id="issueKey",
        tags=["keys"],
        request=None,
        responses={
            201: contract.response("svc.key.v1"),
            **problem_responses(429),
        },
    )
    def post(self, request):
        key, secret = services.key_issue(address=client_address(request))
        body = envelope(
            "svc.key.v1",
            key=secret,
            **key_state(key),
            note="Shown once: the service stores only an HMAC of this key.",
            next=[
                {"action": "send it", "how": "x-api-key: <key>, or Authorization: Bearer <key>"},
                {"action": "verify an e-mail for the opening Watch offer",
                 "href": "POST /api/keys/verify"},
                {"action": "read the tariff", "href": "/api/tariff"},
            ],
        )  # fmt: skip
        return Response(body, status=201, headers={"Cache-Control": "no-store"})


class MailboxField(serializers.EmailField):
    """An e-mail address the allowances can count as one mailbox (billing.addresses): a domain
    literal or a broken IDN would escape the count, so it is refused, with its reason, before
    the generic format check."""

    def to_internal_value(self, data) -> str:
        value = super().to_internal_value(data)
        if refusal := mailbox_refusal(value):
            raise serializers.ValidationError(refusal)
        return value


class EmailSerializer(serializers.Serializer):
    email = MailboxField(max_length=254)


class KeyVerifyView(BurstLimited, KeyedAPIView):
    """Send a confirmation e-mail; pressing its button links the address to the key."""

    permission_classes = [IsAuthenticated]
    burst = "keys"

    @extend_schema(
        operation_id="verifyKeyEmail",
        tags=["keys"],
        request=EmailSerializer,
        responses={
            202: contract.response("svc.key-verify.v1"),
            **problem_responses(400, 401, 429),
        },
    )
    def post(self, request):
        data = EmailSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        email = data.validated_data["email"]
        page = request.build_absolute_uri(reverse("key-confirm", args=["TOKEN"]))
        services.email_verification_send(
            key=request.auth, email=email, confirm_url=page.replace("TOKEN", "{token}")
        )
        hours = settings.SVC_EMAIL_TOKEN_SECONDS // 3600
        body = envelope("svc.key-verify.v1", state="verification-sent", email=email,
                        note=f"Open the link in the e-mail and press its button within {hours} "
                             "hours; it works once.")  # fmt: skip
        return Response(body, status=202)


class KeyMeView(BurstLimited, KeyedAPIView):
    """The key's asks used and left, its e-mail state and its Watch slots."""

    permission_classes = [IsAuthenticated]
    burst = "keys"

    @extend_schema(
        operation_id="getKey",
        tags=["keys"],
        responses={
            200: contract.response("svc.key-state.v1"),
            **problem_responses(401, 429),
        },
    )
    def get(self, request):
        body = envelope("svc.key-state.v1", asOf=timezone.now().isoformat(),
                        **key_state(request.auth))  # fmt: skip
        return Response(body, headers={"Cache-Control": "private, no-store"})


@read_operation("getTariff", tag="tariff", schema="svc.tariff.v1", errors=())
class TariffView(ReadView):
    """The machine rate card: `units[watch|ask|read]` with price, opening offer, how to buy."""

    refresh = 300

    def read(self):
        return selectors.tariff()


class QuoteItem(serializers.Serializer):
    unit = Choice(choices=Price.Unit.choices)
    quantity = JsonInteger(min_value=1, max_value=10_000)
    months = JsonInteger(min_value=1, max_value=36, required=False)


class QuoteRequest(serializers.Serializer):
    items = serializers.ListField(child=QuoteItem(), min_length=1, max_length=20)
    verifiedEmail = JsonBooleanField(default=False)


class TariffQuoteView(APIView):
    """Price a basket of requirements; the opening offer is applied where it fits."""

    authentication_classes = []

    @extend_schema(
        operation_id="quoteTariff",
        tags=["tariff"],
        request=QuoteRequest,
        responses={
            200: contract.response("svc.tariff-quote.v1"),
            **problem_responses(400),
        },
    )
    def post(self, request):
        data = QuoteRequest(data=request.data)
        data.is_valid(raise_exception=True)
        offer_open = timezone.now().date() <= settings.SVC_OPENING_OFFER_UNTIL
        return Response(
            selectors.quote(
                items=data.validated_data["items"],
                verified_email=data.validated_data["verifiedEmail"],
                offer_open=offer_open,
            )
        )
