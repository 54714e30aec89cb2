"""The README tells the truth about the suite and the generated clients (issue 42): every test
that skips without a service names it in the README's table, the figures are there, and the
generator setting it shows is the one `make client` uses."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
NEEDS = {  # what a module's skip says it needs -> the words the README's table uses for it
    "needs a Redis server": "Redis",
    "needs REDIS_URL": "Redis",
    "needs nginx": "nginx",
    "needs chromium": "chromium",
    "needs a PostgreSQL server to stop": "PostgreSQL",
}


def suite_section() -> str:
    return README.split("## The test suite", 1)[1].split("\n## ", 1)[0]


def test_every_test_that_skips_without_a_service_is_named_beside_it():
    table = [line for line in suite_section().splitlines() if line.startswith("| ")]
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        if path == Path(__file__):
            continue
        text = path.read_text()
        for says, service in NEEDS.items():
            if says not in text:
                continue
            named = path.stem if path.parent.name != "browser" else "tests/browser/"
            named = "tests/edge/" if path.parent.name == "edge" else named
            rows = [row for row in table if named in row]
            assert rows, f"{path.relative_to(ROOT)} skips without {service}: not in the README"
            assert any(service in row for row in rows), (path.name, service)


def test_the_readme_says_how_long_the_suite_takes_and_how_to_run_one_folder():
    section = suite_section()
    assert re.search(r"\d+ min", section), "no measured duration"
    assert ".venv/bin/pytest tests/" in section
    assert "CREATEDB" in section


def test_the_generator_setting_shown_is_the_one_make_client_uses():
    script = (ROOT / ".ci" / "client").read_text()
    assert "content_type_overrides:\\n  application/jsonl: text/plain" in script
    assert "content_type_overrides:\n    application/jsonl: text/plain" in README
    assert "Client(base_url=" in README  # the anonymous call, where a key is optional
