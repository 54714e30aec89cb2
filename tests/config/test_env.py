"""Settings parse loudly: a malformed value names its variable."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import Env


def test_bool_accepts_the_usual_spellings():
    env = Env({"A": "yes", "B": "0", "C": "On"})
    assert (env.bool("A", False), env.bool("B", True), env.bool("C", False)) == (True, False, True)
    assert env.bool("MISSING", True) is True


def test_malformed_bool_names_the_variable():
    with pytest.raises(ImproperlyConfigured, match="DJANGO_DEBUG"):
        Env({"DJANGO_DEBUG": "maybe"}).bool("DJANGO_DEBUG", False)


def test_int_rejects_text_and_values_below_minimum():
    with pytest.raises(ImproperlyConfigured, match="SVC_MAX_BODY_BYTES"):
        Env({"SVC_MAX_BODY_BYTES": "lots"}).int("SVC_MAX_BODY_BYTES", 1)
    with pytest.raises(ImproperlyConfigured, match="at least 1024"):
        Env({"SVC_MAX_BODY_BYTES": "10"}).int("SVC_MAX_BODY_BYTES", 1, minimum=1024)


def test_url_must_be_absolute_with_an_allowed_scheme():
    env = Env({"SVC_BASE_URL": "https://feed.example/", "REDIS_URL": "http://x"})
    assert env.url("SVC_BASE_URL", "", schemes=("https",)) == "https://feed.example"
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL"):
        env.url("REDIS_URL", "", schemes=("redis",))
    with pytest.raises(ImproperlyConfigured, match="SVC_SITE_URL"):
        Env({"SVC_SITE_URL": "feed.example"}).url("SVC_SITE_URL", "", schemes=("https",))


def test_list_splits_on_commas():
    assert Env({"H": "a.example, b.example,"}).list("H", []) == ["a.example", "b.example"]


def test_bad_database_url_stops_start_up(tmp_path):
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        env={
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": "mysql://x/y",
            "PATH": "/usr/bin:/bin",
        },
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "DATABASE_URL" in result.stderr
