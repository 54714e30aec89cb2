"""Ground: the evidence an answer may stand on.

Each layer's rows as `Evidence` (issuer readings, reporting ranked by words and meaning, one row per
origin, market prices, state changes, attention), kept to the window and the answer's instant
(`retrieval`); what a question takes for granted against them (`premises`); the figures each row
states (`figures`); rows that disagree, and the outcome a topic tracks as stated or priced
(`conflicts`).
"""

import importlib

# The stage's face: each name later stages use, and the module that holds it. Read on first use
# (PEP 562), so importing one of the stage's modules alone (an embedding worker process, before
# Django is set up) loads nothing else.
FACE = {
    "asked_of": "answers.ground.conflicts",
    "Evidence": "answers.ground.retrieval",
    "Figure": "answers.ground.figures",
    "gather": "answers.ground.retrieval",
    "posing": "answers.ground.retrieval",
    "similarity": "answers.ground.retrieval",
    "stated_outcomes": "answers.ground.conflicts",
    "unmarked": "answers.ground.retrieval",
}
__all__ = sorted(FACE)


def __getattr__(name: str):
    if name not in FACE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(FACE[name]), name)
