"""Constrained phrasing: a model joins the engine's facts and states nothing of its own.

Unit tests read model text against a few facts; the lying-model suite runs `POST /api/ask` with
`SVC_ANSWER_GENERATOR_URL` pointed at a local server that lies on purpose, in a different way for
each kind of lie, over both registries, and counts the invented claims that reach an answer.
"""

# Japanese, Arabic and the other languages are written with their own punctuation.
# ruff: noqa: RUF001

import json
import re

import pytest
from werkzeug import Response

from answers.check.sentences import Sentence
from answers.compose.phrasing import (
    CONNECTIVES,
    Fact,
    Phrased,
    assemble,
    lead_held,
    read,
    segment_refusal,
)
from answers.measure.quality import LIES, LYING_QUESTIONS, lies
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
        ("{1} \x00 {2}.", "outside the closed set"),  # a NUL is no connective
        ("{1} \ud800 and {2}.", "outside the closed set"),  # nor half a character
        ("{9} and {1}.", "was not given"),
        ("{" + "7" * 4000 + "} and {1}.", "brackets"),  # no placeholder: its braces are refused
        ("Queues are easing.", "uses no fact"),
        ("{1} and {1}.", "repeats facts"),
    ],
)
def test_anything_but_facts_and_connectives_is_refused(text, why):
    kept, refused = read(text, FACTS, "en")
    assert kept == []
    assert len(refused) == 1
    assert why in refused[0], refused


@pytest.mark.parametrize(
    "text",
    ["{1}, by contrast zephyrine {2}.", "Zephyrine. {1}.", "{1}: zephyrine {2}.", "{7} zephyrine."],
)
def test_no_refusal_quotes_what_the_model_wrote(text):
    _, refused = read(text, FACTS, "en")
    assert refused
    assert not any("zephyrine" in reason.lower() for reason in refused), refused


def test_markers_a_model_writes_are_not_its_citations():
    kept, _ = read("{1} [3].", FACTS, "en")
    assert [p.rows for p in kept] == [[1]]
    assert "[3]" not in kept[0].body


@pytest.mark.parametrize(
    ("language", "segment", "refused"),
    [
        ("en", " and, by contrast, ", False),
        ("es", " y, por otro lado, ", False),
        ("de", " und andererseits ", False),
        ("de", " Außerdem ", False),  # folded as the list is: "ausserdem"
        ("fr", " et, en revanche, ", False),
        ("fr", " ; d\u2019autre part, ", False),
        ("ja", "、一方で", False),
        ("ar", " بينما ", False),
        ("de", " weil ", True),
        ("ja", "、なぜなら", True),
        ("ja", "また一方で", True),  # two glued: the check could not tell them from a word
    ],
)
def test_each_language_has_its_own_closed_list(language, segment, refused):
    segment = segment.replace("\u2019", "'")  # as `read` hands it over
    assert bool(segment_refusal(segment, language)) is refused


# Between facts a model may write a comma or a semicolon, and end with a full stop, in the forms
# its language writes them; nothing else.
ALLOWED_MARKS = [
    ("en", "{1}; {2}."),
    ("en", "{1}, and {2}."),
    ("es", "{1}; y {2}."),
    ("de", "{1}, und {2}."),
    ("fr", "{1}\u202f; et {2}."),  # a narrow no-break space before the semicolon
    ("ja", "{1}、{2}。"),
    ("ja", "{1}，また{2}．"),
    ("ja", "{1}；{2}。"),
    ("ar", "{1}، و{2}."),
    ("ar", "{1}؛ {2}."),
]
REFUSED_MARKS = [
    ("en", "{1}: {2}.", "a colon"),
    ("ja", "{1}：{2}。", "a colon"),
    ("en", '"{1}", and {2}.', "quotation marks"),
    ("en", "{1}, and “{2}”.", "quotation marks"),
    ("en", "'{1}' and {2}.", "quotation marks"),
    ("de", "„{1}“ und {2}.", "quotation marks"),
    ("fr", "« {1} » et {2}.", "quotation marks"),
    ("ja", "「{1}」、{2}。", "quotation marks"),
    ("en", "{1}? And {2}.", "a question mark"),
    ("es", "¿{1}? y {2}.", "a question mark"),
    ("ja", "{1}？{2}。", "a question mark"),
    ("ar", "{1}؟ و{2}.", "a question mark"),
    ("en", "{1}! And {2}.", "an exclamation mark"),
    ("en", "{1} ({2}).", "brackets"),
    ("ja", "{1}（{2}）。", "brackets"),
    ("en", "{1} — {2}.", "a dash"),
    ("en", "{1} - {2}.", "a dash"),
    ("en", "{1}… and {2}.", "outside the closed set"),
    ("en", "{1} & {2}.", "outside the closed set"),
    ("en", "{1}，{2}.", "outside the closed set"),  # a full-width comma is Japanese
]


@pytest.mark.parametrize(("language", "text"), ALLOWED_MARKS)
def test_the_closed_set_of_marks_passes(language, text):
    kept, refused = read(text, FACTS, language)
    assert refused == []
    assert [p.rows for p in kept] == [[1, 2]]


@pytest.mark.parametrize(("language", "text", "mark"), REFUSED_MARKS)
def test_a_mark_outside_the_closed_set_is_refused(language, text, mark):
    kept, refused = read(text, FACTS, language)
    assert kept == []
    assert len(refused) == 1
    assert mark in refused[0], refused


def test_a_sentence_that_moves_the_lead_fact_is_refused():
    engine = [Sentence("First [1]."), Sentence("Second [2]."), Sentence("Third [3].")]
    phrased = [Phrased("b [2], a [1].", [2, 1]), Phrased("a [1], c [3].", [1, 3]),
               Phrased("c [3]; b [2].", [3, 2])]  # fmt: skip
    kept, refused = lead_held(engine, phrased)
    assert [p.rows for p in kept] == [[1, 3], [3, 2]]
    assert len(refused) == 1
    assert [s.body for s in assemble(engine, kept)] == ["a [1], c [3].", "c [3]; b [2]."]


def test_a_lead_that_joins_facts_itself_is_not_replaced():
    verdict = Sentence("The Fed's 4.5% [1] is higher than the ECB's 2% [2].")
    kept, refused = lead_held([verdict], [Phrased("a [1], and b [2].", [1, 2])])
    assert (kept, len(refused)) == ([], 1)


def test_with_no_sentence_of_the_engines_no_phrased_one_leads():
    kept, refused = lead_held([], [Phrased("a [1].", [1]), Phrased("b [2].", [2])])
    assert (kept, len(refused)) == ([], 2)


def test_a_refused_sentence_leaves_the_engines_own_in_its_place():
    engine = [Sentence("First [1].", "The record does not support the premise"),
              Sentence("Second [2]."), Sentence("Third [3].")]  # fmt: skip
    phrased = [Phrased("Phrased first and third [1] [3].", [1, 3])]
    out = assemble(engine, phrased)
    assert [s.body for s in out] == ["Phrased first and third [1] [3].", "Second [2]."]
    assert out[0].preface == "The record does not support the premise"  # the engine's own words


# --- the lying model, through POST /api/ask --------------------------------------------------

_FACT = re.compile(r"^\{(\d+)\} (.*)$", re.MULTILINE)


def _lying_server(httpserver, lie: dict):
    """A model that answers every request with the lie of `lie["kind"]`, over the facts it got."""

    def respond(request):
        prompt = json.loads(request.get_data())["messages"][1]["content"]
        lie["facts"] = {int(n): text for n, text in _FACT.findall(prompt)}
        text, _ = lies(lie["facts"])[lie["kind"]]
        body = {"choices": [{"message": {"role": "assistant", "content": text}}]}
        return Response(json.dumps(body), content_type="application/json")

    httpserver.expect_request("/v1/chat/completions", method="POST").respond_with_handler(respond)


# The kinds of lie and their questions are the quality card's (`answers.measure.quality`): one
# definition, run here through the HTTP model and there through the engine's generator seam.
QUESTIONS = [question for _, question in LYING_QUESTIONS]
KINDS = list(LIES)


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
            _, tell = lies(lie["facts"])[kind]
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
    honest = "{1}, and {2}."
    body = {"choices": [{"message": {"role": "assistant", "content": honest}}]}
    httpserver.expect_request("/v1/chat/completions").respond_with_json(body)
    answer = api.post("/api/ask", question, format="json").json()
    sent = json.loads(httpserver.log[0][0].get_data())["messages"][1]["content"]
    facts = dict(_FACT.findall(sent))
    assert answer["sourceCheck"]["reasons"] == [], answer
    first, second = answer["answer"].split(" [1], and ")
    assert first == facts["1"].rstrip(".")  # the fact word for word, then its marker
    assert second.startswith(facts["2"].rstrip("."))
    assert {c["snippet"] for c in answer["citations"]} >= {
        c["snippet"] for c in plain["citations"][:2]
    }


# --- the lead, the marks and the connectives, through POST /api/ask --------------------------


@pytest.fixture
def model(api, settings, httpserver):
    """A model that answers `model["reply"]`, and the engine's own answer to ECB without one."""
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000
    demo_load()
    ask(api, ECB)  # the first ask after a load embeds reporting: later ones rank the same
    served = {"plain": ask(api, ECB).json()}
    httpserver.expect_request("/v1/chat/completions").respond_with_handler(
        lambda request: Response(completion(served["reply"]), content_type="application/json")
    )
    settings.SVC_ANSWER_GENERATOR_URL = httpserver.url_for("/v1")
    return served


ECB = "What did the European Central Bank decide?"


def ask(api, question: str):
    return api.post("/api/ask", {"question": question}, format="json")


def completion(content: str) -> str:
    return json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}]})


@pytest.mark.django_db
def test_the_engines_lead_stays_first_whatever_the_model_orders(api, model):
    lead = model["plain"]["answer"].split(" [1]")[0]
    assert lead
    moved = ["{2}, and {1}.", "{3}; {1}.", "{2}. {3}, and {1}.", "{1}. {4}, and {1}."]
    for reply in [*moved, "{4}, and {2}. {1}.", "{1}, and {2}."]:
        model["reply"] = reply
        answer = ask(api, ECB).json()
        assert answer["grounded"]
        assert answer["answer"].startswith(f"{lead} [1]"), (reply, answer["answer"])
        moves = [r for r in answer["sourceCheck"]["reasons"] if "lead" in r]
        assert bool(moves) is (reply in moved), (reply, answer["sourceCheck"])
    assert answer["answer"].startswith(f"{lead} [1], and ")  # the last, which keeps the lead


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("reply", "mark"),
    [("{1}: {2}.", "a colon"), ('{1}, and "{2}".', "quotation marks"),
     ("{1}, and {2}?", "a question mark"), ("{1} \u2014 {2}.", "a dash")],
)  # fmt: skip
def test_a_mark_outside_the_closed_set_leaves_the_engines_answer(api, model, reply, mark):
    model["reply"] = reply
    answer = ask(api, ECB).json()
    assert answer["answer"] == model["plain"]["answer"]
    assert any(mark in r for r in answer["sourceCheck"]["reasons"]), answer["sourceCheck"]


@pytest.mark.django_db
def test_a_semicolon_between_facts_is_served(api, model):
    model["reply"] = "{1}; {2}."
    answer = ask(api, ECB).json()
    assert answer["sourceCheck"]["reasons"] == []
    assert "[1]; " in answer["answer"]


# A question in each language the engine answers in, about one topic with several rows.
IN_EACH_LANGUAGE = {
    "en": "What did the Federal Reserve decide?",
    "es": "¿Qué decidió la Federal Reserve?",
    "de": "Was hat die Federal Reserve beschlossen?",
    "fr": "Qu'a décidé la Federal Reserve ?",
    "ja": "Federal Reserveは何を決めましたか？",
    "ar": "ماذا قرر الاحتياطي الفيدرالي؟",
    "pt": "O que decidiu a Federal Reserve?",
}
JOINED = {"ja": "{{1}}、{c}{{2}}。", "ar": "{{1}}، {c} {{2}}."}


@pytest.mark.django_db
def test_every_connective_passes_the_check_in_each_language(api, model):
    """For each language and each connective the phrasing allows, two facts joined by it are
    served: the check allows what the phrasing does."""
    assert set(IN_EACH_LANGUAGE) == set(CONNECTIVES)
    refused, asked = [], 0
    for language, question in IN_EACH_LANGUAGE.items():
        for connective in CONNECTIVES[language]:
            model["reply"] = JOINED.get(language, "{{1}}, {c} {{2}}.").format(c=connective)
            answer = ask(api, question).json()
            asked += 1
            said = answer["answer"].casefold()
            if answer["language"] != language or connective.casefold() not in said or (
                    answer["sourceCheck"]["reasons"]):  # fmt: skip
                refused.append((language, connective, answer["sourceCheck"]["reasons"]))
    assert asked == sum(len(c) for c in CONNECTIVES.values())
    assert refused == []
