"""The address policy, from the attacker's side: nothing that is not globally routable passes."""

import pytest
from django.core.exceptions import ValidationError

from outbound.netguard import refusal_for_address, refusal_for_url, validate_public_url

# Each would reach something that is not the public internet, or a relay that could.
NOT_GLOBAL = [
    "100.64.0.1",  # carrier-grade NAT
    "100.100.100.200",  # a cloud metadata service inside 100.64.0.0/10
    "192.0.0.8",  # IETF protocol assignments, 192.0.0.0/24
    "192.0.0.9",
    "192.0.0.170",
    "192.88.99.1",  # 6to4 relay anycast
    "2002:7f00:1::1",  # 6to4 carrying 127.0.0.1
    "2002:a00:1::1",  # 6to4 carrying 10.0.0.1
    "2002:808:808::1",  # 6to4 carrying a public address: a relay still forwards it
    "fec0::1",  # deprecated site-local
    "::ffff:127.0.0.1",  # IPv4-mapped loopback
    "::ffff:10.0.0.1",  # IPv4-mapped private
    "::ffff:100.64.0.1",  # IPv4-mapped carrier-grade NAT
    "::127.0.0.1",  # IPv4-compatible loopback
    "::10.0.0.1",  # IPv4-compatible private
    "64:ff9b::a00:1",  # NAT64 carrying 10.0.0.1
    "64:ff9b::7f00:1",  # NAT64 carrying 127.0.0.1
    "64:ff9b::a9fe:a9fe",  # NAT64 carrying 169.254.169.254
    "64:ff9b:1::a00:1",  # local-use NAT64
    "2001::1",  # Teredo
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo carrying public addresses
    "::ffff:0:a00:1",  # IPv4-translated (SIIT) 10.0.0.1
    "224.0.0.1",
    "ff02::1",
    "0.0.0.0",  # noqa: S104 - an address to refuse, not a bind
    "::",
    "198.18.0.1",
    "240.0.0.1",
    "255.255.255.255",
]

GLOBAL = ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "64:ff9b::808:808"]


@pytest.mark.parametrize("address", NOT_GLOBAL)
def test_an_address_that_is_not_globally_routable_is_refused(address, settings):
    settings.SVC_FETCH_ALLOW_LOOPBACK = False
    assert refusal_for_address(address)


@pytest.mark.parametrize("address", NOT_GLOBAL)
def test_a_url_naming_such_an_address_fails_validation(address, settings):
    settings.SVC_FETCH_ALLOW_LOOPBACK = False
    host = f"[{address}]" if ":" in address else address
    with pytest.raises(ValidationError, match="cannot be fetched"):
        validate_public_url(f"http://{host}/feed")


@pytest.mark.parametrize("address", GLOBAL)
def test_a_global_address_passes(address):
    assert refusal_for_address(address) is None


# The C resolver reads these as 127.0.0.1 (or 10.0.0.1); Python's ipaddress and httpx do not.
ODD_IPV4 = [
    "http://0177.0.0.1/",
    "http://2130706433/",
    "http://0x7f.1/",
    "http://0x7f000001/",
    "http://127.1/",
    "http://012.0.0.1/feed",
    "http://10.0.0.010/",
    "http://0x0a.0x00.0x00.0x01/",
]


@pytest.mark.parametrize("url", ODD_IPV4)
def test_an_ipv4_address_in_octal_hex_or_one_number_is_refused(url, settings):
    settings.SVC_FETCH_ALLOW_LOOPBACK = True  # refused for its form, not for where it points
    assert "IPv4 address written in octal" in (refusal_for_url(url) or "")
    with pytest.raises(ValidationError, match="IPv4"):
        validate_public_url(url)


@pytest.mark.parametrize(
    "url", ["https://feeds.example.com/rss", "https://8.8.8.8/x", "https://1example.com/"]
)
def test_ordinary_public_urls_pass(url):
    assert refusal_for_url(url) is None
