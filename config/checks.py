"""Deploy checks: `manage.py check --deploy` flags development defaults left in production, and
settings that undo a guard (a catch-all trusted proxy, loopback fetching)."""

from collections.abc import Callable

from django.conf import settings
from django.core.checks import Warning, register

from config.network import everyone_trusted

# (id, when it applies, what is wrong, what to do): one row a warning, read at check time.
DEPLOY_WARNINGS: tuple[tuple[str, Callable[[], bool], str, str], ...] = (
    (
        "svc.W001",
        lambda: settings.SVC_KEY_PEPPER == settings.DEV_KEY_PEPPER,
        "SVC_KEY_PEPPER is the development default; API key hashes would be forgeable.",
        "Set SVC_KEY_PEPPER to a long random secret and keep it stable.",
    ),
    (
        "svc.W002",
        lambda: not settings.SVC_BASE_URL.startswith("https://"),
        "SVC_BASE_URL is not https; API keys would travel in clear text.",
        "Serve the machine door over TLS and set SVC_BASE_URL=https://...",
    ),
    (
        "svc.W003",
        lambda: bool(settings.SVC_PROXY_DEPTH and not settings.SVC_TRUSTED_PROXIES),
        "SVC_PROXY_DEPTH is set but SVC_TRUSTED_PROXIES is empty: no forwarded address is "
        "believed, so every client counts as the proxy's address (one shared allowance).",
        "List your proxies' addresses or CIDR blocks in SVC_TRUSTED_PROXIES.",
    ),
    (
        "svc.W004",
        lambda: bool(everyone_trusted(settings.SVC_TRUSTED_PROXIES)),
        "SVC_TRUSTED_PROXIES trusts every address of a family (a /0 block, or blocks that "
        "cover it together, such as two /1): any client can name its own address in "
        "X-Forwarded-For, so per-address allowances stop holding.",
        "List only your own proxies' addresses or CIDR blocks (e.g. 10.0.0.0/8).",
    ),
    (
        "svc.W005",
        lambda: bool(settings.SVC_FETCH_ALLOW_LOOPBACK),
        "SVC_FETCH_ALLOW_LOOPBACK is on: feeds, sources and webhooks may reach this "
        "machine's own services (loopback), which the fetch guard exists to refuse.",
        "Unset SVC_FETCH_ALLOW_LOOPBACK in production; it is for tests and load runs.",
    ),
)


@register(deploy=True)
def dev_defaults_in_production(app_configs, **kwargs):
    return [
        Warning(message, hint=hint, id=check_id)
        for check_id, applies, message, hint in DEPLOY_WARNINGS
        if applies()
    ]
