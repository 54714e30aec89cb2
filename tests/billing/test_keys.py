"""POST /api/keys, the key as a credential, GET /api/keys/me, and e-mail verification."""

import re
from ipaddress import ip_network

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone

from billing import services
from billing.models import ApiKey

pytestmark = pytest.mark.django_db


@pytest.fixture
def issued(api):
    response = api.post("/api/keys")
    assert response.status_code == 201
    return response.json()["key"]


def test_a_key_is_issued_at_once_and_shown_once(api):
    response = api.post("/api/keys")
    body = response.json()
    assert body["schema"] == "svc.key.v1"
    assert re.fullmatch(r"svc_live_[0-9A-Za-z]{38}", body["key"])
    assert body["keyPrefix"] == body["key"][:13]
    assert body["asks"] == {"limit": 25, "used": 0, "remaining": 25}
    assert response["cache-control"] == "no-store"
    stored = ApiKey.objects.get()
    assert stored.digest != body["key"]
    assert body["key"] not in stored.digest


def test_keys_are_absent_from_a_database_dump(api, issued, capsys):
    call_command("dumpdata", "billing")
    dump = capsys.readouterr().out
    assert ApiKey.objects.get().prefix in dump
    assert issued not in dump
    assert issued.removeprefix("svc_live_") not in dump


@pytest.mark.parametrize(
    "headers",
    [
        lambda key: {"HTTP_X_API_KEY": key},
        lambda key: {"HTTP_X_API_KEY": key.removeprefix("svc_live_")},
        lambda key: {"HTTP_AUTHORIZATION": f"Bearer {key}"},
        lambda key: {"HTTP_X_API_KEY": key, "HTTP_AUTHORIZATION": f"Bearer {key}"},
    ],
)
def test_the_key_is_accepted_in_either_header(api, issued, headers):
    response = api.get("/api/keys/me", **headers(issued))
    assert response.status_code == 200
    body = response.json()
    assert body["schema"] == "svc.key-state.v1"
    assert body["asks"]["remaining"] == 25
    assert body["email"]["state"] == "unverified"
    assert body["slots"]["free"] == 0


def test_two_different_keys_are_refused(api, issued):
    other = api.post("/api/keys").json()["key"]
    response = api.get("/api/keys/me", HTTP_X_API_KEY=issued,
                       HTTP_AUTHORIZATION=f"Bearer {other}")  # fmt: skip
    assert response.status_code == 401
    assert response.json()["state"] == "key-required"


def test_a_malformed_key_is_refused_without_a_query(api, issued, django_assert_num_queries):
    forged = issued[:-1] + ("A" if issued[-1] != "A" else "B")  # checksum no longer matches
    for bad in (forged, "svc_live_short", "x" * 10_000):
        with django_assert_num_queries(0):
            response = api.get("/api/keys/me", HTTP_X_API_KEY=bad)
        assert response.status_code == 401
        assert response.json()["howToGetOne"]


def test_keys_in_query_strings_or_cookies_are_not_credentials(api, issued):
    in_query = api.get(f"/api/keys/me?key={issued}")
    assert in_query.status_code == 400  # refused as a parameter the operation does not take
    assert in_query.json()["field"] == "key"
    api.cookies["x-api-key"] = issued
    response = api.get("/api/keys/me")
    assert response.status_code == 401
    assert response.json()["state"] == "key-required"


def test_the_admin_session_is_not_an_api_credential(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("staff", "s@x.example", None))
    assert client.get("/api/keys/me").status_code == 401


def test_a_revoked_key_is_refused(api, issued):
    ApiKey.objects.update(revoked_at=timezone.now())
    assert api.get("/api/keys/me", HTTP_X_API_KEY=issued).status_code == 401


def test_issuance_is_capped_per_address_per_day(api, settings):
    settings.SVC_KEYS_PER_ADDRESS_DAY = 2
    assert [api.post("/api/keys").status_code for _ in range(2)] == [201, 201]
    refused = api.post("/api/keys")
    assert refused.status_code == 429
    assert int(refused["retry-after"]) > 0
    assert refused.json()["state"] == "rate-limited"
    assert ApiKey.objects.count() == 2


def test_the_address_comes_from_the_configured_proxy_depth(api, settings):
    settings.SVC_KEYS_PER_ADDRESS_DAY = 1
    spoofed = {"HTTP_X_FORWARDED_FOR": "198.51.100.1"}
    assert api.post("/api/keys", **spoofed).status_code == 201
    assert api.post("/api/keys", HTTP_X_FORWARDED_FOR="198.51.100.2").status_code == 429
    settings.SVC_PROXY_DEPTH = 1
    # Believed only from a trusted proxy: the test client's peer is 127.0.0.1.
    settings.SVC_TRUSTED_PROXIES = [ip_network("127.0.0.0/8")]
    assert api.post("/api/keys", HTTP_X_FORWARDED_FOR="203.0.113.9").status_code == 201
    assert ApiKey.objects.filter(created_from="203.0.113.9").exists()


# --- e-mail verification -----------------------------------------------------------------------


@pytest.fixture
def anymail(settings):
    settings.EMAIL_BACKEND = "anymail.backends.test.EmailBackend"


def confirmation_path() -> str:
    return re.search(r"https?://[^/]+(/keys/confirm/\S+/)", mail.outbox[-1].body).group(1)


def test_verification_mails_a_link_whose_button_verifies_once(api, client, issued, anymail):
    response = api.post("/api/keys/verify", {"email": "Ada@Example.org"}, format="json",
                        HTTP_X_API_KEY=issued)  # fmt: skip
    assert response.status_code == 202
    assert response.json()["state"] == "verification-sent"
    assert mail.outbox[-1].to == ["Ada@Example.org"]
    path = confirmation_path()
    page = client.get(path)
    assert b"<button" in page.content
    assert ApiKey.objects.get().email_verified_at is None  # opening the link changes nothing
    assert client.post(path).status_code == 200
    key = ApiKey.objects.get()
    assert (key.email, key.email_verified_at is not None) == ("ada@example.org", True)
    again = client.post(path)
    assert again.status_code == 400
    assert b"already used" in again.content
    me = api.get("/api/keys/me", HTTP_X_API_KEY=issued).json()
    assert me["email"]["state"] == "verified"
    assert me["slots"]["opening"] == 5


def test_an_expired_or_forged_link_verifies_nothing(api, client, issued, anymail, settings):
    api.post("/api/keys/verify", {"email": "a@example.org"}, format="json", HTTP_X_API_KEY=issued)
    path = confirmation_path()
    settings.SVC_EMAIL_TOKEN_SECONDS = -1
    assert b"expired" in client.post(path).content
    assert client.post("/keys/confirm/not-a-token/").status_code == 400
    assert ApiKey.objects.get().email_verified_at is None


def test_verification_needs_a_key_and_a_valid_address(api, issued, anymail):
    anonymous = api.post("/api/keys/verify", {"email": "a@example.org"}, format="json")
    assert anonymous.status_code == 401
    assert anonymous.json()["state"] == "key-required"
    assert anonymous.json()["howToGetOne"]
    bad = api.post("/api/keys/verify", {"email": "not-an-address"}, format="json",
                   HTTP_X_API_KEY=issued)  # fmt: skip
    assert bad.status_code == 400
    assert bad.json()["field"] == "email"
    assert mail.outbox == []


def test_the_checksum_catches_a_single_changed_character():
    key = services.KEY_PREFIX + "a" * 32 + services._checksum("a" * 32)
    assert services.key_parse(key) == key
    assert services.key_parse(key.replace("a", "b", 1)) is None


def test_key_endpoints_state_their_burst_limit_and_answer_429_past_it(api, issued, settings):
    settings.SVC_BURST_RATES = {**settings.SVC_BURST_RATES, "keys": "2/h"}
    answers = [api.get("/api/keys/me", HTTP_X_API_KEY=issued) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert answers[0]["RateLimit-Policy"] == "2;w=3600"
    assert answers[0]["RateLimit"].startswith("limit=2, remaining=1, reset=")
    assert answers[2]["RateLimit"].startswith("limit=2, remaining=0")
    assert int(answers[2]["retry-after"]) >= 1
    assert answers[2].json()["state"] == "rate-limited"
    other = api.post("/api/keys").json()["key"]  # limits are per key: another key is not limited
    assert api.get("/api/keys/me", HTTP_X_API_KEY=other).status_code == 200
