"""The demo kept offline (`SVC_OFFLINE`, `make run OFFLINE=1`): nothing is fetched from
outside, by the beat or by hand, and nothing is recorded as a failure for it."""

import subprocess
from datetime import date
from pathlib import Path

import pytest
from django.urls import reverse

from outbound.fetch import FetchError, fetch
from registry import tasks
from registry.models import Feed, MarketQuestion, PrimarySource
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def offline(settings, httpserver, local_fetches):
    """Every feed, market and source pointed at a local server that would answer; offline."""
    demo_load(today=date(2026, 11, 22))
    httpserver.expect_request("/any").respond_with_data(b"<rss version='2.0'/>")
    for model, field in ((Feed, "url"), (PrimarySource, "fetch_url")):
        for pk in model.objects.values_list("pk", flat=True):
            model.objects.filter(pk=pk).update(**{field: httpserver.url_for(f"/any/{pk}")})
    url = httpserver.url_for("/any")
    local_fetches.SVC_MARKET_APIS = dict.fromkeys(("polymarket", "kalshi", "manifold"), url)
    settings.SVC_OFFLINE = True
    httpserver.health = health()
    return httpserver


HEALTH = ("last_attempt", "last_success", "last_error", "consecutive_failures")


def health() -> dict:
    """Every fetchable row's fetch health (the demo's own rows carry some already)."""
    return {
        model.__name__: list(model.objects.order_by("pk").values_list("pk", *HEALTH))
        for model in (Feed, PrimarySource, MarketQuestion)
    }


def test_the_beat_fetches_nothing_offline(offline):
    assert tasks.ingest_feeds() == 0
    assert tasks.import_markets() == 0
    assert tasks.verify_sources() == {}
    assert offline.log == []
    assert health() == offline.health


def test_a_fetch_is_refused_before_it_leaves_the_machine(offline):
    with pytest.raises(FetchError, match="offline"):
        fetch(offline.url_for("/any"))
    assert offline.log == []


def test_fetch_now_in_the_admin_says_offline_and_queues_nothing(
    offline, client, django_user_model, django_capture_on_commit_callbacks
):
    client.force_login(django_user_model.objects.create_superuser("c", "c@feed.example", None))
    feed = Feed.objects.first()
    with django_capture_on_commit_callbacks(execute=True) as queued:
        response = client.post(reverse("admin:registry_feed_fetch", args=[feed.pk]), follow=True)
    assert "Nothing fetched: offline" in response.content.decode()
    assert queued == []
    assert offline.log == []
    assert health() == offline.health


def test_online_the_beat_still_fetches(offline, settings, django_capture_on_commit_callbacks):
    settings.SVC_OFFLINE = False
    assert tasks.ingest_feeds() == Feed.objects.filter(active=True).count() > 0
    assert offline.log


def test_make_run_offline_sets_the_switch():
    dry = subprocess.run(
        ["make", "-n", "run", "OFFLINE=1"],  # noqa: S607 (make from PATH, as a user runs it)
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert 'SVC_OFFLINE="${SVC_OFFLINE:-1}"' in dry
