"""`check --deploy` flags development defaults."""

from config.checks import dev_defaults_in_production


def test_dev_pepper_and_plain_http_are_flagged(settings):
    settings.SVC_KEY_PEPPER = settings.DEV_KEY_PEPPER
    settings.SVC_BASE_URL = "http://feed.example"
    assert {w.id for w in dev_defaults_in_production(None)} == {"svc.W001", "svc.W002"}


def test_production_values_pass(settings):
    settings.SVC_KEY_PEPPER = "a-long-random-production-pepper-value"
    settings.SVC_BASE_URL = "https://feed.example"
    assert dev_defaults_in_production(None) == []
