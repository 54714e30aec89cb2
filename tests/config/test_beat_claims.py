"""One run per period however many beats (issue 43): two schedulers ticking together, driven
through the scheduler's own API (`tick`, as `celery beat` calls it) on one clock and one
database; each period of a job is sent by one of them, the other skips it and says so on the
job's row. A beat that stops leaves the periods to the other; a beat whose send is refused gives
its period back; a beat that cannot reach the database sends nothing and tries again.

`test_two_beats.py` starts two real `celery beat` processes together.
"""

import copy
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
from celery import Celery
from celery.schedules import crontab
from django.conf import settings
from django.db import OperationalError
from kombu.exceptions import OperationalError as BrokerDown
from kombu.messaging import Producer
from kombu.utils.imports import symbol_by_name

from config import beat as scheduling
from registry import jobs
from registry.models import ScheduledJob

pytestmark = pytest.mark.django_db
START = datetime(2026, 11, 26, 12, 0, 0, 400_000, tzinfo=UTC)
MINUTE = timedelta(minutes=1)


class Clock:
    """The wall clock, held still and moved by the test (time-machine)."""

    def __init__(self, machine):
        self.machine = machine
        self.now = START

    @property
    def now(self) -> datetime:
        return self._now

    @now.setter
    def now(self, moment: datetime) -> None:
        self._now = moment
        self.machine.move_to(moment, tick=False)


@pytest.fixture
def clock(time_machine):
    return Clock(time_machine)


@pytest.fixture(autouse=True)
def _retry_at_once(monkeypatch):
    monkeypatch.setattr(scheduling, "RETRY_SECONDS", 0.0)


class Sent(list):
    """The id of every message the beats handed to the broker, in order."""

    def __init__(self):
        super().__init__()
        self.cut: set[str] = set()  # the beats whose broker is away


@pytest.fixture
def sent(monkeypatch):
    """What the beats sent; a beat named in `sent.cut` is refused."""
    handed = Sent()
    publish = Producer.publish

    def recorded(self, body, *args, **kwargs):
        if self.connection.transport_options.get("beat") in handed.cut:
            raise BrokerDown("Error 111 connecting to the broker. Connection refused.")
        handed.append(kwargs["headers"]["id"])
        return publish(self, body, *args, **kwargs)

    monkeypatch.setattr(Producer, "publish", recorded)
    return handed


def beat(name: str, clock: Clock, tmp_path, entries=("heartbeat",)):
    """The settings' scheduler over some of the settings' entries, on its own app and clock."""
    app = Celery(f"beat-{name}", broker="memory://", set_as_current=False)
    app.conf.beat_schedule = {e: copy.deepcopy(settings.CELERY_BEAT_SCHEDULE[e]) for e in entries}
    app.conf.timezone = "UTC"
    app.conf.broker_transport_options = {"beat": name}
    scheduler = symbol_by_name(settings.CELERY_BEAT_SCHEDULER)
    beat = scheduler(app=app, schedule_filename=str(tmp_path / f"schedule-{name}"))
    beat.claimant = f"beat {name}"  # one process here; on machines, host and pid tell them apart
    return beat


def ticked(*beats, times: int = 3) -> None:
    for beat in beats:
        for _ in range(times):
            beat.tick()


def period(minutes: int) -> str:
    at = START.replace(microsecond=0) + minutes * MINUTE
    return f"heartbeat@{at.isoformat()}"


def test_two_beats_ticking_together_send_each_period_once(tmp_path, clock, sent):
    a, b = beat("a", clock, tmp_path), beat("b", clock, tmp_path)
    for minute in range(1, 6):
        clock.now = START + minute * MINUTE + timedelta(milliseconds=200)
        ticked(*((a, b) if minute % 2 else (b, a)))  # either may come first
    assert sent == [period(minute) for minute in range(1, 6)]  # the message id names it
    job = ScheduledJob.objects.get(name="heartbeat")
    assert job.skips == 5
    assert job.claimed_period == START.replace(microsecond=0) + 5 * MINUTE
    assert job.claimed_by == "beat a"  # it came first in the fifth minute
    assert "not run by beat b: the same period is claimed by beat a" in job.last_skip_note


def test_beats_out_of_step_still_run_each_period_once_and_one_carries_on_alone(
    tmp_path, clock, sent
):
    a = beat("a", clock, tmp_path)
    clock.now = START + MINUTE / 2
    b = beat("b", clock, tmp_path)  # started half a minute later: due at :30 each minute
    for half in range(2, 8):  # 12:01:00.4, 12:01:30.4, ... 12:03:30.4
        clock.now = START + half * MINUTE / 2
        ticked(a, b)
    assert sent == [period(1), period(2), period(3)]  # a ran them; b found each taken
    a.close()  # machine A goes away
    for half in range(8, 12):
        clock.now = START + half * MINUTE / 2
        ticked(b)
    assert sent == [period(minute) for minute in range(1, 6)]  # b at :30: no period lost
    assert ScheduledJob.objects.get(name="heartbeat").skips == 3


def test_a_send_the_broker_refused_gives_the_period_to_the_other_beat(tmp_path, clock, sent):
    a, b = beat("a", clock, tmp_path), beat("b", clock, tmp_path)
    clock.now = START + MINUTE + timedelta(milliseconds=200)
    sent.cut.add("a")
    ticked(a)  # claimed, refused, given back: still due
    assert sent == []
    assert ScheduledJob.objects.get(name="heartbeat").claimed_period is None
    ticked(b)
    sent.cut.clear()
    ticked(a)  # a's broker is back: the period is b's now
    assert sent == [period(1)]
    assert "claimed by beat b" in ScheduledJob.objects.get(name="heartbeat").last_skip_note


def test_a_beat_that_cannot_reach_the_database_sends_nothing_until_it_can(
    tmp_path, clock, sent, monkeypatch
):
    a = beat("a", clock, tmp_path)
    claim = jobs.period_claim
    down = {"yes": True}

    def unreachable(**kwargs):
        if down["yes"]:
            raise OperationalError("connection to server at 127.0.0.1 failed")
        return claim(**kwargs)

    monkeypatch.setattr(jobs, "period_claim", unreachable)
    clock.now = START + MINUTE + timedelta(milliseconds=200)
    ticked(a)
    assert sent == []
    down["yes"] = False
    ticked(a)  # still due: sent once the claim can be made
    assert sent == [period(1)]


def test_every_job_of_the_schedule_is_claimed_by_its_own_name(tmp_path, clock, sent):
    everything = [name for name, e in settings.CELERY_BEAT_SCHEDULE.items()
                  if not isinstance(e["schedule"], crontab)]  # fmt: skip
    a = beat("a", clock, tmp_path, entries=everything)
    b = beat("b", clock, tmp_path, entries=everything)
    clock.now = START + timedelta(days=1)  # every interval job due
    ticked(a, b, times=2 * len(everything))
    ours = [i.partition("@")[0] for i in sent if not i.startswith("celery.")]  # Celery's own too
    assert Counter(ours) == Counter(everything)
    skipped = ScheduledJob.objects.filter(skips=1).exclude(name__startswith="celery.")
    assert set(skipped.values_list("name", flat=True)) == set(everything)


def test_a_daily_jobs_period_is_the_time_it_was_due_whenever_each_beat_last_ran_it():
    daily = crontab(hour=6, minute=15)
    now = datetime(2026, 11, 26, 6, 15, 1, tzinfo=UTC)

    class Entry:
        schedule = daily

        def __init__(self, last_run_at):
            self.last_run_at = last_run_at

    yesterday = datetime(2026, 11, 25, 6, 15, 0, 300_000, tzinfo=UTC)
    periods = {
        scheduling.due_period(Entry(last), now)
        # run on time, run late, or started later that day (a new beat's last run is its start)
        for last in (yesterday, yesterday + timedelta(seconds=2), yesterday + timedelta(hours=2))
    }
    assert periods == {datetime(2026, 11, 26, 6, 15, tzinfo=UTC)}
