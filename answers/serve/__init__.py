"""Serve: an answer assembled and delivered.

Understand, ground, compose, check and number the markers (`engine`); tickets for every ask, sync or
async (`tickets`); an answer within a token budget (`budget`); a worker's start that rehearses one
(`warmup`).
"""

import importlib

# The stage's face: each name later stages use, and the module that holds it. Read on first use
# (PEP 562), so importing one of the stage's modules alone (an embedding worker process, before
# Django is set up) loads nothing else.
FACE = {
    "answer_within": "answers.serve.budget",
}
__all__ = sorted(FACE)


def __getattr__(name: str):
    if name not in FACE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(FACE[name]), name)
