"""A curator at a running server's admin, over HTTP as a browser would be: log in, add a row,
change one, each through the admin's own form (its CSRF token, its inline management forms, the
values it shows), so what is tested is what a curator's click does on that machine.

Used by the tests that run several "machines" (tests/config/test_registry_across_machines.py)
and by `make cluster` (load/cluster.py).
"""

import re
from html.parser import HTMLParser

import httpx


class _Form(HTMLParser):
    """The values a form would submit as shown: inputs, checked boxes, selected options,
    textareas (submit buttons left out)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.values: list[tuple[str, str]] = []
        self._select: str | None = None
        self._textarea: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attr = {k: v or "" for k, v in attrs}
        name = attr.get("name")
        if tag == "input" and name and attr.get("type", "text") not in ("submit", "button"):
            if attr.get("type") in ("checkbox", "radio") and "checked" not in attr:
                return
            self.values.append((name, attr.get("value", "on" if "checked" in attr else "")))
        elif tag == "select" and name:
            self._select = name
        elif tag == "option" and self._select and "selected" in attr:
            self.values.append((self._select, attr.get("value", "")))
        elif tag == "textarea" and name:
            self._textarea, self._text = name, []

    def handle_data(self, data):
        if self._textarea:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "textarea" and self._textarea:
            self.values.append((self._textarea, "".join(self._text).lstrip("\n")))
            self._textarea = None


def form_values(page: str) -> list[tuple[str, str]]:
    parser = _Form()
    parser.feed(page)
    return parser.values


class Curator:
    """A logged-in admin session on `base` (the admin at `/admin/`)."""

    def __init__(self, base: str, username: str, password: str, admin: str = "/admin/"):
        self.client = httpx.Client(base_url=base, timeout=60, follow_redirects=False)
        self.admin = admin
        login = self.client.get(f"{admin}login/")
        token = self._token(login.text)
        done = self.client.post(
            f"{admin}login/",
            data={"username": username, "password": password, "csrfmiddlewaretoken": token,
                  "next": admin},
        )  # fmt: skip
        if done.status_code != 302:
            raise RuntimeError(f"admin login refused ({done.status_code})")

    @staticmethod
    def _token(page: str) -> str:
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)

    def add(self, model: str, fields: dict[str, str | list[str]]) -> int:
        """Add a row of `model` ("registry/entity") through its add form; its id."""
        return self._submit(f"{self.admin}{model}/add/", fields)

    def change(self, model: str, pk: int, fields: dict[str, str | list[str]]) -> int:
        """Change fields of a row through its change form, every other value as shown."""
        return self._submit(f"{self.admin}{model}/{pk}/change/", fields)

    def _submit(self, path: str, fields: dict[str, str | list[str]]) -> int:
        page = self.client.get(path)
        page.raise_for_status()
        shown = [(k, v) for k, v in form_values(page.text) if k not in fields]
        given = [(k, v) for k, value in fields.items()
                 for v in (value if isinstance(value, list) else [value])]  # fmt: skip
        data: dict[str, list[str]] = {}
        for name, value in [*shown, *given, ("_continue", "Save and continue editing")]:
            data.setdefault(name, []).append(value)
        saved = self.client.post(path, data=data)
        if saved.status_code != 302:
            errors = re.findall(r'class="errorlist[^"]*"[^>]*>(.*?)</ul>', saved.text, re.S)
            raise RuntimeError(f"admin refused {path}: {errors or saved.status_code}")
        pk = re.search(r"/(\d+)/change/", saved.headers["location"])
        return int(pk.group(1)) if pk else int(re.search(r"/(\d+)/", path).group(1))

    def close(self) -> None:
        self.client.close()
