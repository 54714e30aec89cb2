"""Every page on a phone (issue 42), in Debian's Chromium at 390 px and at 1280 px: the topics
listing shows every column, each tool page every argument's description with its name whole,
the admin's change pages fit and its lists keep words whole, and the 404 and 500 pages are the
service's own with a viewport."""

import pytest

from tests.browser.conftest import CHROMIUM, DRIVER, WIDTH
from tests.browser.test_pages import PHONE, as_phone, sign_in

pytestmark = [
    pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="needs chromium and chromium-driver"),
    pytest.mark.django_db(transaction=True),
]
BOTH = [PHONE, WIDTH]

# Each cell's box against the screen: [left, right, width, height, text] (CSS px).
CELLS = (
    "return [...document.querySelectorAll(arguments[0])].map(c => {"
    " const r = c.getBoundingClientRect();"
    " return [r.left, r.right, r.width, r.height, c.innerText.trim()]; })"
)
# Words of plain letters a cell splits across lines: a word in one line has one box per line.
SPLIT_WORDS = """
const split = [];
for (const cell of document.querySelectorAll(arguments[0])) {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.textContent.matchAll(/[A-Za-z]{3,}/g)) {
      const before = node.textContent[m.index - 1], after = node.textContent[m.index + m[0].length];
      const joined = c => c && /[\\w.\\/@:?=&%#+~-]/.test(c);  // a part of a longer token
      if (joined(before) || joined(after)) continue;
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (lines.size > 1) split.push(m[0]);
    }
  }
}
return split;
"""


def at(browser, width: int) -> None:
    """The screen at `width`: a phone's (390 px, mobile rules) or the laptop's window."""
    if width == PHONE:
        as_phone(browser)
    else:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def page_width(browser) -> int:
    return browser.execute_script("return document.documentElement.scrollWidth")


def test_the_topics_listing_shows_every_column(browser, live_server, demo):
    for width in BOTH:
        at(browser, width)
        browser.get(f"{live_server.url}/records/")
        rows = browser.execute_script("return document.querySelectorAll('table.records tr').length")
        cells = browser.execute_script(CELLS, "table.records tbody td")
        assert len(cells) == 4 * (rows - 1) > 0
        for left, right, cell_width, _, text in cells:
            assert cell_width > 0, (width, text)  # shown
            assert left >= 0, (width, text)
            assert right <= width, (width, text, right)  # on the screen, not scrolled away
        assert page_width(browser) <= width


def test_every_tool_page_shows_each_argument_described_and_named_whole(browser, live_server, demo):
    from mcpdoor.registry import TOOLS

    described = 0
    for width in BOTH:
        at(browser, width)
        for name in TOOLS:
            browser.get(f"{live_server.url}/machine/tools/{name}/")
            for left, right, cell_width, _, text in browser.execute_script(
                CELLS, "table.arguments td.description"
            ):
                assert text, (width, name)  # every argument says what it is
                assert cell_width > 0, (width, name)
                assert left >= 0, (width, name, text)
                assert right <= width, (width, name, text, right)
                described += 1
            names = browser.execute_script(
                "return [...document.querySelectorAll('table.arguments td.name code')]"
                ".map(c => [c.innerText, c.getClientRects().length])"
            )
            assert [n for n, lines in names if lines != 1] == [], (width, name)  # whole
            assert page_width(browser) <= width, (width, name)
    assert described >= 80


def test_the_admin_s_feed_page_fits_the_screen(browser, live_server, demo, django_user_model):
    from registry.models import Feed

    sign_in(browser, live_server, django_user_model)
    longest = max(Feed.objects.all(), key=lambda feed: len(feed.url))
    for width in BOTH:
        at(browser, width)
        for path in (f"/admin/registry/feed/{longest.pk}/change/", "/admin/registry/feed/"):
            browser.get(f"{live_server.url}{path}")
            assert page_width(browser) <= width, (width, path, page_width(browser))


def test_admin_list_cells_keep_words_whole(browser, live_server, demo, django_user_model):
    from django.contrib import admin

    sign_in(browser, live_server, django_user_model)
    checked = 0
    for width in BOTH:
        at(browser, width)
        for model in admin.site._registry:
            meta = model._meta
            browser.get(f"{live_server.url}/admin/{meta.app_label}/{meta.model_name}/")
            split = browser.execute_script(SPLIT_WORDS, "#result_list td, #result_list th")
            assert split == [], (width, meta.model_name, split[:10])
            assert page_width(browser) <= width, (width, meta.model_name)
            checked += 1
    assert checked >= 30


VIEWPORT = "return document.querySelector('meta[name=viewport]').content"


def test_the_404_page_is_the_service_s_own(browser, live_server):
    for width in BOTH:
        at(browser, width)
        browser.get(f"{live_server.url}/no-such-page/")
        assert browser.title == "Not found · Intelligence Feed Service"
        assert browser.execute_script(VIEWPORT) == "width=device-width, initial-scale=1"
        assert page_width(browser) <= width


@pytest.mark.urls("tests.probe_urls")
def test_the_500_page_is_the_service_s_own(browser, live_server):
    for width in BOTH:
        at(browser, width)
        browser.get(f"{live_server.url}/site-crash/")
        assert browser.title == "Something went wrong · Intelligence Feed Service"
        assert browser.execute_script(VIEWPORT) == "width=device-width, initial-scale=1"
        assert page_width(browser) <= width
