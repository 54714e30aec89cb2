"""A Watch's reading is typed: a oneOf of the read envelopes, told apart by `schema`.

Each standard base's reading, read as a client would, must be exactly one of the variants, and a
reading that breaks its envelope's shape must fail; a generated client then parses a reading into
the envelope's own model instead of an untyped dict.
"""

import copy

import pytest
from jsonschema import Draft202012Validator

from config.contract import schema_of, self_contained
from watches.catalogue import LAYERS, STANDARD
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db


def _validator(tag):
    return Draft202012Validator(
        self_contained(tag), format_checker=Draft202012Validator.FORMAT_CHECKER
    )


def _unfurl(api, base, coordinates=None):
    response = api.post(
        "/api/v1/watches/unfurl",
        {"base": base, "coordinates": coordinates or {}},
        format="json",
    )
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def readings(api):
    demo_load()
    found = {base: _unfurl(api, base) for base in STANDARD}
    found["topic-record, two layers"] = _unfurl(
        api, "topic-record", {"layers": ["market", "stateHistory"]}
    )
    return found


def test_every_base_reads_exactly_one_variant_of_the_reading(readings):
    unfurled = _validator("svc.watch-reading.v1")
    tags = set()
    for base, body in readings.items():
        errors = [e.message for e in unfurled.iter_errors(body)]
        assert not errors, (base, errors[:3])
        tags.add(body["reading"]["schema"])
    # Every variant the schema offers is one a base reads, and every base reads one it offers.
    mapping = schema_of("svc.watch-reading.v1")["$defs"]["reading"]["discriminator"]["mapping"]
    assert tags == set(mapping)


def test_a_reading_that_breaks_its_envelope_is_refused(readings):
    unfurled = _validator("svc.watch-reading.v1")
    for base, body in readings.items():
        broken = copy.deepcopy(body)
        reading = broken["reading"]
        # The envelope's own list (or a record's layers) written as a string: an untyped
        # reading would accept it.
        member = next(
            k
            for k in (
                "signals",
                "entities",
                "clusters",
                "alerts",
                "questions",
                "daily",
                "layers",
                "divergences",
            )
            if k in reading
        )
        reading[member] = "not a list"
        assert not unfurled.is_valid(broken), base


def test_a_record_reading_types_each_chosen_layer_as_the_record_does(readings):
    body = readings["topic-record, two layers"]
    assert set(body["reading"]["layers"]) == {"market", "stateHistory"}
    record_layer = schema_of("svc.record.v1")["$defs"]["stateHistoryLayer"]
    assert "transitions" in record_layer["properties"]
    broken = copy.deepcopy(body)
    broken["reading"]["layers"]["stateHistory"]["transitions"] = {"not": "a list"}
    assert not _validator("svc.watch-reading.v1").is_valid(broken)
    # A whole record still needs every layer; the reading's variant needs only those chosen.
    whole = _validator("svc.record.v1")
    assert not whole.is_valid(body["reading"])
    assert set(LAYERS) == set(schema_of("svc.record.v1")["properties"]["layers"]["required"])


def test_saved_readings_and_their_lists_carry_the_same_typed_reading(api):
    for tag in ("svc.watch.v1", "svc.watch-readings.v1"):
        carried = self_contained(tag)
        assert "svc.watch-reading.v1.reading" in carried["$defs"], tag
        assert "svc.signals.v1" in carried["$defs"], tag


def test_the_document_keys_the_reading_by_its_schema_tag(api):
    document = api.get("/api/openapi.json", HTTP_ACCEPT="application/json").json()
    components = document["components"]["schemas"]
    reading = components["svc.watch-reading.v1.reading"]
    assert reading["discriminator"]["propertyName"] == "schema"
    targets = reading["discriminator"]["mapping"].values()
    assert {ref["$ref"] for ref in reading["oneOf"]} == set(targets)
    for target in targets:
        name = target.removeprefix("#/components/schemas/")
        assert name in components, target
        assert (
            components[name]["properties"]["schema"]["const"] in reading["discriminator"]["mapping"]
        )
    unfurl = components["svc.watch-reading.v1"]["properties"]["reading"]
    assert unfurl == {"$ref": "#/components/schemas/svc.watch-reading.v1.reading"}
