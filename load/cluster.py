"""`make cluster`: a two-machine rehearsal on this one machine.

Two "machines", A and B, each with its own gunicorn (two workers), Celery worker and Celery
beat, each started by the Procfile's own line with a folder of its own (`SVC_VAR_DIR`) and its
own port, so every process keeps its own state (read-cache copies, tagger, vocabulary), share
one fresh PostgreSQL database and one Redis database, as machines would. When nginx is installed
the shipped edge (deploy/edge.py) stands in front of both, as a load balancer would; without it
the load's own client passes over a machine that refuses connections, as the edge does.

Simulated users read records, signals and entities, unfurl Watches, ask questions (sync and
async, each with an Idempotency-Key, a failed one tried again once under the same key) and save
Watches whose webhooks point at a receiver here; every machine's beat runs (the heartbeat every 5
seconds, the Watches every minute, the reaper every 30 seconds). A curator adds a topic, an
entity and its alias through A's admin; B is polled until its answers route the alias to the new
topic and it serves the new record. Midway every process of machine A is killed (SIGKILL); B
carries on alone.

It prints the figures and a verdict, and exits 1 if an ask was lost (a charge without its
finished ticket, a ticket unfinished once the reaper's window has passed, a client's ask with no
ticket) or answered twice (two tickets or charges for one Idempotency-Key, a done ticket refunded,
a meter off its charges), a scheduled job ran twice in one period (two beats sent it, or a
worker received it twice), a Watch reading was delivered twice (two deliveries of one Watch and
period the receiver accepted), the curation write was not seen on B within its bound, or any
request outside the kill window failed.

    .venv/bin/python load/cluster.py --seconds 60     # the short form CI runs
"""

import argparse
import json
import os
import re
import secrets
import signal
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict
from contextlib import ExitStack, suppress
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import psycopg
from redis import Redis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from load.books import METERS_OFF, OK, QUESTIONS, TOPICS, drained, ledger  # noqa: E402
from tests.curator import Curator  # noqa: E402 (the project's own root)
from tests.stack import Stack  # noqa: E402

MIX = [  # (operation, weight): reads dominate; asks a third; a Watch saved now and then
    ("record", 28),
    ("signals", 12),
    ("entities", 12),
    ("unfurl", 10),
    ("sync", 14),
    ("async", 20),
    ("watch", 4),
]
WATCHES_MAX = 12  # Watches the load saves (each its own slot, each delivered every minute)
KILL_WINDOW = 5.0  # seconds after the kill in which a request may fail (in flight on A)
STALE_MINUTES = 1
REAPER_WINDOW = 1.5 * STALE_MINUTES * 60  # an abandoned ask is taken back within this
REGISTRY_CHECK = 10  # SVC_REGISTRY_CHECK_SECONDS: the default, as documented
REBUILD_ALLOWANCE = 5.0  # the first answer after a change rebuilds the vocabulary (demo: < 1 s)
CURATION_BOUND = REGISTRY_CHECK + REBUILD_ALLOWANCE
CONSECUTIVE = 6  # correct answers in a row from B before the write counts as seen
NEW_TOPIC = "funding-round-zephyr-dynamics"
ALIAS_QUESTION = "What is the latest on Zephyrix?"
PASSWORD = "cluster-curator-" + secrets.token_hex(8)
RECEIVED = re.compile(r"Task (?P<task>[\w.]+)\[(?P<id>[^\]]+)\] received")
SENT = re.compile(r"beat: (?P<job>[\w.-]+) sent for period (?P<period>\S+)")


@dataclass
class Sample:
    operation: str
    started: float
    ended: float
    status: int  # 0: no HTTP answer (refused, reset, timed out)
    machine: str = ""


@dataclass
class Ask:
    key: str  # its Idempotency-Key
    mode: str
    api_key: str | None
    statuses: list[int] = field(default_factory=list)
    ticket: str = ""


class Balancer:
    """Without nginx: the client's own balancer, passing over a machine that refuses a
    connection for 10 s (nginx's `fail_timeout`) and sending the request to the other."""

    def __init__(self, bases: dict[str, str]):
        self.bases, self.down, self.turn = bases, {}, 0
        self.lock = threading.Lock()

    def order(self) -> list[tuple[str, str]]:
        with self.lock:
            self.turn += 1
            names = sorted(self.bases)
            names = names[self.turn % len(names) :] + names[: self.turn % len(names)]
            now = time.monotonic()
            up = [n for n in names if self.down.get(n, 0) <= now]
            return [(n, self.bases[n]) for n in (up or names)]

    def refused(self, name: str) -> None:
        with self.lock:
            self.down[name] = time.monotonic() + 10


class Front:
    """Where the load sends: the edge (one address) or the balancer (each machine)."""

    def __init__(self, edge: str | None, bases: dict[str, str]):
        self.edge, self.balancer = edge, Balancer(bases)

    def send(
        self, client: httpx.Client, method: str, path: str, **kw
    ) -> tuple[httpx.Response, str]:
        if self.edge:
            return client.request(method, self.edge + path, **kw), "edge"
        for name, base in self.balancer.order():
            try:
                return client.request(method, base + path, **kw), name
            except httpx.ConnectError:  # nothing was sent: the next machine takes it
                self.balancer.refused(name)
        raise httpx.ConnectError("no machine took the connection")


class Load:
    """Users in threads, each sending the mix until `stop` is set."""

    def __init__(self, front: Front, keys: list[str], watch_key: str, hook: str):
        self.front, self.keys, self.watch_key, self.hook = front, keys, watch_key, hook
        self.samples: list[Sample] = []
        self.asks: list[Ask] = []
        self.watches: list[str] = []
        self.watches_sent = 0  # saves sent or answered: the slot is taken before the request goes
        self.stop = threading.Event()
        self.lock = threading.Lock()

    def user(self, seed: int) -> None:
        import random

        rng = random.Random(seed)
        names, weights = zip(*MIX, strict=True)
        with httpx.Client(timeout=75) as client:
            while not self.stop.is_set():
                self.one(client, rng, rng.choices(names, weights)[0])

    def one(self, client: httpx.Client, rng, operation: str) -> None:
        if operation in ("sync", "async"):
            self.ask(client, rng, operation)
            return
        if operation == "watch" and not self.take_watch():
            operation = "record"
        method, path, kw = self.request(rng, operation)
        status, _, body = self.timed(client, operation, method, path, kw)
        if operation == "watch":
            with self.lock:
                if status == 201:
                    self.watches.append(body["watchId"])
                else:
                    self.watches_sent -= 1

    def take_watch(self) -> bool:
        # Counted before the request goes: two users checking the saved Watches at once would
        # otherwise both send a save for the last slot, and the service rightly refuses one (402).
        with self.lock:
            if self.watches_sent >= WATCHES_MAX:
                return False
            self.watches_sent += 1
            return True

    def request(self, rng, operation: str) -> tuple[str, str, dict]:
        if operation == "record":
            return "GET", f"/api/record/{rng.choice(TOPICS)}", {}
        if operation == "signals":
            return "GET", "/api/v1/signals", {}
        if operation == "entities":
            return "GET", "/api/v1/entities", {"params": {"q": rng.choice(["fed", "storm"])}}
        if operation == "unfurl":
            return "POST", "/api/v1/watches/unfurl", {"json": {"base": "current-signals"}}
        body = {"base": "current-signals", "webhookUrl": self.hook}
        return "POST", "/api/v1/watches", {"json": body, "headers": {"X-API-Key": self.watch_key}}

    def timed(self, client, operation, method, path, kw) -> tuple[int, str, dict]:
        started = time.monotonic()
        status, machine, body = 0, "", {}
        try:
            answer, machine = self.front.send(client, method, path, **kw)
            status = answer.status_code
            if status in OK and answer.headers.get("content-type", "").startswith("application"):
                body = answer.json()
        except httpx.HTTPError:
            pass
        with self.lock:
            self.samples.append(Sample(operation, started, time.monotonic(), status, machine))
        return status, machine, body

    def ask(self, client: httpx.Client, rng, mode: str) -> None:
        api_key = rng.choice(self.keys) if rng.random() < 0.5 else None
        ask = Ask(str(uuid.uuid4()), mode, api_key)
        with self.lock:
            self.asks.append(ask)
        for _ in range(2):  # a failure without an answer is tried again once, same key
            status, _, body = self.timed(client, mode, "POST", "/api/ask", ask_request(ask, rng))
            ask.statuses.append(status)
            ask.ticket = ask.ticket or body.get("ticket", "")
            if status in OK or status in (400, 404, 422, 429):
                return
            time.sleep(1)


def ask_request(ask: Ask, rng) -> dict:
    headers = {"Idempotency-Key": ask.key}
    if ask.api_key:
        headers["X-API-Key"] = ask.api_key
    question = QUESTIONS[int(ask.key[:8], 16) % len(QUESTIONS)]  # the same on a retry
    return {"json": {"question": question, "mode": ask.mode}, "headers": headers}


class Receiver(ThreadingHTTPServer):
    """The Watches' webhook: every POST recorded (Watch, scheduled time, delivery id)."""

    daemon_threads = True

    def __init__(self, port: int):
        self.posts: list[tuple[str, str, str]] = []
        self.lock = threading.Lock()
        super().__init__(("127.0.0.1", port), _Hook)
        threading.Thread(target=self.serve_forever, daemon=True).start()


class _Hook(BaseHTTPRequestHandler):
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))))
        with self.server.lock:
            self.server.posts.append(
                (body["watchId"], body["scheduledFor"], self.headers["X-Svc-Delivery"])
            )
        self.send_response(200)
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


@dataclass
class Machine:
    name: str
    stack: Stack
    port: int
    processes: list = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, running: ExitStack) -> None:
        env = {"BIND": f"127.0.0.1:{self.port}", "WEB_WORKERS": "2", "JOB_WORKERS": "1"}
        for process in ("web", "worker", "beat"):
            log = f"{self.name}-{process}"
            self.processes.append(
                running.enter_context(self.stack.procfile_process(process, log, **env))
            )

    def kill(self) -> None:
        for process in self.processes:
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)

    def log(self, process: str) -> str:
        path = self.stack.folder / f"{self.name}-{process}.log"
        return path.read_text(errors="replace") if path.exists() else ""


def wait_up(url: str, seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with suppress(httpx.HTTPError):
            if httpx.get(url, timeout=2).status_code == 200:
                return
        time.sleep(0.5)
    raise SystemExit(f"{url} did not come up")


def prepared_stores(server: str, name: str, redis: str) -> str:
    """A new database `name` on `server`, and the Redis database emptied of earlier runs."""
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    Redis.from_url(redis).flushdb()
    return f"{server}/{name}"


def shared_env(database: str, redis: str, embeddings: str) -> dict[str, str]:
    """What every machine must share (secret key, key pepper, database, Redis) and the
    rehearsal's short windows."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SVC_", "DJANGO_"))}
    env.update(
        DATABASE_URL=database,
        REDIS_URL=redis,
        DJANGO_SETTINGS_MODULE="config.settings",
        DJANGO_SECRET_KEY="cluster-" + secrets.token_hex(24),
        SVC_KEY_PEPPER="cluster-" + secrets.token_hex(24),
        SVC_ANSWER_EMBEDDINGS=embeddings,
        SVC_OFFLINE="true",  # the demo's feeds are real publishers: nothing is fetched
        **METERS_OFF,
        SVC_ASK_STALE_MINUTES=str(STALE_MINUTES),
        SVC_WATCH_INTERVAL_MINUTES="1",
        SVC_HEARTBEAT_SECONDS="5",
        SVC_REGISTRY_CHECK_SECONDS=str(REGISTRY_CHECK),
        SVC_WEBHOOK_TIMEOUT_SECONDS="5",
        SVC_FETCH_ALLOW_LOOPBACK="true",  # the receiver lives on this machine
    )
    return env


def machines(folder: Path, env: dict[str, str], port_base: int) -> list[Machine]:
    made = []
    for n, name in enumerate("ab", start=1):
        own = folder / name
        own.mkdir()
        stack = Stack(env={**env, "SVC_VAR_DIR": str(own / "var")}, folder=folder)
        made.append(Machine(name.upper(), stack, port_base + n))
    return made


def prepared(stack: Stack) -> None:
    stack.manage("migrate", "-v0")
    stack.manage("load_demo")
    stack.manage("collectstatic", "--noinput", "-v0")
    stack.manage(
        "createsuperuser",
        "--noinput",
        "--username",
        "curator",
        "--email",
        "curator@cluster.example",
        DJANGO_SUPERUSER_PASSWORD=PASSWORD,
    )


def keys_and_slots(base: str, stack: Stack) -> tuple[list[str], str]:
    """Four keys for the asks, and one with a slot for every Watch the load may save."""
    keys = [httpx.post(f"{base}/api/keys", timeout=30).json()["key"] for _ in range(5)]
    grant = (
        "from billing import services as b; "
        f"b.slot_grant(key=b.key_find('{keys[4]}'), slots={WATCHES_MAX}, reason='cluster')"
    )
    stack.manage("shell", "-c", grant)
    return keys[:4], keys[4]


def edge(folder: Path, port: int, machines_: list[Machine], running: ExitStack) -> str | None:
    """The shipped edge in front of both machines, when nginx is installed."""
    import shutil

    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        return None
    upstream = ",".join(f"127.0.0.1:{m.port}" for m in machines_)
    argv = [
        "deploy/edge.py",
        "--prefix",
        str(folder / "edge"),
        "--listen",
        f"127.0.0.1:{port}",
        "--upstream",
        upstream,
    ]
    running.enter_context(machines_[0].stack.process("edge", argv))
    url = f"http://127.0.0.1:{port}"
    wait_up(f"{url}/api/health")
    return url


@dataclass
class Curation:
    """The curator's write on A and when B's answers and reads had it."""

    written: threading.Event = field(default_factory=threading.Event)
    written_at: float = 0.0  # monotonic: A's admin answered the last of the writes
    lag: float = -1.0  # seconds until B answered from it CONSECUTIVE times in a row
    error: str = ""


def curate(a: Machine, b: Machine, result: Curation) -> None:
    """Through A's admin: an entity, a topic it leads, then an alias; then B polled."""
    try:
        curator = Curator(a.base, "curator", PASSWORD)
        entity = curator.add(
            "registry/entity",
            {
                "slug": "zephyr-dynamics",
                "name": "Zephyr Dynamics",
                "kind": "company",
                "tracked": "on",
            },
        )
        curator.add(
            "registry/event",
            {
                "subject": NEW_TOPIC,
                "tier": "standard",
                "title": "Zephyr Dynamics raises a round",
                "action_class": "funding-round",
                "lead_entity": str(entity),
                "publish_state": "published",
            },
        )
        curator.change("registry/entity", entity, {"aliases-0-alias": "Zephyrix"})
        curator.close()
    except Exception as exc:  # any failure of the write is reported in the verdict
        result.error = f"the write on A failed: {exc!r}"
        result.written.set()
        return
    result.written_at = time.monotonic()
    result.written.set()
    result.lag = seen_on_b(b, result.written_at)


def seen_on_b(b: Machine, since: float) -> float:
    """Seconds from the write until B's record and answers carried it CONSECUTIVE times in a
    row (-1 if not within the bound and half a minute more)."""
    streak_from, streak = 0.0, 0
    with httpx.Client(base_url=b.base, timeout=30) as client:
        while time.monotonic() - since < CURATION_BOUND + 30:
            asked = time.monotonic()
            if carried(client):
                streak_from, streak = streak_from or asked, streak + 1
                if streak >= CONSECUTIVE:
                    return streak_from - since
            else:
                streak_from, streak = 0.0, 0
            time.sleep(0.25)
    return -1.0


def carried(client: httpx.Client) -> bool:
    with suppress(httpx.HTTPError, ValueError, KeyError):
        if client.get(f"/api/record/{NEW_TOPIC}").status_code != 200:
            return False
        answer = client.post("/api/ask", json={"question": ALIAS_QUESTION, "mode": "sync"})
        return [t["topic"] for t in answer.json()["topics"]] == [NEW_TOPIC]
    return False


def settle(load: Load, base: str) -> None:
    """A client whose ask got no answer asks again under the same key, now on B: it is told
    its ticket (a replay) or, if nothing was recorded, charged now; either way it holds one."""
    import random

    rng = random.Random(0)
    with httpx.Client(base_url=base, timeout=75) as client:
        for ask in load.asks:
            tries = 0
            while not answered(ask) and tries < 3:
                tries += 1
                with suppress(httpx.HTTPError):
                    reply = client.post("/api/ask", **ask_request(ask, rng))
                    ask.statuses.append(reply.status_code)
                    if reply.status_code in OK:
                        ask.ticket = ask.ticket or reply.json().get("ticket", "")
                time.sleep(0.5)


def answered(ask: Ask) -> bool:
    return any(s in OK or s in (400, 404, 422, 429) for s in ask.statuses)


def tickets_by_key(database: str) -> dict[str, str]:
    sql = "SELECT idempotency_key, ticket FROM answers_askticket WHERE idempotency_key <> ''"
    with psycopg.connect(database) as conn:
        return dict(conn.execute(sql).fetchall())


def scheduled_runs(machines_: list[Machine]) -> dict[str, Counter]:
    """Each job's periods as the beats sent them and as the workers received them."""
    sent, received = Counter(), Counter()
    for machine in machines_:
        for match in SENT.finditer(machine.log("beat")):
            sent[f"{match['job']}@{match['period']}"] += 1
        for match in RECEIVED.finditer(machine.log("worker")):
            if "@" in match["id"]:  # a beat's message: `<job>@<period>`
                received[match["id"]] += 1
    return {"sent": sent, "received": received}


def served(machines_: list[Machine]) -> dict[str, int]:
    """Requests each machine's gunicorn answered (its access log), health checks left out."""
    line = re.compile(r'"(?:GET|POST|HEAD) (?!/api/health )')
    return {m.name: len(line.findall(m.log("web"))) for m in machines_}


def deliveries_twice(posts: list[tuple[str, str, str]]) -> int:
    """Watch and period pairs the receiver accepted under more than one delivery id."""
    ids = defaultdict(set)
    for watch, scheduled_for, delivery in posts:
        ids[(watch, scheduled_for)].add(delivery)
    return sum(len(found) > 1 for found in ids.values())


def overlaps(s: Sample, start: float, end: float) -> bool:
    return s.started <= end and s.ended >= start


@dataclass
class Outcome:
    samples: list[Sample]
    asks: list[Ask]
    kill_at: float
    books: dict
    tickets: dict[str, str]
    runs: dict[str, Counter]
    posts: list
    curation: Curation
    drained: float
    edge: bool
    served: dict[str, int]


def asks_lost(outcome: Outcome) -> list[str]:
    """Asks a client was told were taken but that the database does not hold, or that hold
    no ticket the client can reach."""
    lost = [
        a.key
        for a in outcome.asks
        if any(s in OK for s in a.statuses) and a.key not in outcome.tickets
    ]
    unanswered = [a.key for a in outcome.asks if not answered(a)]
    return lost + unanswered


def report(o: Outcome) -> bool:
    window = (o.kill_at, o.kill_at + KILL_WINDOW)
    outside = [s for s in o.samples if not overlaps(s, *window)]
    inside = [s for s in o.samples if overlaps(s, *window)]
    failed_outside = [s for s in outside if s.status not in OK]
    print(f"front: {'the nginx edge in front of A and B' if o.edge else 'the client balancer'}")
    print(
        f"requests {len(o.samples)}; outside the kill window {len(outside)}, failed "
        f"{len(failed_outside)}; in it {len(inside)}, failed "
        f"{sum(s.status not in OK for s in inside)}"
    )
    print(
        "by operation and status:",
        dict(sorted(Counter(f"{s.operation} {s.status}" for s in o.samples).items())),
    )
    if failed_outside:
        print(
            "failed outside the kill window:",
            Counter(f"{s.operation} {s.status} via {s.machine}" for s in failed_outside),
        )
    into = o.kill_at - min(s.started for s in o.samples)
    print(
        f"served by each machine's gunicorn (its access log; the edge answers cached reads "
        f"itself): {o.served}; machine A was killed {into:.0f} s into the load, the kill "
        f"window {KILL_WINDOW:.0f} s from then"
    )
    lost = asks_lost(o)
    retried = sum(len(a.statuses) > 1 for a in o.asks)
    b = o.books
    print(
        f"asks: {len(o.asks)} sent by clients ({retried} tried again under the same key); "
        f"{b['tickets']} tickets, {b['done']} answered, {b['failed']} failed and refunded, "
        f"{b['unfinished']} unfinished; lost: {len(lost)}; ticketed twice: "
        f"{b['asks_ticketed_twice']}"
    )
    faults = {
        k: b[k]
        for k in (
            "done_but_refunded",
            "failed_not_refunded",
            "charges_without_ticket",
            "keys_off_meter",
            "address_days_off_meter",
        )
    }
    print("ledger faults (each must be 0):", faults)
    sent_twice = {k: n for k, n in o.runs["sent"].items() if n > 1}
    received_twice = {k: n for k, n in o.runs["received"].items() if n > 1}
    jobs = Counter(k.partition("@")[0] for k in o.runs["sent"])
    print(
        f"scheduled jobs: {sum(o.runs['sent'].values())} periods sent by the two beats "
        f"{dict(jobs)}; {b['skips']} skipped as claimed by the other beat; sent twice: "
        f"{len(sent_twice)}, received twice by the workers: {len(received_twice)}"
    )
    twice = deliveries_twice(o.posts)
    print(
        f"deliveries: {len(o.posts)} received for {b['watches']} Watches "
        f"({b['deliveries_accepted']} accepted of {b['deliveries']} attempts recorded); "
        f"delivered twice: {twice} at the receiver, {b['readings_delivered_twice']} recorded; "
        f"never delivered: {b['watches_never_delivered']}"
    )
    c = o.curation
    seen = f"{c.lag:.1f} s" if c.lag >= 0 else "not seen"
    print(
        f"curation: a topic, an entity and its alias written on A; on B {seen} later "
        f"(bound {CURATION_BOUND:.0f} s: the {REGISTRY_CHECK} s registry check and "
        f"{REBUILD_ALLOWANCE:.0f} s for the rebuild){'; ' + c.error if c.error else ''}"
    )
    late = not 0 <= o.drained <= REAPER_WINDOW + 60
    print(f"every ask finished and every Watch delivered {o.drained:.0f} s after the load stopped")
    verdict = {
        "an ask lost": bool(lost)
        or b["unfinished"] > 0
        or late
        or any(faults[k] for k in ("failed_not_refunded", "charges_without_ticket")),
        "an ask answered twice": b["asks_ticketed_twice"] > 0
        or any(
            faults[k] for k in ("done_but_refunded", "keys_off_meter", "address_days_off_meter")
        ),
        "a scheduled job ran twice in one period": bool(sent_twice or received_twice),
        "a Watch reading delivered twice": twice > 0 or b["readings_delivered_twice"] > 0,
        "a Watch never delivered": b["watches_never_delivered"] > 0 or b["deliveries"] == 0,
        "the curation write not seen on B within its bound": not 0 <= c.lag <= CURATION_BOUND,
        "a request outside the kill window failed": bool(failed_outside),
        "the load did not reach both machines": min(o.served.values()) == 0,
    }
    failures = [name for name, failed in verdict.items() if failed]
    print("cluster:", "passed" if not failures else "FAILED: " + "; ".join(failures))
    return not failures


def run(args: argparse.Namespace) -> bool:
    folder = Path(tempfile.mkdtemp(prefix="svc-cluster-"))
    database = prepared_stores(args.postgres, args.database, args.redis)
    a, b = machines(folder, shared_env(database, args.redis, args.embeddings), args.port_base)
    prepared(a.stack)
    receiver = Receiver(args.port_base + 3)
    hook = f"http://127.0.0.1:{args.port_base + 3}/hook"
    curation = Curation()
    with ExitStack() as running:
        running.callback(receiver.shutdown)
        for machine in (a, b):
            machine.start(running)
        for machine in (a, b):
            wait_up(f"{machine.base}/api/health")
        edge_url = edge(folder, args.port_base, [a, b], running)
        front = Front(edge_url, {"A": a.base, "B": b.base})
        keys, watch_key = keys_and_slots(b.base, b.stack)
        load = Load(front, keys, watch_key, hook)
        users = [threading.Thread(target=load.user, args=(n,)) for n in range(args.users)]
        started = time.monotonic()
        for user in users:
            user.start()
        print(
            f"load: {args.users} users for {args.seconds} s; machines A {a.base}, B {b.base}"
            f"{', edge ' + edge_url if edge_url else ''}; logs in {folder}",
            flush=True,
        )
        time.sleep(args.seconds / 4)
        curating = threading.Thread(target=curate, args=(a, b, curation))
        curating.start()
        curation.written.wait(120)  # the write is made on A before A goes
        time.sleep(max(started + args.seconds / 2 - time.monotonic(), 1))
        kill_at = time.monotonic()
        a.kill()
        print("  machine A killed (SIGKILL: its gunicorn, worker and beat)", flush=True)
        time.sleep(max(started + args.seconds - time.monotonic(), 1))
        load.stop.set()
        for user in users:
            user.join()
        curating.join()
        print(
            "load stopped; asks not answered asked again on B; waiting for the reaper", flush=True
        )
        settle(load, b.base)
        seconds = drained(database, args.drain)
        time.sleep(3)  # a delivery or an ask answered just now is in the books
        outcome = Outcome(
            load.samples,
            load.asks,
            kill_at,
            ledger(database),
            tickets_by_key(database),
            scheduled_runs([a, b]),
            list(receiver.posts),
            curation,
            seconds,
            bool(edge_url),
            served([a, b]),
        )
    return report(outcome)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=120, help="length of the load")
    parser.add_argument("--users", type=int, default=6)
    parser.add_argument("--drain", type=int, default=240, help="seconds to wait for the reaper")
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--database", default="svc_cluster", help="created afresh, shared")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/9", help="emptied, shared")
    parser.add_argument(
        "--port-base",
        type=int,
        default=8450,
        help="the edge's port; A, B and the webhook receiver the next three",
    )
    parser.add_argument(
        "--embeddings",
        choices=["off", "e5"],
        default="off",
        help="the Answer Engine's model (off: words only; e5 loads it in "
        "every web and pool process)",
    )
    sys.exit(0 if run(parser.parse_args()) else 1)


if __name__ == "__main__":
    main()
