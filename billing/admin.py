"""Curators grant paid slots and edit prices; keys, asks and slot uses are read-only records."""

from django.contrib import admin

from billing import services
from billing.models import ApiKey, AskCharge, EmailClaim, Price, SlotGrant, SlotUse
from registry.admin import ReadOnlyAdmin


@admin.register(Price)
class PriceAdmin(admin.ModelAdmin):
    list_display = ["unit", "amount", "currency", "per", "how_to_buy"]


@admin.register(ApiKey)
class ApiKeyAdmin(ReadOnlyAdmin):
    list_display = ["prefix", "created_at", "asks_used", "email", "email_verified_at", "revoked_at"]
    search_fields = ["prefix", "email"]
    exclude = ["digest"]


@admin.register(AskCharge)
class AskChargeAdmin(ReadOnlyAdmin):
    list_display = ["pk", "key", "address", "day", "charged_at", "refunded_at"]


@admin.register(EmailClaim)
class EmailClaimAdmin(ReadOnlyAdmin):
    list_display = ["email", "key", "created_at", "used_at"]
    exclude = ["nonce"]


@admin.register(SlotUse)
class SlotUseAdmin(ReadOnlyAdmin):
    list_display = ["key", "kind", "email", "holder", "taken_at", "released_at"]


@admin.register(SlotGrant)
class SlotGrantAdmin(admin.ModelAdmin):
    """The paid-slot ledger: rows are added (a grant, or a negative withdrawal), never edited."""

    list_display = ["key", "slots", "reason", "granted_by", "granted_at"]
    fields = ["key", "slots", "reason"]

    def has_change_permission(self, request, obj=None):
        return obj is None

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        granted = services.slot_grant(key=obj.key, slots=obj.slots, reason=obj.reason,
                                      by=request.user.get_username())  # fmt: skip
        obj.pk, obj.granted_at, obj.granted_by = granted.pk, granted.granted_at, granted.granted_by
