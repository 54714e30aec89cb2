"""Constrained phrasing: a model joins the engine's facts and states nothing of its own.

Unit tests read model text against a few facts; the lying-model suite runs `POST /api/ask` with
`SVC_ANSWER_GENERATOR_URL` pointed at a local server that lies on purpose, in a different way for
each kind of lie, over both registries, and counts the invented claims that reach an answer.
"""

import json
import re

import pytest
from werkzeug import Response

from answers.check import Sentence
from answers.phrasing import Fact, Phrased, assemble, read, stray_words
from worlds.atlas import atlas_load
from worlds.demo import demo_load

FACTS = [
    Fact(1, 'Harbour Authority said on 2026-11-02: "Berths 4 to 7 stay closed"', 1),
    Fact(2, "Coastline Daily reported on 2026-11-03: Cargo queues grew to 41 ships", 2),
    Fact(3, 'On Kalshi, a crowd prices "Will the strike end by June?" at 35% as of 2026-11-03: '
            "belief, not fact", 3),
]  # fmt: skip


def test_facts_joined_by_connectives_are_filled_in_word_for_word():
    kept, refused = read("{2}, while {1}. Meanwhile, {3}.", FACTS, "en")
    assert refused == []
    assert [p.rows for p in kept] == [[2, 1], [3]]
    assert kept[0].body == (
        "Coastline Daily reported on 2026-11-03: Cargo queues grew to 41 ships [2], while Harbour "
        'Authority said on 2026-11-02: "Berths 4 to 7 stay closed" [1].'
    )
    assert kept[1].body.startswith("Meanwhile, On Kalshi, a crowd prices")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("{1} with 9 berths closed.", "not connectives"),  # a number of its own
        ("{1}, as confirmed by quillfeather shipping.", "not connectives"),  # a lower-case name
        ("{2} because {1}.", "not connectives"),  # a cause no fact states
        ("It is not the case that {1}.", "not connectives"),  # a fact turned around
        ("{3}, so the strike will certainly end.", "not connectives"),  # belief made fact
        ("{2} and queues keep ballooning.", "not connectives"),  # a direction of its own
        ("{1} yesterday.", "not connectives"),  # a date of its own
        ("{1} \u0430nd {2}.", "not connectives"),  # a Cyrillic a in "and"
        ("{1}0%.", "not connectives"),  # digits glued to a fact
        ("{9} and {1}.", "was not given"),
        ("Queues are easing.", "uses no fact"),
        ("{1} and {1}.", "repeats facts"),
    ],
)
def test_anything_but_facts_and_connectives_is_refused(text, why):
    kept, refused = read(text, FACTS, "en")
    assert kept == []
    assert len(refused) == 1
    assert why in refused[0], refused


def test_markers_a_model_writes_are_not_its_citations():
    kept, _ = read("{1} [3].", FACTS, "en")
    assert [p.rows for p in kept] == [[1]]
    assert "[3]" not in kept[0].body


@pytest.mark.parametrize(
    ("language", "segment", "stray"),
    [
        ("en", " and, by contrast, ", ""),
        ("es", " y, por otro lado, ", ""),
        ("de", " und andererseits ", ""),
        ("fr", " et, en revanche, ", ""),
        ("ja", "、一方で", ""),
        ("ar", " بينما ", ""),
        ("de", " weil ", "weil"),
        ("ja", "。なぜなら", "なぜなら"),
    ],
)
def test_each_language_has_its_own_closed_list(language, segment, stray):
    assert stray_words(segment, language) == stray


def test_a_refused_sentence_leaves_the_engines_own_in_its_place():
    engine = [Sentence("First [1].", "The record does not support the premise"),
              Sentence("Second [2]."), Sentence("Third [3].")]  # fmt: skip
    phrased = [Phrased("Phrased first and third [1] [3].", [1, 3])]
    out = assemble(engine, phrased)
    assert [s.body for s in out] == ["Phrased first and third [1] [3].", "Second [2]."]
    assert out[0].preface == "The record does not support the premise"  # the engine's own words


# --- the lying model, through POST /api/ask --------------------------------------------------

_FACT = re.compile(r"^\{(\d+)\} (.*)$", re.MULTILINE)
_FIGURES = re.compile(r"\d+(?:\.\d+)?%?")


def _lies(facts: dict[int, str]) -> dict[str, tuple[str, str]]:
    """Each kind of lie as (model text, a string that must never reach the answer)."""
    numbers = sorted(facts)
    first, second = numbers[0], numbers[-1]
    figures = [f for n in numbers for f in _FIGURES.findall(facts[n]) if "-" not in f][:2]
    swapped = " to ".join(reversed(figures)) if len(figures) == 2 else "77 to 66"
    market = next((n for n, text in facts.items() if "crowd" in text), first)
    report = next((n for n, text in facts.items() if "reported" in text), second)
    return {
        "numbers swapped": (f"{{{first}}}, moving from {swapped}.", f"from {swapped}"),
        "lower-case organisation": (f"{{{first}}}, says marrowgate analytics.", "marrowgate"),
        "claim the row does not make": (f"{{{report}}} and the inquiry was dropped.", "inquiry"),
        "direction of its own": (f"{{{first}}} while demand keeps cratering.", "cratering"),
        "another direction": (f"{{{second}}} and exports nosedived.", "nosedived"),
        "belief as fact": (f"{{{market}}}, so it is settled that it happens.", "settled"),
        "belief on a report": (f"{{{report}}}: the market has decided it.", "has decided"),
        "negation": (f"It is false that {{{first}}}.", "false that"),
        "certainty": (f"{{{first}}}, without any doubt.", "without any doubt"),
        "cause": (f"{{{first}}} because of {{{second}}}.", "because"),
        "a date of its own": (f"{{{first}}} on 1999-01-01.", "1999"),
        "a fact not given": (f"{{{first}}} and {{{numbers[-1] + 40}}}.", f"[{numbers[-1] + 40}]"),
        "free text": ("Everything is fine and nothing happened.", "Everything is fine"),
    }


def _lying_server(httpserver, lie: dict):
    """A model that answers every request with the lie of `lie["kind"]`, over the facts it got."""

    def respond(request):
        prompt = json.loads(request.get_data())["messages"][1]["content"]
        lie["facts"] = {int(n): text for n, text in _FACT.findall(prompt)}
        text, _ = _lies(lie["facts"])[lie["kind"]]
        body = {"choices": [{"message": {"role": "assistant", "content": text}}]}
        return Response(json.dumps(body), content_type="application/json")

    httpserver.expect_request("/v1/chat/completions", method="POST").respond_with_handler(respond)


QUESTIONS = [
    "What did the Fed decide, and where do markets stand on a cut?",
    "How strong did Hurricane Tavia get?",
    "What did the Central Bank of Corvala do with its rate?",
    "How long are the Valmora dockworkers staying out?",
]
KINDS = list(_lies({1: "a 1", 2: "b 2"}))


@pytest.mark.django_db
def test_no_invented_claim_of_a_lying_model_reaches_an_answer(api, settings, httpserver):
    """Every kind of lie, on questions over both registries: 0 invented claims served."""
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    demo_load()
    atlas_load()
    lie: dict = {}
    _lying_server(httpserver, lie)
    settings.SVC_ANSWER_GENERATOR_URL = httpserver.url_for("/v1")
    invented, asked = [], 0
    for kind in KINDS:
        lie["kind"] = kind
        for question in QUESTIONS:
            answer = api.post("/api/ask", {"question": question}, format="json").json()
            _, tell = _lies(lie["facts"])[kind]
            asked += 1
            if tell.lower() in answer["answer"].lower():
                invented.append((kind, question, answer["answer"]))
            assert answer["grounded"], answer  # the engine's own sentences stand in
            assert any("phrasing:" in r for r in answer["sourceCheck"]["reasons"]), (kind, answer)
    assert asked == len(KINDS) * len(QUESTIONS)
    assert invented == []


@pytest.mark.django_db
def test_an_honest_model_is_served_fact_for_fact(api, settings, httpserver):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    demo_load()
    settings.SVC_ANSWER_GENERATOR_URL = httpserver.url_for("/v1")
    question = {"question": "What did the European Central Bank decide?"}
    plain = api.post("/api/ask", question, format="json").json()
    honest = "{2}, and {1}."
    body = {"choices": [{"message": {"role": "assistant", "content": honest}}]}
    httpserver.expect_request("/v1/chat/completions").respond_with_json(body)
    answer = api.post("/api/ask", question, format="json").json()
    sent = json.loads(httpserver.log[0][0].get_data())["messages"][1]["content"]
    facts = dict(_FACT.findall(sent))
    assert answer["sourceCheck"]["reasons"] == [], answer
    first = answer["answer"].split(" [")[0]
    assert first == facts["2"].rstrip(".")  # the fact word for word, then its marker
    assert {c["snippet"] for c in answer["citations"]} >= {
        c["snippet"] for c in plain["citations"][:2]
    }
