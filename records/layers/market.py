"""layers.market: what prediction markets believe. Belief, never fact."""

from typing import Any

from records.inputs import RecordInputs
from registry.models import MarketQuestion
from registry.selectors.markets import market_row


def _row(question: MarketQuestion, inputs: RecordInputs) -> dict[str, Any]:
    return market_row(question, inputs.recent_prices.get(question.pk, []), now=inputs.now)


def market_layer(inputs: RecordInputs) -> dict[str, Any]:
    event = inputs.event
    priced = [q for q in inputs.questions if q.latest_pct is not None]
    current = [_row(q, inputs) for q in priced if not (q.deadline and q.deadline < inputs.now)]
    arc = [
        {**_row(q, inputs), "status": (
            f"Historical capture: the deadline passed on {q.deadline.date().isoformat()}; "
            "kept as recorded."
        )}
        for q in priced
        if q.deadline and q.deadline < inputs.now
    ]  # fmt: skip
    if not event.lead_entity.tracked:
        status, note = "subject-not-in-tracked-entity-set", "Unmeasured: not a zero."
    elif priced:
        status, note = "observed", None
    else:
        status, note = "none-captured", "Measured: no market question is captured."
    captured = [q.first_at for q in priced] + [q.latest_at for q in priced]
    return {
        "label": "What prediction markets believe",
        "basis": "Prices of market questions: a signal of what a crowd believes, never fact.",
        "rowsStatus": status,
        "rowsNote": note,
        "current": current,
        "arc": arc,
        "eventArc": {
            "name": event.title,
            "slug": event.subject,
            "questionCount": len(inputs.questions),
            "questions": [q.question for q in inputs.questions][:10],
            "mentions": sum(mentions for _, mentions in inputs.days),
            "firstSeen": min(captured).date().isoformat() if captured else None,
            "lastSeen": max(captured).date().isoformat() if captured else None,
            "firstSeenStatus": "observed" if captured else "none-recorded",
            "lastSeenStatus": "observed" if captured else "none-recorded",
            "stampNote": None,
        },
    }
