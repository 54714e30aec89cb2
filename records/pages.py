"""Human pages: the topic listing and one page per record, rendered from the same record."""

import json
from datetime import date, datetime, timedelta

from django.http import Http404
from django.shortcuts import render

from records.api.views import REFRESH_SECONDS, cached_or_rendered
from records.states import latest_states
from registry.models import Event

CHART_WEEKS = 12
REPORTING_PER_PAGE = 10


def record_index(request):
    events = list(Event.objects.published().select_related("lead_entity").order_by("subject"))
    latest = latest_states(event.pk for event in events)
    rows = [
        {
            "event": event,
            "coverage": getattr(latest.get((event.pk, "coverage state")), "to_value", "new"),
            "wire": getattr(latest.get((event.pk, "wire tier")), "to_value", "watch"),
        }
        for event in events
    ]
    return render(request, "records/index.html", {"rows": rows})


def record_page(request, topic: str):
    event = Event.objects.select_related("lead_entity", "kind").filter(subject=topic).first()
    rendered = cached_or_rendered(topic) if event else None
    if rendered is None:
        raise Http404(f"No record for {topic}")
    body, _ = rendered
    record = json.loads(body)
    reporting = reporting_page(record["layers"]["reporting"]["items"], request.GET.get("reporting"))
    built = datetime.fromisoformat(record["generatedAt"])
    return render(
        request,
        "records/page.html",
        {
            "record": record,
            "layers": record["layers"],
            "chart": coverage_chart(event),
            "reporting": reporting,
            # The page is the cached record: say when it was built and when it is rebuilt, so
            # a curator who just fetched a feed knows when its rows can show.
            "built": built,
            "refreshes": built + timedelta(seconds=REFRESH_SECONDS),
            "refresh_minutes": REFRESH_SECONDS // 60,
        },
    )


def reporting_page(items: list[dict], asked: str | None) -> dict:
    """The reporting rows as a reader wants them: syndicated copies of one headline folded into
    its first row ("and 2 copies"), ten headlines a page."""
    stories: dict[str, dict] = {}
    for item in items:
        story = stories.setdefault(" ".join(item["title"].lower().split()), {**item, "copies": []})
        if story["url"] != item["url"]:
            story["copies"].append(item)
    rows = list(stories.values())
    for row in rows:  # each outlet carrying a copy once, with its first copy's link
        first: dict[str, dict] = {}
        for copy in row["copies"]:
            first.setdefault(copy["source"] or "copy", copy)
        row["copiedBy"] = list(first.values())
    pages = max(1, -(-len(rows) // REPORTING_PER_PAGE))
    held = asked and asked.isdecimal() and len(asked) <= 9  # "¹" and 5,000 digits are no page
    page = int(asked) if held and 1 <= int(asked) <= pages else 1
    start = (page - 1) * REPORTING_PER_PAGE
    return {
        "rows": rows[start : start + REPORTING_PER_PAGE],
        "page": page,
        "pages": pages,
        "previous": page - 1 if page > 1 else None,
        "next": page + 1 if page < pages else None,
    }


def coverage_chart(event: Event, *, today: date | None = None) -> dict:
    """Bars of weekly mentions for the last twelve weeks, laid out for an inline SVG."""
    today = today or date.today()
    start = today - timedelta(days=7 * CHART_WEEKS - 1)
    weeks = [0] * CHART_WEEKS
    for day, mentions in event.days.filter(day__gte=start).values_list("day", "mentions"):
        weeks[min((day - start).days // 7, CHART_WEEKS - 1)] += mentions
    height, width, gap = 120, 36, 8
    top = max(weeks) or 1
    bars = []
    for index, count in enumerate(weeks):
        bar = round(height * count / top)
        week_start = start + timedelta(days=7 * index)
        bars.append(
            {"x": index * (width + gap), "y": height - bar, "w": width, "h": bar,
             "count": count, "label": f"{week_start:%d %b}"}
        )  # fmt: skip
    return {"bars": bars, "width": CHART_WEEKS * (width + gap), "height": height}
