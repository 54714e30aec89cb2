"""The real URLconf plus probe views under /api/_probe/ that fail in each way the envelope covers.

Used with `@pytest.mark.urls("tests.probe_urls")`, so every probe runs through the real
middleware stack and DRF exception handler.
"""

from django.db import connection
from django.http import HttpResponse, HttpResponseNotAllowed
from django.urls import path
from django_ratelimit.exceptions import Ratelimited
from rest_framework import serializers
from rest_framework.exceptions import NotAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from config.problems import ApplicationError
from config.urls import urlpatterns as real_urlpatterns


class WindowSerializer(serializers.Serializer):
    window = serializers.IntegerField(min_value=1, max_value=90)


class UnfurlLikeSerializer(serializers.Serializer):
    base = serializers.CharField()
    coordinates = WindowSerializer(required=False)


class ValidatingView(APIView):
    def post(self, request):
        serializer = UnfurlLikeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(serializer.validated_data)


class KeyedView(APIView):
    def get(self, request):
        raise NotAuthenticated("This operation needs a key.")


class PaymentView(APIView):
    def post(self, request):
        raise ApplicationError(
            status=402,
            state="no-free-slot",
            error="No free Watch slot.",
            next=[{"action": "buy", "href": "/api/tariff"}],
        )


class GetOnlyView(APIView):
    def get(self, request):
        return Response({"ok": True})


class RateLimitedView(APIView):
    def get(self, request):
        raise Ratelimited()


class DatabaseView(APIView):
    def get(self, request):
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return Response({"ok": True})


def plain_crash(request):
    raise RuntimeError("boom")


def plain_database(request):
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return HttpResponse("ok")


def plain_post_only(request):
    return HttpResponseNotAllowed(["POST"])


urlpatterns = [
    path("api/_probe/validate", ValidatingView.as_view()),
    path("api/_probe/keyed", KeyedView.as_view()),
    path("api/_probe/payment", PaymentView.as_view()),
    path("api/_probe/get-only", GetOnlyView.as_view()),
    path("api/_probe/rate-limited", RateLimitedView.as_view()),
    path("api/_probe/database", DatabaseView.as_view()),
    path("api/_probe/plain-crash", plain_crash),
    path("api/_probe/plain-database", plain_database),
    path("api/_probe/plain-post-only", plain_post_only),
    path("site-crash/", plain_crash),
    *real_urlpatterns,
]
