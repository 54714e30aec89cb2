"""The machine-readable description: version, servers, the alias root key, local Swagger UI."""

import re

import pytest

from config import aliases


@pytest.fixture
def schema(api):
    response = api.get("/api/openapi.json", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    return response.json()


def test_default_media_type_is_openapi_json(api):
    response = api.get("/api/openapi.json")
    assert response["Content-Type"] == "application/vnd.oai.openapi+json"


def test_version_is_1_0_0(schema):
    assert schema["info"]["version"] == "1.0.0"


def test_first_server_is_the_machine_door(schema, settings):
    assert schema["servers"][0]["url"] == settings.SVC_BASE_URL


def test_alias_root_key_carries_the_whole_table(schema):
    table = schema["x-svc-aliases"]
    assert set(table) == {"policy", "tools", "prompts", "routes", "fields", "schemas"}
    assert table == aliases.openapi_extension()
    assert {"earlier": "orient", "current": "start_here", "since": "2026-09-07"} in table["tools"]
    assert any(row["earlier"] == "svc.truth.v1" for row in table["schemas"])
    assert any(row["earlier"] == "GET /api/truth/{topic}" for row in table["routes"])
    assert any(row["earlier"] == "judge-us-first" for row in table["prompts"])
    assert len(table["fields"]) == 11


def test_every_operation_has_an_operation_id(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert operation.get("operationId"), f"{method} {path}"


def test_swagger_ui_serves_its_assets_locally(client):
    page = client.get("/api/docs").content.decode()
    assert "cdn." not in page
    assert "unpkg" not in page
    assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', page)
    assert assets, "Swagger UI should reference local static assets"
    for asset in assets:
        assert client.get(asset).status_code == 200, asset


READ_SURFACES = {  # DESIGN §5 and the spec: path -> operationId
    "/api/record/{topic}": "getTopicRecord",
    "/api/truth/{topic}": "getTruthObject",
    "/api/v1/records": "listRecords",
    "/api/v1/records/{topic}/history": "getTopicHistory",
    "/api/v1/records/{topic}/reporting": "getReporting",
    "/api/v1/records/{topic}/coverage": "getCoverage",
    "/api/v1/signals": "getSignals",
    "/api/v1/entities": "searchEntities",
    "/api/v1/entities/{slug}": "getEntity",
    "/api/v1/entities/compare": "compareEntities",
    "/api/v1/accelerating": "topAccelerating",
    "/api/v1/corroborated": "getCorroborated",
    "/api/v1/verticals": "listVerticals",
    "/api/v1/sources": "listSources",
    "/api/v1/sources/{id}": "getSource",
    "/api/v1/tripwires": "listTripwireAlerts",
    "/api/v1/markets": "listMarketQuestions",
    "/api/v1/documents": "searchReporting",
    "/api/v1/datasets": "listDatasets",
    "/api/v1/datasets/{id}": "getDataset",
    "/api/v1/datasets/{id}.jsonl": "getDatasetJsonl",
    "/api/v1/datasets/{id}.csv": "getDatasetCsv",
    "/api/v1/stats": "getStats",
    "/api/v1/release": "getRelease",
}


def test_every_read_surface_is_described_with_its_operation_id(schema):
    described = {path: ops["get"]["operationId"] for path, ops in schema["paths"].items()
                 if "get" in ops}  # fmt: skip
    for path, operation_id in READ_SURFACES.items():
        assert described.get(path) == operation_id, path


def test_read_surfaces_document_their_refusals(schema):
    for path in READ_SURFACES:
        responses = schema["paths"][path]["get"]["responses"]
        if "{" in path:
            assert "404" in responses, path


def test_every_operation_documents_the_statuses_any_request_can_meet(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert "Retry-After" in responses["503"]["headers"], (method, path)
            assert "Allow" in responses["405"]["headers"], (method, path)
            if "429" in responses:
                assert {"Retry-After", "RateLimit"} <= set(responses["429"]["headers"])
            for status in ("400", "401", "402", "404", "429", "503"):
                # /api/health answers 503 with its own report, not a problem document.
                if status in responses and path != "/api/health":
                    assert "application/problem+json" in responses[status]["content"], (
                        path,
                        status,
                    )


def test_every_operation_that_reads_a_parameter_documents_its_400(schema):
    # A query parameter or a body can be refused: the refusal is part of the contract
    # (schema fuzzing reports an undocumented 400 as a failure).
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            queries = [p for p in operation.get("parameters", []) if p["in"] == "query"]
            if queries or "requestBody" in operation:
                assert "400" in operation["responses"], (method, path)
