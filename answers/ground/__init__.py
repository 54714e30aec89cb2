"""Ground: the evidence an answer may stand on.

Each layer's rows as `Evidence` (issuer readings, reporting ranked by words and meaning, one row per
origin, market prices, state changes, attention), kept to the window and the answer's instant
(`retrieval`); what a question takes for granted against them (`premises`); the figures each row
states (`figures`); rows that disagree, and the outcome a topic tracks as stated or priced
(`conflicts`).
"""

from answers.faces import face

# The names later stages use, and the module that holds each (`answers.faces`).
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
__all__, __getattr__ = face(__name__, FACE)
