"""Which addresses the service may fetch from: the SSRF guard's policy, in one place.

The admin validates URLs with it when a curator saves them (no DNS: literal addresses and
reserved names), and the fetcher applies it again to every resolved address at connect time and
after every redirect, since DNS can point a public name at a private address.
"""

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError

_RESERVED_SUFFIXES = (".local", ".internal", ".lan", ".home.arpa")


def refusal_for_address(address: str) -> str | None:
    """Why an IP address may not be fetched from, or None when it may."""
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return None if settings.SVC_FETCH_ALLOW_LOOPBACK else "a loopback address"
    if ip.is_link_local:
        return "a link-local address"
    if ip.is_private:
        return "an address on a private network"
    if ip.is_multicast or ip.is_reserved or ip.is_unspecified:
        return "a reserved address"
    return None


def refusal_for_url(url: str) -> str | None:
    """Why a URL may not be fetched, judged without DNS; None when it may be tried."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        return "only http and https URLs are fetched"
    host = (parts.hostname or "").lower()
    if not host:
        return "the URL has no host"
    try:
        reason = refusal_for_address(host)
    except ValueError:
        if host == "localhost" or host.endswith(".localhost"):
            allowed = host == "localhost" and settings.SVC_FETCH_ALLOW_LOOPBACK
            reason = None if allowed else "a loopback name"
        elif host.endswith(_RESERVED_SUFFIXES):
            reason = "a name reserved for private networks"
        else:
            reason = None  # a public-looking name: the connect-time guard checks its addresses
    return f"{host} is {reason}" if reason else None


def validate_public_url(url: str) -> None:
    """Model-field validator: the message says why the URL cannot be fetched."""
    reason = refusal_for_url(url)
    if reason:
        raise ValidationError(
            f"This URL cannot be fetched: {reason}. The service only reads public addresses.",
            code="private_url",
        )
