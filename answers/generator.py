"""Optional phrasing by a language model behind an OpenAI-compatible `/chat/completions` URL.

Off unless `SVC_ANSWER_GENERATOR_URL` is set. The model sees only the numbered evidence and is
told to cite it; whatever it writes then goes through the same source check as the default
composition, so an invented citation or an uncited sentence is dropped, never served.
"""

import json

from django.conf import settings

from answers.phrasing import CONNECTIVES, Fact, prompt_facts
from outbound.fetch import FetchError, bounded_client, read_capped

# A chat completion is a few KiB; anything far past that is not one.
ANSWER_CAP = 1024 * 1024
INSTRUCTIONS = (
    "You join numbered facts into a short answer. You may not state anything yourself. Each "
    "sentence you write is made of fact placeholders such as {{2}}, joined only by these "
    "connective words: {connectives}. Write no number, name, date or any other word: the engine "
    "replaces each placeholder with its fact word for word and cites it. Put the fact that "
    "answers the question first. Use each fact at most once, at most three in a sentence, and "
    "write at most four sentences. Write the connectives in the language of the list."
)


def configured():
    return phrase if settings.SVC_ANSWER_GENERATOR_URL else None


def phrase(question: str, facts: list[Fact], language: str = "en") -> str | None:
    """The model's text over the numbered facts, or None if it could not be reached (the engine's
    own sentences then stand). What it wrote is read by `answers.phrasing`, never served as is."""
    headers = {}
    if settings.SVC_ANSWER_GENERATOR_KEY:
        headers["Authorization"] = f"Bearer {settings.SVC_ANSWER_GENERATOR_KEY}"
    connectives = ", ".join(CONNECTIVES.get(language, CONNECTIVES["en"]))
    request = {
        "model": settings.SVC_ANSWER_GENERATOR_MODEL,
        "temperature": 0,
        "messages": [
            {"role": "system", "content": INSTRUCTIONS.format(connectives=connectives)},
            {"role": "user",
             "content": f"Facts:\n{prompt_facts(facts)}\n\nQuestion: {question}"},
        ],
    }  # fmt: skip
    try:
        text = _completion(request, headers)["choices"][0]["message"]["content"]
    except (FetchError, KeyError, IndexError, TypeError, ValueError):
        return None
    return text if isinstance(text, str) else None


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
