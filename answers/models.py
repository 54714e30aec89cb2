"""Asks: every submission is a ticket, sync or async, so a replay finds the first answer."""

from django.db import models
from django.db.models import Q
from django.utils import timezone

from billing.models import ApiKey, AskCharge
from registry.models import AppendOnly


class AskTicket(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    class Mode(models.TextChoices):
        SYNC = "sync"
        ASYNC = "async"

    ticket = models.CharField(max_length=64, unique=True, help_text="Unguessable; the claim.")
    key = models.ForeignKey(ApiKey, null=True, blank=True, on_delete=models.PROTECT)
    address = models.GenericIPAddressField(null=True, blank=True)
    question = models.TextField()
    topic = models.CharField(max_length=120, blank=True)
    mode = models.CharField(max_length=5, choices=Mode.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    charge = models.OneToOneField(AskCharge, on_delete=models.PROTECT, related_name="ticket")
    idempotency_scope = models.CharField(max_length=80, blank=True)
    idempotency_key = models.CharField(max_length=200, blank=True)
    request_digest = models.CharField(max_length=64)
    answer = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    submitted_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(
        null=True, blank=True, help_text="When its message was last sent (or due) to the queue."
    )
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    as_of = models.DateTimeField(
        null=True,
        blank=True,
        help_text="The instant its answer reads as of: the one asked for, else its submission "
        "(every attempt reads the same rows). Empty for asks made before it was kept.",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["idempotency_scope", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="ask_idempotency_once",
            ),
        ]
        indexes = [models.Index(fields=["status", "started_at"], name="ticket_by_status")]

    def __str__(self) -> str:
        return f"{self.ticket[:8]}… {self.status}"


class Embedding(models.Model):
    """A registry text's embedding, kept so each process loads it instead of computing it.

    Keyed by what it embeds (a topic, an entity, or a document's title and summary), the model,
    and the text's digest: a changed text (a renamed entity, a new alias, new curated terms, an
    edited headline) is embedded again, nothing else is.
    """

    class Kind(models.TextChoices):
        TOPIC = "topic"
        ENTITY = "entity"
        DOCUMENT = "document"

    kind = models.CharField(max_length=10, choices=Kind.choices)
    key = models.PositiveBigIntegerField(help_text="The event's, entity's or document's id.")
    model = models.CharField(max_length=100)
    text_sha256 = models.CharField(max_length=64)
    vector = models.BinaryField(help_text="float32, L2-normalised.")
    # When it was kept: an answer as of an earlier instant reads only vectors kept by then.
    # Empty for vectors kept before the stamp existed (read by every answer).
    kept_at = models.DateTimeField(null=True, blank=True, default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind", "key", "model"], name="embedding_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} ({self.model})"


class QualityCard(AppendOnly):
    """One published quality card (`manage.py publish_quality`): kept forever, the newest
    served. A row in the database, not a file, so every process and every machine of the
    service serves the same card, and a restart or a redeploy keeps it; its number is the
    card's version, which `/api/v1/release` names."""

    published_at = models.DateTimeField()
    card = models.JSONField(help_text="The svc.quality.v1 members the evaluation produced.")
    digest = models.CharField(max_length=71, help_text="sha256: of the card's canonical JSON.")

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return f"quality card {self.pk} of {self.published_at:%Y-%m-%d}"
