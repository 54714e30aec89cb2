"""Scoring the engine on its evaluation set (`answers/measure/eval/questions.json`), per category.

Figures, each of which a wrong engine moves:
- routing: answered cases whose first topic is the expected one (comparisons: all of them).
- wrongTopic: grounded answers that leave out the topic the question is about, or answer a
  question whose right answer is a decline. (Two topics nothing tells apart are both answered,
  labelled; routing counts that as a miss when the wrong one comes first.)
- declines: precision (declines that were right) and recall (right declines that were made); a
  decline for an untracked name must say the name.
- windowViolations: dated citations outside the case's time window.
- duplicateCitations: the same headline (a syndicated copy) cited twice in one answer.
- resolvedAsLive: a historical market capture cited in a sentence that does not say so.
- premises: false premises named first (caught) and premises named where there was none.
- languageRight: cases that name the question's language whose envelope `language` says it (a
  missing field is wrong).
- mustCite / mustNotCite / first sentence / injected words: the case's own expectations.
Each registry's set runs as of that registry's anchor day (the day its rows were laid out from),
so windows like "this week" mean the same rows whenever the set runs. Every registry is loaded
for each one's set, so each one's topics are distractors for the others' questions.

The identity set (`identity.json`, `identity_evaluate`) is scored apart, per class: questions
naming a subject no registry tracks that shares words with one it does (declined right: not
grounded, no topic named, nothing cited, the first sentence naming the untracked words and, in
English, saying the registry does not track them), and near misses that must still be answered
from their topic.
"""

import json
import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from django.db import transaction

from answers.measure.casegen import cases_generate
from answers.measure.figurecases import figure_score, premise_first
from answers.serve import engine
from answers.understand import embeddings
from records.services import records_transition
from registry.models import Event
from worlds.atlas import ATLAS, atlas_anchor_day, atlas_load
from worlds.demo import DEMO, World, anchor_day, demo_load
from worlds.kindred import KINDRED, kindred_anchor_day, kindred_load
from worlds.synth import PREFIX as SYNTH_PREFIX
from worlds.synth import synth_generate

EVAL_DIR = Path(__file__).resolve().parent / "eval"
EVAL_SET = EVAL_DIR / "questions.json"
IDENTITY_SET = EVAL_DIR / "identity.json"
# How an English decline's first sentence says its subject is untracked ("The registry does not
# track ..."): the issue's wording, held on English cases only (other languages say it their way).
NOT_TRACKED = "does not track"
# How an English answer names a premise first: not held, or contradicted by the record.
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


@dataclass(frozen=True)
class Registry:
    load: Callable[..., dict]
    anchor: Callable[[], date | None]
    cases: Path
    world: World

    @property
    def subjects(self) -> frozenset[str]:
        return frozenset(event.subject for event in self.world.events)


REGISTRIES = {
    "demo": Registry(demo_load, anchor_day, EVAL_SET, DEMO),
    "atlas": Registry(atlas_load, atlas_anchor_day, EVAL_DIR / "atlas.json", ATLAS),
    "kindred": Registry(kindred_load, kindred_anchor_day, EVAL_DIR / "kindred.json", KINDRED),
}
GENERATED_SEED = 51


def load_cases(path: Path = EVAL_SET) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["cases"]


def registries_evaluate(
    names: list[str], *, files: dict[str, Path] | None = None
) -> dict[str, dict[str, Any]]:
    """Each named registry's set scored with every registry loaded, as of its own anchor day.

    Runs in one transaction rolled back at the end: the loads (idempotent: nothing new where a
    registry is already there) and the day's states leave a `make run` database as it was.
    """
    files = files or {}
    with transaction.atomic():
        registries_load()
        scores = {
            name: evaluate(
                load_cases(files.get(name, REGISTRIES[name].cases)),
                day=REGISTRIES[name].anchor(),
            )
            for name in names
        }
        transaction.set_rollback(True)
    return scores


def registries_load(names: list[str] | None = None) -> None:
    """Every registry loaded (or those named), with today's states and the documents' vectors
    (inside a transaction its caller rolls back)."""
    for name, registry in REGISTRIES.items():
        if names is None or name in names:
            registry.load()
    records_transition()
    embeddings.documents_embed(limit=None)  # as the beat keeps them: asks compute none


def evaluate(cases: list[dict[str, Any]], *, day: date,
             answered: list | None = None) -> dict[str, Any]:  # fmt: skip
    """Run every case as of `day` (end of day, UTC) and score it; each (question, instant,
    answer) appended to `answered` when given (the quality card asks them again)."""
    now = datetime.combine(day, time(23, 59), tzinfo=UTC)
    tallies: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    failures = []
    for case in cases:
        question = dated(case["question"], day)
        result = engine.answer(question, now=now)
        problems = score(case, result, day, tallies[case["category"]])
        tallies[case["category"]]["passed"] += not problems
        if answered is not None:
            answered.append((question, now, result))
        if problems:
            failures.append({"question": question, "problems": problems})
    return summary(tallies, failures, len(cases))


def score(case: dict, result: dict, day: date, tally: dict) -> list[str]:
    problems = []
    tally["cases"] += 1
    got = [t["topic"] for t in result["topics"]]
    if case.get("declined"):
        tally["declinesExpected"] += 1
        if result["grounded"]:
            tally["wrongTopic"] += 1
            problems.append(f"answered from {got} instead of declining")
        else:
            tally["declinesRight"] += 1
            tally["declinesMade"] += 1
            name = case.get("untracked")
            if name and name.lower() not in result["answer"].lower():
                problems.append(f"declined without naming {name} as untracked")
    else:
        tally["routable"] += 1
        want = case["topics"]
        routed = got[:1] == want[:1] if len(want) == 1 else set(want) <= set(got)
        tally["routedRight"] += routed
        if not result["grounded"]:
            tally["declinesMade"] += 1
            problems.append("declined a question the registry answers")
        elif want[0] not in got:
            tally["wrongTopic"] += 1
            problems.append(f"answered from {got}, expected {want}")
        elif not routed:
            problems.append(f"routed to {got}, expected {want}")
    problems += _citations(case, result, day, tally)
    problems += _wording(case, result, tally)
    problems += _language(case, result, tally)
    return problems


def _language(case: dict, result: dict, tally: dict) -> list[str]:
    want = case.get("language")
    if not want:
        return []
    tally["languages"] += 1
    got = result.get("language")
    tally["languageRight"] += got == want
    return [] if got == want else [f"answered in {got or 'no stated language'}, expected {want}"]


def _citations(case: dict, result: dict, day: date, tally: dict) -> list[str]:
    problems = []
    cited = result["citations"]
    for must in case.get("mustCite", []):
        hit = any(
            c["layer"] == must["layer"]
            and must["contains"].lower() in f"{c['title']} {c['snippet']}".lower()
            for c in cited
        )
        if not hit:
            problems.append(f"missing citation {must}")
    for word in case.get("mustNotCite", []):
        if any(word.lower() in f"{c['title']} {c['snippet']}".lower() for c in cited):
            problems.append(f"cited a row carrying {word!r}")
    window = case.get("window")
    if window:
        start, end = expected_window(window, day)
        outside = [c for c in cited if c["date"] and not start <= c["date"] <= end]
        tally["windowViolations"] += len(outside)
        if outside:
            problems.append(f"{len(outside)} citations outside {start} to {end}")
    titles = [c["title"].lower() for c in cited if c["layer"] == "reporting"]
    tally["duplicateCitations"] += len(titles) - len(set(titles))
    for sentence in _SENTENCE.split(result["answer"]):
        for n in re.findall(r"\[(\d+)\]", sentence):
            row = cited[int(n) - 1]
            # "histor": historical, historische, historique, histórica (the answer's language),
            # its accents dropped first: "histórica" does not contain "histor" as written.
            if "historical capture" in row["snippet"] and "histor" not in _unaccented(sentence):
                tally["resolvedAsLive"] += 1
                problems.append("a historical market capture stated as live")
    return problems


def _unaccented(text: str) -> str:
    return "".join(
        c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c)
    )


def _wording(case: dict, result: dict, tally: dict) -> list[str]:
    problems = []
    answer = result["answer"]
    named_premise = premise_first(answer)
    if case.get("premise"):
        tally["premises"] += 1
        tally["premisesCaught"] += named_premise
        if not named_premise:
            problems.append("the false premise was not named first")
    elif named_premise:
        tally["premisesInvented"] += 1
        problems.append("named a premise the question did not take")
    first = case.get("firstSentenceContains")
    if first and first.lower() not in _SENTENCE.split(answer)[0].lower():
        problems.append(f"the first sentence does not say {first!r}")
    for word in case.get("answerLacks", []):
        if word.lower() in answer.lower():
            problems.append(f"the answer says the injected {word!r}")
    return problems


def summary(tallies: dict, failures: list, cases: int) -> dict[str, Any]:
    categories = {name: _figures(t) for name, t in sorted(tallies.items())}
    total: dict[str, int] = defaultdict(int)
    for tally in tallies.values():
        for key, value in tally.items():
            total[key] += value
    return {
        "cases": cases,
        **_figures(total),
        "categories": categories,
        "tally": dict(total),  # the counts behind the figures (the quality card's)
        "failures": failures,
    }


def _figures(t: dict) -> dict[str, Any]:
    made, expected = t["declinesMade"], t["declinesExpected"]
    return {
        "cases": t["cases"],
        "passed": t["passed"],
        "routing": round(t["routedRight"] / t["routable"], 3) if t["routable"] else None,
        "wrongTopic": t["wrongTopic"],
        "declinePrecision": round(t["declinesRight"] / made, 3) if made else None,
        "declineRecall": round(t["declinesRight"] / expected, 3) if expected else None,
        "windowViolations": t["windowViolations"],
        "duplicateCitations": t["duplicateCitations"],
        "resolvedAsLive": t["resolvedAsLive"],
        "premisesCaught": f"{t['premisesCaught']}/{t['premises']}" if t["premises"] else None,
        "premisesInvented": t["premisesInvented"],
        "languageRight": round(t["languageRight"] / t["languages"], 3) if t["languages"] else None,
    }


def identity_evaluate(
    *, path: Path = IDENTITY_SET, registries: list[str] | None = None
) -> dict[str, Any]:
    """The identity set scored per class and per registry: each registry's cases as of its own
    anchor day, with every registry loaded, in one transaction rolled back at the end."""
    cases = [c for c in load_cases(path) if not registries or c["registry"] in registries]
    with transaction.atomic():
        registries_load()
        scored = identity_scored(cases)
        transaction.set_rollback(True)
    return scored


def generated_evaluate(
    *, registries: list[str] | None = None, seed: int = GENERATED_SEED,
    per_class: int | None = None, synth: bool = True,
) -> dict[str, Any]:  # fmt: skip
    """Cases generated from each registry's own topics (`answers.measure.casegen`), and from a
    slice of the synthetic registry (`synth`), scored as the identity set is, per class and per
    registry, every registry loaded, in one transaction rolled back at the end."""
    with transaction.atomic():
        registries_load()
        cases = generated_cases(registries=registries, seed=seed, per_class=per_class)
        if synth:
            cases += synth_cases(seed=seed, per_class=per_class)
        scored = identity_scored(cases)
        transaction.set_rollback(True)
    return scored


def generated_cases(*, registries: list[str] | None = None, seed: int = GENERATED_SEED,
                    per_class: int | None = None) -> list[dict]:  # fmt: skip
    """The generated cases of each curated registry (loaded)."""
    return [
        case
        for name in registries or list(REGISTRIES)
        for case in cases_generate(
            registry=name, seed=seed, per_class=per_class, subjects=REGISTRIES[name].subjects
        )
    ]


SYNTH_SLICE = {"events": 200, "entities": 400, "documents": 4000}


def synth_cases(*, seed: int = GENERATED_SEED, per_class: int | None = None) -> list[dict]:
    """The generated cases of a 200-topic slice of the synthetic registry: laid out now (inside
    the caller's transaction) unless a synthetic registry is already held, whose first 200
    topics are then the slice."""
    if not Event.objects.filter(subject__startswith=f"{SYNTH_PREFIX}-").exists():
        synth_generate(**SYNTH_SLICE, seed=seed, anchor=synth_anchor())
    subjects = Event.objects.filter(subject__startswith=f"{SYNTH_PREFIX}-topic-").order_by("pk")
    names = frozenset(subjects.values_list("subject", flat=True)[: SYNTH_SLICE["events"]])
    return cases_generate(registry="synth", seed=seed, per_class=per_class, subjects=names)


def synth_anchor() -> date:
    """The synthetic slice's day: the demo's, so every registry is asked as of its own rows."""
    return REGISTRIES["demo"].anchor() or datetime.now(UTC).date()


def identity_scored(cases: list[dict[str, Any]]) -> dict[str, Any]:
    """The identity cases scored, each as of its registry's anchor day (every registry loaded)."""
    tallies: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    failures = []
    days = {name: REGISTRIES[name].anchor() for name in REGISTRIES} | {"synth": synth_anchor()}
    for case in cases:
        now = datetime.combine(days[case["registry"]], time(23, 59), tzinfo=UTC)
        result = engine.answer(case["question"], now=now)
        problems = (figure_score if case.get("counts") else identity_score)(case, result)
        extras = identity_extras(case, result)
        for key in ("total", f"class:{case['class']}", f"registry:{case['registry']}"):
            _identity_tally(tallies[key], case, problems, extras)
        problems += [f"{name} wrong" for name, right in extras.items() if not right]
        if problems:
            failures.append({**_case_key(case), "problems": problems})
    return identity_summary(tallies, failures)


def identity_score(case: dict, result: dict) -> list[str]:
    """What is wrong with one identity answer: [] when a decline is right or a near miss is
    answered from its topic."""
    got = [t["topic"] for t in result["topics"]]
    if not case.get("declined"):
        # Its topic answers, or says it holds nothing for the question's window: either way the
        # subject was known (a decline as untracked names no topic).
        if not got:
            return ["declined a near miss the registry answers"]
        return (
            [] if got[:1] == case["topics"][:1] else [f"answered from {got}, not {case['topics']}"]
        )
    first = _SENTENCE.split(result["answer"])[0].lower()
    problems = []
    if result["grounded"]:
        problems.append(f"answered from {got} instead of declining")
    elif got:  # "the registry tracks X but holds nothing for this" is not untracked
        problems.append(f"declined naming {got}, not as untracked")
    if result["citations"]:
        problems.append(f"a decline citing {len(result['citations'])} rows")
    if case["untracked"].lower() not in first:
        problems.append(f"the first sentence does not name {case['untracked']!r}")
    if not case.get("language") and NOT_TRACKED not in first:
        problems.append("the first sentence does not say the registry does not track it")
    return problems


def identity_extras(case: dict, result: dict) -> dict[str, bool]:
    """The figures reported beside right and wrong: the key fact first, the answer's language."""
    extras = {}
    fact = case.get("firstSentenceContains")
    if fact:
        extras["keyFact"] = fact.lower() in _SENTENCE.split(result["answer"])[0].lower()
    if case.get("language"):
        extras["language"] = result.get("language") == case["language"]
    neighbour = case.get("neighbourOf") if case.get("declined") else None
    if neighbour:  # a decline names, in words, the tracked topic the case was made from
        title = Event.objects.filter(subject=neighbour).values_list("title", flat=True).first()
        extras["pointer"] = bool(title) and title.lower() in result["answer"].lower()
    return extras


def _identity_tally(tally: dict, case: dict, problems: list, extras: dict) -> None:
    kind = case.get("counts") or ("declines" if case.get("declined") else "nearMisses")
    tally["cases"] += 1
    tally[kind] += 1
    tally[f"{kind}Right"] += not problems
    for name, right in extras.items():
        tally[f"{name}s"] += 1
        tally[f"{name}sRight"] += right


def _case_key(case: dict) -> dict[str, str]:
    return {"registry": case["registry"], "class": case["class"], "question": case["question"]}


def identity_summary(tallies: dict, failures: list) -> dict[str, Any]:
    def group(prefix: str) -> dict[str, Any]:
        return {
            key.removeprefix(prefix): _identity_figures(tally)
            for key, tally in sorted(tallies.items())
            if key.startswith(prefix)
        }

    total = _identity_figures(tallies["total"])
    return {
        **total,
        "classes": group("class:"),
        "registries": group("registry:"),
        "tally": dict(tallies["total"]),  # the counts behind the figures (the quality card's)
        "failures": failures,
    }


def _identity_figures(t: dict) -> dict[str, Any]:
    def share(right: str, of: str) -> float | None:
        return round(t[right] / t[of], 3) if t[of] else None

    def count(right: str, of: str) -> str | None:
        return f"{t[right]}/{t[of]}" if t[of] else None

    return {
        "cases": t["cases"],
        "declinesRight": share("declinesRight", "declines"),
        "declines": count("declinesRight", "declines"),
        "nearMissesRight": share("nearMissesRight", "nearMisses"),
        "nearMisses": count("nearMissesRight", "nearMisses"),
        "verdicts": count("verdictsRight", "verdicts"),
        "premises": count("premisesRight", "premises"),
        "newest": count("newestRight", "newest"),
        "keyFacts": count("keyFactsRight", "keyFacts"),
        "pointers": count("pointersRight", "pointers"),
        "languageRight": share("languagesRight", "languages"),
    }


# Windows counted back from the evaluation day: "past-N-days" and "last-N-weeks" end today and
# start N days (weeks) before it, so a parser that counts today in or out both pass; "since-N"
# is a question's {since_weekday} or {since_date} (the day N days back) to today; "between" is
# {between_start} to {between_end}.
_BACK = re.compile(r"(past|last|since)-(\d+)(-days|-weeks|)$")
SINCE_WEEKDAY_BACK, SINCE_DATE_BACK = 3, 10
BETWEEN_BACK = (20, 12)


def week_month(day: date) -> date:
    """The first day of the month whose first week is wholly past on `day`: this month's from
    the 8th, else last month's (on 1 December, "the first week of December" is mostly ahead)."""
    first = day.replace(day=1)
    return first if day.day > 7 else (first - timedelta(days=1)).replace(day=1)


def expected_window(name: str, day: date) -> tuple[str, str]:
    """The window a case names, as ISO dates, worked out here apart from the engine's parser."""
    first = day.replace(day=1)
    week = week_month(day)
    monday = day - timedelta(days=day.weekday())
    last_month_end = first - timedelta(days=1)
    spans = {
        "this-week": (monday, monday + timedelta(days=6)),
        "last-week": (monday - timedelta(days=7), monday - timedelta(days=1)),
        "yesterday": (day - timedelta(days=1), day - timedelta(days=1)),
        "first-week-of-month": (week, week + timedelta(days=6)),
        "last-month": (last_month_end.replace(day=1), last_month_end),
        "this-month": (first, day),
        "between": tuple(day - timedelta(days=back) for back in BETWEEN_BACK),
    }
    back = _BACK.match(name)
    if back:
        n = int(back.group(2)) * (7 if back.group(3) == "-weeks" else 1)
        spans[name] = (day - timedelta(days=n), day)
    start, end = spans[name]
    return start.isoformat(), end.isoformat()


def dated(question: str, day: date) -> str:
    last_month = day.replace(day=1) - timedelta(days=1)
    since_weekday = day - timedelta(days=SINCE_WEEKDAY_BACK)
    start, end = (day - timedelta(days=back) for back in BETWEEN_BACK)
    week = week_month(day)
    return question.format(
        month=day.strftime("%B"),
        week_month=week.strftime("%B") if week.year == day.year else week.strftime("%B %Y"),
        last_month=last_month.strftime("%B"),
        year=last_month.year,
        since_weekday=since_weekday.strftime("%A"),
        since_date=_spoken(day - timedelta(days=SINCE_DATE_BACK)),
        between_start=_spoken(start),
        between_end=_spoken(end),
    )


def _spoken(day: date) -> str:
    return f"{day:%B} {day.day}"
