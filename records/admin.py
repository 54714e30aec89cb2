from django.contrib import admin

from records.models import StateTransition
from registry.admin import ReadOnlyAdmin


@admin.register(StateTransition)
class StateTransitionAdmin(ReadOnlyAdmin):
    """State history: append-only, so viewable and never edited or deleted here."""

    list_display = ["event", "field", "from_value", "to_value", "at", "held_since"]
    list_filter = ["field", "to_value"]
    search_fields = ["event__subject"]
    list_select_related = ["event"]
    date_hierarchy = "at"
