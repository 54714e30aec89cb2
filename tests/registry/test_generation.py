"""The registry's generation (issue 43): every committed curation write moves it, on whichever
machine, and each process's tagger and vocabulary read it at most every
`SVC_REGISTRY_CHECK_SECONDS` before answering from their own copy.

"Another machine" here is a write this process was not told of: made through the ORM as the
admin or a loader on another machine makes it, with no `forget_*` call in this process.
`tests/config/test_registry_across_machines.py` runs two real machines.
"""

import pytest
from django.db import transaction

from answers.understand import vocabulary
from ingestion import tagging
from registry import generation
from registry.models import EntityAlias, Event
from tests.factories import EntityFactory, EventFactory, MarketQuestionFactory

pytestmark = pytest.mark.django_db


class Monotonic:
    """The monotonic clock `Versioned` reads, moved by the test."""

    def __init__(self):
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    ticking = Monotonic()
    monkeypatch.setattr(tagging, "time", ticking)
    return ticking


def topic_text(subject: str) -> str:
    return next(t.text for t in vocabulary.current().topics if t.subject == subject)


def test_a_link_that_moves_no_count_reaches_every_vocabulary_through_the_generation(
    clock, settings, django_capture_on_commit_callbacks
):
    """A market question attached to a topic on another machine: no row is added and no
    topic is saved, so no count or stamp moves; the generation does."""
    settings.SVC_REGISTRY_CHECK_SECONDS = 10
    event = EventFactory(subject="funding-round-zephyr-dynamics", title="Zephyr raises")
    market = MarketQuestionFactory(question="Will Zephyr Dynamics list on the Nasdaq?")
    assert "nasdaq" not in topic_text(event.subject).lower()
    with django_capture_on_commit_callbacks(execute=True):
        market.events.add(event)  # machine A's admin inline, or a curation import
    clock.now += 9  # within the bound this process answers from its copy
    assert "nasdaq" not in topic_text(event.subject).lower()
    clock.now += 2  # past it: the generation moved, the copy is rebuilt
    assert "nasdaq" in topic_text(event.subject).lower()


def test_the_bound_is_the_setting(clock, settings, django_capture_on_commit_callbacks):
    settings.SVC_REGISTRY_CHECK_SECONDS = 2
    entity = EntityFactory(name="Zephyr Dynamics")
    assert entity.pk in tagging.current_tagger().tag("Zephyr Dynamics raises").entity_ids
    with django_capture_on_commit_callbacks(execute=True):
        EntityAlias.objects.create(entity=entity, alias="Zephyrix")
    assert not tagging.current_tagger().tag("Zephyrix raises").entity_ids
    clock.now += 2
    assert entity.pk in tagging.current_tagger().tag("Zephyrix raises").entity_ids


def test_each_kind_of_curation_write_moves_it_once_committed(django_capture_on_commit_callbacks):
    entity = EntityFactory()
    event = EventFactory(lead_entity=entity)
    writes = [
        lambda: EntityAlias.objects.create(entity=entity, alias="Another name"),
        lambda: Event.objects.get(pk=event.pk).save(),  # a topic's form saved (a retirement)
        lambda: event.entities.add(EntityFactory()),
        lambda: event.entities.clear(),
        lambda: EntityAlias.objects.filter(entity=entity).first().delete(),
    ]
    for write in writes:
        before = generation.current()
        with django_capture_on_commit_callbacks(execute=True):
            write()
            assert generation.current() == before  # nothing before the commit
        assert generation.current() > before


def test_a_write_rolled_back_moves_nothing(django_capture_on_commit_callbacks):
    def failed_save():
        with transaction.atomic():
            EntityFactory()
            raise RuntimeError("the admin form's save failed")

    before = generation.current()
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        failed_save()
    assert generation.current() == before


def test_the_version_a_copy_checks_is_one_small_read_of_the_generation_and_the_counts(
    django_assert_num_queries,
):
    with django_assert_num_queries(4):  # the generation's row, then three aggregates
        tagging.registry_version()
