from django.contrib import admin

from answers.models import AskTicket
from registry.admin import ReadOnlyAdmin


@admin.register(AskTicket)
class AskTicketAdmin(ReadOnlyAdmin):
    list_display = ["ticket", "mode", "status", "attempts", "submitted_at", "finished_at"]
    list_filter = ["status", "mode"]
