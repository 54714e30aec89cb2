"""Deploy checks: `manage.py check --deploy` flags development defaults left in production, and
settings that undo a guard (a catch-all trusted proxy, loopback fetching)."""

from django.conf import settings
from django.core.checks import Warning, register


@register(deploy=True)
def dev_defaults_in_production(app_configs, **kwargs):
    problems = []
    if settings.SVC_KEY_PEPPER == settings.DEV_KEY_PEPPER:
        problems.append(
            Warning(
                "SVC_KEY_PEPPER is the development default; API key hashes would be forgeable.",
                hint="Set SVC_KEY_PEPPER to a long random secret and keep it stable.",
                id="svc.W001",
            )
        )
    if not settings.SVC_BASE_URL.startswith("https://"):
        problems.append(
            Warning(
                "SVC_BASE_URL is not https; API keys would travel in clear text.",
                hint="Serve the machine door over TLS and set SVC_BASE_URL=https://...",
                id="svc.W002",
            )
        )
    if settings.SVC_PROXY_DEPTH and not settings.SVC_TRUSTED_PROXIES:
        problems.append(
            Warning(
                "SVC_PROXY_DEPTH is set but SVC_TRUSTED_PROXIES is empty: no forwarded address is "
                "believed, so every client counts as the proxy's address (one shared allowance).",
                hint="List your proxies' addresses or CIDR blocks in SVC_TRUSTED_PROXIES.",
                id="svc.W003",
            )
        )
    if any(network.prefixlen == 0 for network in settings.SVC_TRUSTED_PROXIES):
        problems.append(
            Warning(
                "SVC_TRUSTED_PROXIES trusts every address (a /0 block): any client can name its "
                "own address in X-Forwarded-For, so per-address allowances stop holding.",
                hint="List only your own proxies' addresses or CIDR blocks (e.g. 10.0.0.0/8).",
                id="svc.W004",
            )
        )
    if settings.SVC_FETCH_ALLOW_LOOPBACK:
        problems.append(
            Warning(
                "SVC_FETCH_ALLOW_LOOPBACK is on: feeds, sources and webhooks may reach this "
                "machine's own services (loopback), which the fetch guard exists to refuse.",
                hint="Unset SVC_FETCH_ALLOW_LOOPBACK in production; it is for tests and load runs.",
                id="svc.W005",
            )
        )
    return problems
