"""Reads of the Answer Engine's own rows, the same for REST, MCP and the pages."""

from typing import Any

from answers.models import QualityCard
from config.reads import envelope

QUALITY_PATH = "/api/v1/quality"
QUALITY_PAGE = "/quality/"


def quality_current() -> dict[str, Any] | None:
    """The newest published quality card as `svc.quality.v1`, or None before the first."""
    card = QualityCard.objects.order_by("-pk").first()
    if card is None:
        return None
    return envelope(
        "svc.quality.v1",
        version=card.pk,
        publishedAt=card.published_at.isoformat(),
        digest=card.digest,
        links={"json": QUALITY_PATH, "page": QUALITY_PAGE},
        **card.card,
    )
