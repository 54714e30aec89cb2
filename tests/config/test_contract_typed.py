"""Loose contract spots typed (issue 42): every array says what it holds, every URL a caller
gave is a URI, every cursor has the shape the service issues; and the MCP door's answer to a GET
(how Streamable HTTP clients open) is not a warning in the log."""

import json
import logging
import re
from pathlib import Path

import pytest

from config.paging import CURSOR_PATTERN, ListScope
from tests.factories import EventFactory

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def document(api):
    return api.get("/api/openapi.json", HTTP_ACCEPT="application/json").json()


def walk(node, path=""):
    """Every schema object in a JSON document, with where it is."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for n, value in enumerate(node):
            yield from walk(value, f"{path}[{n}]")


def is_array(node: dict) -> bool:
    kind = node.get("type")
    return kind == "array" or (isinstance(kind, list) and "array" in kind)


def test_every_array_in_the_document_says_what_it_holds(document):
    loose = [path for path, node in walk(document) if is_array(node) and not node.get("items")]
    assert loose == []


def test_every_cursor_has_the_shape_the_service_issues(document, db):
    cursors = [
        (path, node)
        for path, node in walk(document)
        if path.endswith("/properties/nextCursor")
        or (node.get("name") == "cursor" and node.get("in") == "query")
    ]
    assert len(cursors) >= 24  # twelve lists: each one's parameter and its answer's member
    for path, node in cursors:
        schema = node.get("schema", node)
        assert schema.get("pattern") == CURSOR_PATTERN, path
    issued = ListScope.of("records", q="x" * 200).cursor(["rate-decision-" + "a" * 100])
    assert re.fullmatch(CURSOR_PATTERN, issued)


def test_a_cursor_of_another_shape_is_refused_naming_it(api):
    response = api.get("/api/v1/records", {"cursor": "not a cursor"})
    assert response.status_code == 400
    assert response.json()["field"] == "cursor"


def test_a_cursor_the_service_issued_still_pages(api, db):
    for n in range(3):
        EventFactory(subject=f"topic-{n}")
    first = api.get("/api/v1/records", {"limit": 2}).json()
    second = api.get("/api/v1/records", {"limit": 2, "cursor": first["nextCursor"]}).json()
    assert [r["topic"] for r in second["records"]] == ["topic-2"]


def test_a_webhook_url_is_a_uri_wherever_it_is_answered():
    found = []
    for file in ROOT.glob("*/schemas/*.json"):
        for path, node in walk(json.loads(file.read_text())):
            webhook = node.get("properties", {}).get("webhookUrl")
            if webhook:
                found.append((file.name, path))
                assert webhook.get("format") == "uri", (file.name, path)
    assert len(found) >= 3


def test_the_mcp_door_s_answer_to_a_get_is_no_warning(client, caplog):
    with caplog.at_level(logging.INFO):
        response = client.get("/api/mcp")
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert any("405" in r.getMessage() for r in caplog.records if r.name == "mcpdoor.views")
