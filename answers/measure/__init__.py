"""Measure: the engine scored.

The hand-written sets and their scorer (`evaluation`, `eval/`), cases generated from any registry's
own structure (`casegen`), the published quality card (`quality`) and the check's meaning floor
(`calibration`).
"""

from answers.faces import face

# The names later stages use, and the module that holds each (`answers.faces`).
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
__all__, __getattr__ = face(__name__, FACE)
