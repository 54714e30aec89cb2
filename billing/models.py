"""Keys, what they may spend, and the prices they spend it at.

Quotas are rows, counted by conditional UPDATE or INSERT ... ON CONFLICT inside the database,
never in a cache: under concurrency the database is the only counter that cannot be raced.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q


class ApiKey(models.Model):
    """A self-issued key. The key itself is never stored: only its HMAC and a display prefix."""

    digest = models.CharField(max_length=64, unique=True, help_text="HMAC-SHA256 with the pepper.")
    prefix = models.CharField(max_length=20, help_text="Shown to identify the key, never secret.")
    created_at = models.DateTimeField(auto_now_add=True)
    created_from = models.GenericIPAddressField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    asks_used = models.PositiveIntegerField(default=0)
    email = models.EmailField(null=True, blank=True, help_text="Verified address, if any.")
    email_canonical = models.CharField(
        max_length=254,
        null=True,
        blank=True,
        db_index=True,
        help_text="The verified address's mailbox (billing.addresses): whose opening offer.",
    )
    email_verified_at = models.DateTimeField(null=True, blank=True)

    is_authenticated = True  # DRF reads the authenticated credential as the request's user

    class Meta:
        verbose_name = "API key"
        verbose_name_plural = "API keys"

    def __str__(self) -> str:
        return f"{self.prefix}…"


class EmailClaim(models.Model):
    """A pending verification: the e-mailed token's nonce, usable once."""

    key = models.ForeignKey(ApiKey, on_delete=models.CASCADE, related_name="email_claims")
    email = models.EmailField()
    nonce = models.CharField(max_length=32, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.email} for {self.key}"


class AddressDay(models.Model):
    """Per network address and UTC day: anonymous asks used and keys issued."""

    address = models.GenericIPAddressField()
    day = models.DateField()
    asks_used = models.PositiveIntegerField(default=0)
    keys_issued = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["address", "day"], name="address_day_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.address} on {self.day}"


class MailboxDay(models.Model):
    """Per canonical mailbox (billing.addresses) and UTC day: verification mails sent to it."""

    mailbox = models.CharField(max_length=254)
    day = models.DateField()
    verify_mails = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["mailbox", "day"], name="mailbox_day_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.mailbox} on {self.day}"


class AskCharge(models.Model):
    """One metered ask: charged at submission, refunded at most once if the engine fails."""

    key = models.ForeignKey(ApiKey, null=True, blank=True, on_delete=models.PROTECT)
    address = models.GenericIPAddressField(null=True, blank=True)
    day = models.DateField(help_text="The UTC day an anonymous ask counted against.")
    charged_at = models.DateTimeField(auto_now_add=True)
    refunded_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"ask {self.pk} ({'refunded' if self.refunded_at else 'charged'})"


class SlotGrant(models.Model):
    """Ledger: paid Watch slots granted to a key (a staff action or a payment record)."""

    key = models.ForeignKey(ApiKey, on_delete=models.PROTECT, related_name="slot_grants")
    slots = models.IntegerField(help_text="Positive to grant, negative to withdraw.")
    reason = models.CharField(max_length=200)
    granted_at = models.DateTimeField(auto_now_add=True)
    granted_by = models.CharField(max_length=150, blank=True)

    def __str__(self) -> str:
        return f"{self.slots:+d} for {self.key}: {self.reason}"


class SlotUse(models.Model):
    """A slot held by a saved Watch, from taking to release. Paid slots are taken first."""

    class Kind(models.TextChoices):
        PAID = "paid"
        OPENING = "opening"

    key = models.ForeignKey(ApiKey, on_delete=models.PROTECT, related_name="slot_uses")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    email = models.CharField(
        max_length=254,
        null=True,
        blank=True,
        help_text="Whose opening allowance: the canonical mailbox (billing.addresses).",
    )
    holder = models.CharField(max_length=64, help_text="What holds it (a Watch id).")
    taken_at = models.DateTimeField(auto_now_add=True)
    released_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["holder"], condition=Q(released_at__isnull=True), name="one_slot_per_holder"
            ),
            models.CheckConstraint(
                condition=Q(kind="paid") | Q(email__isnull=False), name="opening_slot_has_email"
            ),
            models.CheckConstraint(
                condition=Q(released_at__isnull=True) | Q(released_at__gte=F("taken_at")),
                name="slot_released_after_taken",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} slot of {self.key} for {self.holder}"


class Price(models.Model):
    """A unit of the tariff, edited by curators; the tariff and every 402 read from here."""

    class Unit(models.TextChoices):
        WATCH = "watch"
        ASK = "ask"
        READ = "read"

    unit = models.CharField(max_length=10, choices=Unit.choices, unique=True)
    amount = models.DecimalField(
        max_digits=10, decimal_places=2, null=True, blank=True, help_text="Empty: not on sale."
    )
    currency = models.CharField(max_length=3, default="USD")
    per = models.CharField(max_length=40, help_text='e.g. "watch per month", "ask".')
    included = models.CharField(max_length=300, blank=True, help_text="What is free.")
    opening_offer = models.CharField(max_length=300, blank=True)
    how_to_buy = models.CharField(
        max_length=300, help_text="{contact} is replaced by SVC_CONTACT_EMAIL when served."
    )

    def __str__(self) -> str:
        return f"{self.unit}: {self.amount} {self.currency} per {self.per}"

    def how_to_buy_text(self) -> str:
        """The curated words, with the contact address where they say {contact}."""
        return self.how_to_buy.replace("{contact}", settings.SVC_CONTACT_EMAIL)
