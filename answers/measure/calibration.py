"""The meaning floor of the source check, measured (`manage.py calibrate_check`).

For every question of both evaluation sets, as of its registry's day: each sentence the engine
composes, against the snippets it cites (held: what a faithful sentence scores), against another
row of the same topic and against a row of another topic (not held). The floor
(`answers.check.sentences.MEANING_FLOOR`) must sit under every held sentence; how much of the rest
it keeps out is what the figures say. Runs in a transaction rolled back at the end, as the
evaluation does.
"""

import random
import statistics
from datetime import UTC, datetime, time
from typing import Any

from django.db import transaction

from answers.check import _MARKER, MEANING_FLOOR
from answers.compose import Layers, compose
from answers.ground import gather, similarity
from answers.measure.evaluation import REGISTRIES, dated, load_cases
from answers.understand import understand, vocabulary
from registry.models import Event

SEED = 20261125


def calibrate() -> dict[str, Any]:
    held, same_topic, other_topic = [], [], []
    rng = random.Random(SEED)
    with transaction.atomic():
        for registry in REGISTRIES.values():
            registry.load()
        for registry in REGISTRIES.values():
            now = datetime.combine(registry.anchor(), time(23, 59), tzinfo=UTC)
            for case in load_cases(registry.cases):
                sentences = _composed(dated(case["question"], now.date()), now)
                for claim, cited, rows, elsewhere in sentences:
                    held.append(similarity(claim, [" ".join(r.snippet for r in cited)])[0])
                    if rows:
                        same_topic.append(similarity(claim, [rng.choice(rows).snippet])[0])
                    if elsewhere:
                        other_topic.append(similarity(claim, [rng.choice(elsewhere).snippet])[0])
        transaction.set_rollback(True)
    return {
        "floor": MEANING_FLOOR,
        "held": _spread(held),
        "sameTopicOtherRow": _spread(same_topic),
        "otherTopic": _spread(other_topic),
        "heldBelowFloor": sum(s < MEANING_FLOOR for s in held),
        "otherTopicAtOrAboveFloor": sum(s >= MEANING_FLOOR for s in other_topic),
    }


def _composed(question: str, now: datetime):
    vocab = vocabulary.current()
    understood = understand(question, vocab, now=now)
    if understood.declined:
        return []
    events = Event.objects.in_bulk([r.topic.pk for r in understood.topics])
    layers = [Layers.of(r.topic, gather(events[r.topic.pk], r.topic, understood, now=now))
              for r in understood.topics]  # fmt: skip
    writer = compose(understood, layers)
    rows = [row for lay in layers for row in lay.rows()]
    others = [t for t in vocab.topics if t.pk not in {r.topic.pk for r in understood.topics}]
    elsewhere = []
    if others:
        topic = others[len(question) % len(others)]
        elsewhere = gather(Event.objects.get(pk=topic.pk), topic, understood, now=now)
    out = []
    for sentence in writer.sentences:
        cited = [writer.pool[int(n) - 1] for n in _MARKER.findall(sentence.body)]
        claim = _MARKER.sub(" ", sentence.body)
        out.append((claim, cited, [r for r in rows if r not in cited], elsewhere))
    return out


def _spread(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def at(share: float) -> float:
        return round(ordered[int(share * (len(ordered) - 1))], 3)

    return {"n": len(values), "min": at(0), "p5": at(0.05), "median": round(
        statistics.median(values), 3), "p95": at(0.95), "max": at(1)}  # fmt: skip
