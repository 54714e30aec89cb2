"""Feeds as servers send them: each quirk in a fixture of our own, served to the real fetcher.

Every test serves the body over HTTP, runs the fetch task, then reads what a client reads (the
documents search) and the feed's health, as a curator sees it.
"""

from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from registry.models import Document, Feed
from registry.tasks import fetch_feed
from tests.factories import FeedFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("local_fetches")]
FEEDS = Path(__file__).parent.parent / "fixtures" / "feeds"


def read(httpserver, name, *, path=None, content_type="application/rss+xml"):
    """Serve a fixture at its own address, run the fetch task, return the feed as stored."""
    path = path or f"/feeds/{name}"
    feed = Feed.objects.filter(url=httpserver.url_for(path)).first()
    feed = feed or FeedFactory(url=httpserver.url_for(path))
    httpserver.expect_request(path).respond_with_data(
        (FEEDS / name).read_bytes(), content_type=content_type
    )
    fetch_feed.delay(feed.pk).get()
    feed.refresh_from_db()
    return feed


def found(api, query):
    response = api.get("/api/v1/documents", {"q": query})
    assert response.status_code == 200, response.content[:300]
    return {(d["url"], d["date"]) for d in response.json()["documents"]}


def test_a_blank_line_before_the_declaration_is_read(httpserver, api):
    feed = read(httpserver, "blank_line_before_declaration.xml")
    assert (feed.consecutive_failures, feed.last_error) == (0, None)
    assert found(api, "dredging") == {("https://harbour.example/news/dredging-contract",
                                       "2026-11-16")}  # fmt: skip
    assert Document.objects.filter(feed=feed).count() == 2


def test_relative_links_resolve_against_the_feeds_own_address(httpserver, api):
    feed = read(httpserver, "relative_links.rss", path="/valley/rss/local.xml")
    assert feed.last_error is None
    base = httpserver.url_for("/")
    assert found(api, "reservoir") == {(f"{base}local/reservoir-levels", "2026-11-16")}
    # A path without a slash is relative to the feed's own folder; tracking parameters go.
    assert found(api, "orchard") == {(f"{base}valley/rss/local/orchard-festival", "2026-11-17")}
    assert Document.objects.filter(feed=feed).count() == 3


def test_relative_links_resolve_against_xml_base(httpserver, api):
    read(httpserver, "relative_links_xml_base.atom", content_type="application/atom+xml")
    assert found(api, "comet") == {("https://observatory.example/bulletins/comet-brightens",
                                    "2026-11-17")}  # fmt: skip
    assert found(api, "mirror") == {
        ("https://observatory.example/archive/2026/mirror-recoated.html", "2026-11-18")
    }


@pytest.mark.parametrize(
    ("name", "query", "instant"),
    [
        # Portuguese names; 21:40 at -03:00 is the next day in UTC.
        ("portuguese_dates.rss", "prefeitura", datetime(2026, 11, 18, 0, 40, tzinfo=UTC)),
        ("portuguese_dates.rss", "pescadores", datetime(2026, 2, 14, 8, 5, tzinfo=UTC)),
        ("italian_dates.rss", "funivia", datetime(2026, 11, 16, 17, 20, tzinfo=UTC)),
        ("italian_dates.rss", "vendemmia", datetime(2026, 10, 22, 21, 30, tzinfo=UTC)),
    ],
)
def test_dates_named_in_other_languages_are_read_with_their_zone(
    httpserver, api, name, query, instant
):
    read(httpserver, name)
    [(url, day)] = found(api, query)
    assert day == instant.date().isoformat()
    assert Document.objects.get(url=url).published_at == instant


def test_a_twelve_hour_clock_keeps_its_pm_and_takes_the_feeds_zone(httpserver, api):
    read(httpserver, "twelve_hour_clock_feed_zone.rss")
    # 07:45 PM at the channel's -06:00 is 01:45 UTC the next day (stored as 07:45 UTC before).
    [(url, day)] = found(api, "elevator")
    assert (day, Document.objects.get(url=url).published_at) == (
        "2026-11-19",
        datetime(2026, 11, 19, 1, 45, tzinfo=UTC),
    )
    [(url, _)] = found(api, "chair")
    assert Document.objects.get(url=url).published_at == datetime(2026, 11, 18, 16, 5, tzinfo=UTC)


def test_a_date_with_no_zone_anywhere_keeps_its_day_and_claims_no_instant(httpserver, api):
    read(httpserver, "zoneless_dates.atom", content_type="application/atom+xml")
    [(url, day)] = found(api, "seawall")
    assert day == "2026-11-18"  # the day it states, never that time read as UTC
    assert Document.objects.get(url=url).published_at is None


def test_json_feed_1_1_is_read(httpserver, api):
    feed = read(httpserver, "json_feed_1_1.json", path="/workshop/feed.json",
                content_type="application/feed+json")  # fmt: skip
    assert (feed.consecutive_failures, feed.last_error) == (0, None)
    assert found(api, "lathe") == {("https://workshop.example/notes/lathe-restoration",
                                    "2026-11-16")}  # fmt: skip
    # A relative url, against the address it was fetched from; -08:00 taken.
    [(url, day)] = found(api, "kiln")
    assert (url, day) == (httpserver.url_for("/notes/kiln-firing-log"), "2026-11-18")
    assert Document.objects.get(url=url).published_at == datetime(2026, 11, 18, 17, 20, tzinfo=UTC)
    assert found(api, "dovetail") == {("https://other-workshop.example/posts/dovetail-jig",
                                       "2026-11-17")}  # fmt: skip


@pytest.mark.parametrize(
    ("name", "reason", "query"),
    [
        ("undefined_entity.rss", "undefined entity", "avalanche"),
        ("junk_after_root.rss", "junk after document element", "levee"),
    ],
)
def test_a_body_feedparser_salvages_is_read_with_errors_recorded(
    httpserver, api, name, reason, query
):
    feed = read(httpserver, name)
    assert Document.objects.filter(feed=feed).count() == 2
    assert len(found(api, query)) == 1
    assert feed.consecutive_failures == 0
    assert feed.last_success is not None
    assert feed.last_error.startswith("read with errors: malformed XML, read past:")
    assert reason in feed.last_error


def test_one_bad_entry_fails_alone_with_its_reason_and_the_rest_are_read(httpserver, api):
    feed = read(httpserver, "bad_entry_values.rss")
    stored = set(Document.objects.filter(feed=feed).values_list("url", flat=True))
    assert stored == {
        "https://canal.example/news/lock-gates",
        "https://canal.example/news/towpath",
        # A reference to a lone surrogate reads as U+FFFD, as an HTML parser reads it.
        "https://canal.example/news/surrogate-reference",
    }
    assert feed.consecutive_failures == 0
    for reason in ("entry 2 refused: date names the year 0", "entry 3 refused: date names the "
                   "year 10000", "entry 4 refused: date 0001-01-01T00:00:00+14:00 is outside",
                   "entry 5 refused: title holds a NUL character"):  # fmt: skip
        assert reason in feed.last_error
    assert found(api, "towpath") == {("https://canal.example/news/towpath", "2026-11-18")}
    assert "\ufffd" in Document.objects.get(url__endswith="surrogate-reference").title


def test_a_second_pass_finds_every_document_a_duplicate(httpserver):
    for name in ("bad_entry_values.rss", "json_feed_1_1.json", "relative_links.rss"):
        read(httpserver, name)
    first = Document.objects.count()
    httpserver.clear()
    runs = [read(httpserver, name) for name in ("bad_entry_values.rss", "json_feed_1_1.json",
                                                "relative_links.rss")]  # fmt: skip
    assert Document.objects.count() == first == 9
    assert all(feed.consecutive_failures == 0 for feed in runs)


def test_a_link_longer_than_a_document_holds_fails_its_entry_alone(httpserver):
    long_link = "https://canal.example/" + "a" * 1200
    body = (
        (FEEDS / "bad_entry_values.rss")
        .read_bytes()
        .replace(b"https://canal.example/news/towpath", long_link.encode())
    )
    feed = FeedFactory(url=httpserver.url_for("/long.xml"))
    httpserver.expect_request("/long.xml").respond_with_data(body)
    fetch_feed.delay(feed.pk).get()
    feed.refresh_from_db()
    assert "entry 7 refused: link is 1222 characters long" in feed.last_error
    assert Document.objects.filter(feed=feed).count() == 2


def test_the_day_of_a_stored_document_is_never_before_the_window(httpserver):
    read(httpserver, "bad_entry_values.rss")
    assert min(Document.objects.values_list("day", flat=True)) >= date(2026, 11, 16)


def test_the_curator_sees_a_read_with_errors_and_its_reasons(httpserver, client, django_user_model):
    feed = read(httpserver, "bad_entry_values.rss")
    client.force_login(django_user_model.objects.create_superuser("kim", "kim@x.example", None))
    listing = client.get("/admin/registry/feed/").content.decode()
    assert "read with errors" in listing
    page = client.get(f"/admin/registry/feed/{feed.pk}/change/").content.decode()
    assert "entry 5 refused: title holds a NUL character" in page
