"""The e-mail confirmation page: opening the link shows a button; only the POST verifies.

A GET never changes anything, so mail scanners that prefetch links cannot verify an address.
"""

from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from billing import services


@require_http_methods(["GET", "POST"])
def key_confirm(request, token: str):
    if request.method == "GET":
        return render(request, "billing/confirm.html", {"token": token})
    try:
        key = services.email_verification_confirm(token=token)
    except services.TokenRefused as refused:
        return render(request, "billing/confirm.html", {"refused": str(refused)}, status=400)
    return render(request, "billing/confirm.html", {"verified": key})
