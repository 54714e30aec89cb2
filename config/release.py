"""GET /api/v1/release: the service's version, the API version, the alias table, the changes,
and the version of the published quality card."""

import re
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings

from config.aliases import openapi_extension
from config.reads import envelope

CHANGELOG = Path(settings.BASE_DIR) / "CHANGELOG.md"
_SECTION = re.compile(r"^## \[(?P<version>[^\]]+)\] - (?P<date>\d{4}-\d{2}-\d{2})$", re.M)


def release_info() -> dict[str, Any]:
    return envelope(
        "svc.release.v1",
        serviceVersion=_service_version(),
        apiVersion=settings.SVC_API_VERSION,
        aliases=openapi_extension(),
        latestChanges=changes(CHANGELOG.read_text(encoding="utf-8"))[:3],
        qualityCard=quality_card(),
    )


def quality_card() -> dict[str, Any] | None:
    """The newest published quality card's version (`manage.py publish_quality`), or None.

    Read by the model's name: config sits beneath every room and imports none of them."""
    card = apps.get_model("answers", "QualityCard").objects.order_by("-pk").first()
    if card is None:
        return None
    return {
        "version": card.pk,
        "publishedAt": card.published_at.isoformat(),
        "digest": card.digest,
        "url": "/api/v1/quality",
        "page": "/quality/",
    }


def _service_version() -> str:
    try:
        return metadata.version("intelligence-feed-service")
    except metadata.PackageNotFoundError:  # running from a checkout that was never installed
        return "unknown"


@cache
def changes(text: str) -> list[dict[str, Any]]:
    """Releases in a Keep-a-Changelog file: version, date and their bullet points, newest first."""
    sections = list(_SECTION.finditer(text))
    releases = []
    for section, following in zip(sections, [*sections[1:], None], strict=True):
        body = text[section.end() : following.start() if following else len(text)]
        items = [" ".join(item.split()) for item in re.split(r"^- ", body, flags=re.M)[1:]]
        releases.append({"version": section["version"], "date": section["date"], "changes": items})
    return releases
