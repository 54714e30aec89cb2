"""Origin clusters: near-duplicates join one story; syndication collapses to its upstream."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import IntegrityError, transaction

import ingestion
from ingestion import origins
from ingestion.origins import origin_counts
from registry.models import Outlet, Story
from tests.factories import OutletFactory, VerticalFactory

AT = datetime(2026, 11, 20, 9, tzinfo=UTC)
HEADLINE = "Federal Reserve holds interest rates steady and signals patience on cuts"


def test_near_duplicates_are_similar_and_unrelated_texts_are_not():
    base = origins.signature(HEADLINE)
    near = origins.signature(HEADLINE + " in December")
    other = origins.signature("Hurricane Tavia makes landfall in Jamaica with storm surge")
    assert origins.similarity(base, near) >= origins.SIMILAR
    assert origins.similarity(base, other) < 0.2
    shared = set(origins.band_hashes(base)) & set(origins.band_hashes(near))
    assert shared


def test_signature_round_trips_through_bytes():
    sig = origins.signature(HEADLINE)
    assert (origins.from_bytes(origins.to_bytes(sig)) == sig).all()


def test_signatures_and_bands_stay_what_the_database_already_holds():
    """Stories keep their signature and bands; a new document must find them after an upgrade
    or a change to how they are computed. Values as stored by the first release."""
    text = "Harbour authority fines the operator of the grain terminal after the spill"
    sig = origins.signature(text)
    assert origins.to_bytes(sig).hex()[:64] == (
        "3f91350389d8c70ffe9bfc2504f0c5025c649d1f32c5042d49e8db527cf88b12"
    )
    assert [value for _, value in origins.band_hashes(sig)][:4] == [
        5599478047290162270, 5346988130014783960, 988099897877890113, 8461564058692202595,
    ]  # fmt: skip
    assert [band for band, _ in origins.band_hashes(sig)] == list(range(origins.BANDS))


def test_a_signature_owes_nothing_to_the_one_before_it():
    first, other = HEADLINE, "Central bank holds rates as inflation cools in the region"
    before = origins.signature(first)
    origins.signature(other)
    assert (origins.signature(first) == before).all()
    assert not (origins.signature(other) == before).all()


def member(outlet_id, upstream=None, wire=False, tier=Outlet.Tier.OUTLET):
    return (outlet_id, outlet_id, upstream, wire, tier, AT, AT)


@pytest.mark.parametrize(
    ("members", "expected"),
    [
        # a wire and its syndicated copy: one origin, known
        ([member(1, wire=True), member(2, upstream=1)], (2, 2, 1, 1)),
        # two independent outlets: two known origins
        ([member(1), member(3)], (2, 2, 2, 2)),
        # an aggregator with no upstream link: an origin of unknown provenance
        ([member(1), member(4, tier=Outlet.Tier.SOCIAL_AGGREGATOR)], (2, 2, 2, 1)),
        # an aggregator traced to its upstream counts as that upstream
        ([member(1, wire=True), member(4, upstream=1, tier=Outlet.Tier.SOCIAL_AGGREGATOR)],
         (2, 2, 1, 1)),
        # the same outlet twice is one publisher
        ([member(1), member(1)], (2, 1, 1, 1)),
    ],
)  # fmt: skip
def test_origin_counts(members, expected):
    documents, publishers, origin_total, known = origin_counts(members)
    assert (documents, publishers, origin_total, known) == expected
    assert known <= origin_total


def ingest(url, title, outlet, at=AT):
    item = ingestion.IncomingDocument(
        url=url, title=title, outlet=outlet, vertical=VerticalFactory(slug="markets"),
        fetched_at=at, published_at=at,
    )  # fmt: skip
    return ingestion.documents_ingest(items=[item])


@pytest.mark.django_db
def test_independent_reports_of_one_story_corroborate():
    ingest("https://a.example/1", HEADLINE, OutletFactory())
    ingest("https://b.example/1", HEADLINE + ", officials say", OutletFactory())
    story = Story.objects.get()
    assert (story.documents, story.origin_count, story.known_origin_count) == (2, 2, 2)
    assert story.first_seen == story.last_seen == AT


@pytest.mark.django_db
def test_same_headline_weeks_later_is_a_new_story():
    outlet = OutletFactory()
    ingest("https://a.example/1", HEADLINE, outlet)
    ingest("https://a.example/2", HEADLINE, outlet, at=AT + timedelta(days=10))
    assert Story.objects.count() == 2


@pytest.mark.django_db
def test_known_origins_can_never_exceed_origins_in_the_database():
    story = Story.objects.create(title="x", signature=b"", first_seen=AT, last_seen=AT,
                                 origin_count=1, known_origin_count=1)  # fmt: skip
    with pytest.raises(IntegrityError), transaction.atomic():
        Story.objects.filter(pk=story.pk).update(known_origin_count=2)
