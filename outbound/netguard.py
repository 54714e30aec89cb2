"""Which addresses the service may fetch from: the SSRF guard's policy, in one place.

The admin validates URLs with it when a curator saves them (no DNS: literal addresses and
reserved names), and the fetcher applies it again to every resolved address at connect time and
after every redirect, since DNS can point a public name at a private address.
"""

import ipaddress
import re
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError

_RESERVED_SUFFIXES = (".local", ".internal", ".lan", ".home.arpa")

# Ranges that are not globally routable but that `is_global` passes on Python 3.11. Teredo is
# already refused there; it is listed so that a later Python's narrower rules do not let it in.
_NOT_GLOBAL = tuple(
    ipaddress.ip_network(network)
    for network in (
        "192.0.0.0/24",  # IETF protocol assignments (192.0.0.8 and the rest)
        "192.88.99.0/24",  # 6to4 relay anycast
        "2002::/16",  # 6to4: wraps any IPv4 and is forwarded by whichever relay is nearest
        "2001::/32",  # Teredo: the same, over UDP
        "fec0::/10",  # site-local, deprecated but still routed inside some networks
        "64:ff9b:1::/48",  # local-use NAT64: translates into the operator's own network
        "::ffff:0:0:0/96",  # IPv4-translated (SIIT)
    )
)
# IPv6 forms that reach an IPv4 host: the IPv4 address is judged in their place. NAT64 is
# unwrapped rather than refused so that an IPv6-only host behind DNS64 can still read the web.
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")

# A host whose every label is a number in decimal, octal (leading 0) or hex (0x): `inet_aton`
# reads one to four such labels as an IPv4 address, and no real name is all numbers. A plain
# dotted quad never gets this far: `ipaddress` has already parsed it.
_NUMERIC_HOST = re.compile(r"^(0x[0-9a-f]*|[0-9]+)(\.(0x[0-9a-f]*|[0-9]+))*\.?$")


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if ip.ipv4_mapped:
        return ip.ipv4_mapped
    # :: and ::1 sit in ::/96 too, but they are the unspecified and loopback addresses.
    if ip in _NAT64 or (ip in _IPV4_COMPATIBLE and int(ip) > 1):
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def refusal_for_address(address: str) -> str | None:
    """Why an IP address may not be fetched from, or None when it may."""
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address):
        ip = _embedded_ipv4(ip) or ip
    if ip.is_loopback:
        return None if settings.SVC_FETCH_ALLOW_LOOPBACK else "a loopback address"
    if ip.is_link_local:
        return "a link-local address"
    if ip.is_private:
        return "an address on a private network"
    if ip.is_multicast or ip.is_reserved or ip.is_unspecified:
        return "a reserved address"
    if not ip.is_global or any(ip in network for network in _NOT_GLOBAL):
        return "an address that is not globally routable"
    return None


def refusal_for_url(url: str) -> str | None:
    """Why a URL may not be fetched, judged without DNS; None when it may be tried."""
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
    except ValueError:  # an unclosed IPv6 bracket, say
        return "the URL cannot be parsed"
    if parts.scheme not in ("http", "https"):
        return "only http and https URLs are fetched"
    if not host:
        return "the URL has no host"
    try:
        reason = refusal_for_address(host)
    except ValueError:
        reason = _refusal_for_name(host)
    return f"{host} is {reason}" if reason else None


def _refusal_for_name(host: str) -> str | None:
    if _NUMERIC_HOST.match(host):
        # Python and httpx refuse 0177.0.0.1 while the system resolver reads it as 127.0.0.1;
        # a host whose meaning depends on who reads it is not fetched at all.
        return "an IPv4 address written in octal, hex or as one number; write four decimal numbers"
    if host == "localhost" or host.endswith(".localhost"):
        allowed = host == "localhost" and settings.SVC_FETCH_ALLOW_LOOPBACK
        return None if allowed else "a loopback name"
    if host.endswith(_RESERVED_SUFFIXES):
        return "a name reserved for private networks"
    return None  # a public-looking name: the connect-time guard checks its addresses


def validate_public_url(url: str) -> None:
    """Model-field validator: the message says why the URL cannot be fetched."""
    reason = refusal_for_url(url)
    if reason:
        raise ValidationError(
            f"This URL cannot be fetched: {reason}. The service only reads public addresses.",
            code="private_url",
        )
