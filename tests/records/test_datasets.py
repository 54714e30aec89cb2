"""GET /api/v1/datasets and /api/v1/datasets/{id}: streamed, in three formats, licensed."""

import csv
import io
import json

import pytest

from records.services import records_transition
from tests.conftest import loaded_once
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db
IDS = ["records-index", "state-transitions", "tripwire-flips", "primary-sources"]


def _load():
    demo_load()
    records_transition()


demo_once = loaded_once(_load)


@pytest.fixture
def demo(demo_once):
    """The demo with today's states, loaded once for the module."""


def body(response) -> str:
    if response.streaming:
        return b"".join(response.streaming_content).decode()
    return response.content.decode()


def test_datasets_are_listed_with_columns_formats_and_licence(api, demo):
    listing = api.get("/api/v1/datasets").json()
    assert listing["schema"] == "svc.datasets.v1"
    assert [d["id"] for d in listing["datasets"]] == IDS
    assert "commercial licence" in listing["licence"]["summary"]
    assert listing["licence"]["terms"].endswith("/terms/#s4a")
    index = listing["datasets"][0]
    assert index["rows"] == 13
    assert index["formats"] == {
        "json": "/api/v1/datasets/records-index",
        "jsonl": "/api/v1/datasets/records-index.jsonl",
        "csv": "/api/v1/datasets/records-index.csv",
    }


@pytest.mark.parametrize("dataset", IDS)
def test_every_format_carries_the_same_rows_and_the_licence(api, demo, dataset):
    as_json = api.get(f"/api/v1/datasets/{dataset}")
    assert as_json["content-type"] == "application/json"
    assert 'rel="license"' in as_json["link"]
    assert "commercial licence" in as_json["x-svc-licence"]
    document = json.loads(body(as_json))
    assert document["schema"] == "svc.dataset.v1"
    assert "commercial licence" in document["licence"]["summary"]
    rows = document["rows"]
    as_jsonl = api.get(f"/api/v1/datasets/{dataset}.jsonl")
    assert as_jsonl["content-type"] == "application/jsonl"
    lines = body(as_jsonl).splitlines()
    assert [json.loads(line) for line in lines] == rows
    as_csv = api.get(f"/api/v1/datasets/{dataset}.csv")
    assert as_csv["content-type"].startswith("text/csv")
    assert "commercial licence" in as_csv["x-svc-licence"]
    text = body(as_csv)
    assert next(csv.reader(io.StringIO(text))) == document["columns"]
    assert len(list(csv.DictReader(io.StringIO(text)))) == len(rows)


def test_the_demo_fills_every_dataset(api, demo):
    for dataset in IDS:
        assert json.loads(body(api.get(f"/api/v1/datasets/{dataset}")))["rows"], dataset


def test_the_records_index_lists_every_topic_in_order(api, demo):
    rows = json.loads(body(api.get("/api/v1/datasets/records-index")))["rows"]
    assert len(rows) == 13
    assert [r["topic"] for r in rows] == sorted(r["topic"] for r in rows)
    transitions = json.loads(body(api.get("/api/v1/datasets/state-transitions")))["rows"]
    assert transitions
    assert {t["topic"] for t in transitions} <= {r["topic"] for r in rows}


def test_unknown_dataset_is_404_and_bad_format_400(api):
    missing = api.get("/api/v1/datasets/everything")
    assert missing.status_code == 404
    assert missing.json()["field"] == "id"
    bad = api.get("/api/v1/datasets/records-index?format=xml")
    assert bad.status_code == 400
    assert bad.json()["field"] == "format"


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_the_earlier_format_parameter_answers_308_to_the_formats_own_operation(api, demo, fmt):
    moved = api.get(f"/api/v1/datasets/records-index?format={fmt}")
    assert moved.status_code == 308
    assert moved["Location"] == f"/api/v1/datasets/records-index.{fmt}"
    followed = api.get(moved["Location"])
    assert followed.status_code == 200
    assert body(followed)


def test_each_format_is_its_own_operation_with_one_media_type(api):
    paths = api.get("/api/openapi.json").json()["paths"]
    declared = {
        path: (
            operation["get"]["operationId"],
            list(operation["get"]["responses"]["200"]["content"]),
        )
        for path, operation in paths.items()
        if path.startswith("/api/v1/datasets/{id}")
    }
    assert declared == {
        "/api/v1/datasets/{id}": ("getDataset", ["application/json"]),
        "/api/v1/datasets/{id}.jsonl": ("getDatasetJsonl", ["application/jsonl"]),
        "/api/v1/datasets/{id}.csv": ("getDatasetCsv", ["text/csv"]),
    }


def test_a_text_format_takes_no_query_and_knows_its_datasets(api, demo):
    assert api.get("/api/v1/datasets/everything.csv").status_code == 404
    refused = api.get("/api/v1/datasets/records-index.csv?format=json")
    assert refused.status_code == 400
    assert refused.json()["field"] == "format"
