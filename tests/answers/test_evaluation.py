"""The engine on its evaluation sets: questions that do not name their topic, in several
languages, with typos, time windows, comparisons, false premises, untracked and near names and
injections, over the demo registry and over two it was never tuned on (atlas, and kindred, whose
topics each have near neighbours). The thresholds are the issue's bar, held on each; each figure
is one a wrong engine moves. The identity set (issue 39) asks about the neighbours themselves:
untracked subjects sharing words with tracked ones must be declined naming them, near misses
still answered."""

import json
from collections import defaultdict
from datetime import date
from itertools import combinations

import pytest
from django.apps import apps
from django.core.management import call_command
from rapidfuzz import fuzz

from answers.measure.evaluation import (
    IDENTITY_SET,
    REGISTRIES,
    identity_evaluate,
    identity_score,
    load_cases,
    registries_evaluate,
    score,
)
from registry.models import Document, Event, EventMention
from tests.conftest import loaded_once, registries_load_at_the_demo_hour
from worlds.atlas import ATLAS
from worlds.demo import DEMO
from worlds.kindred import KINDRED

WORLDS = {"demo": DEMO, "atlas": ATLAS, "kindred": KINDRED}
DECLINE_CLASSES = {
    "other-indicator",
    "other-country-release",
    "shared-first-word-company",
    "sequel-or-edition",
    "branch-or-similar-body",
    "sibling-place",
    "country-other-domain",
}
NEAR_MISS_CLASSES = {
    "near-miss-typo",
    "near-miss-alias",
    "near-miss-paraphrase",
    "near-miss-tracked",
}

pytestmark = pytest.mark.django_db
# The three registries loaded once for the module: each evaluation loads them again (nothing
# new, a few seconds) instead of from nothing (half a minute and their passage vectors).
registries_once = loaded_once(registries_load_at_the_demo_hour)


def cases_of(name: str) -> list[dict]:
    return load_cases(REGISTRIES[name].cases)


def test_the_set_is_large_and_varied():
    cases = cases_of("demo")
    assert len(cases) >= 100
    assert len({c["category"] for c in cases}) >= 12
    # The old set scored 1.0 because every question named its topic's slug literally.
    slugs = {t for c in cases for t in c.get("topics", [])}
    literal = [c for c in cases if any(s.replace("-", " ") in c["question"].lower() for s in slugs)]
    assert len(literal) < len(cases) / 10


@pytest.mark.parametrize("name", ["atlas", "kindred"])
def test_the_held_out_sets_are_large_and_span_their_registry(name):
    cases = cases_of(name)
    assert len(cases) >= 60
    assert len({t for c in cases for t in c.get("topics", [])}) >= 8
    assert len({c["category"] for c in cases}) >= 12
    languages = [c["language"] for c in cases if c.get("language")]
    assert all(languages.count(lang) >= 2 for lang in ("es", "de", "fr", "ja", "ar"))
    assert sum(bool(c.get("declined")) for c in cases) >= 10


def test_the_kindred_set_asks_about_every_kindred_topic():
    asked = {t for c in cases_of("kindred") for t in c.get("topics", [])}
    assert asked == {e.subject for e in KINDRED.events}


def question_sets() -> dict[str, list[str]]:
    sets = {name: [c["question"] for c in cases_of(name)] for name in REGISTRIES}
    return {**sets, "identity": [c["question"] for c in load_cases(IDENTITY_SET)]}


@pytest.mark.parametrize(("name", "other"), list(combinations([*REGISTRIES, "identity"], 2)))
def test_no_question_is_a_near_copy_of_another_sets(name, other):
    sets = question_sets()
    for question in sets[name]:
        closest = max(sets[other], key=lambda q: fuzz.ratio(question, q))
        assert fuzz.ratio(question, closest) < 80, (question, closest)


@pytest.mark.parametrize(("one", "other"), list(combinations(WORLDS, 2)))
def test_no_two_registries_share_a_topic_or_entity(one, other):
    a, b = WORLDS[one], WORLDS[other]
    assert not {e.subject for e in a.events} & {e.subject for e in b.events}
    assert not set(a.entities) & set(b.entities)
    assert not {m[2] for m in a.markets} & {m[2] for m in b.markets}
    assert not {s["slug"] for s in a.sources} & {s["slug"] for s in b.sources}
    shared = set(a.outlets) & set(b.outlets)
    assert all(a.outlets[d] == b.outlets[d] for d in shared)
    assert all(a.verticals[v] == b.verticals[v] for v in set(a.verticals) & set(b.verticals))


@pytest.fixture(params=list(REGISTRIES))
def scores(request, registries_once):
    return registries_evaluate([request.param])[request.param]


def test_routing_declines_and_windows_meet_the_bar(scores):
    failures = scores["failures"]
    assert scores["routing"] >= 0.95, failures
    assert scores["wrongTopic"] == 0, failures
    assert scores["declinePrecision"] >= 0.95, failures
    assert scores["declineRecall"] >= 0.95, failures
    assert scores["windowViolations"] == 0, failures
    assert scores["duplicateCitations"] == 0, failures
    assert scores["resolvedAsLive"] == 0, failures
    assert scores["premisesInvented"] == 0, failures
    caught, of = map(int, scores["premisesCaught"].split("/"))
    assert of >= 3
    assert caught == of, failures


def test_a_historical_capture_is_stated_as_one_in_the_answers_language():
    row = {"layer": "market", "title": "Q", "snippet": "resolved, a historical capture", "date": ""}
    case = {"category": "market", "topics": ["t"]}

    def live(text: str) -> int:
        result = {"answer": text, "grounded": True, "topics": [{"topic": "t"}], "citations": [row]}
        tally = defaultdict(int)
        score(case, result, date(2026, 1, 1), tally)
        return tally["resolvedAsLive"]

    assert live("Eine historische Aufzeichnung, kein aktueller Preis: 38 % [1].") == 0
    assert live("Une capture historique, pas un prix en direct : 3 % [1].") == 0
    assert live("Una captura histórica, no un precio en vivo: 38 % [1].") == 0
    assert live("Uma captura histórica, não um preço em tempo real: 38% [1].") == 0
    assert live("On Polymarket, a crowd prices it at 38% [1].") == 1


def test_the_command_prints_the_scores_per_registry_and_category(capsys, tmp_path):
    few = {"cases": cases_of("atlas")[:2] + [c for c in cases_of("atlas") if c.get("language")][:1]}
    path = tmp_path / "few.json"
    path.write_text(json.dumps(few), encoding="utf-8")
    call_command("eval_answers", "--registry", "atlas", "--file", str(path))
    printed = json.loads(capsys.readouterr().out)
    assert list(printed) == ["atlas"]
    figures = printed["atlas"]
    assert {"routing", "wrongTopic", "declinePrecision", "languageRight"} <= set(figures)
    assert figures["cases"] == 3
    assert "factual" in figures["categories"]
    assert figures["categories"]["language"]["languageRight"] is not None


def test_the_command_leaves_the_database_as_it_was(tmp_path, capsys):
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"cases": cases_of("demo")[:1]}), encoding="utf-8")
    call_command("eval_answers", "--registry", "demo", "--file", str(path))
    assert json.loads(capsys.readouterr().out)["demo"]["cases"] == 1
    assert not Event.objects.exists()
    assert not Document.objects.exists()


def counts() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in apps.get_app_config("registry").get_models()}


def test_loading_kindred_twice_adds_nothing_and_its_rows_disagree_as_designed():
    call_command("load_demo", "--registry", "kindred", stdout=None)
    after_first = counts()
    call_command("load_demo", "--registry", "kindred", stdout=None)
    assert counts() == after_first
    assert set(Event.objects.values_list("subject", flat=True)) == {
        e.subject for e in KINDRED.events
    }
    # A flash estimate and its revision, both held: the record carries the disagreement.
    cpi = Document.objects.filter(
        eventmention__event__subject="econ-release-estravia-consumer-prices-october"
    )
    assert cpi.filter(summary__contains="3.4%").exists()
    assert cpi.filter(summary__contains="revised October consumer price inflation to 3.6%").exists()
    unmarked = Document.objects.filter(url__contains="-unmarked-")
    assert unmarked.count() == sum(len(e.unmarked) for e in KINDRED.events)
    assert not EventMention.objects.filter(document__in=unmarked).exists()


def test_loading_atlas_twice_adds_nothing_and_both_registries_live_in_one_database():
    call_command("load_demo", "--registry", "atlas", stdout=None)
    after_first = counts()
    call_command("load_demo", "--registry", "atlas", stdout=None)
    assert counts() == after_first
    call_command("load_demo", stdout=None)
    subjects = set(Event.objects.values_list("subject", flat=True))
    assert {e.subject for e in DEMO.events} | {e.subject for e in ATLAS.events} == subjects
    # Rows written in words that carry no curated term are held, and attached to no topic.
    unmarked = Document.objects.filter(url__contains="-unmarked-")
    assert unmarked.count() == sum(len(e.unmarked) for e in ATLAS.events)
    assert not EventMention.objects.filter(document__in=unmarked).exists()


# The identity set (issue 39).


def identity_cases() -> list[dict]:
    return load_cases(IDENTITY_SET)


def test_the_identity_set_is_large_half_declines_and_spread_over_the_registries():
    cases = identity_cases()
    assert len(cases) >= 90
    about = json.loads(IDENTITY_SET.read_text(encoding="utf-8"))["about"]
    assert all(name in about for name in DECLINE_CLASSES | NEAR_MISS_CLASSES)
    for name in REGISTRIES:
        own = [c for c in cases if c["registry"] == name]
        assert len(own) >= 25, name
        declines = sum(bool(c.get("declined")) for c in own)
        assert 0.4 <= declines / len(own) <= 0.6, name
        assert {c["class"] for c in own} == DECLINE_CLASSES | NEAR_MISS_CLASSES, name
    declines = sum(bool(c.get("declined")) for c in cases)
    assert 0.45 <= declines / len(cases) <= 0.55
    languages = [c["language"] for c in cases if c.get("language")]
    assert all(languages.count(lang) >= 3 for lang in ("es", "de", "fr"))
    assert sum("firstSentenceContains" in c for c in cases) >= 20


def test_each_identity_case_is_a_decline_naming_words_of_its_question_or_a_tracked_topic():
    for case in identity_cases():
        assert case["registry"] in REGISTRIES, case
        if case.get("declined"):
            assert case["class"] in DECLINE_CLASSES, case
            assert case["untracked"].lower() in case["question"].lower(), case
            assert "topics" not in case, case
        else:
            assert case["class"] in NEAR_MISS_CLASSES, case
            subjects = {e.subject for e in WORLDS[case["registry"]].events}
            assert len(case["topics"]) == 1, case
            assert case["topics"][0] in subjects, case


def world_words(world) -> str:
    """Everything a world says: names, aliases, rows, issuer words, market questions."""
    texts = [name for name, *_ in world.entities.values()]
    texts += [alias for *_, aliases in world.entities.values() for alias in aliases]
    for event in world.events:
        texts += [event.title, *event.off_topic]
        texts += [part for pair in event.headlines + event.unmarked for part in pair]
    for source in world.sources:
        texts += [source["name"], source["observed"] or ""]
        texts += [words for _, words, _ in source["history"]]
    texts += [market[3] for market in world.markets]
    return " ".join(texts).lower()


def test_no_registry_names_a_subject_the_identity_set_says_is_untracked():
    """A named neighbour (a company, body, place, country, numbered mission) appears in no row,
    name or issuer reading of any registry: the decline is the only right answer."""
    said = " ".join(world_words(world) for world in WORLDS.values())
    named = [c for c in identity_cases() if c.get("declined") and c["untracked"][0].isupper()]
    assert len(named) >= 30
    for case in named:
        assert case["untracked"].lower() not in said, case


def answer(text: str, *, grounded: bool, topics=(), cited: int = 0) -> dict:
    return {
        "answer": text,
        "grounded": grounded,
        "topics": [{"topic": t, "title": t, "record": ""} for t in topics],
        "citations": [{"layer": "reporting"}] * cited,
    }


DECLINE = {"registry": "demo", "class": "sibling-place", "declined": True, "untracked": "Lake Ysel"}
NEAR = {"registry": "demo", "class": "near-miss-typo", "topics": ["artemis-ii-launch"]}


def test_a_decline_is_right_only_unanchored_uncited_and_naming_the_subject_first():
    said = "The registry does not track Lake Ysel, so this is not in the record. It holds nothing."
    assert identity_score(DECLINE, answer(said, grounded=False)) == []
    assert identity_score(DECLINE, answer(said, grounded=True, topics=["x"], cited=2))
    assert identity_score(DECLINE, answer(said, grounded=False, cited=1))
    neighbour = "The registry tracks Lake Orrin but holds nothing on Lake Ysel that answers this."
    assert identity_score(DECLINE, answer(neighbour, grounded=False, topics=["lake-orrin"]))
    late = "The registry does not track that. Lake Ysel is not in it."
    assert identity_score(DECLINE, answer(late, grounded=False))
    # Another language says "does not track" its own way; the subject must still come first.
    spanish = {**DECLINE, "language": "es"}
    assert identity_score(spanish, answer("El registro no sigue Lake Ysel.", grounded=False)) == []


def test_a_near_miss_is_right_only_answered_from_its_topic_first():
    assert identity_score(NEAR, answer("...", grounded=True, topics=["artemis-ii-launch"])) == []
    assert identity_score(
        NEAR, answer("...", grounded=True, topics=["nasa-other", "artemis-ii-launch"])
    )
    assert identity_score(NEAR, answer("The registry does not track it.", grounded=False))
    # Its topic saying it holds nothing for the question's window still knew the subject.
    empty = answer("The registry holds nothing for this window.", grounded=False,
                   topics=["artemis-ii-launch"])  # fmt: skip
    assert identity_score(NEAR, empty) == []


def test_the_command_prints_the_identity_figures_per_class_and_registry(capsys, tmp_path):
    cases = identity_cases()
    few = [next(c for c in cases if c["registry"] == "kindred" and c.get("declined"))]
    few += [next(c for c in cases if c["registry"] == "atlas" and c["class"] == "near-miss-alias")]
    path = tmp_path / "few.json"
    path.write_text(json.dumps({"cases": few}), encoding="utf-8")
    call_command("eval_answers", "--set", "identity", "--file", str(path), "--failures")
    figures = json.loads(capsys.readouterr().out)["identity"]
    assert figures["cases"] == 2
    assert figures["declines"].endswith("/1")
    assert figures["nearMisses"].endswith("/1")
    assert set(figures["classes"]) == {few[0]["class"], "near-miss-alias"}
    assert set(figures["registries"]) == {"kindred", "atlas"}
    assert isinstance(figures["failures"], list)
    assert not Event.objects.exists()


def test_the_identity_set_meets_the_bar(registries_once):
    scores = identity_evaluate()
    failures = scores["failures"]
    right, of = map(int, scores["declines"].split("/"))
    assert right >= 0.9 * of, failures
    right, of = map(int, scores["nearMisses"].split("/"))
    assert right >= 0.9 * of, failures
