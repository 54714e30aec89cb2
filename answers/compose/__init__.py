"""Compose: the answer's sentences from the evidence.

The first answers from the layer the question calls for (`composition`), a comparison's verdict
(`verdicts`), and the optional phrasing model, held to placeholders and checked again (`phrasing`,
`generator`).
"""

from answers.faces import face

# The names later stages use, and the module that holds each (`answers.faces`).
FACE = {
    "asks_yes_or_no": "answers.compose.composition",
    "compose": "answers.compose.composition",
    "engine_words": "answers.compose.composition",
    "figure_asked": "answers.compose.composition",
    "Layers": "answers.compose.composition",
    "Writer": "answers.compose.composition",
}
__all__, __getattr__ = face(__name__, FACE)
