from django.http import JsonResponse
from django.urls import path

from config.urls import urlpatterns as service_urls


def trivial(request):
    """The floor: a JSON answer through the same middleware, with no work behind it."""
    return JsonResponse({"ok": True})


urlpatterns = [path("api/bench/trivial", trivial), *service_urls]
