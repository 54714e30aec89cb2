"""The client's network address, trusting forwarded headers only from our own proxies.

`SVC_PROXY_DEPTH` is how many proxies of our own append to `X-Forwarded-For`, and
`SVC_TRUSTED_PROXIES` lists their addresses or blocks. With depth 0 (the default), or a peer
that is not a trusted proxy, no client-supplied header is believed and the socket's address
counts: anyone can reach the service directly and write that header. From a trusted peer the
header is read from the right, one hop per proxy, for as long as the hops are trusted proxies:
the first address that is not one of ours is the client, whatever it claims further left.

Values are whatever real proxies write: `unknown`, `IP:port`, `[IPv6]:port`, quoted, garbage.
Each is parsed to a bare address or refused; a refused value leaves the last address we can
vouch for, so an odd header never reaches the database (an inet column refuses it: a 500).
"""

from collections.abc import Iterable
from ipaddress import (
    IPv4Address,
    IPv4Network,
    IPv6Address,
    IPv6Network,
    collapse_addresses,
    ip_address,
    ip_network,
)

from django.conf import settings

UNKNOWN_PEER = "0.0.0.0"  # noqa: S104 - an address, not a bind (a unix-socket peer has none)
IPV6_ALLOWANCE_PREFIX = 64


def client_address(request) -> str:
    address = parsed_address(request.META.get("REMOTE_ADDR", "")) or UNKNOWN_PEER
    hops = [hop for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    for _ in range(settings.SVC_PROXY_DEPTH):
        if not hops or not _trusted(address):
            break
        forwarded = parsed_address(hops.pop())
        if forwarded is None:
            break
        address = forwarded
    return address


def parsed_address(value: str) -> str | None:
    """A bare, canonical address from a forwarded value, or None when it holds none."""
    host = _host(value.strip().strip('"'))
    try:
        address = ip_address(host)
    except ValueError:
        return None
    if isinstance(address, IPv6Address):
        if address.scope_id:  # a link-local zone means nothing beyond the proxy's own link
            return None
        address = address.ipv4_mapped or address
    return str(address)


def _host(value: str) -> str:
    """The host of `host`, `IPv4:port`, `[IPv6]` or `[IPv6]:port` (a bad port: no host)."""
    if value.startswith("["):
        host, bracket, rest = value[1:].partition("]")
        return host if bracket and (rest == "" or (rest[:1] == ":" and _is_port(rest[1:]))) else ""
    if value.count(":") == 1:
        host, _, port = value.partition(":")
        return host if _is_port(port) else ""
    return value


def _is_port(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 5


def _trusted(address: str) -> bool:
    peer = ip_address(address)
    return any(peer in network for network in settings.SVC_TRUSTED_PROXIES)


def everyone_trusted(networks: Iterable[IPv4Network | IPv6Network]) -> list[str]:
    """The address families (`IPv4`, `IPv6`) whose every address the blocks cover together.

    A catch-all need not be written as one /0: `0.0.0.0/1,128.0.0.0/1` (or any split, in any
    order, overlapping or not) trusts every client as surely, so the blocks are merged first."""
    covered = []
    for version in (4, 6):
        merged = collapse_addresses(n for n in networks if n.version == version)
        if any(block.prefixlen == 0 for block in merged):
            covered.append(f"IPv{version}")
    return covered


def allowance_address(address: str) -> str:
    """The address an allowance is counted against: IPv4 as is, IPv6 per /64.

    One subscriber (a home line, a cloud instance) is given a whole /64 and can use any of its
    2^64 addresses; counted per /128, one /64 would get unlimited asks and keys.
    """
    parsed = ip_address(address)
    if isinstance(parsed, IPv4Address):
        return address
    block = ip_network(f"{parsed}/{IPV6_ALLOWANCE_PREFIX}", strict=False)
    return str(block.network_address)
