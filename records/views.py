"""Human pages: the topic listing and one page per record, rendered from the same record."""

import json
from datetime import date, timedelta

from django.http import Http404
from django.shortcuts import render

from records.api.views import cached_or_rendered
from records.states import latest_states
from registry.models import Event

CHART_WEEKS = 12


def record_index(request):
    events = list(Event.objects.select_related("lead_entity").order_by("subject"))
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
    event = Event.objects.select_related("lead_entity").filter(subject=topic).first()
    rendered = cached_or_rendered(topic) if event else None
    if rendered is None:
        raise Http404(f"No record for {topic}")
    body, _ = rendered
    record = json.loads(body)
    return render(
        request,
        "records/page.html",
        {"record": record, "layers": record["layers"], "chart": coverage_chart(event)},
    )


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
