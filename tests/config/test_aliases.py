"""The one alias table and the field aliases that ride beside their successors."""

import pytest

from config import aliases


def test_tool_aliases_resolve_to_current_names():
    assert aliases.current_tool_name("orient") == "start_here"
    assert aliases.current_tool_name("get_truth_object") == "get_topic_record"
    assert aliases.current_tool_name("get_truth_record") == "get_topic_record"
    assert aliases.current_tool_name("get_signals") == "get_signals"


def test_prompt_and_schema_aliases():
    assert aliases.current_prompt_name("judge-us-first") == "look-around"
    assert aliases.earlier_schema_tags("svc.record.v1") == ["svc.truth.v1"]


def test_top_level_field_alias_rides_with_same_value():
    payload = {"state": {"tier": "watch"}, "record": {"documents": 3}}
    aliases.ride_field_aliases("record", payload)
    assert payload["recordState"] is payload["state"]
    assert payload["maintainedRecord"] == {"documents": 3}


def counts(documents: int, verticals: int) -> dict:
    current = {"documents": {"count": documents}, "verticals": {"count": verticals}}
    return {"attention": {"current": current}}


def test_nested_alias_rides_beside_each_list_item():
    payload = {"matches": [{"counts": counts(7, 2)}, {"counts": counts(0, 0)}]}
    aliases.ride_field_aliases("search_entities", payload)
    assert [(m["signals"], m["verticals"]) for m in payload["matches"]] == [(7, 2), (0, 0)]


def test_entity_aliases_sit_at_top_level():
    payload = aliases.ride_field_aliases("get_entity", {"counts": counts(11, 3)})
    assert (payload["signals"], payload["verticals"]) == (11, 3)


def test_missing_successor_leaves_alias_out():
    payload = aliases.ride_field_aliases("get_corroborated", {"clusters": [{"id": 1}]})
    assert "independentOrigins" not in payload["clusters"][0]


def test_independent_origins_mirrors_known_origin_count():
    payload = {"clusters": [{"knownOriginCount": 4}, {"knownOriginCount": 0}]}
    aliases.ride_field_aliases("get_corroborated", payload)
    for cluster in payload["clusters"]:
        assert cluster["independentOrigins"] == cluster["knownOriginCount"]


@pytest.mark.parametrize("row", aliases.FIELDS)
def test_every_field_alias_walks_matching_lists(row):
    assert row.earlier.count("[]") == row.current.count("[]")
    if "[]" in row.earlier:
        assert row.earlier.split("[]")[0] == row.current.split("[]")[0]
