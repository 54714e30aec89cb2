"""A curator retires a topic (issue 42): the record stays readable and says so; listings,
signals, the records index, entity reads and the Answer Engine leave it out; it can be published
again; who and when are kept in an append-only history; a topic with history cannot be deleted,
and the admin says why and offers to retire it instead."""

from datetime import UTC, datetime

import pytest

from records.models import PublishTransition
from records.services import records_transition, topic_retire, topic_unretire
from registry.models import Event
from tests.factories import EntityFactory, EventFactory
from tests.mcpdoor.door import post

pytestmark = pytest.mark.django_db


@pytest.fixture
def topic(django_capture_on_commit_callbacks):
    lead = EntityFactory(slug="central-bank-of-calder", name="Central Bank of Calder")
    event = EventFactory(subject="rate-decision-calder-2026", title="Calder rate decision",
                         lead_entity=lead, wire_tier="flagged")  # fmt: skip
    EventFactory(subject="rate-decision-other-2026", title="Other rate decision",
                 lead_entity=lead, wire_tier="flagged")  # fmt: skip
    records_transition(now=datetime(2026, 11, 20, 9, tzinfo=UTC))  # history: deletion refused
    return event


def retire_in_admin(curator, event, captured):
    with captured(execute=True):
        return curator.post(
            "/admin/registry/event/",
            {"action": "retire_topics", "_selected_action": [event.pk]},
        )


def listed(api, url="/api/v1/records") -> list[str]:
    return [row["topic"] for row in api.get(url).json()["records"]]


def test_a_retired_record_stays_readable_and_says_since_when(
    api, curator, topic, django_capture_on_commit_callbacks
):
    assert api.get(f"/api/record/{topic.subject}").json()["publishState"] == "published"
    retire_in_admin(curator, topic, django_capture_on_commit_callbacks)
    response = api.get(f"/api/record/{topic.subject}")  # the cached copy is not served
    assert response.status_code == 200
    record = response.json()
    since = Event.objects.get(pk=topic.pk).publish_state_since
    assert record["publishState"] == "retired"
    assert record["state"]["publishStateSince"] == since.isoformat()
    assert record["publishStateNote"].startswith(f"Retired since {since:%Y-%m-%d %H:%M} UTC")
    moves = record["layers"]["stateHistory"]["publishTransitions"]
    assert [(m["from"], m["to"], m["at"]) for m in moves] == [
        ("published", "retired", since.isoformat())
    ]
    assert "carol" not in response.content.decode()  # who is kept for curators, not served


def test_who_and_when_are_kept_in_an_append_only_history(
    curator, topic, django_capture_on_commit_callbacks
):
    retire_in_admin(curator, topic, django_capture_on_commit_callbacks)
    move = PublishTransition.objects.get(event=topic)
    assert (move.by, move.from_value, move.to_value) == ("carol", "published", "retired")
    with pytest.raises(TypeError, match="append-only"):
        move.save()
    with pytest.raises(TypeError, match="append-only"):
        PublishTransition.objects.all().delete()
    page = curator.get(f"/admin/registry/event/{topic.pk}/change/").content.decode()
    assert "publish-state history" in page.lower()
    assert "carol" in page
    assert "Publish again" in page  # the button that reverses it


def test_listings_signals_datasets_and_entities_leave_it_out_at_once(
    api, curator, topic, django_capture_on_commit_callbacks
):
    lead = topic.lead_entity.slug
    index = "/api/v1/datasets/records-index.jsonl"
    reads = {  # each read once before the retirement, so each is cached
        "listing": lambda: listed(api),
        "signals": lambda: [s["topic"] for s in api.get("/api/v1/signals").json()["signals"]],
        "index": lambda: [
            line.split('"topic":"')[1].split('"')[0]
            for line in api.get(index).content.decode().splitlines()  # kept bytes, not a stream
        ],
        "entity": lambda: [
            t["topic"] for t in api.get(f"/api/v1/entities/{lead}").json()["topics"]
        ],
        "count": lambda: next(d["rows"] for d in api.get("/api/v1/datasets").json()["datasets"]
                              if d["id"] == "records-index"),
    }  # fmt: skip
    before = {name: read() for name, read in reads.items()}
    assert topic.subject in before["listing"]
    assert topic.subject in before["signals"]
    retire_in_admin(curator, topic, django_capture_on_commit_callbacks)
    after = {name: read() for name, read in reads.items()}
    for name in ("listing", "signals", "index", "entity"):
        assert topic.subject in before[name], name
        assert topic.subject not in after[name], name
    assert after["count"] == before["count"] - 1
    assert listed(api, "/api/v1/records?publishState=retired") == [topic.subject]
    retired = api.get("/api/v1/records?publishState=retired").json()["records"][0]
    assert retired["publishState"] == "retired"
    assert retired["publishStateSince"]


def test_the_mcp_listing_leaves_it_out_at_once(
    client, curator, topic, django_capture_on_commit_callbacks
):
    def topics():
        call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                "params": {"name": "list_topics", "arguments": {}}}  # fmt: skip
        result = post(client, call).json()["result"]["structuredContent"]
        return [row["topic"] for row in result["records"]]

    assert topic.subject in topics()
    retire_in_admin(curator, topic, django_capture_on_commit_callbacks)
    assert topic.subject not in topics()


def test_the_answer_engine_refuses_a_retired_topic_before_any_charge(api, topic):
    topic_retire(event=topic, by="carol")
    body = {"question": "What did the Central Bank of Calder decide?", "topic": topic.subject}
    response = api.post("/api/ask", body, format="json")
    assert response.status_code == 400
    refusal = response.json()
    assert (refusal["state"], refusal["field"]) == ("topic-retired", "topic")
    assert f"/api/record/{topic.subject}" in refusal["error"]


def test_the_answer_engine_does_not_route_to_a_retired_topic(api, topic, settings):
    settings.SVC_ANSWER_EMBEDDINGS = "off"  # routing by the registry's words is enough here
    question = {"question": "What did the Central Bank of Calder decide?"}
    routed = api.post("/api/ask", question, format="json").json()
    assert topic.subject in [t["topic"] for t in routed["topics"]]
    topic_retire(event=topic, by="carol")
    from answers.understand import vocabulary

    vocabulary.forget()  # every process rebuilds within VERSION_CHECK_SECONDS; this one now
    answered = api.post("/api/ask", question, format="json").json()
    assert topic.subject not in [t["topic"] for t in answered["topics"]]


def test_publishing_again_restores_it_and_chains_the_history(
    api, topic, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert topic_retire(event=topic, by="carol", now=datetime(2026, 11, 21, tzinfo=UTC))
        assert not topic_retire(event=topic, by="dan")  # already retired: nothing written
        assert topic_unretire(event=topic, by="dan", now=datetime(2026, 11, 22, tzinfo=UTC))
    record = api.get(f"/api/record/{topic.subject}").json()
    assert record["publishState"] == "published"
    moves = record["layers"]["stateHistory"]["publishTransitions"]
    assert [(m["to"], m["heldSince"]) for m in moves] == [
        ("retired", None),
        ("published", "2026-11-21T00:00:00+00:00"),
    ]
    assert topic.subject in listed(api)
    assert list(PublishTransition.objects.values_list("by", flat=True)) == ["carol", "dan"]


def test_a_retired_topic_s_states_are_not_moved_by_the_hourly_job(topic):
    topic_retire(event=topic, by="carol")
    moved = records_transition(now=datetime(2026, 12, 30, tzinfo=UTC))
    assert moved["records"] == Event.objects.count() - 1


def test_deleting_a_topic_with_history_explains_and_offers_retiring(curator, topic):
    page = curator.get(f"/admin/registry/event/{topic.pk}/delete/").content.decode()
    assert "cannot be deleted, by any account" in page
    assert f"/admin/registry/event/{topic.pk}/retire/" in page
    assert "Retire this topic instead" in page
    chosen = {"action": "delete_selected", "_selected_action": [topic.pk]}
    many = curator.post("/admin/registry/event/", chosen).content.decode()
    assert "Retire the selected topics instead" in many
    assert 'name="action" value="retire_topics"' in many


def test_the_retire_button_on_the_delete_page_retires(
    curator, topic, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = curator.post(f"/admin/registry/event/{topic.pk}/retire/")
    assert response.status_code == 302
    assert Event.objects.get(pk=topic.pk).publish_state == "retired"
    with django_capture_on_commit_callbacks(execute=True):
        curator.post(f"/admin/registry/event/{topic.pk}/unretire/")
    assert Event.objects.get(pk=topic.pk).publish_state == "published"


def test_the_record_page_says_it_is_retired(client, topic):
    topic_retire(event=topic, by="carol", note="Merged into the 2027 topic.")
    page = client.get(f"/records/{topic.subject}/").content.decode()
    assert "Retired." in page
    assert "Merged into the 2027 topic." in page
    assert topic.subject not in client.get("/records/").content.decode()
