"""Worker start: the Answer Engine loaded before the first request, so no ask pays for it.

Called where a worker starts (`config.wsgi`, Celery's `worker_process_init`). It stands above
the engine (it rehearses one answer), so the engine's own modules never import it.
"""

import logging
import time

from django.conf import settings
from django.db import connections

from answers import embeddings, engine, vocabulary
from ingestion.tagging import current_tagger

logger = logging.getLogger(__name__)


def preload() -> None:
    """Load the model (unless `SVC_ANSWER_EMBEDDINGS=off`), and if the database answers the
    vocabulary and the tagger, in every mode, so a worker's first ask costs what its tenth does.
    Called where a worker starts (`config.wsgi`, Celery's `worker_process_init`); never fails
    start-up: a database that is down is logged and the first ask builds them instead."""
    started = time.perf_counter()
    if settings.SVC_ANSWER_EMBEDDINGS != "off":
        embeddings.embedder()
    # With the model off the vocabulary and the 20,000-name tagger are still what an ask needs:
    # a first ask once built them itself (4 to 11 s at 1M documents against 15 to 39 ms).
    try:
        vocab = vocabulary.current()
        current_tagger()
        _rehearse(vocab)
    except Exception:  # the database down or not migrated: the first ask builds them instead
        logger.warning("Answer Engine: vocabulary not loaded at start", exc_info=True)
    finally:
        # The connection was opened outside a request: nothing would close it, and a process
        # forked from this one must not share its socket. One inside a transaction is its
        # caller's (a test's, a command's) and stays open.
        for connection in connections.all(initialized_only=True):
            if not connection.in_atomic_block:
                connection.close()
    logger.info("Answer Engine: loaded at start in %.1f s", time.perf_counter() - started)


def _rehearse(vocab) -> None:
    """One answer, read and thrown away: the first use of each query shape, regular expression
    and library path (Django compiling its lookups, the composer's patterns) costs a first ask
    about twice its tenth; paid here instead. It reads only (a vector or two may be kept)."""
    if vocab.topics:
        engine.answer(f"What is the latest on {vocab.topics[0].title}?")
