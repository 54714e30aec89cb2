"""The service run as processes, for fault tests that need real ones: gunicorn, Celery workers,
`manage.py` commands, on a throwaway database of the suite's own engine (pytest-django's test
database sits in a transaction, or in memory on SQLite, and cannot be shared with a process).

`Gate` stands between those processes and PostgreSQL: cutting it is, for them, the database
server stopping (open connections dropped, new ones refused); restoring it, the server back.
"""

import os
import re
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import psycopg
import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[1]
WAIT = 60  # seconds: generous, a CI machine may be slow to start a process
# `load_demo` computes the demo documents' vectors (about 70 s on a busy two-core machine).
COMMAND_WAIT = 300
# A worker on the solo pool: the process that answers is the one a test kills, no pool steps in.
WORKER = ("-m", "celery", "-A", "config", "worker", "--pool=solo", "--without-mingle")


def procfile(name: str, procfile: Path = ROOT / "Procfile") -> str:
    """The command line the Procfile gives process `name`, as the process manager runs it."""
    for line in procfile.read_text().splitlines():
        label, colon, command = line.partition(":")
        if colon and label.strip() == name:
            return command.strip()
    raise LookupError(f"{procfile.name} has no process {name!r}")


def expanded(command: str, env: dict[str, str]) -> str:
    """`command` with each `${NAME:-default}` and `${NAME}` as the shell would expand it."""

    def value(match: re.Match) -> str:
        return env.get(match["name"]) or (match["default"] or "")

    return re.sub(r"\$\{(?P<name>\w+)(?::-(?P<default>[^}]*))?\}", value, command)


def on_postgresql() -> bool:
    return settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def until(condition, message: str) -> None:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    pytest.fail(message)


# A migrated database, with the demo or without, built once per test session and cloned for each
# stack (PostgreSQL: CREATE DATABASE ... TEMPLATE; SQLite: a copy of the file). A clone takes a
# second; `migrate` and `load_demo` in fresh processes took one to two minutes a stack.
_templates: dict[bool, tuple[str, Path]] = {}
_cloned: set[str] = set()


def _maintenance() -> str:
    return urlsplit(settings.DATABASE_URL)._replace(path="/postgres").geturl()


def _database_url(name: str) -> str:
    return urlsplit(settings.DATABASE_URL)._replace(path=f"/{name}").geturl()


def _named(kind: str) -> str:
    """A new database's name under the suite's own (`svc_h1_stack_…`): runs side by side on one
    server, each with its DATABASE_URL, never touch each other's."""
    return f"{urlsplit(settings.DATABASE_URL).path[1:]}_{kind}_{uuid.uuid4().hex[:12]}"


def _template(demo: bool) -> str:
    """The session's template database (built on first use): migrated, and with the demo."""
    if demo not in _templates:
        folder = Path(tempfile.mkdtemp(prefix="svc-stack-template-"))
        if on_postgresql():
            url = _database_url(_named("template"))
            with psycopg.connect(_maintenance(), autocommit=True) as admin:
                admin.execute(f'CREATE DATABASE "{urlsplit(url).path[1:]}"')
        else:
            url = f"sqlite:///{folder / 'template.sqlite3'}"
        _templates[demo] = (url, folder)
        Stack.prepared(folder, url, demo=demo)
    return _templates[demo][0]


def templates_drop() -> None:
    """Drop the session's template databases (the suite's end)."""
    for url, folder in _templates.values():
        if on_postgresql():
            with psycopg.connect(_maintenance(), autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{urlsplit(url).path[1:]}" WITH (FORCE)')
        shutil.rmtree(folder, ignore_errors=True)
    _templates.clear()


@contextmanager
def throwaway_database(folder: Path, *, demo: bool = True):
    """A database URL of the suite's engine that other processes can open, migrated and with
    the demo (unless `demo=False`), cloned from the session's template; dropped after."""
    template = _template(demo)
    if not on_postgresql():
        target, source = folder / "stack.sqlite3", Path(urlsplit(template).path)
        shutil.copyfile(source, target)
        if Path(f"{source}-wal").exists():  # rows not yet checkpointed into the file
            shutil.copyfile(f"{source}-wal", f"{target}-wal")
        url = f"sqlite:///{target}"
        _cloned.add(url)
        yield url
        return
    name = _named("stack")
    with psycopg.connect(_maintenance(), autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{urlsplit(template).path[1:]}"')
    url = _database_url(name)
    _cloned.add(url)
    try:
        yield url
    finally:
        with psycopg.connect(_maintenance(), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Gate:
    """A TCP forwarder on a local port to `host:port` that a test can cut and restore."""

    def __init__(self, host: str, port: int):
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open = True
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, url: str) -> str:
        """`url` (to the gated server) as it reads through the gate, credentials kept."""
        parts = urlsplit(url)
        user = parts.netloc.rpartition("@")[0]
        address = f"127.0.0.1:{self.port}"
        return parts._replace(netloc=f"{user}@{address}" if user else address).geturl()

    def cut(self) -> None:
        """Drop every open connection; refuse new ones until `restore`."""
        with self.lock:
            self.open = False
            pairs, self.pairs = self.pairs, []
        for pair in pairs:
            for end in pair:
                with suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()

    def restore(self) -> None:
        with self.lock:
            self.open = True

    def close(self) -> None:
        self.cut()
        self.listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return  # closed
            with self.lock:
                refused = not self.open
            if refused:
                client.close()
                continue
            upstream = socket.create_connection(self.target)
            with self.lock:
                self.pairs.append((client, upstream))
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()

    @staticmethod
    def _pump(a: socket.socket, b: socket.socket) -> None:
        ends = selectors.DefaultSelector()
        ends.register(a, selectors.EVENT_READ, b)
        ends.register(b, selectors.EVENT_READ, a)
        try:
            while True:
                for ready, _ in ends.select():
                    data = ready.fileobj.recv(65536)
                    if not data:
                        return
                    ready.data.sendall(data)
        except (OSError, ValueError):
            return  # cut
        finally:
            ends.close()


@dataclass
class Stack:
    """The service's processes on one database and one embedded broker folder."""

    env: dict[str, str]
    folder: Path
    base: str = ""

    @classmethod
    def prepared(cls, folder: Path, database_url: str, *, demo: bool = True) -> "Stack":
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SVC_", "DJANGO_"))}
        env.pop("REDIS_URL", None)  # local-memory cache; the file-system broker in `folder`
        env.update(
            DATABASE_URL=database_url,
            SVC_VAR_DIR=str(folder / "var"),
            DJANGO_SETTINGS_MODULE="config.settings",
        )
        stack = cls(env=env, folder=folder)
        if database_url in _cloned:  # a clone of the session's template: already prepared
            return stack
        stack.manage("migrate", "-v0")
        if demo:  # about a minute: the demo documents' vectors
            stack.manage("load_demo")
        return stack

    def manage(self, *args: str, **env: str) -> str:
        done = subprocess.run(  # noqa: S603 (our own interpreter and commands)
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env={**self.env, **env},
            capture_output=True,
            text=True,
            check=False,
            timeout=COMMAND_WAIT,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    @contextmanager
    def process(self, name: str, argv: list[str], **env: str):
        """A process of the stack (its own session, so its whole group is killed after)."""
        with (self.folder / f"{name}.log").open("a") as log:
            process = subprocess.Popen(  # noqa: S603 (our own interpreter, fixed arguments)
                [sys.executable, *argv],
                cwd=ROOT,
                env={**self.env, **env},
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            yield process
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(WAIT)

    @contextmanager
    def procfile_process(self, name: str, log_name: str = "", **env: str):
        """Process `name` run by its Procfile line through the shell, as honcho does (with the
        virtualenv's scripts first on PATH, as `make run-stack` puts them)."""
        scripts = str(Path(sys.executable).parent)
        full = {**self.env, **env, "PATH": f"{scripts}:{os.environ.get('PATH', '')}"}
        with (self.folder / f"{log_name or name}.log").open("a") as log:
            process = subprocess.Popen(  # noqa: S603 (the project's own Procfile line)
                ["/bin/sh", "-c", f"exec {procfile(name)}"],
                cwd=ROOT,
                env=full,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            yield process
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(WAIT)

    @contextmanager
    def procfile_web(self, **env: str):
        """gunicorn as the Procfile starts it (its settings file, its access log in web.log),
        one worker."""
        port = free_port()
        with self.procfile_process("web", BIND=f"127.0.0.1:{port}", WEB_WORKERS="1", **env) as web:
            self.base = f"http://127.0.0.1:{port}"
            until(self.up, "the web server did not start")
            yield web

    @contextmanager
    def web(self, workers: int = 1, **env: str):
        """gunicorn (by default one worker process: the one whose connections a test breaks)."""
        port = free_port()
        argv = ["-m", "gunicorn", "config.wsgi", "--workers", str(workers)]
        argv += ["--timeout", "90", "--bind", f"127.0.0.1:{port}"]
        with self.process("web", [*argv, "--log-level", "warning"], **env) as web:
            self.base = f"http://127.0.0.1:{port}"
            until(self.up, "the web server did not start")
            yield web

    def worker(self, **env: str):
        return self.process("worker", [*WORKER, "--without-gossip", "--loglevel=INFO"], **env)

    def up(self) -> bool:
        try:
            return httpx.get(f"{self.base}/api/health", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False
