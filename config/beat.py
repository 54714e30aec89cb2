"""The beat's scheduler: a tick the broker refused is sent when the broker is back, once.

Celery's scheduler advances an entry (its last run is now) before it sends the entry's message,
so that a message that cannot be sent is not tried forever; a send that fails is only logged.
Through a broker cut every tick that fell due was dropped: the reaper, the heartbeat and the
document embedding waited a whole interval after the broker was back (up to five minutes for
the reaper and the embedding; `/api/health` reported the heartbeat old all that time).

Here an entry whose send failed keeps its previous run time, so it stays due; it is tried again
every `RETRY_SECONDS` and sent once the broker takes it. However many of its ticks fell inside
the cut, the entry is one entry: it runs once, then keeps its interval from then on. The
schedule file keeps the un-advanced entry, so a beat restarted during a cut sends it too.
"""

import logging
import time

from celery.beat import PersistentScheduler
from celery.schedules import schedstate

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0  # between tries of an entry the broker refused: no busy loop in a cut


class CatchUpScheduler(PersistentScheduler):
    def __init__(self, *args, **kwargs):
        self._refused: dict[str, float] = {}  # entry name -> monotonic time of its next try
        super().__init__(*args, **kwargs)

    def apply_entry(self, entry, producer=None):
        """Send `entry` (its next run already reserved by `tick`); refused, keep it due."""
        try:
            self.apply_async(entry, producer=producer, advance=False)
        except Exception as exc:  # any refusal, as Celery's own apply_entry catches
            log.warning("beat: %s not sent (%s); sent when the broker is back", entry.name, exc)
            self.schedule[entry.name] = entry  # as before this tick: still due
            self._refused[entry.name] = time.monotonic() + RETRY_SECONDS
            self._heap = None  # rebuilt from the schedule at the next tick
            self._do_sync()  # a beat restarted meanwhile still owes the run
        else:
            self._refused.pop(entry.name, None)

    def is_due(self, entry):
        wait = self._refused.get(entry.name, 0.0) - time.monotonic()
        if wait > 0:
            return schedstate(is_due=False, next=wait)
        return super().is_due(entry)
