"""Corroborated clusters: stories carried by two or more origins of known provenance.

A story's counts are kept on the row by ingest (`documents_ingest` recounts touched stories), so
listing them reads stories by `last_seen` and then the page's publishers in one grouped query.
Syndicated copies count as their upstream: ten outlets reprinting one wire story are one origin.
"""

from collections import defaultdict
from datetime import timedelta
from typing import Any

from django.db.models import Count
from django.utils import timezone

from config.aliases import ride_field_aliases
from config.paging import Cursor, ListScope, keyset_page
from config.reads import envelope
from registry.models import Document, Outlet, Story

CORROBORATED_AT = 2  # known origins; the same bar as the record's claims ledger


def clusters_corroborated(
    *, days: int, min_origins: int, limit: int, cursor: Cursor | None
) -> dict[str, Any]:
    since = timezone.now() - timedelta(days=days)
    stories = Story.objects.filter(known_origin_count__gte=min_origins, last_seen__gte=since)
    page, next_cursor = keyset_page(
        stories,
        scope=ListScope.of("corroborated", days=days, min_origins=min_origins),
        order=["-last_seen", "-id"],
        limit=limit,
        cursor=cursor,
        position=lambda story: (story.last_seen, story.pk),
    )
    origins = _origins([story.pk for story in page])
    clusters = [_cluster(story, origins[story.pk]) for story in page]
    payload = envelope(
        "svc.corroborated.v1",
        filters={"days": days, "minOrigins": min_origins},
        method=(
            "A cluster is a story: near-duplicate documents (word-shingle MinHash). Copies from an "
            "outlet with a known upstream count as that upstream; a copy of an earlier document's "
            "body (matched on the body, not the title) counts as that document's origin. "
            "knownOriginCount counts origins of known provenance (wires, outlets of record, known "
            "upstreams); independentOrigins mirrors it and is never larger."
        ),
        clusters=clusters,
        nextCursor=next_cursor,
    )
    return ride_field_aliases("get_corroborated", payload)


def _cluster(story: Story, origins: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": story.pk,
        "title": story.title,
        "firstSeen": story.first_seen.isoformat(),
        "lastSeen": story.last_seen.isoformat(),
        "documents": story.documents,
        "publisherCount": story.publisher_count,
        "originCount": story.origin_count,
        "knownOriginCount": story.known_origin_count,
        "origins": origins,
    }


def _origins(story_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """Per story: each origin, whether its provenance is known, and the publishers carrying it.
    A copy (`Copy`) is carried under its original's origin and adds nothing to
    whether that origin is known: its original's outlet says that."""
    carried = (
        Document.objects.filter(story_id__in=story_ids)
        .values("story_id", "outlet_id", "copy__original__outlet_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    rows = list(carried)
    outlets = Outlet.objects.select_related("upstream__upstream").in_bulk(
        {r["outlet_id"] for r in rows} | {r["copy__original__outlet_id"] for r in rows} - {None}
    )
    grouped: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)
    for row in sorted(
        rows, key=lambda r: (r["story_id"], r["outlet_id"], r["copy__original__outlet_id"] or 0)
    ):
        outlet = outlets[row["outlet_id"]]
        counted = outlets[row["copy__original__outlet_id"] or row["outlet_id"]]
        source = counted.upstream or counted
        origin = grouped[row["story_id"]].setdefault(
            source.pk, {"outlet": _outlet(source), "known": False, "carriedBy": []}
        )
        origin["known"] |= (
            bool(counted.upstream_id) or counted.is_wire or (counted.tier == Outlet.Tier.OUTLET)
        )
        origin["carriedBy"].append({**_outlet(outlet), "documents": row["n"]})
    return defaultdict(list, {pk: list(by_origin.values()) for pk, by_origin in grouped.items()})


def _outlet(outlet: Outlet) -> dict[str, Any]:
    return {
        "domain": outlet.domain,
        "name": outlet.name,
        "tier": outlet.tier,
        "isWire": outlet.is_wire,
        "upstream": outlet.upstream.domain if outlet.upstream_id else None,
    }
