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
