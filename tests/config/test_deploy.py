"""`manage.py check --deploy` is clean under the production profile, and answers carry the
security headers."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def production_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SVC_", "DJANGO_"))}
    for line in (ROOT / "deploy" / "production.env.example").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.partition("=")
            env[name] = value
    env["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(60)
    env["SVC_KEY_PEPPER"] = secrets.token_urlsafe(40)
    env["DATABASE_URL"] = "sqlite:///:memory:"  # the check reads settings, not the database
    env.pop("REDIS_URL", None)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return env


def test_check_deploy_is_clean_under_the_production_profile():
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=production_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_answers_carry_the_security_headers(client):
    response = client.get("/api/health")
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    page = client.get("/terms/")
    assert page["X-Frame-Options"] == "DENY"


def test_the_admin_lives_where_the_setting_says(client, settings):
    assert client.get(f"/{settings.SVC_ADMIN_PATH}login/").status_code == 200


def check_deploy(**changes: str) -> str:
    env = {**production_env(), **changes}
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout + done.stderr


@pytest.mark.parametrize(
    "proxies",
    [
        "0.0.0.0/0",
        "10.0.0.0/8,::/0",
        # a catch-all written in pieces: every address is still trusted
        "128.0.0.0/1,0.0.0.0/1",
        "192.168.0.0/16,64.0.0.0/2,0.0.0.0/2,128.0.0.0/1",
        "fd00::/8,8000::/1,::/1",
    ],
)
def test_check_deploy_warns_of_a_catch_all_trusted_proxy(proxies):
    said = check_deploy(SVC_TRUSTED_PROXIES=proxies)
    assert "svc.W004" in said
    assert "X-Forwarded-For" in said


def test_check_deploy_leaves_blocks_that_miss_some_addresses_alone():
    said = check_deploy(SVC_TRUSTED_PROXIES="0.0.0.0/1,128.0.0.0/2,8000::/1")
    assert "svc.W004" not in said


def test_check_deploy_warns_of_loopback_fetching():
    said = check_deploy(SVC_FETCH_ALLOW_LOOPBACK="true")
    assert "svc.W005" in said
    assert "loopback" in said


@pytest.mark.django_db
@pytest.mark.parametrize(
    "page", ["/", "/terms/", "/records/", "/machine/", "/api/docs", "/admin/login/"]
)
def test_every_human_page_carries_a_content_security_policy(client, settings, page):
    answer = client.get(page.replace("/admin/", f"/{settings.SVC_ADMIN_PATH}"))
    assert answer.status_code == 200
    policy = dict(
        directive.strip().split(" ", 1)
        for directive in answer["Content-Security-Policy"].split(";")
    )
    assert policy["script-src"] == "'self'"  # nothing inline, nothing from elsewhere
    assert policy["frame-ancestors"] == "'none'"
    assert policy["object-src"] == "'none'"
    assert "camera=()" in answer["Permissions-Policy"]
    assert "geolocation=()" in answer["Permissions-Policy"]


def test_the_swagger_ui_loads_its_initialiser_from_a_url(client):
    page = client.get("/api/docs").content.decode()
    assert "<script>" not in page  # no inline script for the policy to have to allow
    assert "/api/docs?script" in page


def test_no_access_log_format_writes_a_query_string_or_a_referer(tmp_path):
    """What tests/billing/test_key_in_query.py and tests/edge/ see of a real gunicorn and nginx,
    held where neither runs: both formats name the path alone."""
    gunicorn = {}
    exec((ROOT / "deploy" / "gunicorn.conf.py").read_text(), gunicorn)  # noqa: S102 (our file)
    assert "-c deploy/gunicorn.conf.py" in (ROOT / "Procfile").read_text().split("\n")[0]
    for atom in ("%(r)s", "%(q)s", "%(f)s", "{referer}i"):
        assert atom not in gunicorn["access_log_format"], atom
    assert "%(U)s" in gunicorn["access_log_format"]
    template = (ROOT / "deploy" / "nginx.conf.template").read_text()
    formats = re.findall(r"log_format\s+\w+(.*?);", template, re.S)
    assert formats
    for written in formats:
        assert not re.search(
            r"\$(request|request_uri|args|query_string|is_args|arg_\w+|http_referer)\b", written
        )
    assert not re.search(r"^\s*access_log\s+(?!off|@)", template, re.M)  # only in our format
