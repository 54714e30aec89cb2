"""Human pages of the Answer Engine: the published quality card."""

from django.shortcuts import render

from answers.selectors import quality_current

NAMES = {
    "routing": "Routing",
    "declines": "Declines",
    "identity": "Subject identity",
    "premises": "False premises",
    "comparisons": "Comparisons",
    "conflicts": "Conflicts",
    "languages": "Languages",
    "repeatStability": "Repeat stability",
    "inventedClaims": "No invented claims (lying model)",
}


def quality_page(request):
    """The quality card as a page: the same card `/api/v1/quality` serves."""
    card = quality_current()
    rows = [
        {
            "name": NAMES.get(name, name),
            **row,
            "percent": _percent(row["rate"]),
            "low": _percent(row["interval"]["low"]),
            "high": _percent(row["interval"]["high"]),
        }
        for name, row in (card["classes"].items() if card else [])
    ]
    return render(request, "site/quality.html", {"card": card, "rows": rows})


def _percent(share: float | None) -> str:
    return "" if share is None else f"{100 * share:.1f}"
