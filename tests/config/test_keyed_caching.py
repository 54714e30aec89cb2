"""Keyed answers stay out of shared caches; public cached reads stay public.

From the attacker's side: a shared cache (a CDN, a company proxy) that stored alice's saved
Watches, readings or answer would serve them to the next caller of the same URL. Anything served
because of a key (or that a key could change) says `private` (or `no-store`) and varies on both
headers a key rides in.
"""

import json

import pytest
from django.utils import timezone

from billing.models import ApiKey
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db
KEY_HEADERS = {"authorization", "x-api-key"}


def vary(response) -> set[str]:
    return {name.strip().lower() for name in response.get("Vary", "").split(",") if name.strip()}


def assert_private(response, label=""):
    control = response.get("Cache-Control", "")
    assert "private" in control or "no-store" in control, (label, control)
    assert "public" not in control, (label, control)
    assert vary(response) >= KEY_HEADERS, (label, response.get("Vary"))


@pytest.fixture
def alice(api):
    secret = api.post("/api/keys").json()["key"]
    ApiKey.objects.filter(prefix=secret[:13]).update(
        email="alice@example.org", email_verified_at=timezone.now()
    )
    return {"HTTP_X_API_KEY": secret}


def test_saved_watches_readings_and_the_key_itself_are_private(api, alice):
    saved = api.post("/api/v1/watches", {"base": "current-signals"}, format="json", **alice)
    assert_private(saved, "save")
    watch_id = saved.json()["watchId"]
    for path in (
        "/api/v1/watches",
        f"/api/v1/watches/{watch_id}",
        f"/api/v1/watches/{watch_id}/readings",
        "/api/keys/me",
    ):
        response = api.get(path, **alice)
        assert response.status_code == 200, path
        assert_private(response, path)


def test_a_bearer_key_gets_the_same_private_answer(api, alice):
    bearer = {"HTTP_AUTHORIZATION": f"Bearer {alice['HTTP_X_API_KEY']}"}
    assert_private(api.get("/api/v1/watches", **bearer))


def test_a_keyed_operation_asked_without_a_key_still_varies_on_the_key(api):
    # The 401 a keyless caller gets must not be served to the next caller who sends a key.
    response = api.get("/api/v1/watches")
    assert response.status_code == 401
    assert_private(response)


def test_a_sync_answer_of_ask_is_private(api, alice):
    demo_load()
    keyed = api.post("/api/ask", {"question": "Is Hurricane Tavia still active?"}, format="json",
                     **alice)  # fmt: skip
    assert keyed.status_code == 200
    assert_private(keyed, "keyed ask")
    anonymous = api.post("/api/ask", {"question": "Is Hurricane Tavia still active?"},
                         format="json")  # fmt: skip
    assert_private(anonymous, "anonymous ask (metered per address)")


def test_keyed_mcp_tools_are_private(api, alice):
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "list_saved_watches", "arguments": {}}}  # fmt: skip
    response = api.post("/api/mcp", json.dumps(body), content_type="application/json", **alice)
    assert response.json()["result"]["isError"] is False
    assert_private(response)


@pytest.mark.parametrize("path", ["/api/v1/signals", "/api/tariff", "/api/v1/records"])
def test_public_cached_reads_keep_their_public_cache_control(api, alice, path):
    for headers in ({}, alice):
        response = api.get(path, **headers)
        assert response.status_code == 200
        assert response["Cache-Control"].startswith("public, max-age="), path
        assert not KEY_HEADERS & vary(response), path
