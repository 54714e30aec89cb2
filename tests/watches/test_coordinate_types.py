"""A Watch's coordinates are typed per base: one definition of each base's coordinates, generated
from the catalogue and keyed by `base`, for unfurl, save, the saved Watch, the list, the readings
and the MCP tools; a coordinate of the wrong type is refused naming it.

Before, every envelope typed `coordinates` with the current-signals shape only: a Watch of any
other base was answered, saved and listed against a schema it broke.
"""

import copy
import json
from functools import cache
from pathlib import Path

import pytest
from django.test import Client
from jsonschema import Draft202012Validator

from billing import services as billing
from billing.models import SlotUse
from config.contract import schema_of, self_contained
from tests.mcpdoor.door import post
from watches import tasks
from watches.catalogue import STANDARD
from watches.models import Watch
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db
# Coordinates of each base of its own (not its defaults), the same the MCP SDK runs save.
GIVEN = json.loads((Path(__file__).parents[1] / "mcpdoor" / "calls.json").read_text())["watches"]


def validator(schema):
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def errors(tag, body):
    found = validator(self_contained(tag)).iter_errors(body)
    return [f"{list(e.absolute_path)}: {e.message[:100]}" for e in found]


@cache
def document():
    return Client().get("/api/openapi.json", HTTP_ACCEPT="application/json").json()


def tools_listed(client):
    listing = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    return {t["name"]: t for t in post(client, listing).json()["result"]["tools"]}


@pytest.fixture
def slotted(api, settings):
    demo_load()
    settings.SVC_BURST_RATES = {**settings.SVC_BURST_RATES, "watch": "100000/m"}
    key, secret = billing.key_issue(address="198.51.100.42")
    billing.slot_grant(key=key, slots=len(STANDARD), reason="coordinate types")
    return {"HTTP_X_API_KEY": secret}


def tool(client, name, arguments, **headers):
    message = {"jsonrpc": "2.0", "id": 1, "method": "tools/call"}
    response = post(
        client, {**message, "params": {"name": name, "arguments": arguments}}, **headers
    )
    return response.json()["result"]


def test_a_watch_of_each_base_is_valid_against_every_schema_it_is_answered_in(api, slotted):
    assert set(GIVEN) == set(STANDARD)
    answers, saved = [], {}
    for base, coordinates in GIVEN.items():
        body = {"base": base, "coordinates": coordinates}
        unfurled = api.post("/api/v1/watches/unfurl", body, format="json")
        response = api.post("/api/v1/watches", body, format="json", **slotted)
        answers += [("svc.watch-reading.v1", unfurled), ("svc.watch.v1", response)]
        saved[base] = response.json()["watchId"]
    tasks.run_watches()  # a reading of each: the recall and the readings carry it
    answers.append(("svc.watches.v1", api.get("/api/v1/watches", **slotted)))
    for watch_id in saved.values():
        path = f"/api/v1/watches/{watch_id}"
        answers.append(("svc.watch.v1", api.get(path, **slotted)))
        answers.append(("svc.watch-readings.v1", api.get(f"{path}/readings", **slotted)))
        answers.append(("svc.watch.v1", api.post(f"{path}/retire", **slotted)))
    answers.append(("svc.watches.v1", api.get("/api/v1/watches", **slotted)))
    for tag, response in answers:
        assert response.status_code < 300, (tag, response.content[:300])
        assert not errors(tag, response.json()), (tag, errors(tag, response.json())[:3])
    recalled = api.get(f"/api/v1/watches/{saved['topic-record']}", **slotted).json()
    assert recalled["latestReadings"][0]["coordinates"]["layers"] == ["market", "stateHistory"]


def test_a_watch_whose_coordinates_are_another_bases_breaks_the_schema(api, slotted):
    unfurled = {
        base: api.post("/api/v1/watches/unfurl", {"base": base, "coordinates": c}, format="json")
        for base, c in GIVEN.items()
    }
    unfurled = {base: response.json() for base, response in unfurled.items()}
    for base, body in unfurled.items():
        assert not errors("svc.watch-reading.v1", body), base
        for other in unfurled.values():
            if other["base"] != base:
                swapped = {**body, "coordinates": other["coordinates"]}
                assert errors("svc.watch-reading.v1", swapped), (base, other["base"])
        for name in body["coordinates"]:
            wrong = copy.deepcopy(body)
            wrong["coordinates"][name] = {"not": "its type"}
            assert errors("svc.watch-reading.v1", wrong), (base, name)
        missing = copy.deepcopy(body)
        missing["coordinates"].popitem()
        assert errors("svc.watch-reading.v1", missing), base


def test_each_bases_coordinates_are_told_apart_by_their_names(api):
    """A generated client (openapi-python-client) reads `coordinates` as the union of the bases'
    models and takes the first whose required names are all there: no base's names may be
    among another's."""
    defs = schema_of("svc.watch.v1")["$defs"]
    names = {base: set(defs[f"coordinates.{base}"]["required"]) for base in STANDARD}
    for base, watch in STANDARD.items():
        assert names[base] == {c.name for c in watch.coordinates}
        for other in STANDARD:
            assert other == base or not names[base] <= names[other], (base, other)


WRONG = {  # a value of another JSON type, for each kind of coordinate
    "integer": "7",
    "number": [1.5],
    "string": 7,
    "slug": True,
    "choice": 1,
    "choices": "market",
}
CASES = [(base, c.name, WRONG[c.type]) for base, w in STANDARD.items() for c in w.coordinates]


@pytest.mark.parametrize(("base", "name", "value"), CASES)
def test_a_wrongly_typed_coordinate_is_a_400_naming_it(api, client, slotted, base, name, value):
    body = {"base": base, "coordinates": {**GIVEN[base], name: value}}
    field = f"coordinates.{name}"
    for response in (
        api.post("/api/v1/watches/unfurl", body, format="json"),
        api.post("/api/v1/watches", body, format="json", **slotted),
    ):
        assert response.status_code == 400
        assert response.json()["field"] == field
    for name_ in ("unfurl_watch", "save_watch"):
        result = tool(client, name_, body, **slotted)
        assert result["isError"] is True
        assert result["content"][0]["text"].startswith(f"{field}: ")
    assert not Watch.objects.exists()
    assert not SlotUse.objects.exists()
    assert not validator(body_schema()).is_valid(body)  # the document says so too


def body_schema():
    """The WatchBody component as one document, its references resolved among the components."""
    components = document()["components"]["schemas"]
    text = json.dumps(components["WatchBody"]).replace("#/components/schemas/", "#/$defs/")
    defs = json.loads(json.dumps(components).replace("#/components/schemas/", "#/$defs/"))
    return {**json.loads(text), "$defs": defs}


def test_the_body_schemas_take_each_bases_own_coordinates_and_no_other_bases(client):
    listed = tools_listed(client)
    inputs = [listed[name]["inputSchema"] for name in ("unfurl_watch", "save_watch")]
    for schema in (body_schema(), *inputs):
        checked = validator(schema)
        for base, coordinates in GIVEN.items():
            assert checked.is_valid({"base": base, "coordinates": coordinates}), base
            assert checked.is_valid({"base": base}), base
            names = {c.name for c in STANDARD[base].coordinates}
            for other, theirs in GIVEN.items():
                if set(theirs) - names:  # a name of another base's, not this one's
                    assert not checked.is_valid({"base": base, "coordinates": theirs}), other


def holders(node):
    """Every object schema in `node` with a `base` (not a variant's constant) and coordinates."""
    if isinstance(node, dict):
        properties = node.get("properties", {})
        if {"base", "coordinates"} <= set(properties) and "const" not in properties["base"]:
            yield node
        for value in node.values():
            yield from holders(value)
    elif isinstance(node, list):
        for value in node:
            yield from holders(value)


def test_one_definition_serves_the_document_the_tools_and_every_envelope(client):
    components = document()["components"]["schemas"]
    rule = components["svc.watch.v1.coordinatesOfBase"]
    assert rule["discriminator"]["propertyName"] == "base"
    for base, target in rule["discriminator"]["mapping"].items():
        variant = components[target.removeprefix("#/components/schemas/")]
        assert variant["properties"]["base"] == {"const": base}
    assert set(rule["discriminator"]["mapping"]) == set(STANDARD)
    rules = ("svc.watch.v1.coordinatesOfBase", "svc.watch.v1.givenCoordinatesOfBase")
    keyed = list(holders(components))
    assert len(keyed) == 7  # the body, a reading, a Watch, its versions and readings, two lists
    for holder in keyed:  # every object holding a base and its coordinates, keyed by the base
        assert holder["then"]["$ref"].removeprefix("#/components/schemas/") in rules
    for tool_ in tools_listed(client).values():
        for kind in ("inputSchema", "outputSchema"):
            for name, definition in tool_[kind].get("$defs", {}).items():
                if name.startswith("svc.watch.v1.") and "coordinates" in name.lower():
                    pointed = json.dumps(definition).replace("#/$defs/", "#/components/schemas/")
                    assert json.loads(pointed) == components[name], (tool_["name"], name)
