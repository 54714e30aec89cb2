"""Deploy checks: `manage.py check --deploy` flags development defaults left in production."""

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
    return problems
