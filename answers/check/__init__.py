"""Check: every sentence against the rows it cites (`sentences`).

Words, numbers, directions, certainty and belief words of a sentence held to its rows and the
engine's own templates; a sentence that fails is dropped, and the answer says why.
"""

from answers.faces import face

# The names later stages use, and the module that holds each (`answers.faces`).
FACE = {
    "_MARKER": "answers.check.sentences",
    "failure": "answers.check.sentences",
    "markers_of": "answers.check.sentences",
    "meaning_failure": "answers.check.sentences",
    "MEANING_FLOOR": "answers.check.sentences",
    "Sentence": "answers.check.sentences",
    "source_check": "answers.check.sentences",
}
__all__, __getattr__ = face(__name__, FACE)
