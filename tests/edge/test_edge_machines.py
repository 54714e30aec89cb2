"""The edge in front of several machines (issue 43): `deploy/edge.py --upstream a,b` puts one
`server` line per machine in the shipped configuration, requests are shared between them, and
once one machine is gone every request, GET or POST, is answered by the other (nginx passes a
request the lost machine never received to the next server).

Two plain HTTP servers stand in for the machines' gunicorns: what is tested is nginx's
configuration, not the service (`make cluster` runs the service on two machines behind it).
"""

import json
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from tests.edge.test_edge import NGINX, _up, edge
from tests.stack import free_port, until

pytestmark = pytest.mark.skipif(not NGINX, reason="needs nginx (Debian: nginx-light)")


class Machine(ThreadingHTTPServer):
    """Answers every request with its own name (never cacheable)."""

    daemon_threads = True

    def __init__(self, name: str):
        self.name = name
        super().__init__(("127.0.0.1", free_port()), _Answer)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.server_address[1]}"


class _Answer(BaseHTTPRequestHandler):
    def _answer(self):
        self.rfile.read(int(self.headers.get("content-length", 0)))
        body = json.dumps({"machine": self.server.name}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("cache-control", "private, no-store")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer  # http.server's names

    def log_message(self, *args):
        pass


@pytest.fixture
def two_machines(tmp_path):
    a, b = Machine("A"), Machine("B")
    listen = f"127.0.0.1:{free_port()}"
    conf = edge.render(tmp_path / "edge", listen=listen, upstream=f"{a.address},{b.address}")
    nginx = subprocess.Popen(  # noqa: S603 (nginx, arguments built by deploy/edge.py)
        edge.command(tmp_path / "edge", conf),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://{listen}"
    try:
        until(lambda: _up(base), "the edge did not start")
        yield base, a, b, conf.read_text()
    finally:
        nginx.terminate()
        nginx.wait(30)
        for machine in (a, b):
            machine.shutdown()
            machine.server_close()


def test_one_server_line_per_machine_and_the_load_shared(two_machines):
    base, a, b, conf = two_machines
    assert f"server {a.address} max_fails=1 fail_timeout=10s;" in conf
    assert f"server {b.address} max_fails=1 fail_timeout=10s;" in conf
    seen = {httpx.get(f"{base}/api/anything").json()["machine"] for _ in range(8)}
    assert seen == {"A", "B"}


def test_a_lost_machine_is_passed_over_for_gets_and_posts(two_machines):
    base, a, _, _ = two_machines
    a.shutdown()
    a.server_close()  # machine A is gone: its port refuses connections
    for _ in range(6):
        assert httpx.get(f"{base}/api/anything").json() == {"machine": "B"}
        posted = httpx.post(f"{base}/api/ask", json={"question": "?"})
        assert posted.json() == {"machine": "B"}
