"""Views of the project package: health and the plain site pages."""

from django.conf import settings
from django.shortcuts import render
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from config import contract
from config.health import health_snapshot
from config.reads import ReadView, read_operation
from config.release import release_info


def addresses(request):
    """Template context: the three addresses and the versions."""
    return {
        "base_url": settings.SVC_BASE_URL,
        "site_url": settings.SVC_SITE_URL,
        "apex_url": settings.SVC_APEX_URL,
        "api_version": settings.SVC_API_VERSION,
        "service_version": settings.SVC_VERSION,
        "contact_email": settings.SVC_CONTACT_EMAIL,
    }


def home(request):
    return render(request, "site/home.html")


def terms(request):
    return render(request, "site/terms.html")


class HealthView(APIView):
    """Service health: database, cache, broker and the scheduled-job heartbeat.

    200 while the database answers (`status` is `degraded` if something else is down, since reads
    still work); 503 with `retry-after` when the database cannot be reached.
    """

    @extend_schema(
        operation_id="health",
        tags=["service"],
        responses={
            200: contract.response("svc.health.v1"),
            503: contract.response("svc.health.v1", "The database cannot be reached."),
        },
    )
    def get(self, request):
        snapshot = health_snapshot()
        if snapshot["status"] == "down":
            retry = settings.SVC_RETRY_AFTER_DB_DOWN
            return Response(snapshot, status=503, headers={"Retry-After": str(retry)})
        return Response(snapshot, headers={"Cache-Control": "no-store"})


@read_operation("getRelease", tag="platform", schema="svc.release.v1", errors=())
class ReleaseView(ReadView):
    """The service version, the API version (1.0.0), the whole alias table and the changes."""

    refresh = 300

    def read(self):
        return release_info()
