"""State history: appended on change only, held_since chained, never edited or deleted."""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from records.models import StateTransition
from records.services import records_transition
from registry.models import EventDay, SourceReading, TripwireAlert
from tests.factories import EventFactory, PrimarySourceFactory, VerticalFactory

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 11, 22, 12, tzinfo=UTC)


TODAY = NOW.date()


def news():
    return VerticalFactory(slug="news")


def mentions(event, per_day: dict[int, int], today: date = TODAY):
    for back, n in per_day.items():
        EventDay.objects.update_or_create(
            event=event, vertical=news(), day=today - timedelta(days=back), defaults={"mentions": n}
        )


def steady(event, today: date = TODAY):
    mentions(event, {back: 2 for back in range(40)}, today)


def rising_next_day(event) -> datetime:
    """Steady today (recorded), then three times the mentions a day later; returns that later."""
    steady(event)
    records_transition(now=NOW)
    later = NOW + timedelta(days=1)
    mentions(event, {back: 6 for back in range(7)}, later.date())
    records_transition(now=later)
    return later


def transitions(event):
    return list(
        StateTransition.objects.filter(event=event).values_list("field", "from_value", "to_value")
    )


def test_first_run_moves_a_new_record_out_of_new():
    event = EventFactory()
    steady(event)
    assert records_transition(now=NOW) == {"records": 1, "appended": 1}
    assert transitions(event) == [("coverage state", "new", "steady")]
    assert StateTransition.objects.get().held_since is None


def test_nothing_is_appended_while_nothing_changes():
    event = EventFactory()
    steady(event)
    records_transition(now=NOW)
    records_transition(now=NOW + timedelta(hours=1))
    assert StateTransition.objects.filter(event=event).count() == 1


def test_held_since_is_the_previous_transition_of_the_same_field():
    event = EventFactory()
    rising_next_day(event)
    coverage_moves = StateTransition.objects.filter(event=event, field="coverage state")
    first, second = coverage_moves.order_by("at")
    assert (second.from_value, second.to_value) == ("steady", "rising")
    assert second.held_since == first.at == NOW


def test_both_fields_changed_in_one_run_share_the_same_at():
    event = EventFactory()
    later = rising_next_day(event)
    latest = StateTransition.objects.filter(event=event, at=later)
    assert set(latest.values_list("field", "to_value")) == {
        ("coverage state", "rising"),
        ("wire tier", "flagged"),
    }
    wire = latest.get(field="wire tier")
    assert (wire.from_value, wire.held_since) == ("watch", None)


def test_an_issuer_turning_active_flags_the_record():
    event = EventFactory()
    steady(event)
    source = PrimarySourceFactory()
    source.events.add(event)
    quiet = SourceReading.objects.create(source=source, attempted_at=NOW, ok=True,
                                         observed_state="no-active-systems")  # fmt: skip
    active = SourceReading.objects.create(source=source, attempted_at=NOW, ok=True,
                                          observed_state="active-advisories")  # fmt: skip
    TripwireAlert.objects.create(source=source, from_state="no-active-systems",
                                 to_state="active-advisories", at=NOW - timedelta(days=1),
                                 previous_reading=quiet, reading=active)  # fmt: skip
    records_transition(now=NOW)
    assert ("wire tier", "watch", "flagged") in transitions(event)


def test_transitions_are_never_edited_or_deleted():
    event = EventFactory()
    steady(event)
    records_transition(now=NOW)
    row = StateTransition.objects.get()
    row.to_value = "fading"
    with pytest.raises(TypeError, match="append-only"):
        row.save()
    with pytest.raises(TypeError, match="append-only"):
        StateTransition.objects.all().delete()


def test_a_transition_must_change_something():
    event = EventFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        StateTransition.objects.create(event=event, field="wire tier", from_value="watch",
                                       to_value="watch", at=NOW)  # fmt: skip


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the trigger is PostgreSQL's")
def test_postgres_refuses_update_and_delete_of_history():
    event = EventFactory()
    steady(event)
    records_transition(now=NOW)
    for statement in ("UPDATE records_statetransition SET to_value = 'fading'",
                      "DELETE FROM records_statetransition"):  # fmt: skip
        with (
            pytest.raises(IntegrityError, match="append-only"),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(statement)


def test_query_count_does_not_grow_with_records(django_assert_max_num_queries):
    for _ in range(3):
        steady(EventFactory())
    # Eight reads and writes, plus one UPDATE per distinct new state (at most seven).
    with django_assert_max_num_queries(15):
        records_transition(now=NOW)
    for _ in range(12):
        steady(EventFactory())
    with django_assert_max_num_queries(15):
        records_transition(now=NOW + timedelta(hours=1))


def test_admin_shows_history_read_only(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("c", "c@x.example", None))
    event = EventFactory()
    steady(event)
    records_transition(now=NOW)
    row = StateTransition.objects.get()
    assert client.get(reverse("admin:records_statetransition_changelist")).status_code == 200
    assert (
        client.get(reverse("admin:records_statetransition_change", args=[row.pk])).status_code
        == 200
    )
    assert client.get(reverse("admin:records_statetransition_add")).status_code == 403
    delete = reverse("admin:records_statetransition_delete", args=[row.pk])
    assert client.post(delete, {"post": "yes"}).status_code == 403


def test_the_event_row_carries_its_latest_states():
    event = EventFactory()
    assert (event.coverage_state, event.wire_tier) == ("new", "watch")
    records_transition(now=rising_next_day(event))
    event.refresh_from_db()
    latest = {t.field: t.to_value for t in StateTransition.objects.filter(event=event)}
    assert latest["coverage state"] == "rising"
    assert (event.coverage_state, event.wire_tier) == (
        latest["coverage state"],
        latest["wire tier"],
    )
