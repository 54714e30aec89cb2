"""The beat's scheduler: each job once per period however many beats run, and a tick the broker
refused sent when the broker is back, once.

**One run per period.** Every machine may run a beat (`deploy/systemd/svc-beat.service`). Before
a beat sends a due job it claims the job's period in the database (`registry.jobs.
period_claim`): an interval job's period is the wall-clock slot its tick falls in (epoch time
floored to the interval, the same on every machine whatever its start time), a crontab's is the
time it was due. Of two beats reaching one period, one sends the job and the other skips it,
saying so in its log and on the job's `ScheduledJob` row. The message's id is `<job>@<period>`,
so a worker's log names the period each run served. A beat that cannot reach the database
claims nothing and sends nothing: the entry stays due and is tried again, as below.

**Catch-up.** Celery's scheduler advances an entry (its last run is now) before it sends the
entry's message, so that a message that cannot be sent is not tried forever; a send that fails
is only logged. Through a broker cut every tick that fell due was dropped: the reaper, the
heartbeat and the document embedding waited a whole interval after the broker was back (up to
five minutes for the reaper and the embedding; `/api/health` reported the heartbeat old all that
time). Here an entry whose send failed gives its period back and keeps its previous run time, so
it stays due; it is tried again every `RETRY_SECONDS` and sent once the broker takes it. However
many of its ticks fell inside the cut, the entry is one entry: it runs once, then keeps its
interval from then on. The schedule file keeps the un-advanced entry, so a beat restarted
during a cut sends it too.
"""

import logging
import os
import socket
import time
from contextlib import suppress
from datetime import UTC, datetime, timedelta

from celery.beat import PersistentScheduler
from celery.schedules import crontab, schedstate, schedule
from django.conf import settings
from django.db import DatabaseError, close_old_connections, connection
from django.utils import timezone

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0  # between tries of an entry the broker refused: no busy loop in a cut


def due_period(entry, now: datetime) -> datetime:
    """The period a due entry's run serves: the same instant for every beat that reaches it."""
    if isinstance(entry.schedule, schedule):
        return _floored(now, entry.schedule.run_every.total_seconds())
    if isinstance(entry.schedule, crontab):  # the first time it fired after its last run
        last, delta, _ = entry.schedule.remaining_delta(entry.last_run_at)
        return _floored(last + delta + timedelta(seconds=30), 60)
    due = now + entry.schedule.remaining_estimate(entry.last_run_at)  # <= now: it is due
    return _floored(due + timedelta(seconds=0.5), 1)


def _floored(moment: datetime, seconds: float) -> datetime:
    return datetime.fromtimestamp(moment.timestamp() // seconds * seconds, tz=UTC)


def _claimed(name: str, period: datetime, by: str):
    """The claim of `period` (None: another beat holds it); raises DatabaseError when the
    database cannot be asked. A connection a cut broke is dropped first: a beat lives long."""
    from registry.jobs import period_claim  # the apps are ready once the beat runs

    if connection.in_atomic_block:  # a test's transaction: not the beat's to close
        return period_claim(name=name, period=period, by=by)
    close_old_connections()
    try:
        return period_claim(name=name, period=period, by=by)
    except DatabaseError:
        with suppress(DatabaseError):
            connection.close()
        raise


class OneMachineOnly(RuntimeError):
    """A beat on the file-system broker found another machine's beat at work."""


def _machine(app) -> str:
    """What names this beat's machine in its claims: the host, and on the file-system broker
    (one machine's folder) that folder too."""
    if not str(app.conf.broker_url).startswith("filesystem:"):
        return socket.gethostname()
    folder = (app.conf.broker_transport_options or {}).get("data_folder_in", "")
    return f"{socket.gethostname()} broker folder {folder}"


def _another_machine(machine: str) -> str | None:
    """Another machine's beat that claimed a period within the last three heartbeats, if any."""
    from registry.models import ScheduledJob

    lately = timezone.now() - 3 * timedelta(seconds=settings.SVC_HEARTBEAT_SECONDS)
    claims = ScheduledJob.objects.filter(claimed_at__gte=lately).exclude(
        claimed_by__startswith=f"beat {machine} pid "
    )
    claim = claims.order_by("-claimed_at").values_list("claimed_by", "name", "claimed_at").first()
    return f"{claim[0]} claimed {claim[1]} at {claim[2]:%H:%M:%S} UTC" if claim else None


class CatchUpScheduler(PersistentScheduler):
    def __init__(self, *args, **kwargs):
        self._refused: dict[str, float] = {}  # entry name -> monotonic time of its next try
        super().__init__(*args, **kwargs)
        self.machine = _machine(self.app)
        self.claimant = f"beat {self.machine} pid {os.getpid()}"

    def setup_schedule(self):
        self._one_machine()
        super().setup_schedule()

    def _one_machine(self) -> None:
        """The file-system broker of `make run` is one machine's folder: a second machine's
        beat on it would queue work no other machine's worker sees. Refused, at start and at
        a period another beat took, when the database shows another machine's beat at work
        (two machines sharing PostgreSQL, each with its own folder)."""
        machine = _machine(self.app)
        if " broker folder " not in machine:
            return
        try:
            other = _another_machine(machine)
        except DatabaseError:  # not reachable now: asked again at the first period taken
            return
        if other:
            raise OneMachineOnly(
                f"the file-system broker serves one machine, and another beat is at work "
                f"({other}). Give every machine the same REDIS_URL (docs/operations.md, "
                "'Running on several machines')."
            )

    def apply_entry(self, entry, producer=None):
        """Claim the entry's period, then send it (its next run already reserved by `tick`);
        refused, or the claim not made, keep it due."""
        period = due_period(entry, self.app.now())
        try:
            claim = _claimed(entry.name, period, self.claimant)
        except DatabaseError as exc:
            self._keep_due(entry, f"its period could not be claimed ({exc})")
            return
        if claim is None:  # another beat runs this period (logged, and on the job's row)
            self._refused.pop(entry.name, None)
            self._one_machine()
            return
        task_id = f"{entry.name}@{period.isoformat()}"
        sent = entry.__class__(**dict(entry, options={**entry.options, "task_id": task_id}))
        try:
            self.apply_async(sent, producer=producer, advance=False)
        except Exception as exc:  # any refusal, as Celery's own apply_entry catches
            with suppress(DatabaseError):
                claim.release()
            self._keep_due(entry, f"not sent ({exc})")
        else:
            log.info("beat: %s sent for period %s", entry.name, period.isoformat())
            self._refused.pop(entry.name, None)

    def _keep_due(self, entry, why: str) -> None:
        log.warning("beat: %s %s; tried again in %.0f s", entry.name, why, RETRY_SECONDS)
        self.schedule[entry.name] = entry  # as before this tick: still due
        self._refused[entry.name] = time.monotonic() + RETRY_SECONDS
        self._heap = None  # rebuilt from the schedule at the next tick
        self._do_sync()  # a beat restarted meanwhile still owes the run

    def is_due(self, entry):
        wait = self._refused.get(entry.name, 0.0) - time.monotonic()
        if wait > 0:
            return schedstate(is_due=False, next=wait)
        return super().is_due(entry)
