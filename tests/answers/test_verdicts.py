"""Comparisons and revisions as a caller meets them: POST /api/ask over the three registries.

No case is written by hand: each is generated from a registry's own figures
(`answers.ground.figures` over the rows the engine holds for each topic), and its question is built
from their names.
- two topics whose figures measure one thing (the same head word: "rate", "shares", "people")
  in one unit, each holding a single current value of it: the first sentence is a verdict that
  names the higher side first, quotes both figures, says by how much and as of when, and the
  answer never says it holds no comparable figure while it cites both;
- sums in two currencies: the first sentence says the units differ;
- two readings of one indicator for two periods ("2.1% in November, down from 2.3% in
  October"): the verdict names the higher period;
- a figure a later one revises ("revised to 0.5% from 0.6%"): the newest first, said to be a
  revision, never that the rows disagree.
The same verdicts in every language the engine answers in. Each registry gives a handful.
"""

# Japanese and Arabic questions are written with their own punctuation.
# ruff: noqa: RUF001

import itertools
import re

import pytest
from django.utils import timezone

from answers.compose.composition import Layers
from answers.ground import figures
from answers.ground.retrieval import gather
from answers.understand import vocabulary
from answers.understand.understanding import Understanding, stem_set
from answers.understand.vocabulary import stem
from registry.models import Event
from tests.conftest import loaded_once, registries_load_at_the_demo_hour
from worlds.atlas import ATLAS
from worlds.demo import DEMO
from worlds.kindred import KINDRED

pytestmark = pytest.mark.django_db
registries_once = loaded_once(registries_load_at_the_demo_hour)
WORLDS = {"demo": DEMO, "atlas": ATLAS, "kindred": KINDRED}
PAIRS, OTHERS = 4, 2  # cases a registry gives of each kind: CI time is short
NO_VERDICT = "no comparable figure"
CURRENCIES = frozenset("$€£")
MARKER = re.compile(r"\[(\d+)\]")
FIRST = re.compile(r"(?<=[.!?\u3002])\s+")
AMOUNT = re.compile(r"(\d+(?:[.,]\d+)*)\s*(million|billion)?", re.IGNORECASE)
SCALE = {"million": 1e6, "billion": 1e9}
# A comparison asked in each language the engine answers, of two figures by their names.
ASKED = {
    "en": "Which is higher: the {a} of {A} or the {b} of {B}?",
    "es": "¿Cuál es mayor y por cuánto: {a} de {A} o {b} de {B}?",
    "de": "Wer liegt eigentlich höher, und um wie viel genau: {a} von {A} oder {b} von {B}?",
    "fr": "Lequel est le plus élevé, et de combien : {a} de {A} ou {b} de {B} ?",
    "ja": "{A}の{a}と{B}の{b}では、どちらが高いですか？",
    "ar": "أيهما أعلى، وبكم بالضبط: {a} في {A} أو {b} في {B}؟",
}


@pytest.fixture
def registries(registries_once, settings):
    settings.SVC_ASKS_PER_ADDRESS_DAY = 1000


def ask(api, question: str) -> dict:
    response = api.post("/api/ask", {"question": question}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def first_sentence(answer: dict) -> str:
    return FIRST.split(answer["answer"], maxsplit=1)[0]


def quoted(sentence: str, *said) -> bool:
    """Whether the sentence quotes each figure as its row writes it."""
    return all(figure.text in sentence for figure in said)


_HELD: dict[str, list] = {}


def held(registry: str) -> list:
    """Each of the registry's topics (by subject) with the figures its rows state (every
    status), read once for the module (the rows are the same in every test). The vocabulary is
    built first in every test: figures read a registry's quantities and themes through it."""
    vocabulary.current()
    if registry not in _HELD:
        subjects = {event.subject for event in WORLDS[registry].events}
        topics = sorted((t for t in vocabulary.current().topics if t.subject in subjects),
                        key=lambda t: t.subject)  # fmt: skip
        _HELD[registry] = [(topic, figures_of(topic)) for topic in topics]
    return _HELD[registry]


def held_of(topic) -> list:
    """The (topic, figures) of `topic`, from whichever registry holds it."""
    return [(t, found) for name in WORLDS for t, found in held(name) if t.subject == topic.subject]


def figures_of(topic) -> list:
    understood = Understanding(topic.title, "overview", None, [], [], topic.title)
    rows = gather(Event.objects.get(pk=topic.pk), topic, understood, now=timezone.now())
    layers = Layers.of(topic, rows)
    return [f for row in [*layers.readings, *layers.reports] if not row.posing
            for f in figures.held(row)]  # fmt: skip


def head(figure) -> str:
    """What a figure measures, by its last word ("federal funds rate": rate)."""
    return stem(figure.named.split()[-1]) if figure.named else ""


def curated(topic) -> frozenset:
    """The stems of the topic's title, names and terms: what every figure of it is about."""
    return frozenset(stem_set(" ".join([topic.title, *topic.names, *topic.terms])))


def values(topic, current: list, figure) -> set:
    """The values a topic's current figures give for what `figure` measures (of that topic), in
    its unit and for its period."""
    return {(f.low, f.high) for f in current if (f.unit, f.period) == (figure.unit, figure.period)
            and figures.same_quantity(f, figure, curated(topic))}  # fmt: skip


def single(topic, current: list, figure) -> bool:
    return values(topic, current, figure) == {(figure.low, figure.high)}


def current(registry: str) -> list:
    """Each of the registry's topics with its current readings (`answers.ground.figures.newest`)."""
    return [(topic, figures.newest(found, curated(topic))) for topic, found in held(registry)]


def one_quantity_pairs(registry: str) -> list:
    """(topic, figure, topic, figure): a topic of the registry and a topic of any registry whose
    figures measure one thing (the same head word) in one unit and do not overlap, each the
    single current value its topic holds of it."""
    everyone = [pair for name in WORLDS for pair in current(name)]
    ours = current(registry)
    cases = []
    for (one, mine), (other, theirs) in itertools.product(ours, everyone):
        if other.subject in {t.subject for t, _ in ours} and one.subject >= other.subject:
            continue  # a pair within the registry once, never a topic with itself
        for a, b in itertools.product(mine, theirs):
            same = head(a) and head(a) == head(b) and a.unit == b.unit != "#"
            apart = a.row.url != b.row.url and not a.overlaps(b)
            if same and apart and single(one, mine, a) and single(other, theirs, b):
                cases.append((one, a, other, b))
                break
    return cases


def two_currency_pairs(registry: str) -> list:
    """(topic, figure, topic, figure): two topics' named sums in two currencies, each the
    single current value its topic holds of what it measures."""
    cases = []
    for (one, mine), (other, theirs) in itertools.combinations(current(registry), 2):
        for a, b in itertools.product(mine, theirs):
            currencies = {a.unit, b.unit} <= CURRENCIES and a.unit != b.unit
            named = bool(a.named and b.named)
            if currencies and named and single(one, mine, a) and single(other, theirs, b):
                cases.append((one, a, other, b))
                break
    return cases


def written(figure) -> str:
    """The figure's period as its sentence writes it ("October")."""
    found = re.search(re.escape(figure.period), figure.sentence, re.IGNORECASE)
    return found.group(0) if found else figure.period


def by_how_much(sentence: str, higher, lower) -> bool:
    """Whether the sentence says, after "by", the gap between the two values (in points for
    percentages, in the sums' scale for sums), to the places it writes it with."""
    found = AMOUNT.search(sentence.split(" by ", 1)[-1])
    if not found:
        return False
    said, scale = found.group(1).replace(",", ""), SCALE.get((found.group(2) or "").lower(), 1)
    places = len(said.partition(".")[2])
    gap = higher.low - lower.high
    return abs(float(said) * scale - gap) <= 0.5 * 10**-places * scale + 1e-9


def as_of_the_newest_cited(answer: dict, sentence: str) -> bool:
    """Whether the sentence says it is as of the newest date of the rows it cites."""
    cited = [answer["citations"][int(n) - 1]["date"] for n in MARKER.findall(sentence)]
    return f"as of {max(cited)}" in sentence


@pytest.mark.parametrize("registry", list(WORLDS))
def test_two_topics_figures_of_one_quantity_get_a_verdict_first(api, registries, registry):
    cases = one_quantity_pairs(registry)[:PAIRS]
    assert cases, f"{registry} holds no two topics with figures of one quantity"
    for one, a, other, b in cases:
        answer = ask(api, ASKED["en"].format(a=a.named, A=one.title, b=b.named, B=other.title))
        first = first_sentence(answer)
        (higher, hi), (_, lo) = sorted([(one, a), (other, b)], key=lambda s: -s[1].low)
        # Named by its topic (with what it measures where the two measure other things).
        assert " is higher: " in first, (first, answer["answer"])
        assert higher.title in first.split(" is higher: ")[0], (first, answer["answer"])
        assert quoted(first, hi, lo), first
        assert by_how_much(first, hi, lo), first
        assert as_of_the_newest_cited(answer, first), first
        assert NO_VERDICT not in answer["answer"]
        assert answer["sourceCheck"]["dropped"] == 0, answer["sourceCheck"]


@pytest.mark.parametrize("registry", list(WORLDS))
def test_a_comparison_asked_in_each_language_is_a_verdict_in_it(api, registries, registry):
    cases = one_quantity_pairs(registry)[:1]
    assert cases
    one, a, other, b = cases[0]
    (higher, hi), (_, lo) = sorted([(one, a), (other, b)], key=lambda s: -s[1].low)
    for language, question in ASKED.items():
        answer = ask(api, question.format(a=a.named, A=one.title, b=b.named, B=other.title))
        first = first_sentence(answer)
        assert answer["language"] == language, answer["question"]
        assert higher.title in first.split(":")[0], (language, answer["answer"])
        assert quoted(first, hi, lo), (language, first)
        assert answer["sourceCheck"]["dropped"] == 0, answer["sourceCheck"]


def test_sums_in_two_currencies_are_said_to_be_in_different_units(api, registries):
    cases = [case for name in WORLDS for case in two_currency_pairs(name)[:OTHERS]]
    assert cases, "no registry holds sums in two currencies"
    for one, a, other, b in cases:
        asked = "Which is larger: the {a} of {A} or the {b} of {B}?"
        answer = ask(api, asked.format(a=a.named, A=one.title, b=b.named, B=other.title))
        first = first_sentence(answer)
        assert first.startswith("No verdict:"), answer["answer"]
        assert "different units" in first, first
        # Each side's sum in its currency: b itself, or another sum its topic holds in b's unit
        # of the quantity asked (a curated quantity may make two of them one: a budget's).
        theirs = [f for t, found in held_of(other) for f in found if f.unit == b.unit]
        assert quoted(first, a), first
        assert any(quoted(first, f) for f in theirs), first
        assert NO_VERDICT not in answer["answer"]


def period_pairs(registry: str) -> list:
    """(topic, figure, figure): two readings of one quantity for two periods its rows say that
    do not overlap, each the single value held for its period."""
    cases = []
    for topic, found in held(registry):
        replaced = {id(earlier) for earlier, _ in figures.revisions(found, curated(topic))}
        readings = [f for f in found if f.period and id(f) not in replaced
                    and (f.reading or f.kind == "earlier")]  # fmt: skip
        for a, b in itertools.combinations(readings, 2):
            same = figures.same_quantity(a, b, curated(topic))
            if a.period == b.period or not same or a.overlaps(b):
                continue
            if a.unit == b.unit and single(topic, readings, a) and single(topic, readings, b):
                cases.append((topic, a, b))
                break
    return cases


def test_two_readings_of_one_indicator_get_a_verdict_naming_the_higher_period(api, registries):
    cases = [case for name in WORLDS for case in period_pairs(name)][:PAIRS]
    assert cases, "no registry holds two readings of one indicator for two periods"
    for topic, a, b in cases:
        asked = "For {}, was the {} higher in {} or in {}?"
        answer = ask(api, asked.format(topic.title, a.named, written(a), written(b)))
        first = first_sentence(answer)
        hi, lo = (a, b) if a.low > b.high else (b, a)
        assert written(hi).lower() in first.lower().split(" is higher")[0], first
        assert quoted(first, hi, lo), first
        assert by_how_much(first, hi, lo), first
        assert NO_VERDICT not in answer["answer"]


def revision_cases(registry: str) -> list:
    """(topic, earlier, later): a figure a later one revises, where the later is the one current
    value of its quantity and period (no row at odds with it)."""
    cases = []
    for topic, found in held(registry):
        now = figures.newest(found, curated(topic))
        for earlier, later in figures.revisions(found, curated(topic)):
            if single(topic, now, later):
                cases.append((topic, earlier, later))
                break
    return cases


def test_a_revised_figure_comes_first_said_to_be_a_revision_not_a_disagreement(api, registries):
    cases = [case for name in WORLDS for case in revision_cases(name)][:OTHERS]
    assert cases, "no registry holds a figure a later one revises"
    for topic, earlier, later in cases:
        answer = ask(api, f"What is the {later.named} for {topic.title}?")
        first = first_sentence(answer)
        assert f"Revised from {earlier.text} to {later.text}" in first, answer["answer"]
        assert "disagree" not in answer["answer"], answer["answer"]
        cited = [c for c in answer["citations"] if later.text in c["snippet"]]
        assert cited, answer["citations"]
        assert cited[0]["n"] == 1, answer["citations"]
