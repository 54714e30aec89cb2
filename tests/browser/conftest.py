"""The browser the page tests drive (Debian's Chromium through Selenium) and the demo they read."""

import shutil
from datetime import UTC, datetime

import pytest
from django.core.management import call_command

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
WIDTH = 1280


@pytest.fixture
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={WIDTH},900"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


@pytest.fixture
def demo(time_machine):
    time_machine.move_to(datetime(2026, 11, 22, 8, tzinfo=UTC), tick=True)
    call_command("load_demo")
