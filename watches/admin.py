"""Watches are the customers' own: curators may look, never edit."""

from django.contrib import admin

from registry.admin import ReadOnlyAdmin
from watches.models import Watch, WatchDelivery, WatchReading, WatchVersion


@admin.register(Watch)
class WatchAdmin(ReadOnlyAdmin):
    list_display = ["watch_id", "key", "state", "created_at", "retired_at"]
    exclude = ["webhook_secret"]


@admin.register(WatchVersion)
class WatchVersionAdmin(ReadOnlyAdmin):
    list_display = ["watch", "version", "base", "label", "saved_at"]


@admin.register(WatchReading)
class WatchReadingAdmin(ReadOnlyAdmin):
    list_display = ["watch", "version", "scheduled_for", "read_at"]


@admin.register(WatchDelivery)
class WatchDeliveryAdmin(ReadOnlyAdmin):
    list_display = ["delivery_id", "reading", "attempt", "attempted_at", "status", "resend_of"]
    search_fields = ["delivery_id", "reading__watch__watch_id"]
