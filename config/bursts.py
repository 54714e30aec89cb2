"""Burst limits: fixed windows per key (or, without one, per network address).

Counted by django-ratelimit in the shared cache (Redis when configured, so every process
counts together; the per-process local-memory cache in the embedded default). Every answer of a
limited operation states its limit in `RateLimit-Policy` and `RateLimit` (IETF draft fields);
past it the answer is 429 with `retry-after`. These limits protect the service; they are not
quotas, which the database counts exactly (`billing.services`).
"""

import logging
from typing import Any

from django.conf import settings
from django_ratelimit.core import get_usage

from config.network import allowance_address, client_address
from config.problems import ApplicationError

logger = logging.getLogger(__name__)


def burst_count(request, burst: str, key=None) -> dict[str, str]:
    """Count one request of a limited operation, from either door; its RateLimit headers.

    Raises the 429 past the limit. The count is per operation, not per door: a tool and its
    REST twin share one window, so an agent cannot double its rate by switching doors.
    """
    who = f"key:{key.pk}" if key is not None else f"ip:{allowance_address(client_address(request))}"
    rate = settings.SVC_BURST_RATES[burst]
    try:
        usage = get_usage(
            request,
            group=f"svc.{burst}",
            key=lambda _group, _request: who,
            rate=rate,
            increment=True,
        )
    except Exception:  # whatever the cache client raises when it is down
        usage = None
    if usage is None:
        # The counter store is unreachable: fail open. Bursts protect capacity; the quotas
        # that are money (asks, slots) are counted in the database and stay exact.
        logger.warning("burst limit %s not counted: the cache is unreachable", burst)
        return {}
    headers = _headers(usage, rate)
    if usage["should_limit"]:
        raise ApplicationError(
            status=429,
            state="rate-limited",
            error=f"Burst limit of {usage['limit']} requests per window reached.",
            retryAfter=max(1, usage["time_left"]),
            headers=headers,
        )
    return headers


class BurstLimited:
    """APIView mixin: `burst` names a rate in `settings.SVC_BURST_RATES` (e.g. "30/m")."""

    burst: str

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        key = request.auth if hasattr(request.auth, "digest") else None
        self.burst_headers = burst_count(request._request, self.burst, key)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        for name, value in getattr(self, "burst_headers", {}).items():
            response[name] = value
        return response


_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def _headers(usage: dict[str, Any], rate: str) -> dict[str, str]:
    period = _SECONDS[rate.split("/")[1]]
    remaining = max(usage["limit"] - usage["count"], 0)
    return {
        "RateLimit-Policy": f"{usage['limit']};w={period}",
        "RateLimit": f"limit={usage['limit']}, remaining={remaining}, reset={usage['time_left']}",
    }
