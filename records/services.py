"""Writes of the read side: appending state transitions, never editing them; checkpoints of
each topic's counts, from which a record as of an instant starts."""

from collections import defaultdict
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Max, Min, Sum
from django.utils import timezone

from config.cachekeys import curation_changed, topics_changed
from records.known import SETTLED_SECONDS, Tally, claimed_by, tally_span
from records.models import PublishTransition, RecordCheckpoint, StateTransition
from records.states import BASELINE_DAYS, CURRENT_DAYS, coverage, latest_states, wire_tier
from registry.models import Event, EventDay, EventMention, PrimarySource, TripwireAlert

Field = StateTransition.Field
SPACING = 200  # a topic's stored documents between two checkpoints: what a read counts at most


@transaction.atomic
def records_transition(*, now: datetime | None = None) -> dict[str, int]:
    """Compute every record's coverage state and wire tier; append a transition on change only.

    One `at` for the whole run, so when both fields of a record change together their entries
    carry the same timestamp. `held_since` is the previous transition's `at` for that field. A
    record with no coverage transition is `new`; with no wire-tier transition it is on `watch`.
    A constant number of queries, whatever the number of records.
    """
    now = now or timezone.now()
    # A retired topic's states stay as they stood: nothing maintains it (it resumes when
    # un-retired, from its last recorded states).
    subjects = dict(Event.objects.published().values_list("pk", "subject"))
    events = list(subjects)
    histories = _coverage_histories(today=now.date())
    flipped = _events_with_active_flip(since=now - timedelta(days=CURRENT_DAYS))
    latest = latest_states(events)
    appended = []
    for event_id in events:
        reading = coverage(histories[event_id], today=now.date())
        tier = wire_tier(reading, source_flipped_active=event_id in flipped)
        appended += _changes(event_id, reading.direction, tier, latest, now=now)
    StateTransition.objects.bulk_create(appended)
    _mirror_current_states(appended)
    topics_changed(subjects[transition.event_id] for transition in appended)
    return {"records": len(events), "appended": len(appended)}


def _coverage_histories(*, today) -> defaultdict[int, list]:
    """Each event's (day, mentions) over the window and its baseline, opened by its first day
    of mentions (at 0) when that is older: a record is tracked since its first mention."""
    since = today - timedelta(days=CURRENT_DAYS + BASELINE_DAYS)
    first_days = dict(
        EventDay.objects.values("event_id")
        .annotate(first=Min("day"))
        .values_list("event_id", "first")
    )
    days = defaultdict(list)
    for event_id, first in first_days.items():
        if first < since:
            days[event_id].append((first, 0))
    rows = EventDay.objects.filter(day__gte=since).values_list("event_id", "day", "mentions")
    for event_id, day, mentions in rows:
        days[event_id].append((day, mentions))
    return days


def _changes(event_id, direction, tier, latest, *, now) -> list[StateTransition]:
    """The transitions one record takes: a field whose value differs from its last one."""
    changes = []
    for field, value, start in (
        (Field.COVERAGE_STATE, direction, StateTransition.Coverage.NEW),
        (Field.WIRE_TIER, tier, StateTransition.WireTier.WATCH),
    ):
        previous = latest.get((event_id, field))
        current = previous.to_value if previous else start
        if value != current:
            changes.append(
                StateTransition(
                    event_id=event_id,
                    field=field,
                    from_value=current,
                    to_value=value,
                    at=now,
                    held_since=previous.at if previous else None,
                )
            )
    return changes


def _mirror_current_states(appended: list[StateTransition]) -> None:
    """Copy each new state onto its event: one UPDATE per (field, value), at most seven."""
    columns = {Field.COVERAGE_STATE: "coverage_state", Field.WIRE_TIER: "wire_tier"}
    changed = defaultdict(list)
    for transition in appended:
        changed[(columns[transition.field], transition.to_value)].append(transition.event_id)
    for (column, value), event_ids in changed.items():
        Event.objects.filter(pk__in=event_ids).update(**{column: value})


def _events_with_active_flip(*, since: datetime) -> set[int]:
    """Events guarded by a source that flipped to active advisories since `since`."""
    sources = TripwireAlert.objects.filter(
        at__gte=since, to_state=PrimarySource.ObservedState.ACTIVE_ADVISORIES
    ).values_list("source_id", flat=True)
    through = PrimarySource.events.through
    return set(
        through.objects.filter(primarysource_id__in=sources).values_list("event_id", flat=True)
    )


def record_checkpoints_take(*, now: datetime | None = None, history: bool = False) -> int:
    """Checkpoint every topic with `SPACING` or more documents stored since its last one, as of
    a settled instant (a minute ago: every row stamped by then has committed); with `history`,
    at every `SPACING`-th document's instant (a new database, a deploy). A checkpoint's counts
    are exact, counted from every row (or, along a history, from the previous one's exact
    counts and the rows between): a bound carried from one checkpoint to the next would only
    grow. Returns how many were taken."""
    upto = (now or timezone.now()) - timedelta(seconds=SETTLED_SECONDS)
    last = dict(
        RecordCheckpoint.objects.values("event_id")
        .annotate(n=Max("documents"))
        .values_list("event_id", "n")
    )
    taken = 0
    totals = Event.objects.annotate(total=Sum("days__mentions")).select_related("lead_entity")
    for event in totals.filter(total__gte=SPACING).order_by("pk"):
        if event.total - last.get(event.pk, 0) < SPACING:
            continue
        instants = _instants(event, upto) if history else [upto]
        taken += _checkpoints(event, instants, claimed_by(event))
    return taken


def _instants(event: Event, upto: datetime) -> list[datetime]:
    """The instant of every `SPACING`-th document of the topic stored by `upto` (read off the
    mentions' index)."""
    stored = EventMention.objects.filter(event=event, counted=True, ingested_at__lte=upto)
    stamps = list(stored.order_by("ingested_at").values_list("ingested_at", flat=True))
    return sorted(set(stamps[SPACING - 1 :: SPACING]))


def _checkpoints(event: Event, instants: list[datetime], claimed: frozenset[int]) -> int:
    """A checkpoint at each instant (oldest first) the topic has none at: the counts of the
    documents stored by it, each from the one before and the rows between."""
    made, after, tally = 0, None, Tally(claimed=claimed)
    for at in instants:
        tally = tally.plus(tally_span(event, after, at, claimed))
        after = at
        _, new = RecordCheckpoint.objects.get_or_create(
            event=event, at=at,
            defaults={"documents": sum(tally.days.values()), "counts": tally.kept()},
        )  # fmt: skip
        made += new
    return made


Publish = Event.PublishState


def topic_retire(*, event: Event, by: str, note: str = "", now: datetime | None = None) -> bool:
    """Retire a topic: no longer maintained. Its record stays readable and says since when;
    listings, signals, the datasets' index and the Answer Engine leave it out. Appended to its
    publish-state history with who and when; False (nothing written) if it is already retired."""
    note = note.strip() or "No longer maintained: the record stays readable as it stood."
    return _publish_move(event=event, to=Publish.RETIRED, by=by, note=note, now=now)


def topic_unretire(*, event: Event, by: str, note: str = "", now: datetime | None = None) -> bool:
    """Publish a retired topic again (the reverse of `topic_retire`, recorded the same way)."""
    return _publish_move(event=event, to=Publish.PUBLISHED, by=by, note=note.strip(), now=now)


@transaction.atomic
def _publish_move(*, event: Event, to: str, by: str, note: str, now: datetime | None) -> bool:
    """Append the move and mirror it on the topic, under the topic's row lock (two curators
    retiring at once: the second finds it retired and writes nothing)."""
    locked = Event.objects.select_for_update().get(pk=event.pk)
    if locked.publish_state == to:
        return False
    now = now or timezone.now()
    PublishTransition.objects.create(
        event=locked, from_value=locked.publish_state, to_value=to, at=now,
        held_since=locked.publish_state_since, by=by, note=note,
    )  # fmt: skip
    # `updated_at` moves too: the tagger and the Answer Engine's vocabulary rebuild on it.
    Event.objects.filter(pk=locked.pk).update(
        publish_state=to, publish_state_since=now, publish_state_note=note or None,
        updated_at=now,
    )  # fmt: skip
    curation_changed([locked.subject])
    event.refresh_from_db()
    return True
