"""The client's address behind proxies, from the attacker's side.

A forwarded header is believed only from a peer in `SVC_TRUSTED_PROXIES`; whatever a real
proxy writes there (`unknown`, a port, brackets, garbage) is parsed or ignored, never a 500; and
IPv6 clients share one allowance per /64, the block one subscriber gets.
"""

from ipaddress import ip_network

import pytest
from django.core.checks import run_checks
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory

from billing.models import ApiKey
from config.env import Env
from config.network import allowance_address, client_address

PEER, PROXY = "203.0.113.5", "10.0.0.2"


@pytest.fixture
def behind_a_proxy(settings):
    settings.SVC_PROXY_DEPTH = 1
    settings.SVC_TRUSTED_PROXIES = [ip_network("10.0.0.0/8"), ip_network("fd00::/8")]
    return settings


def address(remote, forwarded=None):
    meta = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        meta["HTTP_X_FORWARDED_FOR"] = forwarded
    return client_address(RequestFactory().get("/", **meta))


def test_a_forwarded_header_from_an_untrusted_peer_is_ignored(behind_a_proxy):
    assert address(PEER, "198.51.100.1") == PEER
    assert address(PROXY, "198.51.100.1") == "198.51.100.1"


def test_without_trusted_proxies_no_forwarded_header_is_believed(settings):
    settings.SVC_PROXY_DEPTH, settings.SVC_TRUSTED_PROXIES = 1, []
    assert address(PROXY, "198.51.100.1") == PROXY


def test_depth_walks_through_trusted_proxies_only(behind_a_proxy):
    behind_a_proxy.SVC_PROXY_DEPTH = 2
    assert address(PROXY, "198.51.100.1, 10.0.0.7") == "198.51.100.1"
    # The hop our inner proxy saw is no proxy of ours: it is the client, whatever it claims.
    assert address(PROXY, "198.51.100.1, 192.0.2.66") == "192.0.2.66"


@pytest.mark.parametrize(
    ("forwarded", "expected"),
    [
        ("unknown", PROXY),
        ("198.51.100.7:5555", "198.51.100.7"),
        ("[2001:db8::1]:443", "2001:db8::1"),
        ("[2001:db8::1]", "2001:db8::1"),
        ('"[2001:db8::1]:443"', "2001:db8::1"),
        ("2001:DB8:0::1", "2001:db8::1"),
        ("::ffff:198.51.100.8", "198.51.100.8"),
        ("fe80::1%eth0", PROXY),
        ("_hidden", PROXY),
        ("999.1.1.1", PROXY),
        ("[2001:db8::1", PROXY),
        ("1.2.3.4:notaport", PROXY),
        ("<script>", PROXY),
        (" , ", PROXY),
        ("x" * 5000, PROXY),
    ],
)
def test_odd_forwarded_values_are_parsed_or_ignored(behind_a_proxy, forwarded, expected):
    assert address(PROXY, forwarded) == expected


@pytest.mark.django_db
@pytest.mark.parametrize(
    "forwarded", ["unknown", "198.51.100.7:5555", "[2001:db8::1]:443", "garbage", "1.2.3.4:x"]
)
def test_key_issuance_and_ask_take_odd_forwarded_values_normally(api, behind_a_proxy, forwarded):
    headers = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": forwarded}
    issued = api.post("/api/keys", **headers)
    assert issued.status_code == 201, issued.content[:300]
    asked = api.post("/api/ask", {"question": "Is anything flagged?"}, format="json", **headers)
    assert asked.status_code == 200, asked.content[:300]


def test_ipv6_allowances_are_counted_per_64():
    assert allowance_address("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::"
    assert allowance_address("2001:db8:1:2::ffff") == "2001:db8:1:2::"
    assert allowance_address("198.51.100.7") == "198.51.100.7"


@pytest.mark.django_db
def test_two_addresses_in_one_64_share_one_allowance(api, settings):
    settings.SVC_KEYS_PER_ADDRESS_DAY = 1
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1
    one, two = {"REMOTE_ADDR": "2001:db8:1:2::1"}, {"REMOTE_ADDR": "2001:db8:1:2:ffff::9"}
    elsewhere = {"REMOTE_ADDR": "2001:db8:1:3::1"}
    assert api.post("/api/keys", **one).status_code == 201
    assert api.post("/api/keys", **two).status_code == 429
    assert api.post("/api/keys", **elsewhere).status_code == 201
    assert ApiKey.objects.filter(created_from="2001:db8:1:2::1").exists()  # the real address
    question = {"question": "Is anything flagged?"}
    assert api.post("/api/ask", question, format="json", **one).status_code == 200
    assert api.post("/api/ask", question, format="json", **two).status_code == 401


def test_trusted_proxies_parse_loudly():
    parsed = Env({"P": "10.0.0.0/8, 192.0.2.1,fd00::/8"}).networks("P")
    assert parsed == [ip_network("10.0.0.0/8"), ip_network("192.0.2.1/32"), ip_network("fd00::/8")]
    assert Env({}).networks("P") == []
    with pytest.raises(ImproperlyConfigured, match="SVC_TRUSTED_PROXIES"):
        Env({"SVC_TRUSTED_PROXIES": "10.0.0.0/8,lb.internal"}).networks("SVC_TRUSTED_PROXIES")


def test_check_deploy_warns_of_a_proxy_depth_with_no_trusted_proxies(settings):
    settings.SVC_PROXY_DEPTH, settings.SVC_TRUSTED_PROXIES = 1, []
    assert "svc.W003" in {m.id for m in run_checks(include_deployment_checks=True)}
    settings.SVC_TRUSTED_PROXIES = [ip_network("10.0.0.0/8")]
    assert "svc.W003" not in {m.id for m in run_checks(include_deployment_checks=True)}
    settings.SVC_PROXY_DEPTH, settings.SVC_TRUSTED_PROXIES = 0, []
    assert "svc.W003" not in {m.id for m in run_checks(include_deployment_checks=True)}
