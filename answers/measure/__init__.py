"""Measure: the engine scored.

The hand-written sets and their scorer (`evaluation`, `eval/`), cases generated from any registry's
own structure (`casegen`), the published quality card (`quality`) and the check's meaning floor
(`calibration`).
"""

import importlib

# The stage's face: each name later stages use, and the module that holds it. Read on first use
# (PEP 562), so importing one of the stage's modules alone (an embedding worker process, before
# Django is set up) loads nothing else.
FACE = {
    "calibrate": "answers.measure.calibration",
    "generated_evaluate": "answers.measure.evaluation",
    "GENERATED_SEED": "answers.measure.evaluation",
    "identity_evaluate": "answers.measure.evaluation",
    "quality_card": "answers.measure.quality",
    "quality_evaluate": "answers.measure.quality",
    "REGISTRIES": "answers.measure.evaluation",
    "registries_evaluate": "answers.measure.evaluation",
}
__all__ = sorted(FACE)


def __getattr__(name: str):
    if name not in FACE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(FACE[name]), name)
