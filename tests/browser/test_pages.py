"""The human pages and the admin in a real browser (Debian's Chromium, driven by Selenium), at
a laptop's 1280 px and a phone's 390 px: what a visitor and a curator see, not only what the
HTML says.

CI installs chromium and chromium-driver (.ci/run); elsewhere these tests skip without them.
"""

import itertools

import pytest

from tests.browser.conftest import CHROMIUM, DRIVER, WIDTH

pytestmark = [
    pytest.mark.skipif(not (CHROMIUM and DRIVER), reason="needs chromium and chromium-driver"),
    pytest.mark.django_db(transaction=True),
]


def errors_logged(browser) -> list[str]:
    return [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def test_a_record_page_fits_the_screen_and_shows_every_layer(browser, live_server, demo):
    from selenium.webdriver.common.by import By

    browser.get(f"{live_server.url}/records/rate-decision-federal-reserve-december-2026/")
    headings = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "section h2")]
    assert "What independent origins agree on" in headings
    assert len(headings) == 8  # every layer the record carries
    assert browser.execute_script("return document.documentElement.scrollWidth") <= WIDTH
    chart = browser.find_element(By.CSS_SELECTOR, "svg.chart").rect
    content = browser.find_element(By.CSS_SELECTOR, "main, body").rect
    assert chart["width"] > 0.5 * min(content["width"], WIDTH)
    assert browser.find_element(By.CSS_SELECTOR, "p.axis").is_displayed()
    assert errors_logged(browser) == []  # no missing favicon, stylesheet or script


VISITOR_PAGES = (
    "/",
    "/terms/",
    "/records/",
    "/machine/",
    "/machine/tools/get_topic_record/",
    "/records/rate-decision-federal-reserve-december-2026/",
)
PHONE = 390


def as_phone(browser) -> None:
    """A phone's screen: 390 CSS px wide, three device pixels to one, mobile viewport rules."""
    metrics = {"width": PHONE, "height": 844, "deviceScaleFactor": 3, "mobile": True}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


@pytest.mark.parametrize("width", [PHONE, WIDTH])
def test_every_visitor_page_fits_the_screen_without_sideways_scrolling(
    browser, live_server, demo, width
):
    """Nothing pushes the page wider than the screen (a wide table scrolls in its own box), and
    the chart's labels stay readable and apart."""
    if width == PHONE:
        as_phone(browser)
    for page in VISITOR_PAGES:
        browser.get(f"{live_server.url}{page}")
        wide = browser.execute_script("return document.documentElement.scrollWidth")
        assert wide <= width, (page, wide)
    labels = browser.execute_script(
        "return [...document.querySelectorAll('svg.chart text.week')]"
        ".filter(t => getComputedStyle(t).display !== 'none')"
        ".map(t => { const r = t.getBoundingClientRect(); return [r.left, r.right, r.height]; })"
    )
    assert len(labels) >= 6, labels
    assert min(height for *_, height in labels) >= 9, labels  # CSS px, as rendered
    for (_, right, _), (left, _, _) in itertools.pairwise(labels):
        assert right <= left, labels  # no label runs into the next


def test_the_pages_a_visitor_opens_load_without_errors(browser, live_server, demo):
    for page in ("/", "/terms/", "/records/", "/machine/"):
        browser.get(f"{live_server.url}{page}")
        assert browser.title, page
        assert errors_logged(browser) == [], page


def sign_in(browser, live_server, django_user_model) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    django_user_model.objects.create_superuser("curator", "curator@feed.example", "a long pass")
    browser.get(f"{live_server.url}/admin/login/")
    browser.find_element(By.NAME, "username").send_keys("curator")
    browser.find_element(By.NAME, "password").send_keys("a long pass")
    browser.find_element(By.CSS_SELECTOR, "input[type=submit]").click()
    # click() returns before the login's POST is answered; a get() now could cancel it.
    WebDriverWait(browser, 30).until(lambda b: "/admin/login/" not in b.current_url)


def test_every_admin_list_fits_its_box_beside_the_open_sidebars(
    browser, live_server, demo, django_user_model
):
    """At 1280 px with the navigation sidebar open (and a list's filters), no list scrolls
    sideways inside its box: headers wrap between words, long values anywhere."""
    from django.contrib import admin

    sign_in(browser, live_server, django_user_model)
    measured = 0
    for model in admin.site._registry:
        meta = model._meta
        browser.get(f"{live_server.url}/admin/{meta.app_label}/{meta.model_name}/")
        sizes = browser.execute_script(
            "const t = document.querySelector('#result_list');"
            "const sidebar = document.querySelector('#nav-sidebar');"
            "return t && [t.scrollWidth, document.querySelector('.results').clientWidth,"
            " getComputedStyle(sidebar).visibility];"
        )
        if sizes is None:
            continue  # an empty list shows no table
        table, box, sidebar = sizes
        assert sidebar == "visible", meta.model_name
        assert table <= box, (meta.model_name, table, box)
        measured += 1
    assert measured >= 15


def test_an_event_s_linked_sources_and_markets_are_headed_in_words(
    browser, live_server, demo, django_user_model
):
    from selenium.webdriver.common.by import By

    from registry.models import Event

    sign_in(browser, live_server, django_user_model)
    event = Event.objects.filter(primary_sources__isnull=False).first()
    browser.get(f"{live_server.url}/admin/registry/event/{event.pk}/change/")
    headers = [th.text for th in browser.find_elements(By.CSS_SELECTOR, ".inline-group thead th")]
    assert "SOURCE" in headers, headers
    assert "MARKET QUESTION" in headers, headers
    assert not {"PRIMARYSOURCE", "MARKETQUESTION", "PRIMARY SOURCE"} & set(headers), headers


def test_a_curator_sees_fetch_health_without_scrolling(
    browser, live_server, demo, django_user_model
):
    from selenium.webdriver.common.by import By

    sign_in(browser, live_server, django_user_model)
    for model in ("feed", "primarysource", "marketquestion"):
        browser.get(f"{live_server.url}/admin/registry/{model}/")
        header = browser.find_element(By.CSS_SELECTOR, "th.column-fetch_health")
        right = header.rect["x"] + header.rect["width"]
        assert right <= WIDTH, (model, right)
        assert "fetch health" in header.text.lower(), model


def inline_script_runs(browser) -> bool:
    """Whether a script injected into the page runs (the page's CSP should refuse it)."""
    return bool(
        browser.execute_script(
            "const s = document.createElement('script'); s.textContent = 'window.__ran = 1';"
            "document.body.appendChild(s); return window.__ran === 1;"
        )
    )


def test_swagger_ui_works_under_the_content_security_policy(browser, live_server, demo):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(f"{live_server.url}/api/docs")
    WebDriverWait(browser, 30).until(
        lambda b: len(b.find_elements(By.CSS_SELECTOR, ".opblock")) > 10
    )
    block = browser.find_element(By.CSS_SELECTOR, ".opblock-summary")
    block.click()  # an operation opens: the UI's own scripts run
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".opblock.is-open"))
    assert errors_logged(browser) == []  # no refused script, style, image or fetch
    assert not inline_script_runs(browser)


def test_the_admin_works_under_the_content_security_policy(
    browser, live_server, demo, django_user_model
):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    sign_in(browser, live_server, django_user_model)
    browser.get(f"{live_server.url}/admin/registry/feed/")
    browser.find_element(By.ID, "action-toggle").click()  # the admin's actions.js
    rows = browser.find_elements(By.CSS_SELECTOR, "input.action-select")
    assert rows
    assert all(row.is_selected() for row in rows)
    from registry.models import Feed

    browser.get(f"{live_server.url}/admin/registry/feed/{Feed.objects.first().pk}/change/")
    WebDriverWait(browser, 30).until(lambda b: b.find_elements(By.CSS_SELECTOR, "form.fetch-now"))
    button = browser.find_element(By.CSS_SELECTOR, "form.fetch-now button")
    assert button.value_of_css_property("border-radius") == "15px"  # the object-tool rule applies
    from registry.models import Event

    browser.get(f"{live_server.url}/admin/registry/event/{Event.objects.first().pk}/change/")
    retire = browser.find_element(By.CSS_SELECTOR, "form.publish-move button")
    assert retire.value_of_css_property("border-radius") == "15px"  # the same rule, one place
    assert errors_logged(browser) == []
    assert not inline_script_runs(browser)
