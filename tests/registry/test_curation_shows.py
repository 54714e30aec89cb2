"""Curation shows at once (issue 42): after a curator deletes, renames or re-aliases in the admin,
the API stops serving the old answer on the next request, although every read was cached for
its refresh window (a deleted topic's record was served 200 for about six minutes)."""

import pytest

from tests.factories import EntityFactory, EventFactory, VerticalFactory
from tests.mcpdoor.door import post

pytestmark = pytest.mark.django_db


def form_data(page) -> dict:
    """What the admin's change form posts back unchanged: the fields as shown and each inline's
    management form and rows (a curator who presses Save)."""
    context = page.context
    data = {}
    for form in [context["adminform"].form] + [
        inline for formset in context["inline_admin_formsets"] for inline in formset.formset
    ]:
        for name, _field in form.fields.items():
            value = form[name].value()
            if value is None or value is False:
                continue
            key = form.add_prefix(name)
            data[key] = [str(v) for v in value] if isinstance(value, list | tuple) else str(value)
    for formset in context["inline_admin_formsets"]:
        management = formset.formset.management_form
        data.update({management.add_prefix(n): management[n].value() for n in management.fields})
    return data


def save(curator, path: str, captured, **changes):
    data = {**form_data(curator.get(path)), **changes}
    with captured(execute=True):
        response = curator.post(path, data)
    assert response.status_code == 302, response.content.decode()[:3000]


def test_a_deleted_topic_is_404_on_the_next_read(api, curator, django_capture_on_commit_callbacks):
    event = EventFactory(subject="election-calder-2026")
    assert api.get("/api/record/election-calder-2026").status_code == 200  # cached now
    assert "election-calder-2026" in api.get("/api/v1/records").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        curator.post(f"/admin/registry/event/{event.pk}/delete/", {"post": "yes"})
    assert api.get("/api/record/election-calder-2026").status_code == 404
    assert "election-calder-2026" not in api.get("/api/v1/records").content.decode()


def test_a_renamed_topic_answers_under_its_new_slug_only(
    api, curator, django_capture_on_commit_callbacks
):
    event = EventFactory(subject="election-calder-2026", title="Calder election")
    assert api.get("/api/record/election-calder-2026").status_code == 200
    listing = api.get("/api/v1/records").json()["records"]
    assert [r["topic"] for r in listing] == ["election-calder-2026"]
    save(curator, f"/admin/registry/event/{event.pk}/change/",
         django_capture_on_commit_callbacks, subject="election-calder-general-2026")  # fmt: skip
    assert api.get("/api/record/election-calder-2026").status_code == 404
    assert api.get("/api/record/election-calder-general-2026").json()["title"] == "Calder election"
    listing = api.get("/api/v1/records").json()["records"]
    assert [r["topic"] for r in listing] == ["election-calder-general-2026"]


def test_a_new_alias_is_served_at_once(api, curator, django_capture_on_commit_callbacks):
    entity = EntityFactory(slug="bank-of-calder", name="Bank of Calder")
    entity.verticals.add(VerticalFactory(slug="markets"))
    assert api.get("/api/v1/entities/bank-of-calder").json()["aliases"] == []
    assert api.get("/api/v1/entities?q=BoC").json()["matches"] == []
    save(curator, f"/admin/registry/entity/{entity.pk}/change/",
         django_capture_on_commit_callbacks, **{"aliases-0-alias": "BoC"})  # fmt: skip
    assert api.get("/api/v1/entities/bank-of-calder").json()["aliases"] == ["BoC"]
    matches = api.get("/api/v1/entities?q=BoC").json()["matches"]
    assert [m["slug"] for m in matches] == ["bank-of-calder"]


def test_a_renamed_lead_shows_in_its_topics_records_and_mcp_reads(
    api, client, curator, django_capture_on_commit_callbacks
):
    lead = EntityFactory(slug="bank-of-calder", name="Bank of Calder")
    EventFactory(subject="rate-decision-calder-2026", lead_entity=lead)
    record = "/api/record/rate-decision-calder-2026"
    assert api.get(record).json()["subjectBinding"]["entity"] == "Bank of Calder"
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "list_topics", "arguments": {}}}  # fmt: skip

    def mcp_lead():
        return post(client, call).json()["result"]["structuredContent"]["records"][0]["lead"]

    assert mcp_lead()["name"] == "Bank of Calder"
    save(curator, f"/admin/registry/entity/{lead.pk}/change/",
         django_capture_on_commit_callbacks, name="Central Bank of Calder")  # fmt: skip
    assert api.get(record).json()["subjectBinding"]["entity"] == "Central Bank of Calder"
    assert mcp_lead()["name"] == "Central Bank of Calder"
