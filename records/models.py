"""The read side's own history: how each record's coverage state and wire tier moved."""

from django.db import models

from registry.models import AppendOnly, Event


class StateTransition(AppendOnly):
    """One move of a record's `coverage state` or `wire tier`, appended when it happens.

    Never edited after the fact and never backfilled: the model refuses updates and deletes, the
    admin is view-only, and on PostgreSQL a trigger refuses UPDATE and DELETE. `held_since` is the
    `at` of the previous transition of the same field for the same record (null for the first).
    """

    class Field(models.TextChoices):
        COVERAGE_STATE = "coverage state"
        WIRE_TIER = "wire tier"

    class Coverage(models.TextChoices):
        NEW = "new"
        STEADY = "steady"
        INSUFFICIENT_HISTORY = "insufficient_history"
        RISING = "rising"
        FADING = "fading"

    class WireTier(models.TextChoices):
        FLAGGED = "flagged"
        WATCH = "watch"

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="transitions")
    field = models.CharField(max_length=20, choices=Field.choices)
    from_value = models.CharField(max_length=30)
    to_value = models.CharField(max_length=30)
    at = models.DateTimeField()
    held_since = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "at", "id"]
        indexes = [models.Index(fields=["event", "field", "-at"], name="transition_latest")]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(from_value=models.F("to_value")),
                name="transition_changes_something",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event_id} {self.field}: {self.from_value} -> {self.to_value}"


class RecordCheckpoint(models.Model):
    """A topic's counts over the documents stored by `at` (`records.known.Tally`, as kept): a
    record as of an instant starts from the latest one by then and counts the few documents
    stored since. Taken every `SPACING` stored documents of the topic
    (`records.services.record_checkpoints_take`); derived, so never edited, and rebuilt from
    the rows if lost."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="checkpoints")
    at = models.DateTimeField()
    documents = models.PositiveIntegerField(help_text="Documents of the topic stored by `at`.")
    counts = models.JSONField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "at"], name="record_checkpoint_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.event_id} as of {self.at:%Y-%m-%d %H:%M}: {self.documents}"


class PublishTransition(AppendOnly):
    """One move of a topic's publish state (`published` <-> `retired`), by a curator.

    The same discipline as `StateTransition` (never edited, never deleted, a PostgreSQL trigger),
    kept apart from it because the spec's transitions carry `coverage state` and `wire tier`
    only: a third `field` would widen an enum callers may hold closed. `by` is the curator's user
    name, kept for the admin and never served: the record says what and when, not who.
    `held_since` is the previous move's `at` (null for the first).
    """

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="publish_transitions")
    from_value = models.CharField(max_length=20, choices=Event.PublishState.choices)
    to_value = models.CharField(max_length=20, choices=Event.PublishState.choices)
    at = models.DateTimeField()
    held_since = models.DateTimeField(null=True, blank=True)
    by = models.CharField(max_length=150, help_text="The curator who moved it.")
    note = models.TextField(blank=True, help_text="Why, in the curator's words.")

    class Meta:
        ordering = ["event", "at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(from_value=models.F("to_value")),
                name="publish_transition_changes_something",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event_id} publish state: {self.from_value} -> {self.to_value}"
