"""A dataset's bytes are built once per change of what it lists: conditional reads get 304, a
byte range gets 206, a change to any listed row is served at once (issue 41)."""

import json

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django.utils.http import http_date

from records import datasets
from records.models import StateTransition
from records.services import records_transition
from registry.models import Event, PrimarySource
from tests.factories import EventFactory
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db
FORMATS = ["", ".jsonl", ".csv"]
IDS = list(datasets.DATASETS)


@pytest.fixture
def demo():
    demo_load()
    records_transition()


def read(api, path, **headers):
    response = api.get(path, headers=headers)
    content = b"".join(response.streaming_content) if response.streaming else response.content
    return response, content


def queries_of(call) -> int:
    with CaptureQueriesContext(connection) as captured:
        call()
    return len(captured.captured_queries)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("dataset", IDS)
def test_every_dataset_and_format_is_kept_and_answers_304(api, demo, dataset, fmt):
    path = f"/api/v1/datasets/{dataset}{fmt}"
    first, body = read(api, path)
    assert first.status_code == 200
    assert body
    assert first["ETag"].startswith('"')
    assert first["Last-Modified"]
    assert first["Accept-Ranges"] == "bytes"
    again, same = read(api, path)
    assert (again["ETag"], same) == (first["ETag"], body)  # the kept bytes, not a rebuild
    held, nothing = read(api, path, if_none_match=first["ETag"])
    assert (held.status_code, nothing) == (304, b"")
    assert held["ETag"] == first["ETag"]
    since, nothing = read(api, path, if_modified_since=first["Last-Modified"])
    assert (since.status_code, nothing) == (304, b"")


def test_a_kept_read_costs_its_version_not_its_rows(api, demo):
    path = "/api/v1/datasets/records-index"
    built = queries_of(lambda: read(api, path))
    kept = queries_of(lambda: read(api, path))
    assert kept == 2  # the topics' aggregate and the newest transition
    assert built > kept


def test_another_process_reads_the_shared_copy_without_building(api, demo):
    path = "/api/v1/datasets/records-index.csv"
    _, body = read(api, path)
    datasets.forget_kept()  # a second web worker: nothing held locally, the shared cache warm
    queries = queries_of(lambda: read(api, path))
    _, again = read(api, path)
    assert again == body
    assert queries == 2


def _first_title(api) -> str:
    _, body = read(api, "/api/v1/datasets/records-index")
    return json.loads(body)["rows"][0]["title"]


def test_an_edited_topic_is_served_at_once(api, demo):
    first, _ = read(api, "/api/v1/datasets/records-index")
    topic = Event.objects.order_by("subject").first()
    topic.title = "A title the curator just changed"
    topic.save()
    changed, _ = read(api, "/api/v1/datasets/records-index", if_none_match=first["ETag"])
    assert changed.status_code == 200
    assert changed["ETag"] != first["ETag"]
    assert _first_title(api) == "A title the curator just changed"


def test_a_renamed_lead_entity_is_served_at_once(api, demo):
    topic = Event.objects.order_by("subject").select_related("lead_entity").first()
    read(api, "/api/v1/datasets/records-index")
    lead = topic.lead_entity
    lead.slug = "a-lead-renamed"
    lead.save()
    _, body = read(api, "/api/v1/datasets/records-index")
    assert json.loads(body)["rows"][0]["lead"] == "a-lead-renamed"


def test_a_new_topic_its_transition_and_its_removal_are_served_at_once(api, demo):
    _, index = read(api, "/api/v1/datasets/records-index.jsonl")
    _, before = read(api, "/api/v1/datasets/state-transitions.jsonl")
    topic = EventFactory(subject="zz-a-new-topic")
    _, added = read(api, "/api/v1/datasets/records-index.jsonl")
    assert json.loads(added.splitlines()[-1])["topic"] == "zz-a-new-topic"
    StateTransition.objects.create(event=topic, field="wire tier", from_value="watch",
                                   to_value="flagged", at=timezone.now())  # fmt: skip
    _, after = read(api, "/api/v1/datasets/state-transitions.jsonl")
    assert len(after.splitlines()) == len(before.splitlines()) + 1
    fresh = EventFactory(subject="zz-another-topic")  # no history: a curator may delete it
    read(api, "/api/v1/datasets/records-index.jsonl")
    fresh.delete()
    _, removed = read(api, "/api/v1/datasets/records-index.jsonl")
    assert len(removed.splitlines()) == len(index.splitlines()) + 1


def test_a_source_read_failing_is_served_at_once(api, demo):
    _, before = read(api, "/api/v1/datasets/primary-sources")
    source = PrimarySource.objects.order_by("slug").first()
    PrimarySource.objects.filter(pk=source.pk).update(read_state="fetched-unreadable")
    _, after = read(api, "/api/v1/datasets/primary-sources")
    row = json.loads(after)["rows"][0]
    assert row["readState"] == "fetched-unreadable"
    assert after != before


@pytest.mark.parametrize(
    ("asked", "first", "last"),
    [("bytes=0-9", 0, 9), ("bytes=10-", 10, None), ("bytes=-7", -7, None)],
)
def test_a_byte_range_is_answered_206(api, demo, asked, first, last):
    path = "/api/v1/datasets/records-index.csv"
    whole, body = read(api, path)
    part, content = read(api, path, range=asked)
    assert part.status_code == 206
    expected = body[first : None if last is None else last + 1]
    assert content == expected
    start = first if first >= 0 else len(body) + first
    end = start + len(expected) - 1
    assert part["Content-Range"] == f"bytes {start}-{end}/{len(body)}"
    assert part["ETag"] == whole["ETag"]


def test_a_range_past_the_end_is_416_and_several_ranges_get_the_whole(api, demo):
    path = "/api/v1/datasets/records-index.jsonl"
    _, body = read(api, path)
    past, _ = read(api, path, range=f"bytes={len(body) + 10}-")
    assert past.status_code == 416
    assert past["Content-Range"] == f"bytes */{len(body)}"
    several, content = read(api, path, range="bytes=0-1,5-6")
    assert (several.status_code, content) == (200, body)


def test_if_range_sends_the_range_only_for_the_version_named(api, demo):
    path = "/api/v1/datasets/tripwire-flips.csv"
    whole, body = read(api, path)
    same, part = read(api, path, range="bytes=0-3", if_range=whole["ETag"])
    assert (same.status_code, part) == (206, body[:4])
    other, content = read(api, path, range="bytes=0-3", if_range='"another-version"')
    assert (other.status_code, content) == (200, body)
    old = http_date(0)
    dated, content = read(api, path, range="bytes=0-3", if_range=old)
    assert (dated.status_code, content) == (200, body)


def test_a_dataset_too_large_to_keep_streams_with_its_etag(api, demo, monkeypatch):
    monkeypatch.setattr(datasets, "KEEP_BYTES", 100)
    path = "/api/v1/datasets/state-transitions.jsonl"
    first, body = read(api, path)
    assert first.streaming
    assert len(body) > 100
    kept = datasets.KEPT_KEY.format(id="state-transitions", fmt="jsonl", etag=first["ETag"][1:-1])
    assert cache.get(kept) is None  # too large: never kept, in the shared cache or here
    assert ("state-transitions", "jsonl") not in datasets._held
    rows = [json.loads(line) for line in body.splitlines()]
    assert len(rows) == datasets.DATASETS["state-transitions"].count()
    held, nothing = read(api, path, if_none_match=first["ETag"])
    assert (held.status_code, nothing) == (304, b"")


def test_the_document_declares_304_206_and_416_for_every_dataset_operation(api):
    paths = api.get("/api/openapi.json").json()["paths"]
    for suffix in ("", ".jsonl", ".csv"):
        path = "/api/v1/datasets/{id}" + suffix
        responses = paths[path]["get"]["responses"]
        assert {"304", "206", "416"} <= set(responses), path
        assert "Content-Range" in responses["206"]["headers"]
        assert {"ETag", "Last-Modified", "Accept-Ranges"} <= set(responses["200"]["headers"])


@pytest.mark.parametrize("dataset", IDS)
def test_the_mcp_page_reads_the_same_rows_as_the_file(api, demo, dataset):
    from mcpdoor.handlers import get_dataset

    _, body = read(api, f"/api/v1/datasets/{dataset}.jsonl")
    rows = [json.loads(line) for line in body.splitlines()]
    page = get_dataset({"id": dataset, "offset": 1, "limit": 2}, caller=None)
    assert page["rows"] == rows[1:3]
    assert page["nextOffset"] == (3 if len(rows) > 3 else None)
    tail = get_dataset({"id": dataset, "offset": len(rows) + 5, "limit": 2}, caller=None)
    assert tail["rows"] == []
    assert tail["nextOffset"] is None
