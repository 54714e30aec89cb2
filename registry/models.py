"""The write side that curators own and ingestion fills.

Curated rows (verticals, entities, outlets, feeds, events, primary sources, market questions) are
edited in the admin. Ingested rows (documents, mentions, source readings, market prices, per-day
rollups) are written by services only. Append-only logs refuse updates and deletes in the model,
and the admin shows them read-only.
"""

import re

from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator, URLValidator
from django.db import models
from django.db.models.functions import Cast, Greatest
from django.utils import timezone

from outbound.netguard import validate_public_url

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
validate_subject_slug = RegexValidator(
    re.compile(SLUG_PATTERN),
    "Use lowercase letters and digits in words joined by single hyphens, "
    "for example hurricane-season-2026 (no spaces, capitals, underscores or trailing hyphen).",
    code="invalid_slug",
)


class ActionClass(models.TextChoices):
    DISASTER = "disaster"
    ELECTION = "election"
    RATE_DECISION = "rate-decision"
    CEASEFIRE_DEAL = "ceasefire-deal"
    ECON_RELEASE = "econ-release"
    FUNDING_ROUND = "funding-round"


class AssertionVerb(models.TextChoices):
    """The 18-verb vocabulary of `layers.record.asserts`."""

    MILITARY_ACTION = "military-action"
    UTTERANCE = "utterance"
    MEETING_VISIT = "meeting-visit"
    DISASTER = "disaster"
    SANCTION_TRADE = "sanction-trade"
    LAUNCH_RELEASE = "launch-release"
    ACQUISITION = "acquisition"
    ELECTION = "election"
    LEGAL_RULING = "legal-ruling"
    REGULATORY_APPROVAL = "regulatory-approval"
    RATE_DECISION = "rate-decision"
    ECON_RELEASE = "econ-release"
    PRICE_THRESHOLD = "price-threshold"
    FUNDING_ROUND = "funding-round"
    SPORTS_OUTCOME = "sports-outcome"
    CEASEFIRE_DEAL = "ceasefire-deal"
    IPO_LISTING = "ipo-listing"
    LEADER_EXIT = "leader-exit"


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise TypeError(f"{self.model.__name__} is append-only: rows are never updated")

    def delete(self):
        raise TypeError(f"{self.model.__name__} is append-only: rows are never deleted")


class AppendOnly(models.Model):
    """A history row: written once inside the service's transaction, never edited or removed."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise TypeError(f"{type(self).__name__} is append-only: rows are never updated")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError(f"{type(self).__name__} is append-only: rows are never deleted")


class Vertical(models.Model):
    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=80)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.name


class Entity(models.Model):
    """A person, organisation, place or thing the feed tracks. `tracked` is the tracked set."""

    class Kind(models.TextChoices):
        PERSON = "person"
        ORGANIZATION = "organization"
        COUNTRY = "country"
        PLACE = "place"
        STORM = "storm"
        INDICATOR = "indicator"
        COMPANY = "company"
        OTHER = "other"

    slug = models.SlugField(
        max_length=80,
        unique=True,
        validators=[validate_subject_slug],
        help_text="The entity's address: /api/v1/entities/<slug>. Lowercase words joined by "
        "hyphens, for example central-bank-of-calder.",
    )
    name = models.CharField(
        max_length=120,
        help_text="The name as reporting writes it. A document that names it (or one of its "
        "aliases below) as whole words is counted for this entity.",
    )
    kind = models.CharField(
        max_length=20,
        choices=Kind.choices,
        default=Kind.OTHER,
        help_text="What it is. Countries and places also tell the Answer Engine where a question "
        "is set.",
    )
    tracked = models.BooleanField(
        default=True,
        db_index=True,
        help_text="In the tracked-entity set: its reporting and markets are measured. Unticked, "
        "a topic it leads says subject-not-in-tracked-entity-set (unmeasured, not zero).",
    )
    verticals = models.ManyToManyField(
        Vertical,
        blank=True,
        related_name="entities",
        help_text="The verticals its attention is counted in (signals and accelerating by "
        "vertical).",
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "entities"

    def __str__(self) -> str:
        return self.name


class EntityAlias(models.Model):
    """Another name an entity is mentioned by ("Fed" for "Federal Reserve")."""

    entity = models.ForeignKey(Entity, on_delete=models.CASCADE, related_name="aliases")
    alias = models.CharField(
        max_length=120,
        help_text='Another name documents use for the entity ("Fed" for "Federal Reserve"), '
        "matched as whole words like the name; entity search finds it too.",
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["alias"]
        verbose_name = "alias"
        verbose_name_plural = "aliases"
        constraints = [
            models.UniqueConstraint(fields=["entity", "alias"], name="entity_alias_unique"),
        ]

    def __str__(self) -> str:
        return self.alias


class Outlet(models.Model):
    """A publisher. `upstream` names the outlet it syndicates from (a wire service)."""

    class Tier(models.TextChoices):
        OUTLET = "outlet"
        SOCIAL_AGGREGATOR = "social/aggregator"

    domain = models.CharField(max_length=200, unique=True)
    name = models.CharField(max_length=200)
    tier = models.CharField(max_length=20, choices=Tier.choices, default=Tier.OUTLET)
    is_wire = models.BooleanField(default=False)
    upstream = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="syndicators"
    )

    class Meta:
        ordering = ["domain"]

    def __str__(self) -> str:
        return self.name

    def clean(self):
        self.domain = self.domain.strip().lower()
        if self.upstream_id and self.upstream_id == self.pk:
            raise ValidationError({"upstream": "An outlet cannot syndicate from itself."})


class FetchHealth(models.Model):
    """The spec's `fetchHealth` block, shared by feeds and primary sources.

    Stamps move only on a confirmed fetch; a failure increments `consecutive_failures` and
    records `last_error`, and changes nothing else.
    """

    last_attempt = models.DateTimeField(null=True, blank=True)
    last_success = models.DateTimeField(null=True, blank=True)
    last_change = models.DateTimeField(null=True, blank=True)
    baseline_established = models.DateTimeField(null=True, blank=True)
    consecutive_failures = models.PositiveIntegerField(default=0)
    last_error = models.TextField(null=True, blank=True)
    etag = models.CharField(max_length=300, null=True, blank=True)
    last_modified = models.CharField(max_length=100, null=True, blank=True)
    signature = models.CharField(max_length=80, null=True, blank=True)

    class Meta:
        abstract = True


class Feed(FetchHealth):
    """An RSS 2.0 or Atom feed of reporting, read on the beat schedule. Not a source: its items
    are reporting (`layers.reporting`); sources are first-party issuers (`PrimarySource`)."""

    url = models.URLField(
        max_length=1000,
        unique=True,
        validators=[validate_public_url],
        help_text="The feed's address (RSS 2.0, Atom or JSON Feed). Its items become documents "
        "of reporting, attributed to the outlet.",
    )
    outlet = models.ForeignKey(
        Outlet, on_delete=models.PROTECT, related_name="feeds", help_text="Who publishes it."
    )
    vertical = models.ForeignKey(
        Vertical,
        on_delete=models.PROTECT,
        related_name="feeds",
        help_text="The vertical its documents are counted in.",
    )
    active = models.BooleanField(
        default=True, help_text="Read on the beat schedule (unticked: kept, not read)."
    )

    class Meta:
        ordering = ["url"]

    def __str__(self) -> str:
        return self.url


class TopicKind(models.Model):
    """What kind of thing a topic is: a storm, a person, an election, a statistical release...

    A closed list, documented in docs/identity.md and seeded by migration, that curators extend
    here. The Answer Engine reads it, not a word list in code: a question that calls its subject
    by another kind's noun ("the singer <name>" for a storm's name) is about another thing.
    """

    class Attribute(models.TextChoices):
        EDITION = "edition", "number, edition or model"
        PERIOD = "period", "year or period"
        PLACE = "place", "place or jurisdiction"
        ORGANISATION = "organisation", "organisation or issuer"

    slug = models.SlugField(
        max_length=40,
        unique=True,
        validators=[validate_subject_slug],
        help_text="The kind's id, as the record's identity.kind gives it (storm, person...).",
    )
    name = models.CharField(max_length=80, help_text="The kind as a reader calls it.")
    description = models.TextField(blank=True, help_text="What belongs to this kind.")
    nouns = models.JSONField(
        default=dict,
        blank=True,
        help_text="Words that call a thing of this kind what it is, per language the Answer "
        'Engine answers ({"en": ["storm", "hurricane"], "es": ["huracán"]}). A question '
        "that calls a tracked name by another kind's noun is about another thing of that name.",
    )
    attributes = models.JSONField(
        default=list,
        blank=True,
        help_text="Which attributes tell a thing of this kind from its neighbours: edition, "
        "period, place, organisation.",
    )
    entity_kinds = models.JSONField(
        "entity kinds",
        default=list,
        blank=True,
        help_text="The kinds of entity that are things of this kind (a person entity is a "
        "person): a topic led by one is proposed this kind, and a question that calls such an "
        "entity by another kind's noun is about another thing of the same name.",
    )
    outcomes = models.JSONField(
        default=list,
        blank=True,
        help_text="Outcomes a topic of this kind usually tracks (signed, made landfall, held, "
        "cut, elected...): offered first when a topic's identity is proposed.",
    )

    class Meta:
        ordering = ["slug"]
        verbose_name = "topic kind"

    def __str__(self) -> str:
        return self.name

    def all_nouns(self) -> list[str]:
        """Every language's nouns, each once."""
        return _every_language(self.nouns)

    def clean(self):
        _words_by_language(self, "nouns")
        _words_field(self, "outcomes")
        _words_field(self, "entity_kinds")
        if set(self.entity_kinds) - set(Entity.Kind.values):
            raise ValidationError({"entity_kinds": f"Use only {', '.join(Entity.Kind.values)}."})
        wrong = set(self.attributes or []) - set(self.Attribute.values)
        if not isinstance(self.attributes, list) or wrong:
            raise ValidationError({"attributes": f"Use only {', '.join(self.Attribute.values)}."})


def _words_field(row: models.Model, name: str, *, names: bool = False) -> None:
    """A curated list of words: strings only, trimmed and lower-cased (names keep their
    capitals), empties dropped."""
    value = getattr(row, name)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValidationError({name: f"Give a list of {'names' if names else 'words or phrases'}."})
    setattr(row, name, [v.strip() if names else v.strip().lower() for v in value if v.strip()])


def _words_by_language(row: models.Model, name: str) -> None:
    """Curated words per language ({"en": [...], "es": [...]}): each language's a list of
    words, trimmed and lower-cased, empty languages and words dropped."""
    said = getattr(row, name)
    if not isinstance(said, dict) or not all(
        isinstance(words, list) and all(isinstance(w, str) for w in words)
        for words in said.values()
    ):  # fmt: skip
        raise ValidationError({name: "Give each language's words as a list."})
    setattr(row, name, {lang.strip().lower(): [w.strip().lower() for w in words if w.strip()]
                        for lang, words in said.items() if lang.strip()})  # fmt: skip


def _every_language(said: dict | None) -> list[str]:
    """Every language's words of a `_words_by_language` field, each once."""
    return list(dict.fromkeys(w for words in (said or {}).values() for w in words))


class Quantity(models.Model):
    """What a figure measures, by every word a row or a question may call it (issue 51): "cost"
    is also a "budget", a "coste", an "orçamento". The Answer Engine holds two figures to one
    quantity when their words are one quantity's, so a comparison of a cost with a budget has a
    verdict. Curated: a curator adds the word a registry's reporting uses."""

    slug = models.SlugField(
        max_length=40,
        unique=True,
        validators=[validate_subject_slug],
        help_text="The quantity's id (cost, workforce, passengers...).",
    )
    name = models.CharField(max_length=80, help_text="The quantity as a reader calls it.")
    words = models.JSONField(
        default=dict,
        blank=True,
        help_text='Per language, the words that name this quantity ({"en": ["cost", '
        '"budget"]}): a figure said with any of them measures it.',
    )
    agreed = models.BooleanField(
        default=False,
        help_text="A term a deal or a decision sets (the price paid, a fee): a figure of it "
        'said with "will" ("will pay $710m") states the term agreed, not a forecast, so a '
        "report giving another sum disputes it.",
    )
    opposite_words = models.JSONField(
        default=dict,
        blank=True,
        help_text='Per language, the words that name this quantity gone the other way ({"en": '
        '["loss", "net loss"]} of a profit): a question taking one for granted ("why did it '
        'post a loss") while the rows give the quantity itself is corrected with it.',
    )

    class Meta:
        ordering = ["slug"]
        verbose_name_plural = "quantities"

    def __str__(self) -> str:
        return self.name

    def all_words(self) -> list[str]:
        return _every_language(self.words)

    def all_opposite_words(self) -> list[str]:
        return _every_language(self.opposite_words)

    def clean(self):
        _words_by_language(self, "words")
        _words_by_language(self, "opposite_words")


class Theme(models.Model):
    """What a question or a topic is about, by the words that name it (issue 51): an indicator
    ("inflation", "unemployment"), a kind of happening ("strike", "flood"), a domain
    ("football"). A question that names a theme none of whose words a topic, its reporting or
    the other topics asked about use is about something else: "<Country>'s inflation" is not
    that country's election. Curated: a curator adds the word a registry's questions use."""

    slug = models.SlugField(
        max_length=40,
        unique=True,
        validators=[validate_subject_slug],
        help_text="The theme's id (inflation, strike, football...).",
    )
    name = models.CharField(max_length=80, help_text="The theme as a reader calls it.")
    words = models.JSONField(
        default=dict,
        blank=True,
        help_text='Per language, the words and phrases that name this theme ({"en": '
        '["inflation", "consumer prices"]}): a question saying any of them asks about it.',
    )

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.name

    all_words = Quantity.all_words
    clean = Quantity.clean


class TopicQuerySet(models.QuerySet):
    def published(self) -> "TopicQuerySet":
        """The topics listings, signals, datasets and the Answer Engine serve: not retired."""
        return self.exclude(publish_state=self.model.PublishState.RETIRED)

    def edition_names(self) -> list[tuple[str, int]]:
        """(a topic's curated edition, its lead's id) for each topic whose lead's name ends with
        its edition's mark ("KR-7" of the lead "Korvath KR-7"): the mark alone names the lead,
        as an alias a curator would add does, so a topic kept without that alias is asked by
        it too (the tagger and the Answer Engine read these beside the aliases)."""
        rows = self.exclude(edition="").values_list(
            "edition", "lead_entity_id", "lead_entity__name"
        )
        return [
            (edition, lead_id)
            for edition, lead_id, name in rows
            if _MARK.fullmatch(edition) and name.lower().endswith(f" {edition.lower()}")
        ]


# A model's or a number's mark of letters and digits ("KR-7", "X5", "A320"): a bare number
# ("7") or a word ("II") names nothing alone.
_MARK = re.compile(r"(?=[\w-]*\d)(?=[\w-]*[^\W\d_])[^\W_]+(?:[-\u2013][^\W_]+)*")


class Event(models.Model):
    """A topic: one record per event, served at /api/record/{subject}."""

    class Tier(models.TextChoices):
        STANDARD = "standard"
        FULL = "full"

    class PublishState(models.TextChoices):
        PUBLISHED = "published"
        # No longer maintained: the record stays readable and says so; listings, signals, the
        # datasets' index and the Answer Engine leave it out. Un-retiring publishes it again.
        RETIRED = "retired"

    subject = models.CharField(
        "topic slug",
        max_length=120,
        unique=True,
        validators=[validate_subject_slug],
        help_text="The topic's address: /api/record/<slug> (the record's subject). Lowercase "
        "words joined by hyphens, beginning with an action class or a subject name, for example "
        "rate-decision-calder-december-2026.",
    )
    title = models.CharField(max_length=200, help_text="The human title of the topic's record.")
    tier = models.CharField(
        max_length=10,
        choices=Tier.choices,
        default=Tier.STANDARD,
        help_text="standard: generated from the registry. full: adds a hand-verified "
        "source-of-record audit and the claims ledger of independent origins.",
    )
    action_class = models.CharField(
        max_length=20,
        choices=ActionClass.choices,
        null=True,
        blank=True,
        help_text="The kind of event, if one fits (the slug usually begins with it).",
    )
    lead_entity = models.ForeignKey(
        Entity,
        on_delete=models.PROTECT,
        related_name="led_events",
        help_text="The entity the topic is about, named in its slug: reporting is counted for "
        "the topic only when it names this entity (or an alias of it).",
    )
    entities = models.ManyToManyField(
        Entity,
        blank=True,
        related_name="events",
        verbose_name="attached entities",
        help_text="Other entities the topic involves: shown on the record, never its lead.",
    )
    subject_terms = models.JSONField(
        "subject terms",
        default=list,
        blank=True,
        help_text="Words of the topic's subject line. A document that names the lead entity "
        "and carries one of them is attached to the topic and served as its reporting.",
    )
    question_terms = models.JSONField(
        "question terms",
        default=list,
        blank=True,
        help_text="Words of the questions markets ask about it. A document that names the lead "
        "and carries two of them is attached and served too; the Answer Engine matches "
        "questions on them.",
    )
    home_domains = models.JSONField(
        default=list,
        blank=True,
        help_text="The issuers' own web domains for this topic, listed on the record.",
    )
    # What the topic is (issue 51): its kind, its names and the attributes that tell it from a
    # neighbour of the same name. The record carries it as `identity`; the Answer Engine holds a
    # question's subject to it. A topic saved without a kind gets a proposal (status proposed)
    # that a curator confirms (`registry.services.identity`).
    kind = models.ForeignKey(
        TopicKind,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="topics",
        help_text="What kind of thing the topic is. Left empty, one is proposed on save.",
    )
    name = models.CharField(
        max_length=200,
        blank=True,
        help_text='The topic\'s own name ("Hurricane Tavia"); the title when empty.',
    )
    aliases = models.JSONField(
        default=list, blank=True, help_text="Other names the topic goes by, answered as its own."
    )
    former_names = models.JSONField(
        default=list, blank=True, help_text="Names it had before, answered as its own."
    )
    edition = models.CharField(
        max_length=60,
        blank=True,
        help_text='Its number, edition or model ("II", "X5", "third round"): a question '
        "naming another is about a neighbour the registry does not track.",
    )
    period = models.CharField(
        max_length=60, blank=True, help_text='Its year or period ("2026", "Q3 2026").'
    )
    place = models.CharField(
        max_length=120, blank=True, help_text="Its place or jurisdiction, where one defines it."
    )
    organisation = models.CharField(
        max_length=120, blank=True, help_text="Its organisation or issuer, where one defines it."
    )
    outcome = models.CharField(
        max_length=120,
        blank=True,
        help_text="The outcome the topic tracks (signed, made landfall, held, cut, elected...): "
        "a report stating it against a market pricing it is a belief divergence.",
    )

    class IdentityStatus(models.TextChoices):
        PROPOSED = "proposed"
        CONFIRMED = "confirmed"

    identity_status = models.CharField(
        "identity",
        max_length=10,
        choices=IdentityStatus.choices,
        default=IdentityStatus.PROPOSED,
        help_text="proposed: filled from the title, lead entity and terms, for a curator to "
        "check; confirmed: a curator (or a world's own curation) stands behind it.",
    )
    # Mirrors the latest `records.PublishTransition`, written only by `topic_retire` and
    # `topic_unretire` in the transaction that appends it (who and when are kept there).
    publish_state = models.CharField(
        max_length=20,
        choices=PublishState.choices,
        default=PublishState.PUBLISHED,
        editable=False,
    )
    publish_state_since = models.DateTimeField(null=True, blank=True, editable=False)
    publish_state_note = models.TextField(
        null=True,
        blank=True,
        help_text="Shown on the record beside its publish state (a retired topic's says why).",
    )
    # The current states, mirroring the latest `records.StateTransition` of each field; written
    # only by `records_transition` in the transaction that appends that transition, so listings
    # filter and page on a column instead of replaying history.
    coverage_state = models.CharField(max_length=30, default="new", editable=False)
    wire_tier = models.CharField(max_length=30, default="watch", editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = TopicQuerySet.as_manager()

    class Meta:
        ordering = ["subject"]
        # The API's word: a topic (model `Event` keeps its internal name).
        verbose_name = "topic"
        indexes = [models.Index(fields=["wire_tier", "coverage_state"], name="event_states")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(subject__regex=SLUG_PATTERN), name="event_subject_is_slug"
            ),
        ]

    def __str__(self) -> str:
        return self.subject

    def clean(self):
        for name in ("subject_terms", "question_terms", "home_domains"):
            _words_field(self, name)
        for name in ("aliases", "former_names"):
            _words_field(self, name, names=True)

    @property
    def own_name(self) -> str:
        return self.name or self.title


class Story(models.Model):
    """A cluster of near-duplicate documents: one story, told by one or more origins.

    A document's origin is its outlet's `upstream` when the outlet syndicates, else the outlet.
    An origin is known when its provenance is: a wire, a syndicated copy traced to its upstream,
    or a curated outlet. Copies on social/aggregator sites with no upstream link are origins of
    unknown provenance. `known_origin_count` is the count corroboration stands on.
    """

    title = models.CharField(max_length=500)
    signature = models.BinaryField(help_text="MinHash of the first document (64 x uint32).")
    first_seen = models.DateTimeField()
    last_seen = models.DateTimeField(db_index=True)
    documents = models.PositiveIntegerField(default=0)
    publisher_count = models.PositiveIntegerField(default=0)
    origin_count = models.PositiveIntegerField(default=0)
    known_origin_count = models.PositiveIntegerField(default=0, db_index=True)

    class Meta:
        ordering = ["-last_seen", "id"]
        verbose_name_plural = "stories"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(known_origin_count__lte=models.F("origin_count")),
                name="story_known_origins_within_origins",
            ),
        ]

    def __str__(self) -> str:
        return self.title


class StoryBand(models.Model):
    """One LSH band of a story's signature: documents sharing a band are candidates."""

    # No database constraint (Django still cascades a story's deletion): bands are written only
    # for stories the same ingest transaction has just created, so the check could never fail,
    # and it cost a locked parent row per band at COMMIT, sixteen a story (see decisions.md).
    story = models.ForeignKey(
        Story, on_delete=models.CASCADE, related_name="bands", db_constraint=False
    )
    band = models.PositiveSmallIntegerField()
    hash = models.BigIntegerField()

    class Meta:
        indexes = [models.Index(fields=["hash", "band"], name="story_band_lookup")]

    def __str__(self) -> str:
        return f"band {self.band} of {self.story_id}"


class Document(models.Model):
    """One ingested item of reporting, deduplicated on its canonical URL."""

    url = models.URLField(max_length=1000, unique=True)
    title = models.CharField(max_length=500)
    summary = models.TextField(blank=True)
    outlet = models.ForeignKey(Outlet, on_delete=models.PROTECT, related_name="documents")
    feed = models.ForeignKey(
        Feed, null=True, blank=True, on_delete=models.SET_NULL, related_name="documents"
    )
    vertical = models.ForeignKey(Vertical, on_delete=models.PROTECT, related_name="documents")
    published_at = models.DateTimeField(null=True, blank=True)
    fetched_at = models.DateTimeField()
    # When the service stored it (`documents_ingest` stamps it): what a record or an answer as
    # of an instant may read. Documents stored before the stamp existed carry their fetch time.
    ingested_at = models.DateTimeField(default=timezone.now)
    day = models.DateField(  # indexed as the first column of document_newest
        help_text="Published day, else the day it was fetched."
    )
    verbs = models.JSONField(default=list, blank=True)
    is_market_question_page = models.BooleanField(default=False)
    guid = models.CharField(max_length=500, null=True, blank=True)
    story = models.ForeignKey(
        Story, null=True, blank=True, on_delete=models.SET_NULL, related_name="members"
    )
    entities = models.ManyToManyField(Entity, through="EntityMention", related_name="documents")
    events = models.ManyToManyField(Event, through="EventMention", related_name="documents")

    class Meta:
        ordering = ["-day", "id"]
        # Newest first without a sort: search walks it backwards (`fulltext.newest_matching`)
        # and stops at a page; with the day alone each day's rows were sorted first.
        indexes = [models.Index(fields=["day", "id"], name="document_newest")]

    def __str__(self) -> str:
        return self.title


class Copy(models.Model):
    """A document whose body copies an earlier one's (`ingestion.copies`), and the original it
    counts as: the earliest published document of that body, never a copy in between, so one
    join finds a copy's origin.

    A table beside the documents, not a column of theirs: an original that arrives after its
    copies re-points rows here, where updating a document would rewrite an entry in every
    index of the documents table (its text indexes among them).
    """

    # No constraint on the copy: written in the transaction that stores it (Django still
    # cascades its deletion). The original may be a stored document a curator deletes: checked.
    document = models.OneToOneField(
        Document, primary_key=True, on_delete=models.CASCADE, related_name="copy",
        db_constraint=False,
    )  # fmt: skip
    original = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="copies")

    def __str__(self) -> str:
        return f"{self.document_id} copies {self.original_id}"


class BodyPrint(models.Model):
    """One fingerprint of a document's body (`ingestion.copies`): the first or the last words
    of one of its long sentences. A document sharing one with another is a candidate copy of
    it. Only documents that copy no other have them.

    The primary key is the lookup's index, so a fingerprint costs one index entry: ingest reads
    them by hash within the story window (hash, then day); nothing reads them by document.
    """

    pk = models.CompositePrimaryKey("hash", "day", "document")
    hash = models.BigIntegerField()
    day = models.DateField()
    # No constraint and no cascade: written in the transaction that stores their document; a
    # deleted document's fingerprints find nothing when a candidate is looked up.
    document = models.ForeignKey(
        Document, on_delete=models.DO_NOTHING, related_name="+", db_constraint=False,
        db_index=False,
    )  # fmt: skip

    def __str__(self) -> str:
        return f"fingerprint {self.hash} of {self.document_id}"


class Tally(models.Model):
    """A delta of one exact counter (see `aggregates.tally`): appended by database triggers,
    summed by reads, folded to one row per counter by `tally.fold`. Never written by Django."""

    name = models.CharField(max_length=40)
    delta = models.BigIntegerField()

    class Meta:
        verbose_name_plural = "tallies"

    def __str__(self) -> str:
        return f"{self.name} {self.delta:+d}"


class EntityMention(models.Model):
    # Mentions are written only by the ingest transaction that creates their document: like
    # `StoryBand.story`, no database check of the document (Django cascades its deletion). The
    # registry's side (entity, event) keeps its constraint: a curator may delete one meanwhile.
    document = models.ForeignKey(  # indexed as the first column of entity_mention_unique
        Document, on_delete=models.CASCADE, db_constraint=False, db_index=False
    )
    entity = models.ForeignKey(  # indexed as the first column of entity_mention_newest
        Entity, on_delete=models.CASCADE, db_index=False
    )
    day = models.DateField()
    # The document's, so a read as of an instant passes over the mentions stored after it in
    # the index alone (`records.known`).
    ingested_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["document", "entity"], name="entity_mention_unique"),
        ]
        # With the document last, the newest mentions of an entity are one backward index scan
        # (a record's reporting sample), however many there are; covering on PostgreSQL.
        indexes = [
            models.Index(
                fields=["entity", "day", "document"],
                include=["ingested_at"],
                name="entity_mention_newest",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entity_id} in {self.document_id}"


class EventMention(models.Model):
    document = models.ForeignKey(  # indexed as the first column of event_mention_unique
        Document, on_delete=models.CASCADE, db_constraint=False, db_index=False
    )
    event = models.ForeignKey(  # indexed as the first column of event_mention_by_day
        Event, on_delete=models.CASCADE, db_index=False
    )
    day = models.DateField()
    # The document's, copied where the record as of an instant reads them (`records.known`):
    # when it was stored, whether it counts as reporting (a market question page does not) and
    # whether it carries an assertion verb. A topic's days are then counted from its own index
    # alone, never from the documents (the busiest topic has 130,000 at 1,000,000 documents).
    ingested_at = models.DateTimeField()
    counted = models.BooleanField(default=True)
    asserting = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["document", "event"], name="event_mention_unique"),
        ]
        indexes = [
            models.Index(fields=["event", "day"], name="event_mention_by_day"),
            # Covering on PostgreSQL: a topic's documents stored after an instant, with what
            # its days count, from the index alone.
            models.Index(
                fields=["event", "ingested_at"],
                include=["day", "document", "counted", "asserting"],
                name="event_mention_learned",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event_id} in {self.document_id}"


class PrimarySource(FetchHealth):
    """A source: a first-party issuer the service reads daily (`/api/v1/sources`, the record's
    `primarySources`). What it says is the fact of record. Reporting feeds are `Feed`s."""

    class Parser(models.TextChoices):
        HURRICANE_FEED = "hurricane-feed", "Hurricane-centre style RSS/Atom"
        STORMS_JSON = "storms-json", "Current-storms JSON"
        CENTRAL_BANK_RSS = "central-bank-rss", "Central-bank press-release RSS"
        TEXT_PATTERN = "text-pattern", "Text pattern (configured here)"

    class ObservedState(models.TextChoices):
        NO_ACTIVE_SYSTEMS = "no-active-systems"
        ACTIVE_ADVISORIES = "active-advisories"

    class ReadState(models.TextChoices):
        NEVER_FETCHED = "never-fetched"
        UNREADABLE = "fetched-unreadable"
        READ_NOTHING_ACTIVE = "read-nothing-active"
        READ = "read"

    slug = models.SlugField(
        max_length=80,
        unique=True,
        validators=[validate_subject_slug],
        help_text="The source's id: /api/v1/sources/<slug>.",
    )
    name = models.CharField(max_length=200, help_text="What the issuer calls this publication.")
    issuer = models.CharField(max_length=200, help_text="Who publishes it (the first party).")
    tier = models.CharField(max_length=20, default="primary", editable=False)
    cadence = models.CharField(max_length=200, help_text="The issuer's publication cadence.")
    links = models.JSONField(default=list, blank=True, help_text='[{"label": ..., "url": ...}]')
    link_note = models.TextField(
        null=True, blank=True, help_text="Shown beside the links (linkNote), if they need words."
    )
    scope_note = models.TextField(
        null=True, blank=True, help_text="What the source covers and does not (scopeNote)."
    )
    fetch_url = models.URLField(
        max_length=1000,
        validators=[validate_public_url],
        help_text="The address the daily verification reads (a public http or https URL).",
    )
    parser = models.CharField(
        max_length=20,
        choices=Parser.choices,
        help_text="How its text is read into an observed state; the text pattern uses the two "
        "patterns below.",
    )
    active_pattern = models.CharField(
        max_length=300, blank=True, help_text="Text-pattern parser: regex meaning active."
    )
    quiet_pattern = models.CharField(
        max_length=300, blank=True, help_text="Text-pattern parser: regex meaning nothing active."
    )
    events = models.ManyToManyField(
        Event,
        blank=True,
        related_name="primary_sources",
        verbose_name="topics",
        help_text="The topics it guards: its reading is their primarySources layer, and a flip "
        "of what it observes raises their tripwire.",
    )
    active = models.BooleanField(
        default=True, help_text="Read by the daily verification (unticked: kept, not read)."
    )
    # Read health: kept apart from fetch health (a fetch can succeed and read nothing).
    last_read = models.DateTimeField(null=True, blank=True)
    last_read_ref = models.CharField(max_length=300, null=True, blank=True)
    consecutive_unread = models.PositiveIntegerField(default=0)
    last_unread_at = models.DateTimeField(null=True, blank=True)
    # What the issuer says, from the latest successful read.
    observed_state = models.CharField(
        max_length=30, choices=ObservedState.choices, null=True, blank=True
    )
    observed = models.TextField(null=True, blank=True, help_text="The issuer's own words.")
    observed_ref = models.CharField(max_length=300, null=True, blank=True)
    observed_date = models.DateField(null=True, blank=True)
    observed_read_at = models.DateTimeField(null=True, blank=True)
    verified_as_of = models.DateField(null=True, blank=True)
    read_state = models.CharField(
        max_length=30, choices=ReadState.choices, default=ReadState.NEVER_FETCHED
    )
    read_state_note = models.TextField(null=True, blank=True)

    class Meta:
        ordering = ["slug"]
        verbose_name = "source"

    def __str__(self) -> str:
        return self.name

    def clean(self):
        if self.parser == self.Parser.TEXT_PATTERN and not (
            self.active_pattern and self.quiet_pattern
        ):
            raise ValidationError(
                {"quiet_pattern": "The text-pattern parser needs an active and a quiet pattern."}
            )
        for name in ("active_pattern", "quiet_pattern"):
            try:
                re.compile(getattr(self, name))
            except re.error as exc:
                raise ValidationError({name: f"Not a valid regular expression: {exc}"}) from None
        for link in self.links if isinstance(self.links, list) else [None]:
            if not isinstance(link, dict) or not {"label", "url"} <= link.keys():
                raise ValidationError({"links": 'Each link is {"label": "...", "url": "..."}.'})
            if not isinstance(link["label"], str) or not is_web_link(link["url"]):
                said = f"{_shown(link['url'])}: a link is an http or https URL with a host"
                raise ValidationError({"links": f"{said}, and its label is text."})

    def web_links(self) -> list[dict[str, str]]:
        """The links a read may show: http and https only, whatever a row stored before the
        check holds (a `javascript:` URL in an href runs in the reader's page)."""
        return [
            {"label": str(link["label"]), "url": link["url"]}
            for link in (self.links if isinstance(self.links, list) else [])
            if isinstance(link, dict) and is_web_link(link.get("url"))
        ]


_WEB_LINK = URLValidator(schemes=["http", "https"])


def is_web_link(url: object) -> bool:
    """An absolute http or https URL with a host (Django's URL rules: no spaces, no control
    characters); `javascript:`, `data:`, scheme-relative and host-less URLs are not."""
    if not isinstance(url, str):
        return False
    try:
        _WEB_LINK(url)
    except ValidationError:
        return False
    return True


def _shown(value: object) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else f"{text[:60]}..."


class SourceReading(AppendOnly):
    """One fetch attempt of a primary source, kept forever. Flips are computed from these."""

    source = models.ForeignKey(PrimarySource, on_delete=models.PROTECT, related_name="readings")
    attempted_at = models.DateTimeField()
    ok = models.BooleanField(help_text="The fetch was confirmed (2xx or 304).")
    http_status = models.PositiveSmallIntegerField(null=True, blank=True)
    etag = models.CharField(max_length=300, null=True, blank=True)
    last_modified = models.CharField(max_length=100, null=True, blank=True)
    signature = models.CharField(max_length=80, null=True, blank=True)
    observed_state = models.CharField(
        max_length=30, choices=PrimarySource.ObservedState.choices, null=True, blank=True
    )
    observed_words = models.TextField(null=True, blank=True)
    observed_ref = models.CharField(max_length=300, null=True, blank=True)
    observed_date = models.DateField(null=True, blank=True)
    error = models.TextField(null=True, blank=True)

    class Meta:
        ordering = ["-attempted_at", "-id"]
        indexes = [models.Index(fields=["source", "-attempted_at"], name="reading_by_source")]

    def __str__(self) -> str:
        return f"{self.source_id} at {self.attempted_at:%Y-%m-%d %H:%M}"


class TripwireAlert(AppendOnly):
    """A flip of a watched source's `observedState`, computed from two successful readings.

    A failed or unreadable read flips nothing: `previous_reading` and `reading` are always the
    last two readings that confirmed a state.
    """

    source = models.ForeignKey(PrimarySource, on_delete=models.PROTECT, related_name="flips")
    from_state = models.CharField(max_length=30, choices=PrimarySource.ObservedState.choices)
    to_state = models.CharField(max_length=30, choices=PrimarySource.ObservedState.choices)
    at = models.DateTimeField(db_index=True)
    previous_reading = models.ForeignKey(SourceReading, on_delete=models.PROTECT, related_name="+")
    reading = models.OneToOneField(SourceReading, on_delete=models.PROTECT, related_name="flip")

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.source_id}: {self.from_state} -> {self.to_state}"


class MarketQuestion(FetchHealth):
    """A prediction-market question. Its prices are belief, never fact."""

    class Venue(models.TextChoices):
        POLYMARKET = "polymarket", "Polymarket"
        KALSHI = "kalshi", "Kalshi"
        MANIFOLD = "manifold", "Manifold"

    venue = models.CharField(max_length=20, choices=Venue.choices)
    external_id = models.CharField(max_length=200)
    question = models.CharField(max_length=500)
    url = models.URLField(max_length=1000)
    category = models.CharField(max_length=100, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    is_resolved = models.BooleanField(default=False)
    # When a venue read first said it was resolved (answers as of an earlier instant read it
    # open). Empty for a question resolved by a curator or before the stamp existed.
    resolved_at = models.DateTimeField(null=True, blank=True)
    events = models.ManyToManyField(
        Event,
        blank=True,
        related_name="market_questions",
        verbose_name="topics",
        help_text="The topics whose market layer shows its price (belief, never fact).",
    )
    entities = models.ManyToManyField(Entity, blank=True, related_name="market_questions")
    active = models.BooleanField(
        default=True, help_text="Priced on the beat schedule while open (unticked: kept, not read)."
    )

    class Meta:
        ordering = ["venue", "external_id"]
        constraints = [
            models.UniqueConstraint(fields=["venue", "external_id"], name="market_question_unique"),
        ]

    def __str__(self) -> str:
        return self.question


class MarketPrice(AppendOnly):
    """One captured price of a question, kept forever. `change24hPct` is computed from these."""

    question = models.ForeignKey(MarketQuestion, on_delete=models.PROTECT, related_name="prices")
    captured_at = models.DateTimeField()
    probability_pct = models.FloatField()
    priced_at = models.DateTimeField(null=True, blank=True)
    volume_24h = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["-captured_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["question", "captured_at"], name="market_price_unique"),
            models.CheckConstraint(
                condition=models.Q(probability_pct__gte=0, probability_pct__lte=100),
                name="market_price_is_percent",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.probability_pct:.1f}% at {self.captured_at:%Y-%m-%d %H:%M}"


class EntityDay(models.Model):
    """Rollup: documents mentioning an entity per day and vertical. Read surfaces sum these."""

    entity = models.ForeignKey(  # indexed as the first column of entity_day_unique
        Entity, on_delete=models.CASCADE, related_name="days", db_index=False
    )
    vertical = models.ForeignKey(Vertical, on_delete=models.CASCADE, related_name="+")
    day = models.DateField()
    documents = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["entity", "vertical", "day"], name="entity_day_unique"),
        ]
        # Covering on PostgreSQL: a window's rows are read from the index alone (acceleration
        # ranks every entity's window; the table's pages need not be visited).
        indexes = [
            models.Index(
                fields=["day", "entity"],
                include=["vertical", "documents"],
                name="entity_day_window",
            )
        ]

    def __str__(self) -> str:
        return f"{self.entity_id} on {self.day}: {self.documents}"


def pace_constraints(key: str, prefix: str) -> list[models.UniqueConstraint]:
    """A kept pace's two kinds of row: one per (key, vertical), one per key over all."""
    return [
        models.UniqueConstraint(
            fields=[key, "vertical"],
            condition=models.Q(vertical__isnull=False),
            name=f"{prefix}_per_vertical",
        ),
        models.UniqueConstraint(
            fields=[key],
            condition=models.Q(vertical__isnull=True),
            name=f"{prefix}_all_verticals",
        ),
    ]


class Pace(models.Model):
    """A rollup over the default attention window (see `aggregates.pace`): a count in the current
    week and the three weeks before it, as of `PaceWindow.today`, per vertical, and over all
    verticals in the row whose vertical is empty. Kept by ingest, recounted each new day. Never
    edited by hand."""

    vertical = models.ForeignKey(
        Vertical, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    current = models.IntegerField(default=0)
    baseline = models.IntegerField(default=0)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        counted = self.entity_id if hasattr(self, "entity_id") else self.event_id
        return f"{counted} in {self.vertical_id or 'all'}: {self.current} / {self.baseline}"


# A zero baseline counts as half a document over its window: a name new this week ranks high
# in acceleration without dividing by zero, and a single new mention cannot top the list.
ZERO_BASELINE_DOCUMENTS = 0.5


def acceleration(current: str, baseline: str) -> models.Expression:
    """What acceleration ranks by: current documents over baseline documents (a zero baseline
    as `ZERO_BASELINE_DOCUMENTS`). The windows' lengths are constants of a ranking, so the
    rates' ratio orders alike; the kept pace is indexed by exactly this expression."""
    return Cast(current, models.FloatField()) / Greatest(
        Cast(baseline, models.FloatField()), models.Value(ZERO_BASELINE_DOCUMENTS)
    )


def _acceleration_index(name: str, condition: models.Q, *leading: str) -> models.Index:
    # The ranking's order, so a page of accelerating entities is the first rows of a walk down
    # the index, not a sort of every entity named in four weeks (20,000 at 10M documents).
    return models.Index(
        *(models.F(column) for column in leading),
        acceleration("current", "baseline").desc(),
        models.F("current").desc(),
        models.F("entity"),
        condition=condition,
        name=name,
    )


class EntityPace(Pace):
    """`EntityDay`'s documents naming an entity, over the pace's window."""

    entity = models.ForeignKey(Entity, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = pace_constraints("entity", "entity_pace")
        indexes = [
            # The verticals' current attention from the index alone: only rows named this week
            # add to either of its sums.
            models.Index(
                fields=["vertical"],
                include=["current"],
                condition=models.Q(vertical__isnull=False, current__gt=0),
                name="entity_pace_named",
            ),
            # Acceleration over all verticals, and within one (its vertical an equality).
            _acceleration_index("entity_pace_rank_all", models.Q(vertical__isnull=True)),
            _acceleration_index(
                "entity_pace_rank_vertical", models.Q(vertical__isnull=False), "vertical"
            ),
        ]


class TopicPace(Pace):
    """`EventDay`'s mentions of a topic, over the pace's window. Signals rank flagged topics by
    it: rows bounded by the topics, not the window's days."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = pace_constraints("event", "topic_pace")


class VerticalPace(models.Model):
    """The verticals' current week, kept counted beside `EntityPace`: per vertical, the entity
    mentions this week and how many entities were named. A ledger of deltas, not one row per
    vertical: each ingest appends what it changed (an entity is newly named when its row's
    current count was zero), so concurrent ingests never queue on a shared row; reads sum it,
    the ingest beat folds it (`pace.fold`) and each day's roll recounts it. Never edited by hand."""

    vertical = models.ForeignKey(Vertical, on_delete=models.CASCADE, related_name="+")
    mentions = models.BigIntegerField(default=0)
    named = models.IntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.vertical_id}: {self.mentions} mentions, {self.named} named"


class PaceWindow(models.Model):
    """The one day `EntityPace` and `TopicPace` are counted as of (one row, or none before the
    first roll)."""

    today = models.DateField()

    def __str__(self) -> str:
        return f"pace as of {self.today}"


class EventDay(models.Model):
    """Rollup: documents attached to an event per day and vertical (`eventMentions`, coverage
    periods, a signal's verticals)."""

    event = models.ForeignKey(  # indexed as the first column of event_vertical_day_unique
        Event, on_delete=models.CASCADE, related_name="days", db_index=False
    )
    vertical = models.ForeignKey(Vertical, on_delete=models.CASCADE, related_name="+")
    day = models.DateField()
    mentions = models.PositiveIntegerField(default=0)
    # Of those, documents carrying at least one assertion verb (`assertionCoverage`).
    with_verbs = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event", "vertical", "day"], name="event_vertical_day_unique"
            ),
        ]
        indexes = [
            models.Index(fields=["day", "event"], name="event_day_by_day"),
            # Covering on PostgreSQL: a topic's window (signals, for every flagged topic) and
            # its days (the record) from the index alone, never the older days' heap pages.
            models.Index(
                fields=["event", "day"],
                include=["vertical", "mentions", "with_verbs"],
                name="event_day_window",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event_id} on {self.day}: {self.mentions}"


class EventOutlet(models.Model):
    """Rollup: an event's documents per outlet (the record's distinct publishers)."""

    event = models.ForeignKey(  # indexed as the first column of event_outlet_unique
        Event, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    outlet = models.ForeignKey(Outlet, on_delete=models.CASCADE, related_name="+")
    documents = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "outlet"], name="event_outlet_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.event_id} by {self.outlet_id}: {self.documents}"


class EventVerb(models.Model):
    """Rollup: an event's documents per assertion verb (`asserts`)."""

    event = models.ForeignKey(  # indexed as the first column of event_verb_unique
        Event, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    verb = models.CharField(max_length=40, choices=AssertionVerb.choices)
    documents = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "verb"], name="event_verb_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.event_id} {self.verb}: {self.documents}"


class EventEntity(models.Model):
    """Rollup: an event's documents per entity they name (the record's co-mentions)."""

    event = models.ForeignKey(  # indexed as the first column of event_entity_unique
        Event, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    entity = models.ForeignKey(Entity, on_delete=models.CASCADE, related_name="+")
    documents = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name_plural = "event entities"
        constraints = [
            models.UniqueConstraint(fields=["event", "entity"], name="event_entity_unique"),
        ]
        # The record's ten most co-mentioned entities without sorting all of them (a busy
        # topic names most of the registry: 18,000 rows at 1,000,000 documents).
        indexes = [models.Index(fields=["event", "-documents"], name="event_entity_top")]

    def __str__(self) -> str:
        return f"{self.event_id} names {self.entity_id}: {self.documents}"


class EventClaim(models.Model):
    """Rollup: an event's documents per (entity, assertion verb, outlet): the claims ledger."""

    event = models.ForeignKey(  # indexed as the first column of event_claim_unique
        Event, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    entity = models.ForeignKey(Entity, on_delete=models.CASCADE, related_name="+")
    verb = models.CharField(max_length=40, choices=AssertionVerb.choices)
    outlet = models.ForeignKey(Outlet, on_delete=models.CASCADE, related_name="+")
    documents = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event", "entity", "verb", "outlet"], name="event_claim_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event_id}: {self.entity_id} {self.verb} by {self.outlet_id}"


class ScheduledJob(models.Model):
    """The last run of each scheduled job, updated in place.

    This is a status board, not a history: what a job did is recorded in the rows it writes
    (readings, transitions, documents). Health and the automation blocks read it.
    """

    name = models.SlugField(max_length=64, unique=True)
    last_attempt = models.DateTimeField(null=True, blank=True)
    last_success = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    consecutive_failures = models.PositiveIntegerField(default=0)
    # The claim (`registry.jobs.period_claim`): the newest period of this job a beat took, by
    # which beat; a beat that finds its period taken skips it and says so in the last three.
    claimed_period = models.DateTimeField(null=True, blank=True)
    claimed_by = models.CharField(max_length=200, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    last_skipped = models.DateTimeField(null=True, blank=True)
    last_skip_note = models.TextField(blank=True)
    skips = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class RegistryGeneration(models.Model):
    """One row: a number every curation write moves once it commits, on whichever machine.

    What a process builds from the registry for itself (the tagger, the Answer Engine's
    vocabulary) reads it at most every `SVC_REGISTRY_CHECK_SECONDS` and rebuilds when it moved
    (`registry.generation`), so a write made on one machine reaches every machine's answers
    within that bound.
    """

    generation = models.BigIntegerField(default=0)
    changed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"registry generation {self.generation}"
