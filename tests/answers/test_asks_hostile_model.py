"""A hostile phrasing model costs an ask nothing.

`POST /api/ask` with `SVC_ANSWER_GENERATOR_URL` pointed at local servers that stall, drip,
answer what is not a chat completion, or lie: the engine's own answer is served, 200 and
grounded, the model's call never outlasts its deadline, and nothing of a refused reply is kept
anywhere. A bracketed numeral typed in a question is text, never a citation.
"""

import gzip
import json
import logging
import pickle
import re

import pytest
from django.core.cache import cache
from django.core.management import call_command
from werkzeug import Response

from answers.compose.phrasing import MAX_SENTENCES, REPLY_CAP
from answers.models import AskTicket
from tests.receivers import drip, silent
from worlds.demo import demo_load

pytestmark = pytest.mark.django_db
QUESTION = {"question": "What did the European Central Bank decide?"}
_MARKER = re.compile(r"\[(\d+)\]")


def ask(api, body=QUESTION):
    return api.post("/api/ask", body, format="json")


@pytest.fixture
def plain(api, settings):
    """The engine's own answer to QUESTION, with no model set."""
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    settings.SVC_ANSWER_GENERATOR_URL = ""
    demo_load()
    # The first ask after a load embeds some of the reporting it ranks (EMBEDDED_PER_ASK), so
    # its third sentence may differ from every later ask's: the second is the engine's answer.
    ask(api)
    answer = ask(api).json()
    assert answer["grounded"], answer
    return answer


def completion(content) -> bytes:
    message = {"role": "assistant", "content": content}
    return json.dumps({"choices": [{"message": message}]}).encode()


# --- one deadline for the whole call, short in a sync ask ------------------------------------


@pytest.mark.parametrize(
    "behaviour",
    [drip(30), drip(30, head_too=True), silent(30)],
    ids=["body drips", "headers drip", "says nothing"],
)
def test_a_sync_ask_waits_for_a_stalling_model_only_until_its_deadline(
    api, plain, settings, raw_receiver, behaviour
):
    server = raw_receiver(behaviour)
    settings.SVC_ANSWER_GENERATOR_URL = server.url_for("/v1")
    settings.SVC_ANSWER_GENERATOR_TIMEOUT = 60  # an async ask's: a sync one does not wait for it
    settings.SVC_ANSWER_GENERATOR_SYNC_TIMEOUT = 1
    response = ask(api)
    assert response.status_code == 200
    assert response.json()["answer"] == plain["answer"]  # the engine's own, grounded
    # The server's own observation: the ask left it long before its 30 s were up. Had the ask
    # waited, the server would have finished (or closed first) and never seen it go.
    assert server.hung_up.wait(10)
    assert not server.finished.is_set()


def test_by_default_a_sync_ask_gives_the_model_three_seconds(api, plain, settings, raw_receiver):
    server = raw_receiver(drip(5))  # the whole answer after 5 s: two past the default deadline
    settings.SVC_ANSWER_GENERATOR_URL = server.url_for("/v1")
    response = ask(api)
    assert response.status_code == 200
    assert response.json()["answer"] == plain["answer"]
    assert server.hung_up.wait(10)
    assert not server.finished.is_set()


# --- an answer that is not a chat completion, in any way -------------------------------------

HONEST = "{1}, and {2}."  # what each broken answer would carry if it were read
WRONG_TYPES = [
    [], "text", 1, None, True, {"choices": {}}, {"choices": "x"}, {"choices": []},
    {"choices": [1]}, {"choices": [[]]}, {"choices": [{"message": "x"}]},
    {"choices": [{"message": []}]}, {"choices": [{"message": {"content": [HONEST]}}]},
    {"choices": [{"message": {"content": {"text": HONEST}}}]},
    {"choices": [{"message": {"content": None}}]}, {"choices": [{"message": {"content": 1}}]},
]  # fmt: skip
BROKEN = {
    "not JSON": (b"the facts, joined", {}),
    "empty": (b"", {}),
    "lists nested 200,000 deep": (b"[" * 200_000 + b"]" * 200_000, {}),
    "objects nested 100,000 deep": (b'{"a":' * 100_000 + b"1" + b"}" * 100_000, {}),
    "nesting inside the content": (
        b'{"choices":[{"message":{"content":' + b"[" * 50_000 + b"]" * 50_000 + b"}}]}",
        {},
    ),
    "nesting never closed": (b"[" * 500_000, {}),
    "a number of 100,000 digits": (b"9" * 100_000, {}),
    "a huge exponent": (b'{"choices": 1e999999}', {}),
    "NaN": (b'{"choices": NaN}', {}),
    "a raw NUL in a string": (completion(HONEST).replace(b", and", b"\x00, and"), {}),
    "an escaped NUL in the content": (completion("{1}\x00, and {2}."), {}),
    "a lone surrogate in the content": (completion("{1} \ud800 and {2}."), {}),
    "bytes that are not UTF-8": (completion(HONEST).replace(b"and", b"\xed\xa0\x80"), {}),
    "UTF-16": (completion(HONEST).decode().encode("utf-16"), {}),
    "a placeholder of 4,000 digits": (completion("{" + "9" * 4000 + "}, and {1}."), {}),
    "a reply past the byte cap": (completion(HONEST + " " * REPLY_CAP), {}),
    "compressed though identity was asked": (
        gzip.compress(completion(HONEST)),
        {"Content-Encoding": "gzip"},
    ),
    **{f"wrong type {json.dumps(w)[:40]}": (json.dumps(w).encode(), {}) for w in WRONG_TYPES},
}


def test_an_answer_that_is_not_a_completion_falls_back_to_the_engines(api, plain, settings,
                                                                      httpserver):  # fmt: skip
    served: dict = {}

    def respond(request):
        body, headers = BROKEN[served["kind"]]
        return Response(body, status=200, headers=headers, content_type="application/json")

    httpserver.expect_request("/v1/chat/completions").respond_with_handler(respond)
    settings.SVC_ANSWER_GENERATOR_URL = httpserver.url_for("/v1")
    wrong = []
    for kind in BROKEN:
        served["kind"] = kind
        response = ask(api)
        if response.status_code != 200 or response.json()["answer"] != plain["answer"]:
            wrong.append((kind, response.status_code, response.content[:300]))
    assert wrong == []
    assert len(httpserver.log) == len(BROKEN)  # each was asked for, and each was refused
    assert all(r.headers["Accept-Encoding"] == "identity" for r, _ in httpserver.log)


def test_the_same_reply_well_formed_is_served_phrased(api, plain, settings, httpserver):
    """The control for the test above: read, HONEST is served."""
    httpserver.expect_request("/v1/chat/completions").respond_with_data(
        completion(HONEST), content_type="application/json"
    )
    settings.SVC_ANSWER_GENERATOR_URL = httpserver.url_for("/v1")
    answer = ask(api).json()
    assert answer["answer"] != plain["answer"]
    assert "[1], and " in answer["answer"]


def test_only_the_first_sentences_of_a_reply_are_read(api, plain, settings, httpserver):
    reply = " ".join(["Everything is fine."] * 200)
    httpserver.expect_request("/v1/chat/completions").respond_with_data(
        completion(reply), content_type="application/json"
    )
    settings.SVC_ANSWER_GENERATOR_URL = httpserver.url_for("/v1")
    answer = ask(api).json()
    assert answer["answer"] == plain["answer"]
    reasons = answer["sourceCheck"]["reasons"]
    assert len(reasons) == MAX_SENTENCES + 1, reasons  # one for each read, one for the rest


# --- nothing of a refused reply is kept ------------------------------------------------------

TELL = "quorbitz"  # a word no row, catalogue or connective holds
REFUSED = [
    f"{{1}}, as {TELL} confirms.",
    f"{TELL.title()} says everything is fine.",
    f"{{1}}: {TELL} {{2}}.",
    f'"{{1}}" {TELL}? {{2}}.',
    f"{{1}} \u0000 {TELL} \ud800 {{2}}.",
    f"{{99}} {TELL}.",
    "{1}, and {2}. " * MAX_SENTENCES + f"{TELL} {{3}}.",
    "{1}. " + TELL * (REPLY_CAP // len(TELL)),
]


def test_nothing_of_a_refused_reply_is_stored(api, plain, settings, httpserver, caplog):
    caplog.set_level(logging.DEBUG)
    served: dict = {}
    httpserver.expect_request("/v1/chat/completions").respond_with_handler(
        lambda request: Response(completion(served["reply"]), content_type="application/json")
    )
    settings.SVC_ANSWER_GENERATOR_URL = httpserver.url_for("/v1")
    polls = []
    for reply in REFUSED:
        served["reply"] = reply
        response = ask(api)
        assert response.status_code == 200, response.content
        assert TELL not in response.content.decode().lower()
        ticket = AskTicket.objects.latest("pk")
        polls.append(api.get(f"/api/ask/{ticket.ticket}").content.decode())
    assert len(httpserver.log) == len(REFUSED)
    assert not any(TELL in poll.lower() for poll in polls)
    assert TELL not in _everything_stored().lower()
    assert TELL not in caplog.text.lower()


def _everything_stored() -> str:
    """Every row of every table, and whatever the local cache holds."""
    rows = _dumped()
    held = getattr(cache, "_cache", {})  # the local-memory cache: pickled values
    values = [pickle.loads(v) for v in held.values()] if isinstance(held, dict) else []  # noqa: S301
    return rows + repr(values)


def _dumped() -> str:
    from io import StringIO

    out = StringIO()
    call_command("dumpdata", stdout=out)
    return out.getvalue()


# --- a bracketed numeral in a question is text -----------------------------------------------


@pytest.mark.parametrize("with_model", [False, True], ids=["engine", "with a model"])
@pytest.mark.parametrize(
    ("question", "typed"),
    [
        ("Why did the ECB raise [7] rates?", "7"),
        ("Why did the ECB raise [\u0667] rates?", "\u0667"),  # an Arabic-Indic seven
        ("Why did the ECB raise [07] rates?", "07"),
        ("Why did the ECB raise [2] rates?", "2"),
    ],
)
def test_a_bracketed_numeral_in_a_question_is_text(api, plain, settings, httpserver, question,
                                                   typed, with_model):  # fmt: skip
    if with_model:
        httpserver.expect_request("/v1/chat/completions").respond_with_data(
            completion("{1}, and {3}. {2}."), content_type="application/json"
        )
        settings.SVC_ANSWER_GENERATOR_URL = httpserver.url_for("/v1")
    response = ask(api, {"question": question})
    assert response.status_code == 200, response.content
    answer = response.json()
    assert answer["grounded"]
    # Every marker in the text is a citation, numbered in reading order; the typed one is
    # quoted (in the premise the engine names) as text that no reader takes for a marker.
    markers = list(dict.fromkeys(int(n) for n in _MARKER.findall(answer["answer"])))
    assert markers == [c["n"] for c in answer["citations"]] == list(range(1, len(markers) + 1))
    assert f"\uff3b{typed}\uff3d" in answer["answer"]
