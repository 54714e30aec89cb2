from django.contrib import admin

from registry.models import ScheduledJob


@admin.register(ScheduledJob)
class ScheduledJobAdmin(admin.ModelAdmin):
    list_display = ["name", "last_attempt", "last_success", "consecutive_failures", "last_error"]
    readonly_fields = list_display

    def has_add_permission(self, request):
        return False
