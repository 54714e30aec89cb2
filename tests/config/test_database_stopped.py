"""PostgreSQL stopped mid-run under a running gunicorn: 503 JSON with retry-after while it is
down, answers again without a restart when it is back.

The web process reaches PostgreSQL through a `Gate`; cutting it drops the connections gunicorn
holds open (CONN_MAX_AGE) and refuses new ones, as a stopped server does. The shared database
server of the machine is never stopped. The in-process equivalent (a connection pointed at a
closed port) runs on both engines in test_health and test_problems.
"""

from urllib.parse import urlsplit

import httpx
import pytest

from tests.stack import Gate, Stack, on_postgresql, throwaway_database

pytestmark = pytest.mark.skipif(not on_postgresql(), reason="needs a PostgreSQL server to stop")


def test_postgresql_stopped_mid_run_answers_503_then_recovers_without_a_restart(tmp_path):
    with throwaway_database(tmp_path) as database_url:
        stack = Stack.prepared(tmp_path, database_url)
        server = urlsplit(database_url)
        gate = Gate(server.hostname, server.port or 5432)
        try:
            with stack.web(DATABASE_URL=gate.url(database_url)) as web:
                base = stack.base
                assert httpx.post(f"{base}/api/keys", timeout=10).status_code == 201
                assert httpx.get(f"{base}/api/v1/entities?q=tavia", timeout=10).status_code == 200

                gate.cut()
                down = httpx.get(f"{base}/api/v1/entities?q=hurricane", timeout=30)
                assert down.status_code == 503
                assert down.headers["content-type"] == "application/problem+json"
                assert int(down.headers["retry-after"]) > 0
                assert down.json()["state"] == "database-unavailable"
                assert httpx.post(f"{base}/api/keys", timeout=30).status_code == 503
                health = httpx.get(f"{base}/api/health", timeout=30)
                assert health.status_code == 503
                assert health.json()["checks"]["database"]["ok"] is False

                gate.restore()
                back = httpx.get(f"{base}/api/v1/entities?q=hurricane", timeout=10)
                assert back.status_code == 200
                assert back.json()["matches"]
                assert httpx.post(f"{base}/api/keys", timeout=10).status_code == 201
                assert web.poll() is None  # the same gunicorn: no restart
        finally:
            gate.close()
        count = "from billing.models import ApiKey; print(ApiKey.objects.count())"
        keys = stack.manage("shell", "-v", "0", "-c", count)
        assert keys.strip() == "2"  # the refused issuance stored nothing
