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


def test_every_variable_the_service_reads_is_in_the_readme():
    """The README's table is the one place a newcomer looks: each name the settings module or
    a Procfile reads stands there, spelt in full."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    settings_text = (root / "config" / "settings.py").read_text()
    read = set(re.findall(r'env\.[a-z_]+\(\s*"([A-Z][A-Z0-9_]*)"', settings_text))
    for procfile in ("Procfile", "Procfile.dev"):
        read |= set(re.findall(r"\$\{([A-Z][A-Z0-9_]*)", (root / procfile).read_text()))
    read |= set(re.findall(r'os\.environ(?:\.get)?\(\s*"([A-Z][A-Z0-9_]*)"', settings_text))
    readme = (root / "README.md").read_text()
    missing = sorted(name for name in read if f"`{name}`" not in readme)
    assert len(read) > 40
    assert not missing, missing
