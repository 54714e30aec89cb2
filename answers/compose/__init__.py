"""Compose: the answer's sentences from the evidence.

The first answers from the layer the question calls for (`composition`), a comparison's verdict
(`verdicts`), and the optional phrasing model, held to placeholders and checked again (`phrasing`,
`generator`).
"""

import importlib

# The stage's face: each name later stages use, and the module that holds it. Read on first use
# (PEP 562), so importing one of the stage's modules alone (an embedding worker process, before
# Django is set up) loads nothing else.
FACE = {
    "compose": "answers.compose.composition",
    "engine_words": "answers.compose.composition",
    "figure_asked": "answers.compose.composition",
    "Layers": "answers.compose.composition",
    "Writer": "answers.compose.composition",
}
__all__ = sorted(FACE)


def __getattr__(name: str):
    if name not in FACE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(FACE[name]), name)
