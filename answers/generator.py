"""Optional phrasing by a language model behind an OpenAI-compatible `/chat/completions` URL.

Off unless `SVC_ANSWER_GENERATOR_URL` is set. The model sees only the numbered evidence and is
told to cite it; whatever it writes then goes through the same source check as the default
composition, so an invented citation or an uncited sentence is dropped, never served.
"""

import json
import re

from django.conf import settings

from answers.retrieval import Evidence
from registry.fetch import FetchError, bounded_client, read_capped

# A chat completion is a few KiB; anything far past that is not one.
ANSWER_CAP = 1024 * 1024
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
INSTRUCTIONS = (
    "Answer the question using only the numbered evidence. Your first sentence answers the "
    "question. End every sentence with the [n] markers of the evidence it rests on, for example "
    "'The deposit rate stayed at 2.00% [2].' Copy every number, name and date exactly as the "
    "evidence writes it. Keep facts of record, attributed reporting and market belief apart; a "
    "market price is what a crowd believes: say 'priced' or 'crowd', never that something will "
    "happen. If the evidence does not answer the question, say so."
)


def configured():
    return phrase if settings.SVC_ANSWER_GENERATOR_URL else None


def phrase(question: str, evidence: list[Evidence]) -> list[str] | None:
    """The model's sentences, or None if it could not be reached (the default then answers)."""
    numbered = "\n".join(f"[{n}] ({e.layer}) {e.snippet}" for n, e in enumerate(evidence, 1))
    headers = {}
    if settings.SVC_ANSWER_GENERATOR_KEY:
        headers["Authorization"] = f"Bearer {settings.SVC_ANSWER_GENERATOR_KEY}"
    request = {
        "model": settings.SVC_ANSWER_GENERATOR_MODEL,
        "temperature": 0,
        "messages": [
            {"role": "system", "content": INSTRUCTIONS},
            {"role": "user", "content": f"Evidence:\n{numbered}\n\nQuestion: {question}"},
        ],
    }
    try:
        text = _completion(request, headers)["choices"][0]["message"]["content"]
    except (FetchError, KeyError, IndexError, TypeError, ValueError):
        return None
    return [sentence.strip() for sentence in _SENTENCE.split(text.strip()) if sentence.strip()]


def _completion(request: dict, headers: dict[str, str]) -> dict:
    """The model's JSON answer, within the generator's timeout in all and `ANSWER_CAP` bytes.

    Unguarded by the address policy: the URL is the operator's setting, often a local server.
    """
    url = f"{settings.SVC_ANSWER_GENERATOR_URL.rstrip('/')}/chat/completions"
    with (
        bounded_client(settings.SVC_ANSWER_GENERATOR_TIMEOUT, guarded=False) as client,
        client.stream("POST", url, headers=headers, json=request) as response,
    ):
        response.raise_for_status()
        body = read_capped(response.iter_bytes(), ANSWER_CAP)
    if body is None:
        raise FetchError(f"the model's answer exceeds {ANSWER_CAP} bytes")
    return json.loads(body)
