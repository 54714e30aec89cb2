"""Public datasets: the records index, state transitions, tripwire flips and primary sources.

Each dataset is a fixed list of columns and a row generator that reads the database in chunks,
as JSON, JSON Lines or CSV. Every answer carries the output licence: in the body for JSON, in
`Link` and `x-svc-licence` headers for all three.

A dataset's bytes are built once per change of what it lists (`kept`): each dataset names a
`version`, a few aggregate reads that change whenever a row it lists would (a count, the
newest stamp, the newest append-only id); the bytes built for a version are kept in the shared
cache and in the process, under a strong ETag derived from that version, with the time they were
built as Last-Modified. A read then costs the version's query and the copy of the bytes, not the
rebuild (a records index of 2,000 topics took 160 ms to build at 1M documents). A dataset
larger than `KEEP_BYTES` is streamed as before, still with its ETag, so 304s hold for it too.
"""

import csv
import hashlib
import io
import itertools
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max

from config.reads import envelope, iso
from config.terms import licence
from records.layers.state_history import transition_row
from records.models import StateTransition
from registry.models import Event, PrimarySource, TripwireAlert

CHUNK = 2000
FORMATS = {
    "json": "application/json",
    "jsonl": "application/jsonl",
    "csv": "text/csv; charset=utf-8",
}
TEXT_FORMATS = ("jsonl", "csv")


def format_path(dataset_id: str, fmt: str) -> str:
    """Where a dataset is served in a format: JSON at its own path, the text formats beside."""
    base = f"/api/v1/datasets/{dataset_id}"
    return base if fmt == "json" else f"{base}.{fmt}"


@dataclass(frozen=True)
class Dataset:
    id: str
    title: str
    description: str
    columns: tuple[tuple[str, str], ...]  # (name, what it holds)
    rows: Callable[[], Iterator[dict[str, Any]]]
    count: Callable[[], int]
    version: Callable[[], Any]  # changes whenever a row it lists would

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "description": self.description,
            "rows": self.count(),
            "columns": [{"name": name, "description": text} for name, text in self.columns],
            "formats": {fmt: format_path(self.id, fmt) for fmt in FORMATS},
        }


def _records() -> Iterator[dict[str, Any]]:
    topics = Event.objects.published().select_related("lead_entity").order_by("subject")
    for topic in topics.iterator(chunk_size=CHUNK):
        yield {
            "topic": topic.subject,
            "title": topic.title,
            "tier": topic.tier,
            "actionClass": topic.action_class,
            "coverageState": topic.coverage_state,
            "wireTier": topic.wire_tier,
            "lead": topic.lead_entity.slug,
            "record": f"/api/record/{topic.subject}",
        }


def _transitions() -> Iterator[dict[str, Any]]:
    rows = StateTransition.objects.select_related("event").order_by("at", "id")
    for t in rows.iterator(chunk_size=CHUNK):
        yield {"topic": t.event.subject, **transition_row(t)}


def _flips() -> Iterator[dict[str, Any]]:
    rows = TripwireAlert.objects.select_related("source").order_by("at", "id")
    for alert in rows.iterator(chunk_size=CHUNK):
        yield {
            "source": alert.source.slug,
            "from": alert.from_state,
            "to": alert.to_state,
            "at": iso(alert.at),
        }


def _sources() -> Iterator[dict[str, Any]]:
    rows = PrimarySource.objects.annotate(guards=Count("events")).order_by("slug")
    for source in rows.iterator(chunk_size=CHUNK):
        yield {
            "id": source.slug,
            "name": source.name,
            "issuer": source.issuer,
            "cadence": source.cadence,
            "observedState": source.observed_state,
            "readState": source.read_state,
            "lastSuccess": iso(source.last_success),
            "verifiedAsOf": iso(source.verified_as_of),
            "topicsGuarded": source.guards,
        }


def _topics_version() -> dict[str, Any]:
    """Topics added, removed or edited (their lead's name included), and every transition,
    which moves the current states by an `update` that leaves `updated_at` alone."""
    return {
        **Event.objects.aggregate(
            topics=Count("id"), edited=Max("updated_at"), leads=Max("lead_entity__updated_at")
        ),
        "transition": StateTransition.objects.aggregate(last=Max("id"))["last"],
    }


def _flips_version() -> dict[str, Any]:
    return {
        "flip": TripwireAlert.objects.aggregate(last=Max("id"))["last"],
        "sources": list(PrimarySource.objects.order_by("id").values_list("id", "slug")),
    }


def _sources_version() -> list[tuple]:
    """The few primary sources' listed columns themselves: there is no stamp that moves with
    each of them (a failed read changes `read_state` alone)."""
    columns = ("slug", "name", "issuer", "cadence", "observed_state", "read_state",
               "last_success", "verified_as_of")  # fmt: skip
    listed = PrimarySource.objects.annotate(guards=Count("events")).order_by("slug")
    return list(listed.values_list(*columns, "guards"))


DATASETS = {
    dataset.id: dataset
    for dataset in (
        Dataset(
            "records-index", "Records index",
            "Every published topic with a record and its current states (a retired topic's "
            "record stays readable at its path; it is not listed here).",
            (("topic", "the record's slug"), ("title", "the topic's title"),
             ("tier", "standard or full"), ("actionClass", "the action class, if any"),
             ("coverageState", "the latest recorded coverage state"),
             ("wireTier", "the latest recorded wire tier"), ("lead", "the lead entity's slug"),
             ("record", "the record's path")),
            _records, lambda: Event.objects.published().count(), _topics_version,
        ),
        Dataset(
            "state-transitions", "State transitions",
            "The append-only history of every record's coverage state and wire tier.",
            (("topic", "the record's slug"), ("field", "coverage state or wire tier"),
             ("from", "the state before"), ("to", "the state after"),
             ("at", "when it changed (UTC)"), ("heldSince", "since when the old state held")),
            _transitions, StateTransition.objects.count, _topics_version,
        ),
        Dataset(
            "tripwire-flips", "Tripwire flips",
            "Observed-state flips of primary sources, each from two successful reads.",
            (("source", "the source's id"), ("from", "the observed state before"),
             ("to", "the observed state after"), ("at", "when the flip was read (UTC)")),
            _flips, TripwireAlert.objects.count, _flips_version,
        ),
        Dataset(
            "primary-sources", "Primary sources",
            "The first-party issuers the service reads, with their latest state.",
            (("id", "the source's id"), ("name", "its name"), ("issuer", "who publishes it"),
             ("cadence", "how often it publishes"), ("observedState", "what it last said"),
             ("readState", "whether it could be read"), ("lastSuccess", "last confirmed fetch"),
             ("verifiedAsOf", "last verification"), ("topicsGuarded", "topics it guards")),
            _sources, PrimarySource.objects.count, _sources_version,
        ),
    )
}  # fmt: skip


def datasets_list() -> dict[str, Any]:
    return envelope(
        "svc.datasets.v1",
        licence=licence(),
        datasets=[dataset.describe() for dataset in DATASETS.values()],
    )


def dataset_stream(dataset: Dataset, fmt: str) -> Iterator[str]:
    """The dataset's text in `fmt`, a row at a time."""
    if fmt == "jsonl":
        for row in dataset.rows():
            yield json.dumps(row, separators=(",", ":")) + "\n"
        return
    if fmt == "csv":
        yield from _csv(dataset)
        return
    head = envelope("svc.dataset.v1", id=dataset.id, title=dataset.title, licence=licence(),
                    columns=[name for name, _ in dataset.columns])  # fmt: skip
    yield json.dumps(head, separators=(",", ":"))[:-1] + ',"rows":['
    for n, row in enumerate(dataset.rows()):
        yield ("," if n else "") + json.dumps(row, separators=(",", ":"))
    yield "]}"


def _csv(dataset: Dataset) -> Iterator[str]:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    names = [name for name, _ in dataset.columns]
    writer.writerow(names)
    for row in dataset.rows():
        writer.writerow(["" if row[name] is None else row[name] for name in names])
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
    yield buffer.getvalue()


# --- kept bytes ---------------------------------------------------------------------------------

KEEP_BYTES = 64 * 1024 * 1024  # past this a dataset streams and is not kept
KEPT_KEY = "dataset:v1:{id}:{fmt}:{etag}"
KEPT_SECONDS = 24 * 3600  # an unchanged dataset is rebuilt once a day at most
_held: dict[tuple[str, str], "Kept"] = {}  # this process's copy: the newest version of each


@dataclass(frozen=True)
class Kept:
    etag: str
    modified: float  # epoch seconds: when these bytes were built
    body: bytes | None  # None: too large to keep; `stream` yields it
    stream: Iterator[str] | None = None


def etag_of(dataset: Dataset, fmt: str) -> str:
    """A strong validator: the same for the same version, format and licence."""
    mark = json.dumps([dataset.id, fmt, licence(), dataset.version()], default=str)
    return f'"{hashlib.sha256(mark.encode()).hexdigest()[:32]}"'


def kept(dataset: Dataset, fmt: str) -> Kept:
    """The dataset's bytes in `fmt` for what it lists now: this process's copy, the shared
    cache's, or built once and kept in both."""
    etag = etag_of(dataset, fmt)
    held = _held.get((dataset.id, fmt))
    if held is not None and held.etag == etag:
        return held
    key = KEPT_KEY.format(id=dataset.id, fmt=fmt, etag=etag.strip('"'))
    shared = cache.get(key)
    if isinstance(shared, tuple) and len(shared) == 2:
        copy = Kept(etag, *shared)
    else:
        copy = _built(dataset, fmt, etag)
        if copy.body is not None:
            cache.set(key, (copy.modified, copy.body), KEPT_SECONDS)
    if copy.body is not None:
        _held[(dataset.id, fmt)] = copy
    return copy


def _built(dataset: Dataset, fmt: str, etag: str) -> Kept:
    chunks, size = [], 0
    stream = dataset_stream(dataset, fmt)
    for chunk in stream:
        chunks.append(chunk)
        size += len(chunk)
        if size > KEEP_BYTES:  # too large to keep: what was read, then the rest, streamed
            return Kept(etag, time.time(), None, _chained(chunks, stream))
    return Kept(etag, time.time(), "".join(chunks).encode())


def _chained(head: list[str], rest: Iterator[str]) -> Iterator[str]:
    yield from head
    yield from rest


def rows_page(dataset: Dataset, start: int, stop: int) -> list[dict[str, Any]]:
    """Rows `start` to `stop` (a page for the MCP door), read from the kept JSON Lines: a line
    a row, so a page parses only its own rows."""
    copy = kept(dataset, "jsonl")
    if copy.body is None:  # too large to keep: read up to the page from the database
        return list(itertools.islice(dataset.rows(), start, stop))
    lines = copy.body.split(b"\n", stop)[start:stop]
    return [json.loads(line) for line in lines if line]


def forget_kept() -> None:
    """Drop this process's copies (tests)."""
    _held.clear()
