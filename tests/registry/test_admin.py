"""The curators' admin: every page renders, badges speak, validation explains, fetch now works."""

from datetime import date

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from registry.admin import ReadOnlyAdmin
from registry.jobs import scheduled_job_run
from registry.models import Feed, PrimarySource
from tests.conftest import loaded_once
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db

# Rows edited inside another model's page or derived from others, never on their own; the
# tally's deltas are written by database triggers alone; the pace restates the entity-days
# (which have their page) over the default window; copies and fingerprints are ingest's own;
# the registry's generation is one number every curation write moves by itself.
NOT_REGISTERED = {
    "EntityAlias", "EntityMention", "EventMention", "StoryBand", "Copy", "BodyPrint", "Tally",
    "EntityPace", "PaceWindow", "TopicPace", "VerticalPace", "RegistryGeneration",
}  # fmt: skip


@pytest.fixture
def curator(client, django_user_model):
    user = django_user_model.objects.create_superuser("curator", "curator@feed.example", None)
    client.force_login(user)
    return client


def _load():
    demo_load(today=date(2026, 11, 22))
    with scheduled_job_run(name="heartbeat"):
        pass


demo_once = loaded_once(_load)


@pytest.fixture
def demo(demo_once):
    """The demo registry and a heartbeat, loaded once for the module."""


def registry_admins():
    return [(m, a) for m, a in admin.site._registry.items() if m._meta.app_label == "registry"]


def test_every_registry_model_has_a_page_or_a_reason():
    registered = {model.__name__ for model, _ in registry_admins()}
    every = {model.__name__ for model in apps.get_app_config("registry").get_models()}
    assert every - registered == NOT_REGISTERED


@pytest.mark.parametrize("page", ["changelist", "add", "change"])
def test_every_page_renders_for_staff(curator, demo, page):
    for model, model_admin in registry_admins():
        meta = model._meta
        args = [model.objects.order_by("pk").first().pk] if page == "change" else []
        url = reverse(f"admin:{meta.app_label}_{meta.model_name}_{page}", args=args)
        read_only = page == "add" and isinstance(model_admin, ReadOnlyAdmin)
        assert curator.get(url).status_code == (403 if read_only else 200), url


def test_append_only_logs_offer_no_add_change_or_delete(curator, demo):
    for name in ("sourcereading", "marketprice"):
        page = curator.get(reverse(f"admin:registry_{name}_changelist")).content.decode()
        assert f"/registry/{name}/add/" not in page
    reading = PrimarySource.objects.get(slug="nhc-atlantic-outlook").readings.first()
    url = reverse("admin:registry_sourcereading_delete", args=[reading.pk])
    assert curator.post(url, {"post": "yes"}).status_code == 403


def test_badges_keep_the_three_silences_apart(curator, demo):
    PrimarySource.objects.filter(slug="ecb-press-releases").update(
        read_state=PrimarySource.ReadState.UNREADABLE
    )
    page = curator.get(reverse("admin:registry_primarysource_changelist")).content.decode()
    for words in ("never fetched", "fetched but unreadable", "read and quiet", ">read<"):
        assert words in page


def test_bad_subject_is_explained_on_the_form(curator, demo):
    lead = PrimarySource.objects.first().events.first().lead_entity
    response = curator.post(
        reverse("admin:registry_event_add"),
        {
            "subject": "Hurricane Season",
            "title": "x",
            "tier": "standard",
            "lead_entity": lead.pk,
            "publish_state": "published",
            "subject_terms": "hurricane, landfall",
            "registry_primarysource_events-TOTAL_FORMS": 0,
            "registry_primarysource_events-INITIAL_FORMS": 0,
            "registry_marketquestion_events-TOTAL_FORMS": 0,
            "registry_marketquestion_events-INITIAL_FORMS": 0,
        },
    )
    assert response.status_code == 200
    assert "lowercase letters and digits" in response.content.decode()


def test_private_feed_url_is_explained_on_the_form(curator, demo):
    feed = Feed.objects.first()
    response = curator.post(
        reverse("admin:registry_feed_add"),
        {
            "url": "http://192.168.0.10/rss",
            "outlet": feed.outlet_id,
            "vertical": feed.vertical_id,
            "active": "on",
        },
    )
    assert "private network" in response.content.decode()


def test_odd_ipv4_feed_url_is_explained_on_the_form(curator, demo):
    feed = Feed.objects.first()
    response = curator.post(
        reverse("admin:registry_feed_add"),
        {
            "url": "http://0177.0.0.1/rss",
            "outlet": feed.outlet_id,
            "vertical": feed.vertical_id,
            "active": "on",
        },
    )
    assert "IPv4 address written in octal, hex or as one number" in response.content.decode()
    assert not Feed.objects.filter(url="http://0177.0.0.1/rss").exists()


def test_fetch_now_runs_the_scheduled_fetch(
    curator, demo, httpserver, local_fetches, django_capture_on_commit_callbacks
):
    httpserver.expect_request("/rss").respond_with_data(b"<rss version='2.0'/>")
    feed = Feed.objects.first()
    Feed.objects.filter(pk=feed.pk).update(url=httpserver.url_for("/rss"))
    with django_capture_on_commit_callbacks(execute=True):
        response = curator.post(
            reverse("admin:registry_feed_changelist"),
            {"action": "fetch_now", "_selected_action": [feed.pk]},
            follow=True,
        )
    assert "Queued a fetch of 1 row; its health updates" in response.content.decode()
    feed.refresh_from_db()
    assert feed.last_success is not None
    assert feed.signature.startswith("sha256:")
    assert len(httpserver.log) == 1


def test_the_admin_names_every_model_in_words(curator, demo):
    index = curator.get(reverse("admin:index")).content.decode()
    for plural in ("Watches", "Watch deliveries", "Event entities", "API keys"):
        assert plural in index
    for misspelt in ("Watchs", "Watch deliverys", "Event entitys", "Api keys"):
        assert misspelt not in index


def test_an_event_page_labels_its_links_by_what_they_link(curator, demo):
    from registry.models import MarketQuestion

    question = MarketQuestion.objects.filter(events__isnull=False).first()
    event = question.events.first()
    page = curator.get(reverse("admin:registry_event_change", args=[event.pk])).content.decode()
    assert "_events object" not in page
    assert str(question) in page


@pytest.mark.parametrize("model", ["feed", "primarysource", "marketquestion"])
def test_a_rows_own_page_offers_fetch_now(curator, demo, model):
    row = apps.get_model("registry", model).objects.order_by("pk").first()
    page = curator.get(reverse(f"admin:registry_{model}_change", args=[row.pk])).content.decode()
    assert reverse(f"admin:registry_{model}_fetch", args=[row.pk]) in page
    assert "Fetch now" in page


def test_fetch_now_on_a_feeds_page_fetches_that_feed(
    curator, demo, httpserver, local_fetches, django_capture_on_commit_callbacks
):
    httpserver.expect_request("/rss").respond_with_data(b"<rss version='2.0'/>")
    feed = Feed.objects.first()
    Feed.objects.filter(pk=feed.pk).update(url=httpserver.url_for("/rss"))
    fetch = reverse("admin:registry_feed_fetch", args=[feed.pk])
    assert curator.get(fetch).status_code == 405  # a fetch is a POST
    with django_capture_on_commit_callbacks(execute=True):
        response = curator.post(fetch, follow=True)
    assert response.redirect_chain[-1][0] == reverse("admin:registry_feed_change", args=[feed.pk])
    assert "Queued a fetch of 1" in response.content.decode()
    feed.refresh_from_db()
    assert feed.last_success is not None


@pytest.mark.parametrize("model", ["feed", "primarysource", "marketquestion"])
def test_fetch_health_stands_beside_the_name_where_a_laptop_screen_shows_it(curator, demo, model):
    import re

    page = curator.get(reverse(f"admin:registry_{model}_changelist")).content.decode()
    start = page.index('<table id="result_list">')
    headers = page[start : page.index("</thead>", start)]
    columns = re.findall(r'class="[^"]*column-([a-z_]+)', headers)
    assert columns.index("fetch_health") == 1, columns  # right after the name


def test_a_source_link_that_is_not_http_or_https_is_explained_on_the_form(curator, demo):
    source = PrimarySource.objects.get(slug="nhc-atlantic-outlook")
    page = reverse("admin:registry_primarysource_change", args=[source.pk])
    form = {
        "slug": source.slug,
        "name": source.name,
        "issuer": source.issuer,
        "cadence": source.cadence,
        "events": list(source.events.values_list("pk", flat=True)),
        "fetch_url": source.fetch_url,
        "parser": source.parser,
        "links": '[{"label": "Advisories", "url": "javascript:fetch(\'//evil.example\')"}]',
        "readings-TOTAL_FORMS": "0",
        "readings-INITIAL_FORMS": "0",
        "readings-MIN_NUM_FORMS": "0",
        "readings-MAX_NUM_FORMS": "0",
    }
    response = curator.post(page, form)
    assert response.status_code == 200  # the form again, with the error
    assert "http or https URL" in response.content.decode()
    source.refresh_from_db()
    assert all(link["url"].startswith("https://") for link in source.links)
    form["links"] = '[{"label": "Advisories", "url": "https://www.nhc.noaa.gov/advisories"}]'
    assert curator.post(page, form).status_code == 302
    source.refresh_from_db()
    assert source.links == [{"label": "Advisories", "url": "https://www.nhc.noaa.gov/advisories"}]
