"""Deadlocks and serialization failures are contention, not an unreachable database.

PostgreSQL aborts one of two transactions that wait on each other (SQLSTATE 40P01) or that
cannot be serialised (40001). The work was fine and will pass when run again, so the charged
services run again, in a new transaction, a few times; what still fails is answered 503 "busy,
retry" (see `config.middleware`), never "database unavailable".
"""

import functools
import logging
import random
import time

from django.db import OperationalError, transaction

log = logging.getLogger(__name__)

CONTENTION_SQLSTATES = {"40P01", "40001"}  # deadlock_detected, serialization_failure
ATTEMPTS = 4


def is_contention(exc: BaseException) -> bool:
    """True for a deadlock or a serialization failure, whichever driver error carries it."""
    for error in (exc, exc.__cause__):
        code = getattr(error, "sqlstate", None) or getattr(error, "pgcode", None)
        if code in CONTENTION_SQLSTATES:
            return True
    return False


def retried_on_contention(fn=None, *, attempts: int = ATTEMPTS):
    """Run `fn` in its own transaction; on contention run it again from the start.

    Inside a caller's transaction there is nothing to restart (the caller's work was rolled back
    with it), so the error goes up at once and the outermost retrying caller runs again.
    """

    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            if transaction.get_connection().in_atomic_block:
                with transaction.atomic():
                    return fn(*args, **kwargs)
            for attempt in range(1, attempts + 1):
                try:
                    with transaction.atomic():
                        return fn(*args, **kwargs)
                except OperationalError as exc:
                    if attempt == attempts or not is_contention(exc):
                        raise
                    log.info("%s: contention (%s), attempt %d", fn.__qualname__, exc, attempt)
                    time.sleep(random.uniform(0, 0.02 * 2**attempt))
            raise AssertionError("unreachable")

        return wrapper

    return decorate(fn) if fn is not None else decorate
