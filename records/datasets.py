"""Public datasets: the records index, state transitions, tripwire flips and primary sources.

Each dataset is a fixed list of columns and a row generator that reads the database in chunks,
so any size streams in constant memory, as JSON, JSON Lines or CSV. Every answer carries the
output licence: in the body for JSON, in `Link` and `x-svc-licence` headers for all three.
"""

import csv
import io
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from django.db.models import Count

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
            _records, lambda: Event.objects.published().count(),
        ),
        Dataset(
            "state-transitions", "State transitions",
            "The append-only history of every record's coverage state and wire tier.",
            (("topic", "the record's slug"), ("field", "coverage state or wire tier"),
             ("from", "the state before"), ("to", "the state after"),
             ("at", "when it changed (UTC)"), ("heldSince", "since when the old state held")),
            _transitions, StateTransition.objects.count,
        ),
        Dataset(
            "tripwire-flips", "Tripwire flips",
            "Observed-state flips of primary sources, each from two successful reads.",
            (("source", "the source's id"), ("from", "the observed state before"),
             ("to", "the observed state after"), ("at", "when the flip was read (UTC)")),
            _flips, TripwireAlert.objects.count,
        ),
        Dataset(
            "primary-sources", "Primary sources",
            "The first-party issuers the service reads, with their latest state.",
            (("id", "the source's id"), ("name", "its name"), ("issuer", "who publishes it"),
             ("cadence", "how often it publishes"), ("observedState", "what it last said"),
             ("readState", "whether it could be read"), ("lastSuccess", "last confirmed fetch"),
             ("verifiedAsOf", "last verification"), ("topicsGuarded", "topics it guards")),
            _sources, PrimarySource.objects.count,
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
