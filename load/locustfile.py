"""Load scenario (`make load`): the mix of a busy day against gunicorn + PostgreSQL + Redis.

Cached record reads dominate; signals, entity search, Watch unfurls and asks make up the rest.
On quitting, the run fails (exit code 1) when more than 0.1% of requests failed.
"""

import random

from locust import HttpUser, between, events, task

TOPICS = [
    "disaster-hurricane-tavia",
    "rate-decision-federal-reserve-december-2026",
    "rate-decision-european-central-bank-december-2026",
    "ceasefire-deal-eastern-congo",
    "artemis-ii-launch",
    "opec-output-decision-december-2026",
]
QUESTIONS = [
    "Is Hurricane Tavia still active?",
    "What did the Federal Reserve decide?",
    "When does Artemis II launch?",
    "What is the OPEC+ output decision for December?",
]
MAX_FAIL_RATIO = 0.001


class Reader(HttpUser):
    wait_time = between(0.01, 0.05)

    @task(50)
    def record(self):
        self.client.get(f"/api/record/{random.choice(TOPICS)}", name="/api/record/{topic}")

    @task(15)
    def signals(self):
        self.client.get("/api/v1/signals")

    @task(15)
    def search(self):
        self.client.get(
            f"/api/v1/entities?q={random.choice(['fed', 'storm', 'bank', 'opec'])}",
            name="/api/v1/entities?q=",
        )

    @task(10)
    def unfurl(self):
        self.client.post("/api/v1/watches/unfurl", json={"base": "current-signals"})

    @task(10)
    def ask(self):
        self.client.post("/api/ask", json={"question": random.choice(QUESTIONS)})


@events.quitting.add_listener
def _verdict(environment, **kwargs):
    total = environment.stats.total
    ratio = total.fail_ratio
    print(
        f"requests {total.num_requests}, failures {total.num_failures} ({ratio:.4%}); "
        f"{total.total_rps:.1f} req/s; p50 {total.get_response_time_percentile(0.5):.0f} ms, "
        f"p95 {total.get_response_time_percentile(0.95):.0f} ms, "
        f"p99 {total.get_response_time_percentile(0.99):.0f} ms"
    )
    environment.process_exit_code = 1 if ratio > MAX_FAIL_RATIO else 0
