"""The beat through a broker cut: a tick that fell inside the cut is sent once the broker is
back, once however many fell (the reaper, the heartbeat, the document embedding), and a beat
restarted during the cut still owes it.

Driven through the scheduler's own API (`tick`, as `celery beat` calls it) with the schedule
from the settings and the scheduler class they name: on kombu's in-memory transport with its
sends refused (runs everywhere), and on Redis reached through a `Gate` that is cut and restored
(where the suite has a Redis). Before, Celery's scheduler advanced each entry before sending it
and only logged a refused send: the reaper and the embedding waited a whole interval more.
"""

import copy
import json
import os
from collections import Counter
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from celery import Celery
from django.conf import settings
from kombu.exceptions import OperationalError
from kombu.messaging import Producer
from kombu.utils.imports import symbol_by_name

from tests.stack import Gate

pytestmark = pytest.mark.django_db  # each job claims its period in the database first

CAUGHT_UP = {
    "heartbeat": "registry.tasks.heartbeat",
    "reap-asks": "answers.tasks.reap_tickets",
    "embed-documents": "answers.tasks.embed_documents",
}
TICKS = 3 * len(CAUGHT_UP)  # each tick sends at most one due entry


def beat(broker: str, schedule_file) -> object:
    """The settings' scheduler over the settings' schedule, on an app of its own."""
    # Not made the current app: the tasks of later tests (run eagerly) stay on the service's.
    app = Celery("beat-under-test", broker=broker, set_as_current=False)
    app.conf.beat_schedule = copy.deepcopy(settings.CELERY_BEAT_SCHEDULE)
    app.conf.timezone = settings.CELERY_TIMEZONE
    app.conf.broker_connection_max_retries = settings.CELERY_BROKER_CONNECTION_MAX_RETRIES
    scheduler = symbol_by_name(settings.CELERY_BEAT_SCHEDULER)
    return scheduler(app=app, schedule_filename=str(schedule_file))


def fell_due_in_a_cut(scheduler, ticks_missed: int = 10) -> None:
    """As if the last `ticks_missed` ticks of each entry here fell while the broker was away."""
    for name in CAUGHT_UP:
        entry = scheduler.schedule[name]
        every = entry.schedule.run_every
        scheduler.schedule[name] = entry._next_instance(
            last_run_at=entry.default_now() - ticks_missed * every - timedelta(seconds=1)
        )
    scheduler._heap = None


def ticked(scheduler, times: int = TICKS) -> None:
    for _ in range(times):
        scheduler.tick()


@pytest.fixture(autouse=True)
def _retry_at_once(monkeypatch):
    from config import beat as catch_up  # the module the settings name

    monkeypatch.setattr(catch_up, "RETRY_SECONDS", 0.0)  # no waiting between tries in a test


@pytest.fixture
def sent(monkeypatch):
    """Every message the beat hands to the broker, by task; `sent.cut` refuses them."""
    handed = Counter()
    handed.cut = False
    publish = Producer.publish

    def refusing(self, body, *args, **kwargs):
        if handed.cut:
            raise OperationalError("Error 111 connecting to the broker. Connection refused.")
        handed[kwargs["headers"]["task"]] += 1
        return publish(self, body, *args, **kwargs)

    monkeypatch.setattr(Producer, "publish", refusing)
    return handed


def test_ticks_refused_in_a_cut_are_sent_once_when_the_broker_is_back(tmp_path, sent):
    scheduler = beat("memory://", tmp_path / "schedule")
    fell_due_in_a_cut(scheduler)
    sent.cut = True
    ticked(scheduler)  # every due entry tried, and refused
    assert sum(sent.values()) == 0
    sent.cut = False
    ticked(scheduler)
    assert sent == Counter(CAUGHT_UP.values())  # each once, not once per missed tick
    ticked(scheduler)
    assert sent == Counter(CAUGHT_UP.values())  # then each keeps its own interval
    scheduler.close()


def test_a_beat_restarted_during_the_cut_still_sends_what_it_owed(tmp_path, sent):
    first = beat("memory://", tmp_path / "schedule")
    fell_due_in_a_cut(first)
    sent.cut = True
    ticked(first)
    first.close()  # the beat stops (a deploy, a crash) while the broker is away
    sent.cut = False
    again = beat("memory://", tmp_path / "schedule")
    ticked(again)
    assert sent == Counter(CAUGHT_UP.values())
    again.close()


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs a Redis server")
def test_through_a_real_redis_cut_each_missed_job_is_queued_once(tmp_path):
    import redis

    server = urlsplit(os.environ["REDIS_URL"])
    gate = Gate(server.hostname, server.port or 6379)
    queue = redis.Redis.from_url(os.environ["REDIS_URL"])
    queue.delete("celery")
    try:
        scheduler = beat(gate.url(os.environ["REDIS_URL"]), tmp_path / "schedule")
        scheduler.producer  # noqa: B018 - connected before the cut, as a running beat is
        fell_due_in_a_cut(scheduler)
        gate.cut()
        ticked(scheduler, len(CAUGHT_UP))  # each refused once (kombu's own retries spent)
        assert queue.llen("celery") == 0
        gate.restore()
        ticked(scheduler)
        queued = Counter(json.loads(m)["headers"]["task"] for m in queue.lrange("celery", 0, -1))
        assert queued == Counter(CAUGHT_UP.values())
        scheduler.close()
    finally:
        queue.delete("celery")
        gate.close()
