"""The client's network address, trusting forwarded headers only as far as configured.

`SVC_PROXY_DEPTH` is how many proxies of our own append to `X-Forwarded-For`. With 0 (the
default) no client-supplied header is believed and the socket's address counts; with n, the
n-th address from the right of the header is the one our outermost proxy saw.
"""

from django.conf import settings


def client_address(request) -> str:
    depth = settings.SVC_PROXY_DEPTH
    if depth:
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        hops = [hop for hop in hops if hop]
        if len(hops) >= depth:
            return hops[-depth]
    return request.META.get("REMOTE_ADDR", "0.0.0.0")  # noqa: S104 - an address, not a bind
