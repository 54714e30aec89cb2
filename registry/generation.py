"""The registry's generation: one number every curation write moves, read by every machine.

Each process keeps copies built from the registry (the tagger, the Answer Engine's vocabulary:
`ingestion.tagging.Versioned`). The process that writes drops its own at once; every other
process, on this machine or another, finds out here: the number is moved after each commit
that saved, deleted or re-linked a row those copies are built from (the admin, the curation
services, the loaders: Django's model signals), and a copy's version check reads it at most
every `SVC_REGISTRY_CHECK_SECONDS`. Writes that bypass model signals (bulk inserts, raw SQL)
still move the counts and stamps the version check reads beside it.
"""

from django.db import transaction
from django.db.models import F
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.utils import timezone

from registry.models import (
    Entity,
    EntityAlias,
    Event,
    MarketQuestion,
    PrimarySource,
    Quantity,
    RegistryGeneration,
    Theme,
    TopicKind,
)

# What the tagger and the vocabulary are built from (rows, and the links between them); the
# topic kinds' nouns, the quantities' and the themes' words are read by the Answer Engine.
WATCHED = (Entity, EntityAlias, Event, MarketQuestion, PrimarySource, TopicKind, Quantity, Theme)
LINKS = (
    Event.entities.through,
    PrimarySource.events.through,
    MarketQuestion.events.through,
    MarketQuestion.entities.through,
)
ROW = 1  # the one row's primary key


def current() -> int:
    """The generation now (0 before the first write)."""
    return (
        RegistryGeneration.objects.filter(pk=ROW).values_list("generation", flat=True).first() or 0
    )


def advance() -> None:
    """Move the generation by one, now (after a commit: see `changed`)."""
    moved = RegistryGeneration.objects.filter(pk=ROW).update(
        generation=F("generation") + 1, changed_at=timezone.now()
    )
    if not moved:
        RegistryGeneration.objects.get_or_create(
            pk=ROW, defaults={"generation": 1, "changed_at": timezone.now()}
        )


def changed(**kwargs) -> None:
    """A watched row or link changed: move the generation once the transaction commits (at
    once outside one), so no reader rebuilds from a write that may still roll back."""
    if kwargs.get("action", "post_").startswith("post_"):
        transaction.on_commit(advance)


def connect() -> None:
    """Wire the signals (`RegistryConfig.ready`)."""
    for model in WATCHED:
        post_save.connect(changed, sender=model, dispatch_uid=f"generation-save-{model.__name__}")
        post_delete.connect(changed, sender=model, dispatch_uid=f"generation-del-{model.__name__}")
    for link in LINKS:
        m2m_changed.connect(changed, sender=link, dispatch_uid=f"generation-link-{link.__name__}")
