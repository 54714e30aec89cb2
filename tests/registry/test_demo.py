"""The demo registry: idempotent, and realistic enough for every record state to be real."""

from datetime import date, timedelta

import pytest
from django.apps import apps
from django.db.models import Sum

from registry.models import (
    ActionClass,
    Document,
    Entity,
    Event,
    EventDay,
    Feed,
    MarketQuestion,
    Outlet,
    PrimarySource,
)
from tests.conftest import loaded_once
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db
TODAY = date(2026, 11, 22)


def counts() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in apps.get_app_config("registry").get_models()}


def test_loading_twice_gives_the_same_counts():
    first = demo_load(today=TODAY)
    after_first = counts()
    second = demo_load(today=TODAY)
    assert counts() == after_first
    assert second["newDocuments"] == 0
    assert first["newDocuments"] > 300


def test_loading_on_a_later_day_adds_or_moves_nothing(time_machine):
    time_machine.move_to("2026-11-22 08:00Z")
    demo_load()
    before = counts()
    last_day = Document.objects.order_by("-day").first().day
    time_machine.move_to("2026-12-05 08:00Z")
    demo_load()
    assert counts() == before
    assert Document.objects.order_by("-day").first().day == last_day == TODAY


demo_once = loaded_once(lambda: demo_load(today=TODAY))


@pytest.fixture
def demo(demo_once):
    """The demo registry as laid out on TODAY, loaded once for the module."""


def test_every_action_class_and_both_tiers_appear(demo):
    classes = set(Event.objects.values_list("action_class", flat=True))
    assert set(ActionClass.values) | {None} == classes
    assert set(Event.objects.values_list("tier", flat=True)) == {"standard", "full"}


def test_a_lead_outside_the_tracked_set_exists(demo):
    assert Event.objects.filter(lead_entity__tracked=False).exists()
    assert Entity.objects.filter(tracked=True).count() > 20


def test_wires_are_syndicated_under_the_same_headline(demo):
    syndicated = Document.objects.filter(outlet__upstream__isnull=False)
    assert syndicated.exists()
    for doc in syndicated[:20]:
        assert Document.objects.filter(
            title=doc.title, day=doc.day, outlet=doc.outlet.upstream
        ).exists()
    assert Outlet.objects.filter(is_wire=True).count() == 3


def test_sources_cover_the_read_states(demo):
    states = set(PrimarySource.objects.values_list("read_state", flat=True))
    assert {"never-fetched", "read-nothing-active", "read"} <= states
    quiet = PrimarySource.objects.get(read_state="read-nothing-active")
    assert quiet.observed_state == "no-active-systems"
    assert quiet.observed == "There are no tropical cyclones at this time."


def recent_vs_baseline(subject: str) -> tuple[int, int]:
    days = EventDay.objects.filter(event__subject=subject)
    recent = days.filter(day__gt=TODAY - timedelta(days=7)).aggregate(n=Sum("mentions"))["n"] or 0
    baseline = (
        days.filter(
            day__lte=TODAY - timedelta(days=7), day__gt=TODAY - timedelta(days=28)
        ).aggregate(n=Sum("mentions"))["n"]
        or 0
    )
    return recent, baseline


def test_coverage_shapes_differ_across_eight_weeks(demo):
    recent, baseline = recent_vs_baseline("disaster-hurricane-tavia")
    assert recent / 7 > 1.25 * baseline / 21  # rising
    recent, baseline = recent_vs_baseline("election-brazil-general-2026")
    assert recent / 7 < 0.75 * baseline / 21  # fading
    first = Document.objects.order_by("day").first().day
    assert (TODAY - first).days >= 50


def test_market_question_pages_are_marked(demo):
    pages = Document.objects.filter(is_market_question_page=True)
    assert pages.exists()
    assert all("polymarket.com" in page.url for page in pages)


def test_load_demo_records_every_coverage_direction(capsys):
    from django.core.management import call_command

    from records.models import StateTransition

    call_command("load_demo")
    assert "13 events" in capsys.readouterr().out
    directions = set(
        StateTransition.objects.filter(field="coverage state").values_list("to_value", flat=True)
    )
    assert directions == {"rising", "fading", "steady", "insufficient_history"}
    assert StateTransition.objects.filter(field="wire tier", to_value="flagged").exists()
    call_command("load_demo")  # a second load records nothing new: no state changed
    assert StateTransition.objects.filter(field="coverage state").count() == 13


# Each outlet's feeds as the outlet publishes them (evidence in docs/decisions.md): a connected
# machine fills with live reporting rather than turning every feed red.
PUBLISHED_FEEDS = {
    "aljazeera.com": {"https://www.aljazeera.com/xml/rss/all.xml"},
    "bbc.co.uk": {
        "https://feeds.bbci.co.uk/news/world/rss.xml",
        "https://feeds.bbci.co.uk/news/science_and_environment/rss.xml",
    },
    "cnbc.com": {
        "https://search.cnbc.com/rs/search/combinedcms/view.xml?partnerId=wrss01&id=19836768",
        "https://search.cnbc.com/rs/search/combinedcms/view.xml?partnerId=wrss01&id=10000664",
    },
    "france24.com": {"https://www.france24.com/en/rss"},
    "ft.com": {"https://www.ft.com/energy?format=rss", "https://www.ft.com/markets?format=rss"},
    "news.ycombinator.com": {"https://news.ycombinator.com/rss"},
    "techcrunch.com": {
        "https://techcrunch.com/feed/",
        "https://techcrunch.com/category/climate/feed/",
    },
    "theguardian.com": {
        "https://www.theguardian.com/politics/rss",
        "https://www.theguardian.com/environment/rss",
    },
}
NO_PUBLIC_FEED = {"reuters.com", "apnews.com", "afp.com"}


def test_demo_feeds_are_the_outlets_published_addresses(demo):
    by_outlet = {}
    for feed in Feed.objects.select_related("outlet"):
        by_outlet.setdefault(feed.outlet.domain, set()).add(feed.url)
    assert by_outlet == PUBLISHED_FEEDS
    assert not NO_PUBLIC_FEED & set(by_outlet)
    # the wires' reporting is still there, through their own rows and the outlets copying them
    for domain in NO_PUBLIC_FEED:
        assert Document.objects.filter(outlet__domain=domain).exists()


def test_demo_market_pages_follow_each_venue_s_published_form(demo):
    forms = {
        "polymarket": r"^https://polymarket\.com/event/[a-z0-9-]+$",
        "kalshi": r"^https://kalshi\.com/markets/[a-z0-9-]+$",
        "manifold": r"^https://manifold\.markets/[A-Za-z0-9_]+/[a-z0-9-]+$",
    }
    import re

    for question in MarketQuestion.objects.all():
        assert re.match(forms[question.venue], question.url), question.url
