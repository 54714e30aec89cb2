"""factory-boy factories for registry rows. Natural keys are sequences, so rows never collide."""

from datetime import UTC, datetime

import factory

from registry import models


class VerticalFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Vertical
        django_get_or_create = ["slug"]

    slug = factory.Sequence(lambda n: f"vertical-{n}")
    name = factory.LazyAttribute(lambda o: o.slug.title())


class EntityFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Entity

    slug = factory.Sequence(lambda n: f"entity-{n}")
    name = factory.Sequence(lambda n: f"Entity {n}")
    kind = models.Entity.Kind.ORGANIZATION


class OutletFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Outlet

    domain = factory.Sequence(lambda n: f"outlet{n}.example")
    name = factory.Sequence(lambda n: f"Outlet {n}")


class FeedFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Feed

    url = factory.Sequence(lambda n: f"https://feeds.example/{n}.xml")
    outlet = factory.SubFactory(OutletFactory)
    vertical = factory.SubFactory(VerticalFactory, slug="markets")


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Event

    subject = factory.Sequence(lambda n: f"rate-decision-topic-{n}")
    title = factory.Sequence(lambda n: f"Topic {n}")
    lead_entity = factory.SubFactory(EntityFactory)
    action_class = models.ActionClass.RATE_DECISION
    subject_terms = factory.LazyFunction(lambda: ["rate decision"])
    question_terms = factory.LazyFunction(lambda: ["rate", "cut"])


class PrimarySourceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.PrimarySource

    slug = factory.Sequence(lambda n: f"source-{n}")
    name = factory.Sequence(lambda n: f"Source {n}")
    issuer = "Issuer"
    cadence = "Daily"
    fetch_url = factory.Sequence(lambda n: f"https://issuer.example/{n}.xml")
    parser = models.PrimarySource.Parser.HURRICANE_FEED


class DocumentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Document

    url = factory.Sequence(lambda n: f"https://news.example/{n}")
    title = factory.Sequence(lambda n: f"Headline {n}")
    outlet = factory.SubFactory(OutletFactory)
    vertical = factory.SubFactory(VerticalFactory, slug="markets")
    fetched_at = factory.LazyFunction(lambda: datetime(2026, 11, 20, 12, tzinfo=UTC))
    ingested_at = factory.LazyAttribute(lambda o: o.fetched_at)
    day = factory.LazyAttribute(lambda o: o.fetched_at.date())


class MarketQuestionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.MarketQuestion

    venue = models.MarketQuestion.Venue.KALSHI
    external_id = factory.Sequence(lambda n: f"Q-{n}")
    question = factory.Sequence(lambda n: f"Will thing {n} happen?")
    url = factory.Sequence(lambda n: f"https://kalshi.com/markets/q-{n}")


class EventDayFactory(factory.django.DjangoModelFactory):
    """A day of an event's mentions, in one shared vertical unless a test says otherwise."""

    class Meta:
        model = models.EventDay
        django_get_or_create = ["event", "vertical", "day"]

    event = factory.SubFactory(EventFactory)
    vertical = factory.SubFactory(VerticalFactory, slug="news")
    mentions = 1
