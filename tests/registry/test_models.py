"""Registry constraints: slugs, uniqueness, append-only logs, URLs curators may enter."""

from datetime import UTC, datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction

from registry.models import Event, MarketPrice, PrimarySource, SourceReading, TripwireAlert
from tests.factories import (
    DocumentFactory,
    EntityFactory,
    EventFactory,
    FeedFactory,
    MarketQuestionFactory,
    PrimarySourceFactory,
)

pytestmark = pytest.mark.django_db
AT = datetime(2026, 11, 20, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    "subject", ["Rate-Decision", "rate_decision", "rate decision", "rate--cut", "-rate", "rate-"]
)
def test_subject_must_be_a_lowercase_hyphenated_slug(subject):
    event = EventFactory.build(subject=subject, lead_entity=EntityFactory())
    with pytest.raises(ValidationError) as error:
        event.full_clean()
    assert "lowercase" in error.value.message_dict["subject"][0]


def test_database_refuses_a_bad_subject_even_past_validation():
    event = EventFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.filter(pk=event.pk).update(subject="Not A Slug")


def test_subject_is_unique():
    EventFactory(subject="election-brazil")
    with pytest.raises(IntegrityError), transaction.atomic():
        EventFactory(subject="election-brazil")


def test_canonical_document_url_is_unique():
    DocumentFactory(url="https://news.example/a")
    with pytest.raises(IntegrityError), transaction.atomic():
        DocumentFactory(url="https://news.example/a")


def test_event_terms_must_be_lists_of_words():
    event = EventFactory.build(lead_entity=EntityFactory(), subject_terms="rate decision")
    with pytest.raises(ValidationError) as error:
        event.full_clean()
    assert "subject_terms" in error.value.message_dict


def test_unknown_action_class_is_refused():
    event = EventFactory.build(lead_entity=EntityFactory(), action_class="coup")
    with pytest.raises(ValidationError) as error:
        event.full_clean()
    assert "action_class" in error.value.message_dict


@pytest.mark.parametrize(
    "url",
    [
        "http://10.0.0.5/feed.xml",
        "http://192.168.1.1/rss",
        "http://169.254.169.254/latest/meta-data/",
        "http://127.0.0.1:8080/feed",
        "http://[::1]/feed",
        "http://localhost/feed",
        "http://router.internal/feed",
        "ftp://example.com/feed",
    ],
)
def test_feed_url_on_a_private_network_is_refused_with_a_reason(url):
    feed = FeedFactory.build(url=url, outlet=FeedFactory().outlet)
    with pytest.raises(ValidationError) as error:
        feed.full_clean()
    assert "cannot be fetched" in error.value.message_dict["url"][0]


def test_public_feed_url_is_accepted():
    outlet = FeedFactory().outlet
    feed = FeedFactory.build(url="https://feeds.reuters.com/markets.xml", outlet=outlet)
    feed.vertical = outlet.feeds.get().vertical
    feed.full_clean()


def test_text_pattern_parser_needs_both_patterns():
    source = PrimarySourceFactory.build(parser="text-pattern", active_pattern="x")
    with pytest.raises(ValidationError) as error:
        source.full_clean()
    assert "quiet_pattern" in error.value.message_dict


def test_invalid_pattern_is_explained():
    source = PrimarySourceFactory.build(
        parser=PrimarySource.Parser.TEXT_PATTERN, active_pattern="(", quiet_pattern="quiet"
    )
    with pytest.raises(ValidationError) as error:
        source.full_clean()
    assert "regular expression" in error.value.message_dict["active_pattern"][0]


def test_links_need_label_and_url():
    source = PrimarySourceFactory.build(links=[{"url": "https://x.example"}])
    with pytest.raises(ValidationError) as error:
        source.full_clean()
    assert "links" in error.value.message_dict


def test_market_price_must_be_a_percentage():
    question = MarketQuestionFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        MarketPrice.objects.create(question=question, captured_at=AT, probability_pct=140)


@pytest.fixture
def reading():
    return SourceReading.objects.create(source=PrimarySourceFactory(), attempted_at=AT, ok=True)


def test_reading_is_never_updated(reading):
    reading.ok = False
    with pytest.raises(TypeError, match="append-only"):
        reading.save()
    with pytest.raises(TypeError, match="append-only"):
        SourceReading.objects.filter(pk=reading.pk).update(ok=False)


def test_reading_is_never_deleted(reading):
    with pytest.raises(TypeError, match="append-only"):
        reading.delete()
    with pytest.raises(TypeError, match="append-only"):
        SourceReading.objects.all().delete()
    assert SourceReading.objects.count() == 1


def test_source_with_readings_cannot_be_deleted(reading):
    with pytest.raises(IntegrityError), transaction.atomic():
        reading.source.delete()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the trigger is PostgreSQL's")
@pytest.mark.parametrize(
    "table", ["registry_sourcereading", "registry_marketprice", "registry_tripwirealert"]
)
def test_postgres_trigger_refuses_raw_update_and_delete(reading, table):
    MarketPrice.objects.create(question=MarketQuestionFactory(), captured_at=AT, probability_pct=40)
    later = SourceReading.objects.create(source=reading.source, attempted_at=AT, ok=True)
    TripwireAlert.objects.create(
        source=reading.source, from_state="no-active-systems", to_state="active-advisories",
        at=AT, previous_reading=reading, reading=later,
    )  # fmt: skip
    for statement in (f"UPDATE {table} SET id = id", f"DELETE FROM {table}"):  # noqa: S608
        with (
            pytest.raises(IntegrityError, match="append-only"),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(statement)
