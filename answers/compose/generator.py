"""Optional phrasing by a language model behind an OpenAI-compatible `/chat/completions` URL.

Off unless `SVC_ANSWER_GENERATOR_URL` is set. The model sees only the numbered facts and may
write placeholders and connectives (`answers.compose.phrasing`); whatever it writes then goes
through the same source check as the default composition, so an invented claim is dropped, never
served.

A hostile model costs an ask nothing: the call has one deadline for all of it (connect, headers,
body), `SVC_ANSWER_GENERATOR_SYNC_TIMEOUT` when a caller waits in the request; at most
`ANSWER_CAP` bytes are read, never decompressed; and an answer that is not a chat completion of
the expected shape, in any way, is no answer: the engine's own sentences stand.
"""

import functools
import json
import re
from itertools import accumulate

from django.conf import settings

from answers.compose.phrasing import CONNECTIVES, Fact, prompt_facts
from outbound.fetch import FetchError, bounded_client, read_capped

# A chat completion is a few KiB; anything far past that is not one.
ANSWER_CAP = 1024 * 1024
# A completion is `{"choices": [{"message": {"content": ...}}]}`, four levels deep. Deeper JSON
# is not one, and past about a thousand levels json.loads raises RecursionError, not ValueError.
MAX_NESTING = 16
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")
INSTRUCTIONS = (
    "You join numbered facts into a short answer. You may not state anything yourself. Each "
    "sentence you write is made of fact placeholders such as {{2}}, joined only by these "
    "connective words: {connectives}. Write no number, name, date or any other word: the engine "
    "replaces each placeholder with its fact word for word and cites it. Between facts use only "
    "commas and semicolons, and end each sentence with a full stop: no colon, quotation mark, "
    "question mark, dash or bracket. Begin the first sentence with fact {{1}}: it answers the "
    "question. Use each fact at most once, at most three in a sentence, and write at most four "
    "sentences. Write the connectives in the language of the list."
)


def configured(*, sync: bool = False):
    """The phrasing call, or None when no model is set. A sync ask holds a web worker while it
    waits, so its call gets the shorter of the two deadlines."""
    if not settings.SVC_ANSWER_GENERATOR_URL:
        return None
    seconds = settings.SVC_ANSWER_GENERATOR_TIMEOUT
    if sync:
        seconds = min(seconds, settings.SVC_ANSWER_GENERATOR_SYNC_TIMEOUT)
    return functools.partial(phrase, seconds=seconds)


def phrase(question: str, facts: list[Fact], language: str = "en", *,
           seconds: float | None = None) -> str | None:  # fmt: skip
    """The model's text over the numbered facts, or None if it could not be reached within
    `seconds` (default `SVC_ANSWER_GENERATOR_TIMEOUT`) or did not answer a completion (the
    engine's own sentences then stand). What it wrote is read by `answers.compose.phrasing`, never
    served as is."""
    headers = {"Accept-Encoding": "identity"}
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
        body = _completion(request, headers, seconds or settings.SVC_ANSWER_GENERATOR_TIMEOUT)
    except FetchError:
        return None
    return content_of(body)


def _completion(request: dict, headers: dict[str, str], seconds: float) -> bytes:
    """The model's answer as sent, within `seconds` in all and `ANSWER_CAP` bytes.

    Unguarded by the address policy: the URL is the operator's setting, often a local server.
    Read raw: an answer compressed although identity was asked for is refused, not inflated
    (64 KiB of gzip can inflate to 64 MiB before a cap on what is read sees any of it).
    """
    url = f"{settings.SVC_ANSWER_GENERATOR_URL.rstrip('/')}/chat/completions"
    with (
        bounded_client(seconds, guarded=False) as client,
        client.stream("POST", url, headers=headers, json=request) as response,
    ):
        response.raise_for_status()
        if response.headers.get("Content-Encoding", "identity").strip().lower() != "identity":
            raise FetchError("the model's answer is compressed")
        body = read_capped(response.iter_raw(), ANSWER_CAP)
    if body is None:
        raise FetchError(f"the model's answer exceeds {ANSWER_CAP} bytes")
    return body


def content_of(body: bytes) -> str | None:
    """The text of a chat completion's first choice, or None for anything else: not UTF-8, not
    JSON, nested past `MAX_NESTING`, a number Python will not convert, a wrong type at any
    level."""
    try:
        text = body.decode("utf-8")
        if _nesting(text) > MAX_NESTING:
            return None
        answer = json.loads(text)
    except ValueError:  # UnicodeDecodeError and JSONDecodeError are ValueErrors, as is int()'s
        return None
    choices = answer.get("choices") if isinstance(answer, dict) else None
    first = choices[0] if isinstance(choices, list) and choices else None
    message = first.get("message") if isinstance(first, dict) else None
    content = message.get("content") if isinstance(message, dict) else None
    return content if isinstance(content, str) else None


def _nesting(text: str) -> int:
    """How deep the JSON in `text` nests (brackets inside strings aside), counted without
    recursion."""
    steps = (1 if b in "[{" else -1 for b in _BRACKET.findall(_STRING.sub("", text)))
    return max(accumulate(steps), default=0)
