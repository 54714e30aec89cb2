"""Loud parsing of environment variables.

Every setting comes from the environment. A malformed value stops start-up with an
ImproperlyConfigured that names the variable, instead of silently falling back to a default.
"""

from collections.abc import Mapping
from ipaddress import IPv4Network, IPv6Network, ip_network
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}
Networks = list[IPv4Network | IPv6Network]  # named here: inside Env, `list` is a method


class Env:
    def __init__(self, environ: Mapping[str, str]):
        self._environ = environ

    def str(self, name: str, default: str) -> str:
        return self._environ.get(name, default)

    def bool(self, name: str, default: bool) -> bool:
        raw = self._environ.get(name)
        if raw is None:
            return default
        value = raw.strip().lower()
        if value in _TRUE:
            return True
        if value in _FALSE:
            return False
        raise ImproperlyConfigured(
            f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}"
        )

    def int(self, name: str, default: int, *, minimum: int | None = None) -> int:
        raw = self._environ.get(name)
        if raw is None:
            return default
        try:
            value = int(raw)
        except ValueError:
            raise ImproperlyConfigured(f"{name} must be an integer; got {raw!r}") from None
        if minimum is not None and value < minimum:
            raise ImproperlyConfigured(f"{name} must be at least {minimum}; got {value}")
        return value

    def list(self, name: str, default: list[str]) -> list[str]:
        raw = self._environ.get(name)
        if raw is None:
            return default
        return [item.strip() for item in raw.split(",") if item.strip()]

    def networks(self, name: str) -> Networks:
        """Comma-separated addresses or CIDR blocks (an address is its own /32 or /128)."""
        networks = []
        for item in self.list(name, []):
            try:
                networks.append(ip_network(item, strict=False))
            except ValueError:
                raise ImproperlyConfigured(
                    f"{name} must list IP addresses or CIDR blocks; got {item!r}"
                ) from None
        return networks

    def url(self, name: str, default: str, *, schemes: tuple[str, ...]) -> str:
        """An absolute URL with one of `schemes`, without a trailing slash (or empty if default)."""
        raw = self._environ.get(name, default)
        if raw == "":
            return ""
        parts = urlsplit(raw)
        if parts.scheme not in schemes or not parts.netloc:
            allowed = ", ".join(schemes)
            raise ImproperlyConfigured(f"{name} must be an absolute {allowed} URL; got {raw!r}")
        return raw.rstrip("/")
