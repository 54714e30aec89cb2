"""The standard Watches: each a base id, a description, explicit coordinates and a reading.

A coordinate states its name, type, default, allowed values or range and what it does. A Watch
runs by calling the same selectors the read surfaces serve, so a reading is what a client would
have read at that moment.

The catalogue is also the one source of the contract's typing of coordinates
(`coordinate_definitions`): each base's coordinates as a Watch holds them and as a body gives
them, keyed by `base`, merged into `svc.watch.v1`'s `$defs` when the contract loads.
"""

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.utils import timezone

from records.builder import build_record
from registry import selectors
from registry.models import Event, Vertical
from watches.divergence import divergences


@dataclass(frozen=True)
class Coordinate:
    name: str
    type: str  # integer | number | string | slug | choice | choices
    default: Any
    does: str
    minimum: float | None = None
    maximum: float | None = None
    allowed: tuple[str, ...] = ()
    required: bool = False
    # A default the registry decides at each run (the busiest flagged topic, say), and its rule.
    chosen: Callable[[], Any] | None = field(default=None, repr=False, compare=False)
    rule: str = ""

    def describe(self) -> dict[str, Any]:
        row = {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "does": self.does,
            "required": self.required,
        }
        if self.minimum is not None:
            row["range"] = {"min": self.minimum, "max": self.maximum}
        if self.allowed:
            row["allowed"] = list(self.allowed)
        if self.rule:
            row["defaultRule"] = self.rule
        return row

    def parse(self, value: Any) -> Any:
        """The value, checked; raises ValueError saying what is wrong."""
        if value is None:
            if self.chosen is not None:
                # null names nothing to read; left out, the registry chooses one.
                raise ValueError(f"a value, not null; leave it out for {self.rule}")
            if self.required:
                raise ValueError("required: give a value")
            return None
        if self.type in ("integer", "number"):
            return self._number(value)
        if self.type == "choices":
            if not isinstance(value, list) or any(v not in self.allowed for v in value):
                raise ValueError(f"a list drawn from {', '.join(self.allowed)}")
            return sorted(set(value), key=self.allowed.index)
        if not isinstance(value, str) or not value or len(value) > 120:
            raise ValueError("a non-empty string of at most 120 characters")
        if self.type == "choice" and value not in self.allowed:
            raise ValueError(f"one of {', '.join(self.allowed)}")
        return value

    def _number(self, value: Any) -> int | float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"a {self.type} between {self.minimum:g} and {self.maximum:g}")
        # Before int(): a JSON 1e400 is an infinite float, whose int() raised OverflowError.
        if not math.isfinite(value) or not self.minimum <= value <= self.maximum:
            raise ValueError(f"between {self.minimum:g} and {self.maximum:g}")
        if self.type == "integer" and value != int(value):
            raise ValueError("a whole number")
        return int(value) if self.type == "integer" else float(value)

    def held(self) -> dict[str, Any]:
        """JSON Schema of the value a Watch holds (saved, listed, read): its JSON type, null only
        where null means none. No bounds or allowed set: a later catalogue may widen them, and a
        Watch saved today must stay valid; the description states them."""
        schema: dict[str, Any] = {"type": _JSON_TYPES[self.type]}
        if self.type == "choices":
            schema["items"] = {"type": "string"}
        if self.default is None and self.chosen is None:
            schema["type"] = [schema["type"], "null"]
        return {**schema, "description": self.explained()}

    def given(self) -> dict[str, Any]:
        """JSON Schema of a value a body may give (unfurl, save): bounded and from the allowed set,
        as `parse` checks it; null where the service takes it (the default, or none), never for a
        coordinate the registry chooses."""
        kind = _JSON_TYPES[self.type]
        schema: dict[str, Any] = {"type": kind}
        if self.minimum is not None:
            schema.update(minimum=self.minimum, maximum=self.maximum)
        if self.type in ("string", "slug"):
            schema.update(minLength=1, maxLength=120)
        if self.type == "choice":
            schema["enum"] = list(self.allowed)
        if self.type == "choices":
            schema["items"] = {"type": "string", "enum": list(self.allowed)}
        if self.chosen is None and "enum" in schema:
            # The set with null, untyped: a generator reads `enum` with a type list as a union
            # of three copies of one enum.
            schema = {"enum": [*schema["enum"], None]}
        elif self.chosen is None:
            schema["type"] = [kind, "null"]
        return {**schema, "description": self.explained()}

    def explained(self) -> str:
        """What the coordinate does, its range or allowed values, and what it is when left out."""
        parts = [self.does]
        if self.minimum is not None:
            parts.append(f"From {self.minimum:g} to {self.maximum:g}.")
        if self.allowed:
            parts.append(
                f"{'Any' if self.type == 'choices' else 'One'} of {', '.join(self.allowed)}."
            )
        if self.rule:
            parts.append(f"Left out: {self.rule}.")
        elif self.default is not None:
            parts.append(f"Default {json.dumps(self.default)}.")
        else:
            parts.append("Default null: none.")
        return " ".join(parts)


_JSON_TYPES = {
    "integer": "integer",
    "number": "number",
    "string": "string",
    "slug": "string",
    "choice": "string",
    "choices": "array",
}


@dataclass(frozen=True)
class StandardWatch:
    id: str
    title: str
    description: str
    coordinates: tuple[Coordinate, ...]
    run: Callable[[dict[str, Any]], dict[str, Any]] = field(repr=False)
    identity: Callable[[dict[str, Any]], list[str]] = field(repr=False)  # what a reading lists

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "description": self.description,
            "coordinates": [c.describe() for c in self.coordinates],
        }

    def held_schema(self) -> dict[str, Any]:
        """Its coordinates as a Watch holds them: every one, decided (given, default or chosen)."""
        return {
            "type": "object",
            "description": f"The coordinates of a {self.id} Watch, every one as decided.",
            "properties": {c.name: c.held() for c in self.coordinates},
            "required": [c.name for c in self.coordinates],
        }

    def given_schema(self) -> dict[str, Any]:
        """Its coordinates as a body gives them: any of them, by name, and nothing else."""
        return {
            "type": "object",
            "description": f"Overrides of a {self.id} Watch's coordinates, by name.",
            "properties": {c.name: c.given() for c in self.coordinates},
            "additionalProperties": False,
        }


class NotReadable(Exception):
    """The coordinates name something the registry does not hold (a topic, entity, vertical)."""

    def __init__(self, coordinate: str, message: str):
        super().__init__(message)
        self.coordinate = coordinate


def _vertical(slug: str | None) -> Vertical | None:
    if slug is None:
        return None
    found = Vertical.objects.filter(slug=slug).first()
    if found is None:
        raise NotReadable("vertical", f"no vertical '{slug}' (see /api/v1/verticals)")
    return found


def _topic(subject: str) -> Event:
    found = Event.objects.select_related("lead_entity", "kind").filter(subject=subject).first()
    if found is None:
        raise NotReadable("topic", f"no record for topic '{subject}' (see /api/v1/records)")
    return found


def _busiest_flagged_topic() -> str | None:
    """The first of the current signals; with nothing flagged, the newest record."""
    flagged = selectors.signals_current(vertical=None, tier=None, limit=1)["signals"]
    if flagged:
        return flagged[0]["topic"]
    return Event.objects.published().order_by("-pk").values_list("subject", flat=True).first()


def _top_accelerating_entity() -> str | None:
    """The entity most ahead of its baseline; with none past 5 documents, past 1."""
    for floor in (5, 1):
        rising = selectors.entities_accelerating(
            window_days=7, min_documents=floor, vertical=None, limit=1
        )["entities"]
        if rising:
            return rising[0]["slug"]
    return None


LIMIT = Coordinate("limit", "integer", 20, "How many items the reading lists.", 1, 200)
VERTICAL = Coordinate("vertical", "slug", None, "Only this vertical's documents (a slug).")
LAYERS = (
    "primarySources",
    "reporting",
    "record",
    "coverageMetric",
    "market",
    "judgment",
    "consensus",
    "stateHistory",
)


def _record(c: dict[str, Any]) -> dict[str, Any]:
    record = build_record(_topic(c["topic"]))
    record["layers"] = {name: record["layers"][name] for name in c["layers"]}
    return record


def _flips(c: dict[str, Any]) -> dict[str, Any]:
    since = timezone.now() - timedelta(days=c["days"])
    return selectors.tripwires_list(since=since, source=c["source"], limit=200, cursor=None)


def _movers(c: dict[str, Any]) -> dict[str, Any]:
    if c["topic"]:
        _topic(c["topic"])
    listing = selectors.markets_list(topic=c["topic"], entity=None, limit=200, cursor=None)
    moved = [
        q
        for q in listing["questions"]
        if q["change24hPct"] is not None and abs(q["change24hPct"]) >= c["minChangePct"]
    ]
    moved.sort(key=lambda q: (-abs(q["change24hPct"]), q["id"]))
    return {**listing, "questions": moved[: c["limit"]], "nextCursor": None}


def _attention(c: dict[str, Any]) -> dict[str, Any]:
    entity = selectors.entity_resolve(c["entity"])
    if entity is None:
        raise NotReadable("entity", f"no entity known as '{c['entity']}' (see /api/v1/entities)")
    return selectors.entity_detail(entity)


def _keys(member: str, field_name: str) -> Callable[[dict[str, Any]], list[str]]:
    return lambda reading: [str(item[field_name]) for item in reading.get(member, [])]


STANDARD = {
    watch.id: watch
    for watch in (
        StandardWatch(
            "current-signals",
            "Current signals",
            "Topics whose wire tier is flagged, busiest first, with their counts.",
            (
                VERTICAL,
                Coordinate(
                    "tier",
                    "choice",
                    None,
                    "Only records of this tier.",
                    allowed=tuple(Event.Tier.values),
                ),
                LIMIT,
            ),
            lambda c: selectors.signals_current(
                vertical=_vertical(c["vertical"]), tier=c["tier"], limit=c["limit"]
            ),
            _keys("signals", "topic"),
        ),
        StandardWatch(
            "accelerating-entities",
            "Accelerating entities",
            "Tracked entities whose attention rate most exceeds their baseline rate.",
            (
                Coordinate(
                    "window",
                    "integer",
                    7,
                    "Current window in days; the baseline is three windows.",
                    1,
                    30,
                ),
                Coordinate(
                    "minDocuments",
                    "integer",
                    5,
                    "Documents needed in the current window.",
                    1,
                    100_000,
                ),
                VERTICAL,
                LIMIT,
            ),
            lambda c: selectors.entities_accelerating(
                window_days=c["window"],
                min_documents=c["minDocuments"],
                vertical=_vertical(c["vertical"]),
                limit=c["limit"],
            ),
            _keys("entities", "slug"),
        ),
        StandardWatch(
            "corroborated-clusters",
            "Corroborated clusters",
            "Stories carried by enough origins of known provenance, newest first.",
            (
                Coordinate("days", "integer", 7, "Clusters seen in the last N days.", 1, 90),
                Coordinate("minOrigins", "integer", 2, "Known origins at least.", 1, 50),
                LIMIT,
            ),
            lambda c: selectors.clusters_corroborated(
                days=c["days"], min_origins=c["minOrigins"], limit=c["limit"], cursor=None
            ),
            _keys("clusters", "id"),
        ),
        StandardWatch(
            "topic-record",
            "One topic record",
            "The chosen layers of one topic's record.",
            (
                Coordinate(
                    "topic",
                    "slug",
                    None,
                    "The record's slug.",
                    chosen=_busiest_flagged_topic,
                    rule="the busiest flagged topic at each reading (the first current signal)",
                ),
                Coordinate(
                    "layers", "choices", list(LAYERS), "Which layers to read.", allowed=LAYERS
                ),
            ),
            _record,
            lambda reading: [
                f"{t['field']}:{t['to']}:{t['at']}"
                for t in reading["layers"].get("stateHistory", {}).get("transitions", [])
            ],
        ),
        StandardWatch(
            "source-flips",
            "Primary-source flips",
            "Observed-state flips of primary sources (tripwire alerts) in the last N days.",
            (
                Coordinate("days", "integer", 7, "Flips in the last N days.", 1, 90),
                Coordinate("source", "slug", None, "Only this source's flips (its id)."),
            ),
            _flips,
            _keys("alerts", "id"),
        ),
        StandardWatch(
            "market-movers",
            "Market movers",
            "Market questions whose price moved most in 24 hours: belief, never fact.",
            (
                Coordinate("topic", "slug", None, "Only this topic's questions."),
                Coordinate(
                    "minChangePct", "number", 1, "Smallest 24-hour move, in points.", 0, 100
                ),
                LIMIT,
            ),
            _movers,
            _keys("questions", "id"),
        ),
        StandardWatch(
            "entity-attention",
            "Entity attention",
            "One entity's attention: counts, daily documents and its topics.",
            (
                Coordinate(
                    "entity",
                    "string",
                    None,
                    "A slug, name or alias.",
                    chosen=_top_accelerating_entity,
                    rule="the top accelerating entity at each reading",
                ),
            ),
            _attention,
            lambda reading: [f"{d['date']}:{d['documents']}" for d in reading.get("daily", [])],
        ),
        StandardWatch(
            "belief-divergence",
            "Belief divergence",
            "Topics where a market prices below even odds what the issuer or reporting states "
            "as done, or has fallen against it within the window: both sides cited, the gap's "
            "size and age. Belief, never fact.",
            (
                Coordinate(
                    "minGapPoints",
                    "number",
                    20,
                    "Smallest gap, in points: a market question's price fallen at least this "
                    "far within the window, against a statement that its outcome was done; or "
                    "priced below even odds and at least this far from 100.",
                    1,
                    100,
                ),
                Coordinate(
                    "window",
                    "integer",
                    7,
                    "Days a move against the statement is counted over (from the statement "
                    "when it is newer).",
                    1,
                    90,
                ),
                Coordinate(
                    "vertical", "slug", None, "Only topics led by an entity of this vertical."
                ),
            ),
            lambda c: divergences(
                min_gap=c["minGapPoints"], window=c["window"], vertical=_vertical(c["vertical"])
            ),
            lambda reading: [
                f"{d['topic']}:{d['market']['id']}:{','.join(d['fired'])}"
                for d in reading.get("divergences", [])
            ],
        ),
    )
}
# The standard ids as the closed set a Watch's `base` is (`WatchBaseEnum` in the document).
WATCH_BASES = tuple(STANDARD)


def coordinate_definitions() -> dict[str, dict[str, Any]]:
    """The contract's typing of a Watch's coordinates, from this catalogue alone (`svc.watch.v1`
    names this function; `config.contract` merges the result into its `$defs`).

    `coordinates` (as held) and `givenCoordinates` (as a body gives them) are each: one object
    per base (`<kind>.<base>`), their union (`<kind>`, what the `coordinates` member is, which a
    generated client parses by its names), and the rule keying them by `base` (`<kind>OfBase`, a
    `oneOf` with a discriminator mapping, each variant the base's id and its coordinates).
    """
    held = _keyed("coordinates", StandardWatch.held_schema, ["base", "coordinates"])
    given = _keyed("givenCoordinates", StandardWatch.given_schema, ["base"])
    return held | given


def _keyed(kind: str, shape: Callable[[StandardWatch], dict], required: list[str]) -> dict:
    defs = {f"{kind}.{watch.id}": shape(watch) for watch in STANDARD.values()}
    defs[kind] = {
        "description": "A Watch's coordinates: those of its base (see the rule keyed by base).",
        "anyOf": [{"$ref": f"#/$defs/{kind}.{watch.id}"} for watch in STANDARD.values()],
    }
    mapping = {watch.id: f"#/$defs/{kind}OfBase.{watch.id}" for watch in STANDARD.values()}
    for base, variant in mapping.items():
        defs[variant.removeprefix("#/$defs/")] = {
            "type": "object",
            "properties": {
                "base": {"const": base},
                "coordinates": {"$ref": f"#/$defs/{kind}.{base}"},
            },
            "required": required,
        }
    defs[f"{kind}OfBase"] = {
        "type": "object",
        "description": "The coordinates are those of the Watch's base, keyed by `base`.",
        "oneOf": [{"$ref": variant} for variant in mapping.values()],
        "discriminator": {"propertyName": "base", "mapping": mapping},
    }
    return defs
