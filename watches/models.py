"""Saved Watches: a Watch per key, its versions (never edited), its readings (never edited)."""

from django.db import models

from billing.models import ApiKey
from registry.models import AppendOnly


class Watch(models.Model):
    """A saved Watch. Active Watches hold a slot and are read on the beat schedule."""

    class State(models.TextChoices):
        ACTIVE = "active"
        RETIRED = "retired"

    watch_id = models.CharField(max_length=40, unique=True)
    key = models.ForeignKey(ApiKey, on_delete=models.PROTECT, related_name="watches")
    state = models.CharField(max_length=10, choices=State.choices, default=State.ACTIVE)
    webhook_url = models.URLField(max_length=500, null=True, blank=True)
    webhook_secret = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    retired_at = models.DateTimeField(null=True, blank=True)
    # The newest scheduled time whose reading was handed to the webhook: each period's reading
    # is queued for delivery once, however many times its run ran (`watches.services`).
    dispatched_for = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "watches"
        indexes = [models.Index(fields=["key", "state"], name="watch_by_key")]

    def __str__(self) -> str:
        return self.watch_id


class WatchVersion(AppendOnly):
    """One configuration of a Watch: an edit is a new version, at no charge."""

    watch = models.ForeignKey(Watch, on_delete=models.PROTECT, related_name="versions")
    version = models.PositiveIntegerField()
    base = models.CharField(max_length=60)
    coordinates = models.JSONField(default=dict)
    label = models.CharField(max_length=200, blank=True)
    saved_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["watch", "version"], name="watch_version_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.watch_id} v{self.version}"


class WatchReading(AppendOnly):
    """A scheduled reading; one per version and scheduled time, so a rerun is a no-op."""

    watch = models.ForeignKey(Watch, on_delete=models.PROTECT, related_name="readings")
    version = models.ForeignKey(WatchVersion, on_delete=models.PROTECT, related_name="readings")
    scheduled_for = models.DateTimeField()
    read_at = models.DateTimeField(auto_now_add=True)
    reading = models.JSONField()
    changes = models.JSONField(help_text="What changed since the previous reading.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["version", "scheduled_for"], name="watch_reading_once"),
        ]
        indexes = [models.Index(fields=["watch", "-scheduled_for"], name="reading_by_watch")]

    def __str__(self) -> str:
        return f"{self.watch_id} at {self.scheduled_for}"


class WatchDelivery(AppendOnly):
    """One attempt to deliver a reading to the Watch's webhook, under an id of its own: sent in
    the signed body and in `X-Svc-Delivery`, so a receiver refuses one it has already seen."""

    delivery_id = models.CharField(max_length=40, unique=True)
    reading = models.ForeignKey(WatchReading, on_delete=models.PROTECT, related_name="deliveries")
    resend_of = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="resends",
        help_text="The delivery its owner asked to send again, if this is a re-send.",
    )
    attempt = models.PositiveSmallIntegerField()
    attempted_at = models.DateTimeField(auto_now_add=True)
    status = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.TextField(blank=True)

    class Meta:
        verbose_name_plural = "watch deliveries"

    def __str__(self) -> str:
        return f"{self.delivery_id} (attempt {self.attempt} of reading {self.reading_id})"

    @property
    def succeeded(self) -> bool:
        return bool(self.status and 200 <= self.status < 300)
