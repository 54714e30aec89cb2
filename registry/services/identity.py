"""What a topic is (issue 51): its kind, names and the attributes that tell it from a neighbour.

A curator keeps a topic's identity in the admin; a topic saved without a kind gets a proposal
read off what the registry already holds of it (its action class, title, lead and attached
entities, market questions and issuers), marked `proposed` until a curator confirms it, so a
curator's new topic is never worse off than a curated world's. `manage.py propose_identities`
proposes for a whole registry. The kinds themselves are rows (`TopicKind`), never a list here.
"""

import itertools
import re
from dataclasses import asdict, dataclass

from django.db import transaction

from config.cachekeys import curation_changed
from registry.models import Entity, Event, MarketQuestion, PrimarySource, TopicKind

_WORD = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*", re.UNICODE)
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_QUARTER = re.compile(r"^(?:q[1-4]|h[12])$", re.IGNORECASE)
# An edition token: a Roman numeral in capitals, a short number, or letters and digits mixed
# ("X5", "A320", "5G"); a year is a period, not an edition.
_EDITION = re.compile(r"^(?:[IVX]{1,5}|\d{1,3}|(?=[^\W_]*\d)(?=[^\W_]*[^\W\d_])[^\W_]{2,8})$")
# The registry's action classes as kinds: grammar of its own closed list (ActionClass), read
# before the title; a "disaster" is what its title says it is (a storm, a flood...).
_ACTION_KINDS = {
    "election": "election",
    "rate-decision": "policy-decision",
    "ceasefire-deal": "agreement",
    "econ-release": "statistical-release",
    "funding-round": "company",
}


IDENTITY_FIELDS = ["kind", "name", "aliases", "former_names", "edition", "period", "place",
                   "organisation", "outcome", "identity_status"]  # fmt: skip


@dataclass(frozen=True)
class Identity:
    """A topic's identity as the admin form and `event_upsert` take it."""

    kind: TopicKind | None
    name: str = ""
    aliases: tuple[str, ...] = ()
    former_names: tuple[str, ...] = ()
    edition: str = ""
    period: str = ""
    place: str = ""
    organisation: str = ""
    outcome: str = ""

    def fields(self) -> dict:
        found = asdict(self) | {"kind": self.kind}
        return found | {"aliases": list(self.aliases), "former_names": list(self.former_names)}


def identity_propose(*, event: Event, kinds: list[TopicKind] | None = None) -> Identity:
    """A proposal for `event`'s identity from what the registry holds of it (never saved here);
    `kinds`, the topic kinds when the caller proposes for many topics and read them once."""
    kind = _kind_of(event, list(TopicKind.objects.all()) if kinds is None else kinds)
    entities = [event.lead_entity, *event.entities.exclude(pk=event.lead_entity_id)]
    tokens = _WORD.findall(f"{event.title} {event.subject.replace('-', ' ')}")
    attributes = {
        "edition": _edition(event.title),
        "period": _period(tokens),
        "place": _place(event, entities),
        "organisation": _organisation(event, entities, kind),
    }
    applies = set(kind.attributes) if kind else set(attributes)  # where they apply
    return Identity(
        kind=kind,
        name=event.title,
        aliases=tuple(event.lead_entity.aliases.values_list("alias", flat=True)),
        outcome=_outcome(event, kind),
        **{name: value for name, value in attributes.items() if name in applies},
    )


def _kind_of(event: Event, kinds: list[TopicKind]) -> TopicKind | None:
    by_slug = {kind.slug: kind for kind in kinds}
    said = _said_kind(event.title, kinds)
    if event.action_class == "disaster":  # a disaster is a storm when its title says so
        return said or by_slug.get("place-bound-event")
    return (
        by_slug.get(_ACTION_KINDS.get(event.action_class or "", ""))
        or said
        or next((k for k in kinds if event.lead_entity.kind in k.entity_kinds), None)
        or _said_kind(" ".join([*event.subject_terms, *event.question_terms]), kinds)
    )


def _said_kind(text: str, kinds: list[TopicKind]) -> TopicKind | None:
    """The kind whose noun `text` says last (in a plural too): the head of a name ("<Court>
    ruling", "<Province> floods"), a longer noun before a shorter one at one place."""
    low = f" {' '.join(_WORD.findall(text.lower()))} "
    found = [
        (max(low.rfind(f" {noun} "), low.rfind(f" {noun}s ")), len(noun), kind.slug, kind)
        for kind in kinds
        for noun in kind.all_nouns()
    ]
    found = [f for f in found if f[0] >= 0]
    return max(found, key=lambda f: f[:3])[3] if found else None


def _edition(title: str) -> str:
    """What numbers the thing in its title ("II", "Series C", the "4" of "<Name>-4"), after its
    first word; a year is a period, not an edition."""
    tokens = re.findall(r"[^\W_]+", title)
    for before, token in itertools.pairwise(tokens):
        if before.lower() == "series" and len(token) == 1:
            return f"Series {token.upper()}"
        if _EDITION.match(token) and not (_YEAR.match(token) or _QUARTER.match(token)):
            return token
    return ""


def _period(tokens: list[str]) -> str:
    """A quarter with its year ("Q3 2026"), or the year alone."""
    years = [t for t in tokens if _YEAR.match(t)]
    quarter = next((t.upper() for t in tokens if _QUARTER.match(t)), "")
    return " ".join(filter(None, [quarter, years[0] if years else ""]))


def _place(event: Event, entities: list[Entity]) -> str:
    """The place the topic's own words name first (its title, then its terms), else the first
    place among its entities."""
    places = [e for e in entities if e.kind in (Entity.Kind.COUNTRY, Entity.Kind.PLACE)]
    said = " ".join([event.title, *event.subject_terms, *event.question_terms]).lower()
    named = [e for e in places if e.name.lower() in said]
    return (named or places)[0].name if places else ""


def _organisation(event: Event, entities: list[Entity], kind: TopicKind | None) -> str:
    """The body the topic belongs to (a central bank's decision, a maker's product): an
    organisation or company among its entities other than a topic that is that body itself,
    else its first issuer."""
    itself = kind is not None and kind.slug in ("organisation", "company")
    bodies = [
        e.name
        for e in entities
        if e.kind in (Entity.Kind.ORGANIZATION, Entity.Kind.COMPANY)
        and not (itself and e.pk == event.lead_entity_id)
    ]
    issuer = PrimarySource.objects.filter(events=event).values_list("issuer", flat=True).first()
    return bodies[0] if bodies else issuer or ""


def _outcome(event: Event, kind: TopicKind | None) -> str:
    """The kind's outcome that the topic's market questions ask about, else the kind's first."""
    if kind is None or not kind.outcomes:
        return ""
    asked = " ".join(MarketQuestion.objects.filter(events=event).values_list("question", flat=True))
    low = f" {' '.join(_WORD.findall(asked.lower()))} "
    stems = {outcome: outcome.split()[0][:4] for outcome in kind.outcomes}
    return next((o for o, s in stems.items() if f" {s}" in low), kind.outcomes[0])


def identity_filled(*, event: Event, proposal: Identity | None = None) -> bool:
    """Fill `event`'s identity from a proposal (`proposal`, or one made now) when it has no
    kind (status stays proposed); whether it did. The caller saves."""
    if event.kind_id is not None:
        return False
    proposal = proposal or identity_propose(event=event)
    for name, value in proposal.fields().items():  # what a curator already typed is kept
        setattr(event, name, getattr(event, name) or value)
    event.identity_status = Event.IdentityStatus.PROPOSED
    return True


@transaction.atomic
def identities_propose(*, events, save: bool) -> list[tuple[str, Identity]]:
    """A proposal for each of `events` that has no kind (each named one when `events` was
    filtered by subject), saved as proposed when `save`: `manage.py propose_identities`."""
    proposals, kinds = [], list(TopicKind.objects.all())
    for event in events:
        proposal = identity_propose(event=event, kinds=kinds)
        proposals.append((event.subject, proposal))
        if save and identity_filled(event=event, proposal=proposal):
            event.save(update_fields=IDENTITY_FIELDS)
    if save:
        curation_changed([subject for subject, _ in proposals])
    return proposals


@transaction.atomic
def identity_confirm(*, events) -> list[str]:
    """Confirm the identity of each of `events` that has a kind; the subjects confirmed."""
    subjects = [e.subject for e in events if e.kind_id and e.identity_status != "confirmed"]
    Event.objects.filter(subject__in=subjects).update(identity_status="confirmed")
    curation_changed(subjects)
    return subjects
