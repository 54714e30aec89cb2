"""GET /api/v1/corroborated: clusters with their origins, known origins and publishers."""

from datetime import timedelta

import pytest
from django.utils import timezone

import ingestion
from registry.models import Outlet
from tests.factories import OutletFactory, VerticalFactory

pytestmark = pytest.mark.django_db
HEADLINE = "Federal Reserve holds interest rates steady and signals patience on cuts"


def carry(outlet, title, n, hours_ago=1):
    now = timezone.now()
    ingestion.documents_ingest(
        items=[
            ingestion.IncomingDocument(
                url=f"https://{outlet.domain}/{n}", title=title, outlet=outlet,
                vertical=VerticalFactory(slug="markets"), fetched_at=now,
                published_at=now - timedelta(hours=hours_ago),
            )
        ]
    )  # fmt: skip


def distinct_title(n: int) -> str:
    """Words no other story shares, so each is its own cluster."""
    return " ".join(f"s{n}w{i}" for i in range(10))


@pytest.fixture
def wire_story():
    """One story: a wire, its syndicated copy, an independent outlet and an aggregator."""
    wire = OutletFactory(domain="wire.example", is_wire=True)
    copy = OutletFactory(domain="copy.example", upstream=wire)
    independent = OutletFactory(domain="independent.example")
    aggregator = OutletFactory(domain="agg.example", tier=Outlet.Tier.SOCIAL_AGGREGATOR)
    for n, outlet in enumerate([wire, copy, independent, aggregator]):
        carry(outlet, HEADLINE, n)
    carry(independent, "Hurricane Tavia makes landfall in Jamaica with storm surge", 9)


def test_corroborated_clusters_count_known_origins_and_name_their_publishers(api, wire_story):
    body = api.get("/api/v1/corroborated").json()
    assert body["schema"] == "svc.corroborated.v1"
    assert len(body["clusters"]) == 1
    cluster = body["clusters"][0]
    assert (cluster["documents"], cluster["publisherCount"], cluster["originCount"]) == (4, 4, 3)
    assert cluster["knownOriginCount"] == cluster["independentOrigins"] == 2
    origins = {o["outlet"]["domain"]: o for o in cluster["origins"]}
    assert set(origins) == {"wire.example", "independent.example", "agg.example"}
    assert [c["domain"] for c in origins["wire.example"]["carriedBy"]] == [
        "wire.example",
        "copy.example",
    ]
    assert origins["wire.example"]["known"]
    assert not origins["agg.example"]["known"]
    assert origins["wire.example"]["carriedBy"][1]["upstream"] == "wire.example"
    assert cluster["firstSeen"] <= cluster["lastSeen"]


def test_independent_origins_is_never_larger_than_known_origins(api, wire_story):
    body = api.get("/api/v1/corroborated?minOrigins=1").json()
    assert len(body["clusters"]) == 2
    for cluster in body["clusters"]:
        assert cluster["independentOrigins"] == cluster["knownOriginCount"]
        assert cluster["knownOriginCount"] <= cluster["originCount"]


def test_corroborated_pages_newest_first(api):
    outlets = [OutletFactory(is_wire=True), OutletFactory()]
    for n in range(5):
        for m, outlet in enumerate(outlets):
            carry(outlet, distinct_title(n), 10 * n + m, hours_ago=n + 1)
    seen, url = [], "/api/v1/corroborated?limit=2"
    while url:
        body = api.get(url).json()
        seen += [c["lastSeen"] for c in body["clusters"]]
        url = body["nextCursor"] and f"/api/v1/corroborated?limit=2&cursor={body['nextCursor']}"
    assert len(seen) == 5
    assert seen == sorted(seen, reverse=True)


def test_corroborated_costs_the_same_queries_for_any_page(api, django_assert_max_num_queries):
    outlets = [OutletFactory(is_wire=True), OutletFactory()]
    for n in range(12):
        for m, outlet in enumerate(outlets):
            carry(outlet, distinct_title(n), 10 * n + m)
    with django_assert_max_num_queries(3) as few:
        assert len(api.get("/api/v1/corroborated?limit=2").json()["clusters"]) == 2
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert len(api.get("/api/v1/corroborated?limit=12").json()["clusters"]) == 12


@pytest.mark.parametrize(("query", "field"), [("days=0", "days"), ("minOrigins=x", "minOrigins")])
def test_bad_cluster_filters_name_the_field(api, query, field):
    response = api.get(f"/api/v1/corroborated?{query}")
    assert response.status_code == 400
    assert response.json()["field"] == field
