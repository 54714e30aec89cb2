"""Understand: what a question asks and which topics it is about.

Its language, the request it sets aside, its time window, its misspellings fixed, the names it says
(tracked, said in other words, or untracked), the topics it is routed to, and whether its subject is
each topic's (`identity`: the topic's curated kind and edition first, then every qualifier it
states). The registry's words for the engine (`vocabulary`) and the embedding model (`embeddings`)
live here; so do the engine's sentence templates (`phrases`), which every later stage writes or
checks against.
"""

from answers.faces import face

# The names later stages use, and the module that holds each (`answers.faces`).
FACE = {
    "another_body": "answers.understand.identity",
    "another_edition": "answers.understand.identity",
    "another_kind": "answers.understand.identity",
    "another_party": "answers.understand.identity",
    "another_speaker": "answers.understand.identity",
    "another_site": "answers.understand.identity",
    "another_year": "answers.understand.identity",
    "asks_ahead": "answers.understand.timewindow",
    "asks_when": "answers.understand.understanding",
    "MONTHS": "answers.understand.timewindow",
    "NOT_AN_END": "answers.understand.vocabulary",
    "numbered_topic": "answers.understand.identity",
    "nearest_another": "answers.understand.identity",
    "lead_called": "answers.understand.identity",
    "longer_name_opening": "answers.understand.identity",
    "capitalised": "answers.understand.understanding",
    "CURRENCY_CODES": "answers.understand.vocabulary",
    "DAY_NUMBER": "answers.understand.timewindow",
    "deeds_of": "answers.understand.identity",
    "EVENT_DAY": "answers.understand.timewindow",
    "direction_of": "answers.understand.understanding",
    "families_in": "answers.understand.identity",
    "FINAL_WORDS": "answers.understand.vocabulary",
    "former_held": "answers.understand.identity",
    "former_said": "answers.understand.identity",
    "parts": "answers.understand.understanding",
    "past_setting": "answers.understand.understanding",
    "phrase_said": "answers.understand.vocabulary",
    "PROVISIONAL_WORDS": "answers.understand.vocabulary",
    "SCRIPT_BOUNDARY": "answers.understand.understanding",
    "stem": "answers.understand.vocabulary",
    "stem_set": "answers.understand.understanding",
    "stems": "answers.understand.vocabulary",
    "STOP": "answers.understand.vocabulary",
    "STOP_STEMS": "answers.understand.vocabulary",
    "time_window": "answers.understand.timewindow",
    "Topic": "answers.understand.vocabulary",
    "understand": "answers.understand.understanding",
    "Understanding": "answers.understand.understanding",
    "WILL": "answers.understand.timewindow",
    "Window": "answers.understand.understanding",
    "without_titles": "answers.understand.understanding",
    "words": "answers.understand.vocabulary",
}
__all__, __getattr__ = face(__name__, FACE)
