"""A curator's first day (issue 42): one vocabulary (the API's words in the admin and the pages),
help texts that carry a first topic through, bulk switches for what the beat reads, and a new
topic's vectors computed by the beat."""

import pytest
from django.contrib import admin

from answers import tasks as answer_tasks
from answers.models import Embedding
from ingestion import verification
from registry import services
from registry import tasks as registry_tasks
from registry.models import Entity, Event, Feed, MarketQuestion, PrimarySource
from tests.factories import (
    EntityFactory,
    FeedFactory,
    MarketQuestionFactory,
    PrimarySourceFactory,
    VerticalFactory,
)

pytestmark = pytest.mark.django_db


def test_the_admin_speaks_the_api_s_words_and_the_service_s_name(curator):
    index = curator.get("/admin/").content.decode()
    assert "Django administration" not in index
    assert "Django site admin" not in index
    assert "Intelligence Feed Service" in index
    for plural in ("Topics", "Sources", "Feeds", "Entities", "Market questions"):
        assert f">{plural}<" in index, plural
    assert ">Events<" not in index
    assert ">Primary sources<" not in index
    topic_form = curator.get("/admin/registry/event/add/").content.decode()
    assert "Topic slug" in topic_form
    assert ">Subject:<" not in topic_form
    assert "Add topic" in topic_form


def test_the_pages_say_topic_as_the_api_does(client):
    listing = client.get("/records/").content.decode()
    assert "<title>Topics ·" in listing
    assert "<h1>Topics</h1>" in listing


def shown_fields(form) -> dict:
    return {name: field for name, field in form.base_fields.items()}


@pytest.mark.parametrize("model", [Event, Entity, PrimarySource, Feed])
def test_every_field_a_curator_fills_in_says_what_it_does(rf, model, django_user_model):
    request = rf.get("/")
    request.user = django_user_model(is_superuser=True, is_staff=True)
    model_admin = admin.site._registry[model]
    form = model_admin.get_form(request)
    silent = [name for name, field in shown_fields(form).items() if not field.help_text]
    assert silent == [], f"{model.__name__} fields without help: {silent}"
    for inline in model_admin.get_inline_instances(request):
        if not inline.has_add_permission(request, None):
            continue  # a read-only history
        formset = inline.get_formset(request)
        filled = set(formset.form.base_fields) - {"id", "DELETE", formset.fk.name}
        silent = [n for n in filled if not formset.form.base_fields[n].help_text]
        assert silent == [], (type(inline).__name__, silent)


def test_subject_and_question_terms_say_what_they_do(curator):
    form = curator.get("/admin/registry/event/add/").content.decode()
    assert "carries one of them is attached to the topic and served as its reporting" in form
    assert "carries two of them is attached and served too" in form


def test_a_first_topic_with_an_entity_and_an_alias_from_the_admin_alone(
    api, curator, django_capture_on_commit_callbacks
):
    vertical = VerticalFactory(slug="markets")
    entity_form = {
        "slug": "central-bank-of-calder", "name": "Central Bank of Calder", "kind": "organization",
        "tracked": "on", "verticals": [vertical.pk],
        "aliases-TOTAL_FORMS": "1", "aliases-INITIAL_FORMS": "0",
        "aliases-MIN_NUM_FORMS": "0", "aliases-MAX_NUM_FORMS": "1000", "aliases-0-alias": "CBC",
    }  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        added = curator.post("/admin/registry/entity/add/", entity_form)
    assert added.status_code == 302, added.content.decode()[:2000]
    entity = Entity.objects.get(slug="central-bank-of-calder")
    inlines = {}
    page = curator.get("/admin/registry/event/add/")
    for formset in page.context["inline_admin_formsets"]:
        management = formset.formset.management_form
        inlines.update({management.add_prefix(n): management[n].value() for n in management.fields})
    topic_form = {
        "subject": "rate-decision-calder-december-2026", "title": "Calder rate decision",
        "tier": "standard", "action_class": "rate-decision", "lead_entity": entity.pk,
        "subject_terms": "rate decision, policy rate", "question_terms": "cut, hike, hold",
        "home_domains": "", **inlines,
    }  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        added = curator.post("/admin/registry/event/add/", topic_form)
    assert added.status_code == 302, added.content.decode()[:3000]
    record = api.get("/api/record/rate-decision-calder-december-2026").json()
    assert record["subjectBinding"]["entity"] == "Central Bank of Calder"
    assert record["layers"]["reporting"]["relevanceTerms"]["subjectLine"] == [
        "rate decision", "policy rate"]  # fmt: skip
    matches = api.get("/api/v1/entities?q=CBC").json()["matches"]
    assert [m["slug"] for m in matches] == ["central-bank-of-calder"]


@pytest.mark.parametrize(
    ("model", "factory"),
    [(Feed, FeedFactory), (PrimarySource, PrimarySourceFactory),
     (MarketQuestion, MarketQuestionFactory)],
)  # fmt: skip
def test_bulk_activate_and_deactivate(curator, model, factory):
    rows = [factory(), factory(), factory()]
    chosen = [rows[0].pk, rows[1].pk]
    path = f"/admin/registry/{model._meta.model_name}/"
    page = curator.post(path, {"action": "deactivate", "_selected_action": chosen}, follow=True)
    assert "now inactive: kept, not read" in page.content.decode()
    assert sorted(model.objects.filter(active=False).values_list("pk", flat=True)) == chosen
    curator.post(path, {"action": "activate", "_selected_action": chosen})
    assert model.objects.filter(active=True).count() == 3


def test_the_beat_reads_only_what_is_active(monkeypatch):
    feeds = [FeedFactory(), FeedFactory(active=False)]
    markets = [MarketQuestionFactory(), MarketQuestionFactory(active=False)]
    sources = [PrimarySourceFactory(), PrimarySourceFactory(active=False)]
    sent = []
    monkeypatch.setattr(registry_tasks.fetch_feed, "delay", lambda pk: sent.append(("feed", pk)))
    monkeypatch.setattr(registry_tasks.import_market, "delay", lambda pk: sent.append(("m", pk)))
    read = []

    def fetched(*, source_id):
        read.append(source_id)
        return verification.SourceReading(source_id=source_id, ok=True)

    monkeypatch.setattr(verification, "source_fetch", fetched)
    registry_tasks.ingest_feeds()
    registry_tasks.import_markets()
    verification.sources_verify()
    assert sent == [("feed", feeds[0].pk), ("m", markets[0].pk)]
    assert read == [sources[0].pk]


def test_a_new_topic_s_vectors_are_computed_by_the_beat():
    lead = EntityFactory(name="Central Bank of Calder")
    event = services.event_upsert(subject="rate-decision-calder-2026", title="Calder decision",
                                  lead_entity=lead)  # fmt: skip
    kept = Embedding.objects.filter(kind="topic", key=event.pk)
    assert not kept.exists()
    done = answer_tasks.embed_documents.delay().get()
    assert kept.exists()
    assert Embedding.objects.filter(kind="entity", key=lead.pk).exists()
    assert done["topicVectors"] >= 1
    again = answer_tasks.embed_documents.delay().get()
    assert again["topicVectors"] == 0  # nothing changed: nothing computed
