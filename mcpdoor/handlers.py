"""What each MCP tool does: the same selector or service as its REST twin, the same payload.

A handler takes the validated arguments and the caller (`Caller`: key, address) and returns the
envelope its REST twin would serve. Business refusals are `ApplicationError`s, as in REST.
"""

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from rest_framework import serializers
from rest_framework.exceptions import AuthenticationFailed

from answers import services as answers
from answers.api.views import AskRequest, answered_later, ticket_body
from answers.serve import answer_within
from billing.auth import ApiKeyAuthentication
from billing.models import ApiKey
from config import budget
from config.fields import Choice, Instant, QueryInteger
from config.paging import LIMIT_MAX, PageQuery
from config.problems import ApplicationError
from config.reads import envelope
from records import datasets, known
from records import selectors as records
from records.api.serializers import RecordQuery
from records.api.views import cached_or_rendered, topic_or_error, unknown_topic, valid_topic
from registry import selectors
from watches import selectors as watch_reads
from watches import services as watches
from watches.api.views import WatchBody


@dataclass
class Caller:
    request: Any
    address: str
    _key: ApiKey | None = None
    _resolved: bool = False

    @property
    def key(self) -> ApiKey | None:
        """The key from `x-api-key` or `Authorization: Bearer`, as REST reads it."""
        if not self._resolved:
            found = ApiKeyAuthentication().authenticate(self.request)
            self._key, self._resolved = (found[0] if found else None), True
        return self._key

    @property
    def burst_key(self) -> ApiKey | None:
        """The key that keys a burst limit: on a tool anyone may call, one that cannot be read
        is ignored (as REST's free operations ignore it); a tool that needs or meters a key
        refuses it when it reads `key`."""
        try:
            return self.key
        except AuthenticationFailed:
            return None

    def required_key(self) -> ApiKey:
        if self.key is None:
            raise ApplicationError(
                status=401,
                state="key-required",
                error="This tool needs a key, sent as x-api-key or "
                "Authorization: Bearer on the MCP request.",
            )
        return self.key


# --- argument serializers for tools whose REST twin takes path parameters ----------------------


class TopicArgs(serializers.Serializer):
    topic = serializers.CharField(max_length=120, help_text="The record's slug.")


class RecordArgs(TopicArgs):
    """The REST twin's path and query: `as_of` is its `asOf` (the door's arguments are snake
    case where the issue names them so; both are checked by the same field)."""

    as_of = Instant(required=False, help_text=RecordQuery().fields["asOf"].help_text)


class TopicPageArgs(PageQuery, TopicArgs):
    pass


class CoverageArgs(TopicArgs):
    days = QueryInteger(min_value=7, max_value=365, default=84, help_text="Days of the series.")


class EntityArgs(serializers.Serializer):
    slug = serializers.CharField(max_length=120, help_text="A slug, a name or an alias.")


class SourceArgs(serializers.Serializer):
    id = serializers.SlugField(max_length=80, help_text="A source's id.")


# Far past any dataset's rows, and within what itertools.islice takes (sys.maxsize): a larger
# offset was a 500, not a refusal.
OFFSET_MAX = 1_000_000_000


class DatasetArgs(serializers.Serializer):
    id = Choice(choices=list(datasets.DATASETS), help_text="The dataset (list_datasets).")
    offset = QueryInteger(min_value=0, max_value=OFFSET_MAX, default=0, help_text="Rows to skip.")
    limit = QueryInteger(
        min_value=1, max_value=LIMIT_MAX, default=50, help_text=f"Rows, 1 to {LIMIT_MAX}."
    )


class TicketArgs(serializers.Serializer):
    ticket = serializers.CharField(max_length=64, help_text="The ticket an async ask returned.")
    maxTokens = budget.query_field()


class WatchIdArgs(serializers.Serializer):
    watchId = serializers.CharField(max_length=40, help_text="A saved Watch's id (watchId).")


class WatchPageArgs(PageQuery, WatchIdArgs):
    pass


# --- handlers ----------------------------------------------------------------------------------


def start_here(args: dict, caller: Caller) -> dict:
    stats = selectors.stats_current()
    return envelope(
        "svc.start-here.v1",
        service=(
            "A machine-readable intelligence feed: current flags, layered topic records (issuer "
            "facts, attributed reporting, the service's own attention, market belief), entities, "
            "corroborated clusters, datasets, grounded answers and Watches."
        ),
        free=[
            "Every read tool works without a key: get_signals, get_topic_record, list_topics, "
            "search_entities, top_accelerating, get_corroborated, search_reporting and more.",
            "unfurl_watch runs a Watch once, free.",
        ],
        limits={
            "asksPerAddressPerDay": settings.SVC_ASKS_PER_ADDRESS_DAY,
            "asksPerKey": settings.SVC_ASKS_PER_KEY,
            "savedWatches": "a paid slot, or one of 5 opening slots per verified e-mail "
            "through 2026-12-31",
        },
        terms=f"{settings.SVC_SITE_URL.rstrip('/')}/terms/",
        stats={
            "documents": stats["documents"],
            "topics": stats["topics"]["total"],
            "flagged": stats["topics"]["byWireTier"]["flagged"],
        },
        next=[
            {"tool": "get_signals", "why": "what is flagged now"},
            {"tool": "list_topics", "why": "every topic with a record"},
            {"tool": "get_topic_record", "why": "one topic, every layer"},
            {"tool": "ask", "why": "a grounded answer with citations (metered)"},
        ],
    )


class RawJson(bytes):
    """A payload already rendered as JSON (a cached record): served as is, never re-parsed."""


def get_topic_record(args: dict, caller: Caller) -> RawJson:
    valid_topic(args["topic"])
    as_of = args.get("as_of")
    if as_of is not None:
        known.instant_checked(as_of, field="as_of", event=topic_or_error(args["topic"]))
    rendered = cached_or_rendered(args["topic"], as_of=as_of)
    if rendered is None:
        raise unknown_topic(args["topic"])
    return RawJson(rendered[0])


def list_topics(args: dict, caller: Caller) -> dict:
    return records.records_list(
        action_class=args.get("actionClass"),
        tier=args.get("tier"),
        coverage_state=args.get("coverageState"),
        wire_tier=args.get("wireTier"),
        publish_state=args["publishState"],
        q=args.get("q"),
        limit=args["limit"],
        cursor=args.get("cursor"),
    )


def get_topic_history(args: dict, caller: Caller) -> dict:
    topic = topic_or_error(args["topic"])
    return records.topic_history(topic, limit=args["limit"], cursor=args.get("cursor"))


def get_reporting(args: dict, caller: Caller) -> dict:
    topic = topic_or_error(args["topic"])
    return records.topic_reporting(topic, limit=args["limit"], cursor=args.get("cursor"))


def get_coverage(args: dict, caller: Caller) -> dict:
    from django.utils import timezone

    topic = topic_or_error(args["topic"])
    return records.topic_coverage(topic, days=args["days"], today=timezone.now().date())


def get_entity(args: dict, caller: Caller) -> dict:
    return selectors.entity_detail(selectors.entity_found(args["slug"]))


def search_entities(args: dict, caller: Caller) -> dict:
    return selectors.entities_search(q=args["q"], limit=args["limit"], cursor=args.get("cursor"))


def compare_entities(args: dict, caller: Caller) -> dict:
    return selectors.entities_compare(selectors.entities_named(args["names"]))


def top_accelerating(args: dict, caller: Caller) -> dict:
    return selectors.entities_accelerating(
        window_days=args["window"],
        min_documents=args["minDocuments"],
        vertical=args.get("vertical"),
        limit=args["limit"],
    )


def get_signals(args: dict, caller: Caller) -> dict:
    return selectors.signals_current(
        vertical=args.get("vertical"),
        tier=args.get("tier"),
        limit=args["limit"],
        cursor=args.get("cursor"),
    )


def get_corroborated(args: dict, caller: Caller) -> dict:
    return selectors.clusters_corroborated(
        days=args["days"],
        min_origins=args["minOrigins"],
        limit=args["limit"],
        cursor=args.get("cursor"),
    )


def list_verticals(args: dict, caller: Caller) -> dict:
    return selectors.verticals_list()


def get_primary_sources(args: dict, caller: Caller) -> dict:
    return selectors.sources_list(
        topic=args.get("topic"), limit=args["limit"], cursor=args.get("cursor")
    )


def get_source(args: dict, caller: Caller) -> dict:
    return selectors.source_detail(selectors.source_found(args["id"]))


def get_tripwire_alerts(args: dict, caller: Caller) -> dict:
    return selectors.tripwires_list(
        since=args.get("since"),
        source=args.get("source"),
        limit=args["limit"],
        cursor=args.get("cursor"),
    )


def get_market_questions(args: dict, caller: Caller) -> dict:
    return selectors.markets_list(
        topic=args.get("topic"),
        entity=args.get("entity"),
        limit=args["limit"],
        cursor=args.get("cursor"),
    )


def search_reporting(args: dict, caller: Caller) -> dict:
    return selectors.documents_search(
        q=args["q"],
        vertical=args.get("vertical"),
        sort=args["sort"],
        limit=args["limit"],
        cursor=args.get("cursor"),
    )


def list_datasets(args: dict, caller: Caller) -> dict:
    return datasets.datasets_list()


def get_dataset(args: dict, caller: Caller) -> dict:
    """A bounded page of a dataset's rows (the whole file streams from the REST twin)."""
    dataset = datasets.DATASETS[args["id"]]
    start, limit = args["offset"], args["limit"]
    rows = datasets.rows_page(dataset, start, start + limit + 1)
    return envelope(
        "svc.dataset.v1",
        id=dataset.id,
        title=dataset.title,
        licence=datasets.licence(),
        columns=[n for n, _ in dataset.columns],
        rows=rows[:limit],
        nextOffset=start + limit if len(rows) > limit else None,
        whole=f"/api/v1/datasets/{dataset.id}?format=jsonl",
    )


def ask(args: dict, caller: Caller) -> dict:
    ticket, _ = answers.ask_submit(
        question=args["question"],
        mode=args["mode"],
        topic=args.get("topic", ""),
        key=caller.key,
        address=caller.address,
        as_of=args.get("as_of"),
        as_of_field="as_of",
    )
    poll = f"/api/ask/{ticket.ticket}"
    if answered_later(ticket):
        return answer_within(ticket_body(ticket), args.get("maxTokens"), poll_url=poll)
    return answer_within(answers.sync_answer(ticket), args.get("maxTokens"), poll_url=poll)


def get_answer(args: dict, caller: Caller) -> dict:
    found = ticket_body(answers.ticket_for(args["ticket"], caller.key))
    return answer_within(found, args.get("maxTokens"))


def list_standard_watches(args: dict, caller: Caller) -> dict:
    return watch_reads.standard_watches()


def unfurl_watch(args: dict, caller: Caller) -> dict:
    return watches.watch_unfurl(base=args["base"], coordinates=args.get("coordinates"), extras=args)


def list_saved_watches(args: dict, caller: Caller) -> dict:
    return watch_reads.saved_watches(caller.required_key())


def save_watch(args: dict, caller: Caller) -> dict:
    watch, version, secret = watches.watch_save(
        key=caller.required_key(),
        base=args["base"],
        coordinates=args.get("coordinates"),
        label=args.get("label", ""),
        watch_id=args.get("watchId"),
        webhook_url=args.get("webhookUrl"),
    )
    return watch_reads.watch_saved(watch, version, secret)


def recall_watch(args: dict, caller: Caller) -> dict:
    return watch_reads.watch_recall(caller.required_key(), args["watchId"])


def retire_watch(args: dict, caller: Caller) -> dict:
    watch = watches.watch_retire(key=caller.required_key(), watch_id=args["watchId"])
    return envelope("svc.watch.v1", **watch_reads.watch_summary(watch))


def get_watch_readings(args: dict, caller: Caller) -> dict:
    return watch_reads.watch_readings(
        caller.required_key(), args["watchId"], limit=args["limit"], cursor=args.get("cursor")
    )


class AskArgs(AskRequest):
    """The REST twin's body, its `asOf` taken as `as_of` (the door's name for it)."""

    asOf = None
    as_of = Instant(required=False, help_text=AskRequest().fields["asOf"].help_text)


UnfurlArgs = WatchBody
