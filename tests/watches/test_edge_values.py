"""Numbers and text at the edges of their types are refused at the door, naming the field:
a Watch body's coordinate past a double, an integer past every reader's, null where a name is
expected, a lone surrogate escape or NUL; over REST (free unfurl, keyed save) and the MCP door
(unfurl_watch, save_watch). Each was a 500 before, or a Watch saved with it."""

import json

import pytest
from hypothesis import given, settings

from billing import services as billing
from billing.models import SlotUse
from tests.edge_values import EDGES, WATCH_BODIES, Raw, dumps
from tests.mcpdoor.door import post
from watches.models import Watch
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(settings):
    demo_load()
    settings.SVC_BURST_RATES = {**settings.SVC_BURST_RATES, "watch": "100000/m"}


@pytest.fixture
def slotted(demo):
    key, secret = billing.key_issue(address="198.51.100.41")
    billing.slot_grant(key=key, slots=3, reason="edge values")
    return {"HTTP_X_API_KEY": secret}


def rest(client, path, body, **headers):
    return client.post(path, dumps(body), content_type="application/json", **headers)


def tool(client, name, arguments, **headers):
    message = {"jsonrpc": "2.0", "id": 1, "method": "tools/call"}
    raw = dumps({**message, "params": {"name": name, "arguments": arguments}})
    response = post(client, raw, **headers)
    assert response.status_code == 200, response.content[:300]
    return response.json()["result"]


# A body of each kind of edge, and the field its refusal names.
def watch_body(base, **coordinates):
    return {"base": base, "coordinates": coordinates}


EDGE_BODIES = [
    (watch_body("accelerating-entities", window=Raw("1e400")), "coordinates.window"),
    (watch_body("market-movers", minChangePct=Raw("-1e400")), "coordinates.minChangePct"),
    (watch_body("current-signals", limit=Raw("36028797018963968")), "coordinates.limit"),
    (watch_body("entity-attention", entity=None), "coordinates.entity"),
    (watch_body("topic-record", topic=None), "coordinates.topic"),
    (watch_body("source-flips", source="flip\udbff"), "coordinates.source"),
    (watch_body("current-signals", vertical="\udc80"), "coordinates.vertical"),
    (watch_body("topic-record", layers=["market", "x\ud834"]), "coordinates.layers[1]"),
    (watch_body("corroborated-clusters", **{"d\udfffys": 3}), "coordinates.d\\udfffys"),
    ({"base": "market-movers", "label": "mine\x00"}, "label"),
    ({"base": "current-signals\ud800"}, "base"),
]


@pytest.mark.parametrize(("body", "field"), EDGE_BODIES)
def test_an_edge_value_in_an_unfurl_or_a_save_is_a_400_naming_the_field(client, slotted, body,
                                                                           field):  # fmt: skip
    for response in (
        rest(client, "/api/v1/watches/unfurl", body),
        rest(client, "/api/v1/watches", body, **slotted),
    ):
        assert response.status_code == 400, response.content[:300]
        assert response.json()["field"] == field
        assert list(response.json()["errors"]) == [field]
    assert not Watch.objects.exists()
    assert not SlotUse.objects.exists()


@pytest.mark.parametrize(("body", "field"), EDGE_BODIES)
def test_an_edge_value_in_a_watch_tools_arguments_is_an_error_naming_it(client, slotted, body,
                                                                          field):  # fmt: skip
    for name in ("unfurl_watch", "save_watch"):
        result = tool(client, name, body, **slotted)
        assert result["isError"] is True, (name, result)
        assert result["content"][0]["text"].startswith(f"{field}: "), result["content"][0]
    assert not Watch.objects.exists()


def test_null_where_a_default_exists_is_that_default_and_null_for_a_chosen_name_is_refused(
    client, demo
):
    read = rest(
        client, "/api/v1/watches/unfurl", {"base": "market-movers", "coordinates": {"limit": None}}
    )
    assert read.status_code == 200
    assert read.json()["coordinates"]["limit"] == 20
    refused = rest(
        client,
        "/api/v1/watches/unfurl",
        {"base": "entity-attention", "coordinates": {"entity": None}},
    )
    assert refused.status_code == 400
    assert "leave it out" in refused.json()["error"]
    chosen = rest(client, "/api/v1/watches/unfurl", {"base": "entity-attention"})
    assert chosen.status_code == 200
    assert {"coordinate": "entity", "status": "default-chosen"}.items() <= chosen.json()["applied"][
        0
    ].items()


# --- properties: any body at the edges, no 500, every refusal names a field ---------------------


def names_a_field(response) -> None:
    assert response.status_code < 500, response.content[:300]
    if response.status_code == 400:
        problem = response.json()
        assert problem["field"], problem
        assert problem["field"] in problem["errors"], problem


@settings(EDGES, max_examples=80)
@given(body=WATCH_BODIES)
def test_no_unfurl_body_at_the_edges_is_a_500_and_every_refusal_names_a_field(client, demo, body):
    names_a_field(rest(client, "/api/v1/watches/unfurl", body))


@settings(EDGES, max_examples=60)
@given(body=WATCH_BODIES)
def test_no_save_body_at_the_edges_is_a_500_and_every_refusal_names_a_field(client, slotted, body):
    response = rest(client, "/api/v1/watches", body, **slotted)
    names_a_field(response)
    if response.status_code == 201:  # the slot is free again for the next example
        client.post(f"/api/v1/watches/{response.json()['watchId']}/retire", **slotted)


@settings(EDGES, max_examples=80)
@given(body=WATCH_BODIES)
def test_no_watch_tool_call_at_the_edges_is_a_500_and_every_refusal_names_a_field(
    client, slotted, body
):
    for name in ("unfurl_watch", "save_watch"):
        result = tool(client, name, body, **slotted)
        text = result["content"][0]["text"]
        if result["isError"] and ("inputSchema" in text or "as HTTP 400" in text):
            field = text.split(": ", 1)[0]
            assert field, text
            assert " " not in field.strip('"'), text
        elif not result["isError"] and name == "save_watch":
            watch_id = json.loads(text)["watchId"]
            tool(client, "retire_watch", {"watchId": watch_id}, **slotted)
