"""Worker start: the Answer Engine loaded before the first request, so no ask pays for it.

Called where a worker starts (`config.wsgi`, Celery's `worker_process_init`). It stands above
the engine (it rehearses one answer), so the engine's own modules never import it.
"""

import functools
import io
import json
import logging
import os
import time
from wsgiref.util import setup_testing_defaults

from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler, WSGIRequest
from django.db import connections, transaction

from answers.serve import engine
from answers.understand import embeddings, vocabulary
from ingestion.tagging import current_tagger

logger = logging.getLogger(__name__)


def preload(*, serving: bool = False) -> None:
    """Load the model (unless `SVC_ANSWER_EMBEDDINGS=off`), and if the database answers the
    vocabulary and the tagger, in every mode, so a worker's first ask costs what its tenth does.
    Called where a worker starts (`config.wsgi`, Celery's `worker_process_init`); never fails
    start-up: a database that is down is logged and the first ask builds them instead.

    `serving`: this thread goes on to serve the requests (a sync web worker). One ask is
    rehearsed through the whole stack and rolled back (`_rehearse_request`), and the connection
    opened here is kept for the requests, up to its age (`CONN_MAX_AGE`): a first ask that
    opened one paid for a new PostgreSQL backend reading its tables for the first time. It is
    closed before any fork of this process (a server that imports this module before forking
    its workers), which must not share it."""
    started = time.perf_counter()
    if settings.SVC_ANSWER_EMBEDDINGS != "off":
        embeddings.embedder()
    # With the model off the vocabulary and the 20,000-name tagger are still what an ask needs:
    # a first ask once built them itself (4 to 11 s at 1M documents against 15 to 39 ms).
    try:
        vocab = vocabulary.current()
        current_tagger()
        if vocab.topics:
            _rehearsals(f"What is the latest on {vocab.topics[0].title}?", serving=serving)
    except Exception:  # the database down or not migrated: the first ask builds them instead
        logger.warning("Answer Engine: not all loaded at start", exc_info=True)
    finally:
        if serving:
            _close_before_fork()
        else:
            # Opened outside a request, by a thread that serves none: nothing would close it.
            _close_connections()
    logger.info("Answer Engine: loaded at start in %.1f s", time.perf_counter() - started)


@functools.cache  # once a process: a handler registered at fork cannot be taken back
def _rehearsals(question: str, *, serving: bool) -> None:
    # The engine alone first, outside any transaction: what it keeps (a vector or two) stays
    # kept, and it is warm even where the rehearsed ask is refused before it runs (an address
    # allowance of 0).
    _rehearse(question)
    # A user's words take paths a title does not: a misspelt word fixed, a capitalised name the
    # registry lacks looked for by meaning (issue 51: the first such ask cost 1.8 to 2.9 times
    # its later ones). One such question walks them too.
    _rehearse(UNTRACKED_QUESTION)
    if serving:
        _rehearse_request(question)


def _close_before_fork() -> None:
    os.register_at_fork(before=_close_connections)


def _close_connections() -> None:
    """This thread's connections, closed; one inside a transaction is its caller's (a test's, a
    command's) and stays open."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


# A documentation address (RFC 5737): the rehearsal's allowance row is rolled back with the rest.
REHEARSAL_ADDRESS = "192.0.2.1"


def _rehearse_request(question: str) -> None:
    """One sync ask through the whole stack, in a transaction rolled back: the middleware, the
    view, the charge, the ticket and the answer written, then undone (ids drawn from sequences
    stay drawn). A worker's first ask otherwise ran them for the first time, and its connection
    wrote those tables for the first time: about twice its tenth at 1M documents. The handler's
    response is read, never closed: closing sends `request_finished`, which would close the
    connection the transaction is on."""
    body = json.dumps({"question": question}).encode()
    environ: dict = {}
    setup_testing_defaults(environ)  # a complete WSGI environ (wsgiref's own defaults)
    host = next((h.lstrip(".") for h in settings.ALLOWED_HOSTS if h != "*"), "localhost")
    environ.update({
        "REQUEST_METHOD": "POST", "PATH_INFO": "/api/ask", "HTTP_HOST": host,
        "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body), "REMOTE_ADDR": REHEARSAL_ADDRESS,
        # No redirect where SVC_SSL_REDIRECT is on: behind a TLS proxy too, as Django reads the
        # scheme when the proxy's header is absent.
        "wsgi.url_scheme": "https",
    })  # fmt: skip
    with transaction.atomic():
        response = WSGIHandler().get_response(WSGIRequest(environ))
        response.content  # noqa: B018 (rendered and read, as a request's would be)
        transaction.set_rollback(True)
    logger.info("Answer Engine: one ask rehearsed at start (%s, rolled back)", response.status_code)


# Names no registry holds: a decline, whatever the registry (tests/answers/test_retrieval.py).
UNTRACKED_QUESTION = "Did the Quorvel Harbour Authority approve the Ostrane tarif?"


def _rehearse(question: str) -> None:
    """One answer, read and thrown away: the first use of each query shape, regular expression
    and library path (Django compiling its lookups, the composer's patterns) costs a first ask
    about twice its tenth; paid here instead. It reads only (a vector or two may be kept)."""
    engine.answer(question)
