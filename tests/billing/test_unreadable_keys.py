"""A key that cannot be read (malformed, a wrong checksum, unknown, revoked, two different ones)
is handled one way on every operation anyone may call, and another where a key is read.

Free operations (key: none in the contract) answer the same to everyone, and their answers are
shared by the cache and the edge, so a key there is at most a burst limit's key: one that
cannot be read is ignored and the caller is limited by address. Operations that meter or need
a key (ask, a ticket, the keyed Watch operations, keys/me) refuse it: 401 `key-required` on
REST, a tool error saying "Key refused" on the MCP door.
"""

import pytest
from django.utils import timezone

from billing.models import ApiKey
from mcpdoor.protocol import MODERN
from tests.mcpdoor.door import MODERN_META, post
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db

FREE_READS = [
    "/api/v1/signals",
    "/api/record/artemis-ii-launch",
    "/api/v1/records",
    "/api/v1/entities?q=nasa",
    "/api/v1/documents?q=launch",
    "/api/v1/watches/standard",
    "/api/v1/datasets",
    "/api/tariff",
    "/api/health",
]


@pytest.fixture
def unreadable(api):
    """Each way a key cannot be read, as request headers."""
    issued = api.post("/api/keys").json()["key"]
    revoked = api.post("/api/keys").json()
    ApiKey.objects.filter(prefix=revoked["keyPrefix"]).update(revoked_at=timezone.now())
    revoked = revoked["key"]
    other = api.post("/api/keys").json()["key"]
    forged = issued[:-1] + ("A" if issued[-1] != "A" else "B")
    return {
        "malformed": {"HTTP_X_API_KEY": "not-a-key"},
        "wrong checksum": {"HTTP_X_API_KEY": forged},
        "unknown": {"HTTP_AUTHORIZATION": "Bearer svc_live_" + "Q" * 38},
        "revoked": {"HTTP_X_API_KEY": revoked},
        "two different": {"HTTP_X_API_KEY": issued, "HTTP_AUTHORIZATION": f"Bearer {other}"},
    }


def test_free_operations_ignore_a_key_they_cannot_read(api, unreadable):
    demo_load()
    for how, headers in unreadable.items():
        for path in FREE_READS:
            response = api.get(path, **headers)
            assert response.status_code == 200, (how, path, response.content[:300])
        unfurled = api.post(
            "/api/v1/watches/unfurl", {"base": "current-signals"}, format="json", **headers
        )
        assert unfurled.status_code == 200, (how, unfurled.content[:300])
        assert unfurled.json()["schema"] == "svc.watch-reading.v1"


def test_operations_that_read_a_key_refuse_one_they_cannot_read(api, unreadable):
    demo_load()
    ask = {"question": "Is the Artemis II launch still planned?", "mode": "sync"}
    for how, headers in unreadable.items():
        for response in (
            api.post("/api/ask", ask, format="json", **headers),
            api.get("/api/keys/me", **headers),
            api.get("/api/v1/watches", **headers),
        ):
            assert response.status_code == 401, (how, response.content[:300])
            assert response.json()["state"] == "key-required"


def call(client, name: str, arguments: dict, **headers) -> dict:
    headers = {"HTTP_MCP_PROTOCOL_VERSION": MODERN, "HTTP_MCP_METHOD": "tools/call",
               "HTTP_MCP_NAME": name, **headers}  # fmt: skip
    params = {"name": name, "arguments": arguments, "_meta": MODERN_META}
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}
    response = post(client, body, **headers)
    assert response.status_code == 200, response.content[:300]
    return response.json()["result"]


def test_the_mcp_door_draws_the_same_line(client, unreadable):
    demo_load()
    for how, headers in unreadable.items():
        for name, arguments in (
            ("list_standard_watches", {}),
            ("unfurl_watch", {"base": "current-signals"}),
            ("get_signals", {}),
        ):
            result = call(client, name, arguments, **headers)
            assert result["isError"] is False, (how, name, result)
        for name, arguments in (
            ("ask", {"question": "Is the Artemis II launch still planned?"}),
            ("list_saved_watches", {}),
        ):
            result = call(client, name, arguments, **headers)
            assert result["isError"] is True, (how, name)
            assert "Key refused" in result["content"][0]["text"], (how, name, result)
