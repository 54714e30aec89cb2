"""Django admin for curators: the registry at a glance, fetch health in colour and words."""

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db import models
from django.shortcuts import redirect
from django.urls import path
from django.utils.html import format_html
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from config.cachekeys import curation_changed
from outbound.fetch import OFFLINE
from outbound.netguard import validate_public_url
from registry import services, tasks
from registry.models import (
    Document,
    Entity,
    EntityAlias,
    EntityDay,
    Event,
    EventClaim,
    EventDay,
    EventEntity,
    EventOutlet,
    EventVerb,
    Feed,
    MarketPrice,
    MarketQuestion,
    Outlet,
    PrimarySource,
    Quantity,
    ScheduledJob,
    SourceReading,
    Story,
    Theme,
    TopicKind,
    TripwireAlert,
    Vertical,
)

_COLOURS = {"grey": "#6b7280", "red": "#b91c1c", "amber": "#b45309", "green": "#15803d"}


def badge(colour: str, words: str) -> str:
    return format_html(
        '<span style="color:#fff;background:{};padding:1px 6px;border-radius:8px;'
        'white-space:nowrap">{}</span>',
        _COLOURS[colour],
        words,
    )


def fetch_health_badge(row) -> tuple[str, str]:
    """(colour, words) for a feed's or source's fetch health."""
    if row.last_attempt is None:
        return "grey", "never fetched"
    if row.consecutive_failures:
        return "red", f"failing ({row.consecutive_failures} in a row)"
    if row.last_error:  # confirmed, but items were refused: `last_error` says which and why
        return "amber", "read with errors"
    return "green", "fetched"


def read_health_badge(source: PrimarySource) -> tuple[str, str]:
    """(colour, words) keeping the three silences apart: never fetched, unreadable, quiet."""
    state = PrimarySource.ReadState
    return {
        state.NEVER_FETCHED: ("grey", "never fetched"),
        state.UNREADABLE: ("amber", "fetched but unreadable"),
        state.READ_NOTHING_ACTIVE: ("green", "read and quiet"),
        state.READ: ("green", "read"),
    }[source.read_state]


class TermsField(forms.CharField):
    """A list of words or phrases, edited as one comma-separated line."""

    def prepare_value(self, value):
        return ", ".join(value) if isinstance(value, list) else value

    def to_python(self, value):
        return [part.strip().lower() for part in (value or "").split(",") if part.strip()]


class NamesField(TermsField):
    """A list of names, edited as one comma-separated line, each keeping its capitals."""

    def to_python(self, value):
        return [part.strip() for part in (value or "").split(",") if part.strip()]


class CuratorAdmin(admin.ModelAdmin):
    # A URL typed without a scheme means https (Django 6's default, chosen now).
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    # Every curator's write is served at once: the records it changes are dropped and every
    # other cached read is keyed anew, after the commit (`config.cachekeys.curation_changed`).
    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        curation_changed(self.changed_topics(form.instance))

    def delete_model(self, request, obj):
        topics = self.changed_topics(obj)  # read before the rows that name them are gone
        super().delete_model(request, obj)
        curation_changed(topics)

    def delete_queryset(self, request, queryset):
        topics = [topic for obj in queryset for topic in self.changed_topics(obj)]
        super().delete_queryset(request, queryset)
        curation_changed(topics)

    def changed_topics(self, obj) -> list[str]:
        """Topics whose record an edit of `obj` changes (served anew at once)."""
        topics = []
        for related in ("events", "led_events"):  # attached to, or led by, `obj`
            events = getattr(obj, related, None) if obj.pk else None
            if events is not None:
                topics += events.values_list("subject", flat=True)
        return topics


class ReadOnlyAdmin(CuratorAdmin):
    """Append-only logs and derived rows: viewable, never added, changed or deleted here."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    max_num = 0
    can_delete = False
    show_change_link = True

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Vertical)
class VerticalAdmin(CuratorAdmin):
    list_display = ["slug", "name"]
    search_fields = ["slug", "name"]


class EntityAliasInline(admin.TabularInline):
    model = EntityAlias
    extra = 1


@admin.register(Entity)
class EntityAdmin(CuratorAdmin):
    list_display = ["name", "slug", "kind", "tracked"]
    list_filter = ["tracked", "kind", "verticals"]
    search_fields = ["name", "slug", "aliases__alias"]
    filter_horizontal = ["verticals"]
    inlines = [EntityAliasInline]


@admin.register(Outlet)
class OutletAdmin(CuratorAdmin):
    list_display = ["name", "domain", "tier", "is_wire", "upstream"]
    list_filter = ["tier", "is_wire"]
    search_fields = ["name", "domain"]
    autocomplete_fields = ["upstream"]


FETCH_HEALTH_FIELDS = [
    "last_attempt",
    "last_success",
    "last_change",
    "baseline_established",
    "consecutive_failures",
    "last_error",
    "etag",
    "last_modified",
    "signature",
]


class FetchableAdmin(CuratorAdmin):
    """Feeds and primary sources: a fetch-health badge and "fetch now".

    "Fetch now" enqueues the very task the beat schedule runs, after the admin's transaction.
    """

    fetch_task = None
    actions = ["fetch_now", "activate", "deactivate"]
    readonly_fields = FETCH_HEALTH_FIELDS
    change_form_template = "admin/registry/fetchable_change_form.html"

    @admin.action(description="Fetch now")
    def fetch_now(self, request, queryset):
        if settings.SVC_OFFLINE:  # said, not queued: a refused fetch would count as a failure
            self.message_user(request, f"Nothing fetched: {OFFLINE}.", messages.WARNING)
            return
        count = 0
        for row in queryset:
            self.fetch_task.delay_on_commit(row.pk)
            count += 1
        self.message_user(
            request,
            ngettext(
                "Queued a fetch of %(n)d row; its health updates when it completes.",
                "Queued a fetch of %(n)d rows; their health updates when they complete.",
                count,
            )
            % {"n": count},
            messages.SUCCESS,
        )

    @admin.action(description="Activate selected (read by the beat)", permissions=["change"])
    def activate(self, request, queryset):
        self._switch(request, queryset, active=True)

    @admin.action(description="Deactivate selected (kept, not read)", permissions=["change"])
    def deactivate(self, request, queryset):
        self._switch(request, queryset, active=False)

    def _switch(self, request, queryset, *, active: bool) -> None:
        changed = services.rows_activate(rows=queryset, active=active)
        said = "active: read on the beat schedule" if active else "inactive: kept, not read"
        plural = self.model._meta.verbose_name_plural
        self.message_user(request, f"{changed} {plural} now {said}.", messages.SUCCESS)

    def get_urls(self):
        meta = self.model._meta
        fetch_one = path(
            "<path:object_id>/fetch/",
            self.admin_site.admin_view(require_POST(self.fetch_one)),
            name=f"{meta.app_label}_{meta.model_name}_fetch",
        )
        return [fetch_one, *super().get_urls()]

    def fetch_one(self, request, object_id):
        """The "Fetch now" button on a row's own page: the same action, for that row."""
        row = self.get_object(request, unquote(object_id))
        if row is None or not self.has_change_permission(request, row):
            raise PermissionDenied
        self.fetch_now(request, self.model.objects.filter(pk=row.pk))
        meta = self.model._meta
        return redirect(f"admin:{meta.app_label}_{meta.model_name}_change", row.pk)

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        # A form field that fails Django's URL check ("Enter a valid URL.") never reaches the
        # model's validators, so 0177.0.0.1 would not be told why: the policy runs here too.
        if field is not None and validate_public_url in db_field.validators:
            field.validators.append(validate_public_url)
        return field

    @admin.display(description="fetch health")
    def fetch_health(self, row):
        return badge(*fetch_health_badge(row))


@admin.register(Feed)
class FeedAdmin(FetchableAdmin):
    fetch_task = tasks.fetch_feed
    # Health beside the name: at 1280 px the columns past the fourth scroll out of sight.
    list_display = ["url", "fetch_health", "last_success", "outlet", "vertical", "active"]
    list_filter = ["active", "vertical", "outlet__tier"]
    search_fields = ["url", "outlet__name", "outlet__domain"]
    autocomplete_fields = ["outlet"]


def _terms(name: str, *, what: str = "words or phrases", model=Event,
           kind: type[TermsField] = TermsField) -> TermsField:  # fmt: skip
    """A list field edited as one line, labelled and explained as its model field is."""
    field = model._meta.get_field(name)
    return kind(required=False, label=field.verbose_name.capitalize(),
                help_text=f"{field.help_text} Comma-separated {what}.")  # fmt: skip


IDENTITY_FORM_FIELDS = ["kind", "name", "aliases", "former_names", "edition", "period", "place",
                        "organisation", "outcome"]  # fmt: skip


class EventForm(forms.ModelForm):
    subject_terms = _terms("subject_terms")
    question_terms = _terms("question_terms")
    home_domains = _terms("home_domains", what="domains")
    aliases = _terms("aliases", what="names", kind=NamesField)
    former_names = _terms("former_names", what="names", kind=NamesField)

    class Meta:
        model = Event
        fields = [
            "subject",
            "title",
            "tier",
            "action_class",
            "lead_entity",
            "entities",
            "subject_terms",
            "question_terms",
            "home_domains",
            "publish_state_note",
            *IDENTITY_FORM_FIELDS,
        ]


class NounsField(forms.CharField):
    """A kind's nouns per language, edited as one line a language: "en: storm, hurricane"."""

    widget = forms.Textarea(attrs={"rows": 7})

    def prepare_value(self, value):
        if not isinstance(value, dict):
            return value
        return "\n".join(f"{lang}: {', '.join(words)}" for lang, words in value.items())

    def to_python(self, value):
        said = {}
        for line in (value or "").splitlines():
            lang, colon, words = line.partition(":")
            if not colon:
                if line.strip():
                    raise forms.ValidationError(f"Begin the line with its language: {line!r}")
                continue
            said[lang.strip().lower()] = [w.strip() for w in words.split(",") if w.strip()]
        return said


class TopicKindForm(forms.ModelForm):
    nouns = NounsField(
        required=False,
        label="Nouns",
        help_text=f"{TopicKind._meta.get_field('nouns').help_text} One line a language: "
        "its code, a colon, then the nouns separated by commas.",
    )
    outcomes = _terms("outcomes", model=TopicKind)
    attributes = _terms("attributes", model=TopicKind, what="attributes")

    class Meta:
        model = TopicKind
        fields = ["slug", "name", "description", "nouns", "attributes", "outcomes"]


def _words_form(model, *extra: str, field: str = "words") -> type[forms.ModelForm]:
    """A curated words table's form: its words one line a language (and, `field` another
    words field, that one's too)."""
    fields = {name: NounsField(
        required=False,
        label=model._meta.get_field(name).verbose_name.capitalize(),
        help_text=f"{model._meta.get_field(name).help_text} One line a language: its code, a "
        "colon, then the words separated by commas.",
    ) for name in dict.fromkeys(("words", field))}  # fmt: skip
    meta = type("Meta", (), {"model": model, "fields": ["slug", "name", *fields, *extra]})
    return type("WordsForm", (forms.ModelForm,), {**fields, "Meta": meta})


@admin.register(Quantity)
class QuantityAdmin(CuratorAdmin):
    """What a figure measures, by every word rows and questions call it (docs/identity.md)."""

    form = _words_form(Quantity, "agreed", field="opposite_words")
    list_display = ["slug", "name", "agreed"]
    search_fields = ["slug", "name", "words"]


@admin.register(Theme)
class ThemeAdmin(QuantityAdmin):
    """What a question or a topic is about, by every word that names it (docs/identity.md)."""

    form = _words_form(Theme)
    list_display = ["slug", "name"]


@admin.register(TopicKind)
class TopicKindAdmin(CuratorAdmin):
    """The closed list of topic kinds (docs/identity.md), which curators extend here."""

    form = TopicKindForm
    list_display = ["slug", "name", "description"]
    search_fields = ["slug", "name", "nouns"]

    def changed_topics(self, kind) -> list[str]:
        return list(kind.topics.values_list("subject", flat=True)) if kind.pk else []


# The links are Django's own many-to-many rows, whose default label ("MarketQuestion_events
# object (8)") headed each inline row: they read as what they link instead.
PrimarySource.events.through.__str__ = lambda row: str(row.primarysource)
MarketQuestion.events.through.__str__ = lambda row: str(row.marketquestion)


class LinkInline(admin.TabularInline):
    """An inline of Django's own many-to-many rows, whose column is headed by the field's
    name ("primarysource", shown as PRIMARYSOURCE): headed by what it links instead."""

    extra = 0
    column_label = ""

    column_help = ""

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if db_field.name in self.autocomplete_fields:
            field.label, field.help_text = self.column_label, self.column_help
        return field


class EventSourceInline(LinkInline):
    model = PrimarySource.events.through
    verbose_name = "source guarding this topic"
    verbose_name_plural = "sources guarding this topic (first-party issuers)"
    autocomplete_fields = ["primarysource"]
    column_label = "source"
    column_help = "Its reading is this topic's primarySources layer; a flip raises a tripwire."


class EventMarketInline(LinkInline):
    model = MarketQuestion.events.through
    verbose_name = "market question"
    verbose_name_plural = "market questions (belief, not fact)"
    autocomplete_fields = ["marketquestion"]
    column_label = "market question"
    column_help = "Its price is shown in this topic's market layer, as belief, never fact."


@admin.register(Event)
class EventAdmin(CuratorAdmin):
    def changed_topics(self, event) -> list[str]:
        renamed = event.subject != getattr(event, "_loaded_subject", event.subject)
        return [event.subject, *([event._loaded_subject] if renamed else [])]

    def get_object(self, request, object_id, from_field=None):
        event = super().get_object(request, object_id, from_field)
        if event is not None:
            event._loaded_subject = event.subject
        return event

    form = EventForm
    list_display = ["subject", "title", "kind", "identity", "lead_entity", "publish_state"]
    list_filter = ["tier", "kind", "identity_status", "action_class", "publish_state"]
    fieldsets = [
        (None, {"fields": ["subject", "title", "tier", "action_class", "lead_entity",
                           "entities", "subject_terms", "question_terms", "home_domains",
                           "publish_state_note"]}),
        ("What the topic is (its identity)", {
            "fields": ["identity", *IDENTITY_FORM_FIELDS],
            "description": "What the Answer Engine holds a question's subject to: another kind, "
            "number, place, organisation or period under the same name is a neighbour the "
            "registry does not track. Left without a kind, one is proposed on save from the "
            "title, lead entity and terms; saving this page with a kind confirms what it shows."}),
    ]  # fmt: skip
    readonly_fields = ["identity"]

    def save_model(self, request, obj, form, change):
        # A curator who saves the page with a kind stands behind the identity it shows.
        if obj.kind_id is not None:
            obj.identity_status = Event.IdentityStatus.CONFIRMED
        super().save_model(request, obj, form, change)
        # The proposal reads the attached entities, saved only after the topic itself.
        obj._propose_identity = obj.kind_id is None  # on the row: one admin serves every request

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        event = form.instance
        if getattr(event, "_propose_identity", False) and services.identity_filled(event=event):
            event.save()
            kind = event.kind.name if event.kind else "no kind"
            self.message_user(request, f"{event.subject}: identity proposed ({kind}); check it "
                              "and mark it confirmed.", messages.WARNING)  # fmt: skip

    @admin.display(description="identity", ordering="identity_status")
    def identity(self, event):
        confirmed = event.identity_status == Event.IdentityStatus.CONFIRMED
        return badge("green" if confirmed else "amber", event.identity_status)

    @admin.action(description="Confirm the identity of selected topics", permissions=["change"])
    def confirm_identities(self, request, queryset):
        done = services.identity_confirm(events=queryset)
        self.message_user(request, f"Confirmed: {', '.join(done) or 'none to confirm'}.")

    search_fields = ["subject", "title", "lead_entity__name"]
    autocomplete_fields = ["lead_entity"]
    filter_horizontal = ["entities"]
    inlines = [EventSourceInline, EventMarketInline]
    list_select_related = ["lead_entity", "kind"]


class SourceReadingInline(ReadOnlyInline):
    model = SourceReading
    fields = ["attempted_at", "ok", "http_status", "observed_state", "error"]
    readonly_fields = fields
    ordering = ["-attempted_at"]
    verbose_name_plural = "readings (append-only)"

    def get_queryset(self, request):
        return super().get_queryset(request).order_by("-attempted_at")


@admin.register(PrimarySource)
class PrimarySourceAdmin(FetchableAdmin):
    fetch_task = tasks.fetch_source
    list_display = ["name", "fetch_health", "read_health", "observed_state", "issuer", "active"]
    list_filter = ["active", "parser", "read_state", "observed_state"]
    search_fields = ["slug", "name", "issuer"]
    filter_horizontal = ["events"]
    inlines = [SourceReadingInline]
    readonly_fields = [
        *FETCH_HEALTH_FIELDS,
        "last_read",
        "last_read_ref",
        "consecutive_unread",
        "last_unread_at",
        "observed_state",
        "observed",
        "observed_ref",
        "observed_date",
        "observed_read_at",
        "verified_as_of",
        "read_state",
        "read_state_note",
    ]
    fieldsets = [
        (None, {"fields": ["slug", "name", "issuer", "cadence", "events", "active"]}),
        ("Where and how it is read", {"fields": ["fetch_url", "parser", "active_pattern",
                                                 "quiet_pattern", "links", "link_note",
                                                 "scope_note"]}),
        ("What the issuer says (latest successful read)", {"fields": [
            "observed_state", "observed", "observed_ref", "observed_date", "observed_read_at",
            "verified_as_of", "read_state", "read_state_note"]}),
        ("Fetch health", {"fields": FETCH_HEALTH_FIELDS}),
        ("Read health", {"fields": ["last_read", "last_read_ref", "consecutive_unread",
                                    "last_unread_at"]}),
    ]  # fmt: skip

    @admin.display(description="read health")
    def read_health(self, source):
        return badge(*read_health_badge(source))


@admin.register(SourceReading)
class SourceReadingAdmin(ReadOnlyAdmin):
    list_display = ["source", "attempted_at", "ok", "http_status", "observed_state", "error"]
    list_filter = ["ok", "observed_state", "source"]
    search_fields = ["source__name", "observed_words", "error"]
    list_select_related = ["source"]


@admin.register(TripwireAlert)
class TripwireAlertAdmin(ReadOnlyAdmin):
    """Flips of a source's observed state: append-only, computed from two confirmed readings."""

    list_display = ["source", "from_state", "to_state", "at"]
    list_filter = ["to_state", "source"]
    list_select_related = ["source"]


class MarketPriceInline(ReadOnlyInline):
    model = MarketPrice
    fields = ["captured_at", "probability_pct", "priced_at", "volume_24h"]
    readonly_fields = fields
    verbose_name_plural = "price snapshots (append-only)"


@admin.register(MarketQuestion)
class MarketQuestionAdmin(FetchableAdmin):
    fetch_task = tasks.import_market
    list_display = ["question", "fetch_health", "venue", "deadline", "is_resolved", "active"]
    list_filter = ["active", "venue", "is_resolved", "category"]
    search_fields = ["question", "external_id"]
    filter_horizontal = ["events", "entities"]
    inlines = [MarketPriceInline]


@admin.register(MarketPrice)
class MarketPriceAdmin(ReadOnlyAdmin):
    list_display = ["question", "captured_at", "probability_pct", "volume_24h"]
    list_filter = ["question__venue"]
    list_select_related = ["question"]


@admin.register(Document)
class DocumentAdmin(CuratorAdmin):
    list_display = ["title", "outlet", "vertical", "day", "is_market_question_page"]
    list_filter = ["vertical", "is_market_question_page", "outlet__tier", "day"]
    search_fields = ["title", "url"]
    raw_id_fields = ["outlet", "feed"]
    list_select_related = ["outlet", "vertical"]
    readonly_fields = ["fetched_at", "ingested_at"]
    date_hierarchy = "day"
    # A million rows: skip the exact unfiltered count on every changelist.
    show_full_result_count = False


class StoryMemberInline(ReadOnlyInline):
    model = Document
    fields = ["title", "outlet", "day", "url"]
    readonly_fields = fields
    verbose_name_plural = "documents in this story"


@admin.register(Story)
class StoryAdmin(ReadOnlyAdmin):
    """Origin clusters, derived from documents: viewable only."""

    list_display = [
        "title",
        "documents",
        "publisher_count",
        "origin_count",
        "known_origin_count",
        "first_seen",
        "last_seen",
    ]
    list_filter = ["known_origin_count"]
    search_fields = ["title"]
    exclude = ["signature"]
    inlines = [StoryMemberInline]
    show_full_result_count = False


@admin.register(EntityDay)
class EntityDayAdmin(ReadOnlyAdmin):
    list_display = ["entity", "vertical", "day", "documents"]
    list_filter = ["vertical"]
    search_fields = ["entity__name"]
    list_select_related = ["entity", "vertical"]
    show_full_result_count = False


@admin.register(EventDay)
class EventDayAdmin(ReadOnlyAdmin):
    list_display = ["event", "day", "mentions", "with_verbs"]
    search_fields = ["event__subject"]
    list_select_related = ["event"]


@admin.register(EventOutlet, EventVerb, EventEntity, EventClaim)
class EventTotalAdmin(ReadOnlyAdmin):
    """The per-event totals a topic record reads; maintained by ingest, never edited."""

    list_display = ["__str__", "documents"]
    search_fields = ["event__subject"]
    show_full_result_count = False


@admin.register(ScheduledJob)
class ScheduledJobAdmin(ReadOnlyAdmin):
    list_display = [
        "name",
        "last_attempt",
        "last_success",
        "consecutive_failures",
        "last_error",
        "claimed_period",
        "claimed_by",
        "skips",
        "last_skip_note",
    ]
