"""Serve: an answer assembled and delivered.

Understand, ground, compose, check and number the markers (`engine`); tickets for every ask, sync or
async (`tickets`); an answer within a token budget (`budget`); a worker's start that rehearses one
(`warmup`).
"""

from answers.faces import face

# The names later stages use, and the module that holds each (`answers.faces`).
FACE = {
    "answer_within": "answers.serve.budget",
}
__all__, __getattr__ = face(__name__, FACE)
