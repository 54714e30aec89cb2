"""GET /api/v1/stats and /api/v1/release."""

import pytest

from config import aliases
from config.release import changes
from records.services import records_transition
from registry.models import Document, Event, PrimarySource
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db


def test_stats_count_the_registry_exactly(api):
    demo_load()
    records_transition()
    body = api.get("/api/v1/stats").json()
    assert body["schema"] == "svc.stats.v1"
    assert body["documents"] == Document.objects.filter(is_market_question_page=False).count()
    assert (
        body["marketQuestionPages"] == Document.objects.filter(is_market_question_page=True).count()
    )
    assert body["topics"]["total"] == Event.objects.count() == 13
    assert sum(body["topics"]["byTier"].values()) == 13
    assert sum(body["topics"]["byCoverageState"].values()) == 13
    assert sum(body["topics"]["byWireTier"].values()) == 13
    assert body["sources"]["total"] == PrimarySource.objects.count()
    assert "max-age=300" in api.get("/api/v1/stats")["cache-control"]


def test_release_states_versions_aliases_and_changes(api):
    body = api.get("/api/v1/release").json()
    assert body["schema"] == "svc.release.v1"
    assert body["apiVersion"] == "1.0.0"
    assert body["serviceVersion"] == "0.1.0"
    assert body["aliases"] == aliases.openapi_extension()
    assert body["latestChanges"][0]["version"] == "0.1.0"
    assert body["latestChanges"][0]["changes"]


def test_changelog_sections_are_read_newest_first():
    text = (
        "# Log\n\n## [2.0.0] - 2026-12-01\n\n- new\n  wrapped\n- other\n\n"
        "## [1.0.0] - 2026-01-01\n\n- first\n"
    )
    assert changes(text) == [
        {"version": "2.0.0", "date": "2026-12-01", "changes": ["new wrapped", "other"]},
        {"version": "1.0.0", "date": "2026-01-01", "changes": ["first"]},
    ]
