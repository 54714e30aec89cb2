"""The published quality card, as a reader and an agent meet it: `manage.py publish_quality`
runs the evaluation and keeps a card; `GET /api/v1/quality`, the page `/quality/` (linked from
the terms), the release (its version) and the MCP door's one resource all serve that card; the
door still lists 29 tools. The evaluation here is a subset (`--registry demo --limit 2`): the
card says it is not complete."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils.html import escape
from jsonschema import Draft202012Validator

from answers import services
from answers.measure import quality
from answers.models import QualityCard
from config import readcache
from config.contract import self_contained
from mcpdoor.protocol import QUALITY_URI
from tests.mcpdoor.door import post

pytestmark = pytest.mark.django_db
CLASSES = {
    "routing", "declines", "identity", "premises", "comparisons", "conflicts", "generated",
    "languages", "repeatStability", "inventedClaims",
}  # fmt: skip


@pytest.mark.parametrize(
    ("right", "of", "low", "high"),
    # Newcombe (1998), Statistics in Medicine 17:857, table I, method 3 (the Wilson score
    # interval without continuity correction).
    [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_the_wilson_interval_is_the_published_one(right, of, low, high):
    found = quality.wilson(right, of)
    assert (round(found[0], 4), round(found[1], 4)) == (low, high)


def test_no_case_is_no_rate_and_the_whole_unit_interval():
    assert quality.wilson(0, 0) == (0.0, 1.0)


def rpc(client, method, params=None):
    body = {"jsonrpc": "2.0", "id": 3, "method": method, **({"params": params} if params else {})}
    return post(client, body).json()


def test_before_the_first_card_every_door_says_there_is_none(api, client):
    refused = api.get("/api/v1/quality")
    assert (refused.status_code, refused.json()["state"]) == (404, "no-quality-card")
    assert api.get("/api/v1/release").json()["qualityCard"] is None
    assert "No quality card has been published yet" in client.get("/quality/").content.decode()
    listed = rpc(client, "resources/list")["result"]["resources"]
    assert [r["uri"] for r in listed] == [QUALITY_URI]
    assert rpc(client, "resources/read", {"uri": QUALITY_URI})["error"]["code"] == -32002


@pytest.fixture(scope="module")
def published(django_db_setup, django_db_blocker):
    """One card published from a subset of the evaluation, kept for this module's tests."""
    with django_db_blocker.unblock():
        out = StringIO()
        call_command("publish_quality", "--registry", "demo", "--limit", "2", stdout=out)
        yield QualityCard.objects.get()
        # The append-only trigger refuses DELETE on PostgreSQL; TRUNCATE fires no row trigger.
        forget = "TRUNCATE" if connection.vendor == "postgresql" else "DELETE FROM"
        with connection.cursor() as cursor:
            cursor.execute(f"{forget} answers_qualitycard")


def test_the_card_counts_every_class_and_says_whose_cases_these_are(api, published):
    response = api.get("/api/v1/quality")
    assert response.status_code == 200
    card = response.json()
    validator = Draft202012Validator(self_contained("svc.quality.v1"))
    assert [e.message for e in validator.iter_errors(card)] == []
    assert set(card["classes"]) == CLASSES
    assert "the project's own cases" in card["statement"]
    for name, row in card["classes"].items():
        assert 0 <= row["right"] <= row["of"], name
        if row["of"]:
            assert row["rate"] == round(row["right"] / row["of"], 4), name
            assert row["interval"]["low"] <= row["rate"] <= row["interval"]["high"], name
    evaluation = card["evaluation"]
    assert (evaluation["registries"], evaluation["complete"]) == (["demo"], False)
    assert evaluation["casesPerSetAtMost"] == 2
    assert evaluation["asks"] == sum(s["cases"] for s in evaluation["sets"]) > 0
    assert card["classes"]["repeatStability"]["of"] == 2  # the demo set's two, asked again
    assert card["classes"]["inventedClaims"]["of"] > 0  # the lying model was put to it
    # Beside the hand-written sets, cases generated from the registry (two of each class).
    generated = next(s for s in evaluation["sets"] if s["set"] == "generated")
    assert generated["cases"] == card["classes"]["generated"]["of"] > 2
    assert card["code"]["serviceVersion"]
    assert card["version"] == published.pk
    assert card["digest"] == published.digest


def test_the_release_the_page_the_terms_and_the_mcp_resource_serve_the_same_card(
    api, client, published
):
    card = api.get("/api/v1/quality").json()
    named = api.get("/api/v1/release").json()["qualityCard"]
    assert (named["version"], named["digest"]) == (card["version"], card["digest"])
    assert (named["url"], named["page"]) == ("/api/v1/quality", "/quality/")
    page = client.get("/quality/").content.decode()
    assert escape(card["statement"].split(":")[0]) in page
    assert f"{card['classes']['routing']['right']} of {card['classes']['routing']['of']}" in page
    assert 'href="/quality/"' in client.get("/terms/").content.decode()
    listed = rpc(client, "resources/list")["result"]["resources"]
    assert "quality" in listed[0]["uri"]
    read = rpc(client, "resources/read", {"uri": listed[0]["uri"]})["result"]["contents"][0]
    assert read["mimeType"] == "application/json"
    served = json.loads(read["text"])
    assert {k: v for k, v in served.items() if k != "generatedAt"} == {
        k: v for k, v in card.items() if k != "generatedAt"
    }
    assert len(rpc(client, "tools/list")["result"]["tools"]) == 29  # a resource, not a tool
    unknown = rpc(client, "resources/read", {"uri": "svc://quality/other"})
    assert unknown["error"]["code"] == -32002


def test_a_new_card_is_a_new_version_every_process_reads_at_once(
    api, published, django_capture_on_commit_callbacks
):
    assert api.get("/api/v1/release").json()["qualityCard"]["version"] == published.pk
    with django_capture_on_commit_callbacks(execute=True):
        newer = services.quality_card_store(card={**published.card, "statement": "again"})
    readcache.forget_local()  # another process: no copy of its own
    assert api.get("/api/v1/quality").json()["version"] == newer.pk
    assert api.get("/api/v1/release").json()["qualityCard"]["version"] == newer.pk
    with pytest.raises(TypeError):  # a published card is never edited
        newer.save()


def test_the_counts_are_the_engines_a_changed_answer_is_counted_unstable(monkeypatch):
    first = {"answer": "It rose [1].", "citations": [{"n": 1}]}
    monkeypatch.setattr(
        quality.engine, "answer", lambda question, now: {**first, "answer": "It fell [1]."}
    )
    scored = quality.repeat_scored([("Did it rise?", None, first), ("And?", None, first)])
    assert (scored["right"], scored["of"]) == (0, 2)
    monkeypatch.setattr(quality.engine, "answer", lambda question, now: dict(first))
    assert quality.repeat_scored([("Did it rise?", None, first)])["right"] == 1
