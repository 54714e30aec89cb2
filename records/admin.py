"""The read side in the admin: state histories (view only) and the topic's publish state.

The topic's admin is the registry's (`registry.admin.EventAdmin`) plus what only this room may
call: retiring and publishing again (`records.services`), which append to the publish-state
history. A topic with history cannot be deleted (history is never deleted, and it points at the
topic): the delete pages say so and offer to retire it instead.
"""

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.shortcuts import redirect
from django.urls import path
from django.views.decorators.http import require_POST

from records.models import PublishTransition, StateTransition
from records.services import topic_retire, topic_unretire
from registry.admin import EventAdmin, ReadOnlyAdmin, ReadOnlyInline
from registry.models import Event


@admin.register(StateTransition)
class StateTransitionAdmin(ReadOnlyAdmin):
    """State history: append-only, so viewable and never edited or deleted here."""

    list_display = ["event", "field", "from_value", "to_value", "at", "held_since"]
    list_filter = ["field", "to_value"]
    search_fields = ["event__subject"]
    list_select_related = ["event"]
    date_hierarchy = "at"


@admin.register(PublishTransition)
class PublishTransitionAdmin(ReadOnlyAdmin):
    """Topics retired and published again: who, when and why; append-only."""

    list_display = ["event", "from_value", "to_value", "at", "by", "note"]
    list_filter = ["to_value"]
    search_fields = ["event__subject", "by"]
    list_select_related = ["event"]


class PublishTransitionInline(ReadOnlyInline):
    model = PublishTransition
    fields = ["at", "from_value", "to_value", "by", "note"]
    readonly_fields = fields
    verbose_name_plural = "publish-state history (append-only)"


MOVES = {"retire": (topic_retire, "Retired"), "unretire": (topic_unretire, "Published again")}

admin.site.unregister(Event)


@admin.register(Event)
class TopicAdmin(EventAdmin):
    """A topic: retired or published again by action or by the button on its page."""

    actions = ["retire_topics", "unretire_topics", "confirm_identities"]
    readonly_fields = [*EventAdmin.readonly_fields, "publish_state", "publish_state_since"]
    fieldsets = [
        *EventAdmin.fieldsets,
        ("Publish state", {"fields": ["publish_state", "publish_state_since"]}),
    ]
    inlines = [*EventAdmin.inlines, PublishTransitionInline]
    change_form_template = "admin/records/topic_change_form.html"
    delete_confirmation_template = "admin/records/topic_delete_confirmation.html"
    delete_selected_confirmation_template = "admin/records/topic_delete_selected_confirmation.html"

    @admin.action(
        description="Retire selected topics (kept readable, left out of listings)",
        permissions=["change"],
    )
    def retire_topics(self, request, queryset):
        self._move(request, queryset, "retire")

    @admin.action(description="Publish selected retired topics again", permissions=["change"])
    def unretire_topics(self, request, queryset):
        self._move(request, queryset, "unretire")

    def _move(self, request, queryset, move: str) -> None:
        service, done = MOVES[move]
        by = request.user.get_username()
        moved = [event.subject for event in queryset if service(event=event, by=by)]
        if moved:
            self.message_user(request, f"{done}: {', '.join(moved)}.", messages.SUCCESS)
        else:
            self.message_user(request, "Nothing to change: each was already so.", messages.INFO)

    def get_urls(self):
        meta = self.model._meta
        moves = [
            path(
                f"<path:object_id>/{move}/",
                self.admin_site.admin_view(require_POST(self._move_one(move))),
                name=f"{meta.app_label}_{meta.model_name}_{move}",
            )
            for move in MOVES
        ]
        return [*moves, *super().get_urls()]

    def _move_one(self, move: str):
        def view(request, object_id):
            """The buttons on a topic's page and its delete page: the action, for that topic."""
            event = self.get_object(request, unquote(object_id))
            if event is None or not self.has_change_permission(request, event):
                raise PermissionDenied
            self._move(request, Event.objects.filter(pk=event.pk), move)
            return redirect("admin:registry_event_change", event.pk)

        return view

    def render_delete_form(self, request, context):
        context["history"] = _history_of([context["object"].pk])
        return super().render_delete_form(request, context)


def _history_of(event_ids: list[int]) -> dict[str, int]:
    """What keeps topics from deletion, counted: their recorded history and counted days (both
    append-only or derived, so no account may delete them, a superuser's included)."""
    return Event.objects.filter(pk__in=event_ids).aggregate(
        states=Count("transitions", distinct=True),
        publish=Count("publish_transitions", distinct=True),
        days=Count("days", distinct=True),
    )
