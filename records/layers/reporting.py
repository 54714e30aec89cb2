"""layers.reporting: what reporting says, filtered by the spec's relevance rule.

A sampled row (it names the lead subject) is served only if it carries a subject-line term, or
two terms of the market-question set. Prediction-market question pages are never reporting.
"""

from typing import Any

from ingestion.tagging import EventTerms, Tagger
from records.inputs import RecordInputs
from registry.models import Document, Event


def reporting_layer(inputs: RecordInputs) -> dict[str, Any]:
    event = inputs.event
    base = {
        "label": "What reporting says",
        "basis": "Attributed rows the service ingested that name the lead subject.",
        "note": "Reporting is attributed, not verified: check each row at its source.",
        "relevanceTerms": {"subjectLine": event.subject_terms, "questionSet": event.question_terms},
    }
    if not event.lead_entity.tracked:
        return {
            **base,
            "status": "subject-not-in-tracked-entity-set",
            "sampledForSubject": 0,
            "served": 0,
            "withheldNotEventRelevant": 0,
            "items": [],
        }
    items = served_rows(event, inputs.sample)
    sampled = len(inputs.sample)
    return {
        **base,
        "status": "observed" if items else "none-event-relevant",
        "sampledForSubject": sampled,
        "served": len(items),
        "withheldNotEventRelevant": sampled - len(items),
        "items": items,
    }


def served_rows(event: Event, documents: list[Document]) -> list[dict[str, Any]]:
    """The documents the relevance rule serves, as attributed rows, in the order given.

    Every document here names the lead subject; it is served with a subject-line term, or with
    two terms of the question set.
    """
    subject_terms, question_terms = set(event.subject_terms), set(event.question_terms)
    terms = Tagger(names=[], events=[EventTerms(0, 0, frozenset(subject_terms),
                                                frozenset(question_terms))])  # fmt: skip
    items = []
    for doc in documents:
        found = terms.tag(f"{doc.title}\n{doc.summary}").terms
        on_subject, on_questions = found & subject_terms, found & question_terms
        if on_subject:
            relevance, matched = "subject-line-term", on_subject
        elif len(on_questions) >= 2:
            relevance, matched = "question-set-terms", on_questions
        else:
            continue
        items.append(
            {
                "title": doc.title,
                "url": doc.url,
                "date": doc.day.isoformat() if doc.day else None,
                "source": doc.outlet.name,
                "eventTerms": sorted(matched),
                "relevance": relevance,
                "tier": doc.outlet.tier,
                "kind": "attributed reporting: verify at its source",
            }
        )
    return items
