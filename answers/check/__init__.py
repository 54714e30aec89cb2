"""Check: every sentence against the rows it cites (`sentences`).

Words, numbers, directions, certainty and belief words of a sentence held to its rows and the
engine's own templates; a sentence that fails is dropped, and the answer says why.
"""

import importlib

# The stage's face: each name later stages use, and the module that holds it. Read on first use
# (PEP 562), so importing one of the stage's modules alone (an embedding worker process, before
# Django is set up) loads nothing else.
FACE = {
    "_MARKER": "answers.check.sentences",
    "failure": "answers.check.sentences",
    "markers_of": "answers.check.sentences",
    "meaning_failure": "answers.check.sentences",
    "MEANING_FLOOR": "answers.check.sentences",
    "Sentence": "answers.check.sentences",
    "source_check": "answers.check.sentences",
}
__all__ = sorted(FACE)


def __getattr__(name: str):
    if name not in FACE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(FACE[name]), name)
