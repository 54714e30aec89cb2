"""The demo registry: idempotent, and realistic enough for every record state to be real."""

from datetime import date, timedelta

import pytest
from django.apps import apps
from django.db.models import Sum

from registry.demo import demo_load
from registry.models import ActionClass, Document, Entity, Event, EventDay, Outlet, PrimarySource

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


@pytest.fixture
def demo():
    demo_load(today=TODAY)


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
