"""The quality card: the Answer Engine's evaluation over every registry the project holds, per
class, as counts, rates and 95% Wilson intervals (`manage.py publish_quality`, stored by
`answers.services.quality_card_store`, served as `svc.quality.v1`).

The classes and what each counts as right, over which cases:
- routing: answerable questions of the general sets (demo, atlas, kindred) routed to their topic;
- declines: questions whose honest answer is a decline (untracked, out of scope), declined;
- identity: the identity set, untracked neighbours declined and near misses answered;
- premises: false premises named first;
- comparisons: comparison questions that pass every check of their case;
- conflicts: the conflicts set (`eval/conflicts.json`), rows at odds said to disagree with both
  sides cited, rows that agree never said to;
- languages: questions in another language answered in it;
- repeatStability: every general question asked again as of the same instant, after all the
  others, answering the same words and citations;
- generated: cases generated from each registry's own topics (`answers.measure.casegen`:
  neighbours of another kind, edition, place, period or longer name declined; aliases, former
  names, misspellings and own-kind nouns answered), which no hand-written list was tuned to;
- inventedClaims: answers phrased by a model that lies on purpose (each kind of lie of the
  lying-model suite, `LIES`, on questions over the demo and the atlas) that carry none of its
  lies (the engine's `generator` seam, in process: the same reading and check as a model behind
  `SVC_ANSWER_GENERATOR_URL`, without the HTTP call, which tests/answers/test_phrasing.py holds).

Everything runs inside one transaction rolled back at the end, as `eval_answers` does.
"""

import re
import shutil
import subprocess
from datetime import UTC, datetime, time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from scipy.stats import binomtest

from answers.measure.casegen import cases_generate
from answers.measure.evaluation import (
    EVAL_DIR,
    GENERATED_SEED,
    IDENTITY_SET,
    REGISTRIES,
    evaluate,
    identity_scored,
    load_cases,
    registries_load,
)
from answers.serve import engine

LEVEL = 0.95
CONFLICTS_SET = EVAL_DIR / "conflicts.json"
STATEMENT = (
    "These figures are the project's own cases: questions the project wrote over worlds it "
    "built (the demo, atlas and kindred registries), and questions generated from those "
    "registries' own topics by rules that read the registry (the generated class), scored by "
    "its own harness, with a model that lies on purpose written by the project too. They are "
    "not an independent benchmark: a rate here says how the engine does on these cases, not on "
    "questions nobody wrote."
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_FIGURES = re.compile(r"\d+(?:\.\d+)?%?")
# The lying-model suite's questions, each with the registry whose anchor day it is asked as of.
LYING_QUESTIONS = (
    ("demo", "What did the Fed decide, and where do markets stand on a cut?"),
    ("demo", "How strong did Hurricane Tavia get?"),
    ("atlas", "What did the Central Bank of Corvala do with its rate?"),
    ("atlas", "How long are the Valmora dockworkers staying out?"),
)


def wilson(right: int, of: int) -> tuple[float, float]:
    """The 95% Wilson score interval of `right` in `of` (scipy's, without continuity correction;
    tests/answers/test_quality.py holds it to Newcombe 1998's published intervals); the whole
    unit interval when nothing ran."""
    if not of:
        return 0.0, 1.0
    interval = binomtest(right, of).proportion_ci(confidence_level=LEVEL, method="wilson")
    return float(interval.low), float(interval.high)


def lies(facts: dict[int, str]) -> dict[str, tuple[str, str]]:
    """Each kind of lie a model may tell over numbered facts, as (its text, a string that must
    never reach the answer)."""
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


LIES = tuple(lies({1: "a 1", 2: "b 2"}))


def quality_evaluate(*, registries: list[str] | None = None, limit: int | None = None) -> dict:
    """Every class's counts over `registries` (all by default: each one's topics distractors
    for the others' questions; named ones, only those loaded), at most `limit` cases of each
    set when given (a quick check's subset: the card says it is not the whole evaluation)."""
    names = registries or list(REGISTRIES)
    with transaction.atomic():
        registries_load(None if registries is None else names)
        answered: list = []
        general = {
            name: evaluate(_first(load_cases(REGISTRIES[name].cases), limit),
                           day=REGISTRIES[name].anchor(), answered=answered)
            for name in names
        }  # fmt: skip
        ran = {
            "general": general,
            "identity": identity_scored(_first(_of(load_cases(IDENTITY_SET), names), limit)),
            "conflicts": conflicts_scored(_first(_of(load_cases(CONFLICTS_SET), names), limit)),
            "generated": identity_scored(_generated(names, limit)),
            "repeat": repeat_scored(answered),
            "lies": lies_scored([q for q in LYING_QUESTIONS if q[0] in names], limit),
            # read now: the anchor days are the loaded rows', gone once rolled back
            "asOf": {name: REGISTRIES[name].anchor().isoformat() for name in names},
        }
        transaction.set_rollback(True)
    return ran


def _generated(names: list[str], limit: int | None) -> list[dict]:
    """The cases generated from each named registry's own topics (`limit` of each class)."""
    return [
        case
        for name in names
        for case in cases_generate(
            registry=name, seed=GENERATED_SEED, per_class=limit, subjects=REGISTRIES[name].subjects
        )
    ]


def _first(cases: list, limit: int | None) -> list:
    return cases if limit is None else cases[:limit]


def _of(cases: list[dict], names: list[str]) -> list[dict]:
    return [case for case in cases if case["registry"] in names]


def _as_of(registry: str) -> datetime:
    return datetime.combine(REGISTRIES[registry].anchor(), time(23, 59), tzinfo=UTC)


def conflicts_scored(cases: list[dict]) -> dict[str, Any]:
    """Rows at odds said to disagree in the first sentence, both sides (two sources) cited; rows
    that agree never said to."""
    right, failures = 0, []
    for case in cases:
        result = engine.answer(case["question"], now=_as_of(case["registry"]))
        said = "disagree" in _SENTENCE.split(result["answer"])[0].lower()
        sides = len({c["source"] for c in result["citations"]}) >= 2
        ok = said and sides if case["conflict"] else "disagree" not in result["answer"].lower()
        right += ok
        if not ok:
            failures.append({"question": case["question"], "answer": result["answer"][:300]})
    return {"right": right, "of": len(cases), "failures": failures}


def repeat_scored(answered: list) -> dict[str, Any]:
    """Each question asked again as of the same instant: the same words and citations."""
    same, failures = 0, []
    for question, now, first in answered:
        again = engine.answer(question, now=now)
        alike = (again["answer"], again["citations"]) == (first["answer"], first["citations"])
        same += alike
        if not alike:
            failures.append({"question": question})
    return {"right": same, "of": len(answered), "failures": failures}


def lies_scored(questions: list[tuple[str, str]], limit: int | None) -> dict[str, Any]:
    """Each kind of lie on each question: answers the lying model phrased that carry no lie."""
    clean, asked, failures = 0, 0, []
    for kind in _first(list(LIES), limit):
        for registry, question in questions:
            told: dict[str, str] = {}
            result = engine.answer(question, generator=_liar(kind, told), now=_as_of(registry))
            if "tell" not in told:
                continue  # nothing was phrased (no rows): no lie was put to the engine
            asked += 1
            invented = told["tell"].lower() in result["answer"].lower()
            clean += not invented
            if invented:
                failures.append({"kind": kind, "question": question})
    return {"right": clean, "of": asked, "failures": failures}


def _liar(kind: str, told: dict):
    """A phrasing model that answers with the lie of `kind` over the facts it is given."""

    def phrase(question: str, facts: list, language: str = "en") -> str:
        text, told["tell"] = lies({fact.n: fact.clause for fact in facts})[kind]
        return text

    return phrase


def code_version() -> dict[str, Any]:
    """The service's version, and the commit the evaluation ran on when the code is a git
    checkout (with whether it had changes not committed)."""
    commit, changed = None, None
    git = shutil.which("git")
    if git:
        head = _git(git, "rev-parse", "HEAD")
        if head:
            commit = head
            changed = bool(_git(git, "status", "--porcelain", "--untracked-files=no"))
    return {"serviceVersion": settings.SVC_VERSION, "commit": commit, "uncommitted": changed}


def _git(git: str, *args: str) -> str:
    found = subprocess.run(  # noqa: S603 - git itself, fixed arguments, the checkout's own folder
        [git, *args], cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=30,
        check=False,
    )  # fmt: skip
    return found.stdout.strip() if found.returncode == 0 else ""


def quality_card(ran: dict[str, Any], *, registries: list[str], limit: int | None) -> dict:
    """The card from an evaluation's counts: per class, right of how many, the rate and its
    interval; what ran, when, on which code; and the plain statement of whose cases these are."""
    return {
        "statement": STATEMENT,
        "evaluation": _evaluation(ran, registries, limit),
        "code": code_version(),
        "interval": {"method": "wilson", "level": LEVEL},
        "classes": {name: _row(name, *pair) for name, pair in _counts(ran).items()},
    }


def _counts(ran: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """(right, of) per class, from the tallies of what ran."""
    general, identity = ran["general"].values(), ran["identity"]["tally"]
    generated = ran["generated"]["tally"]

    def total(key: str) -> int:
        return sum(g["tally"].get(key, 0) for g in general)

    compared = [g["categories"].get("comparison", {}) for g in general]
    return {
        "routing": (total("routedRight"), total("routable")),
        "declines": (total("declinesRight"), total("declinesExpected")),
        "identity": (
            identity.get("declinesRight", 0) + identity.get("nearMissesRight", 0),
            identity.get("cases", 0),
        ),
        "premises": (total("premisesCaught"), total("premises")),
        "comparisons": (
            sum(c.get("passed", 0) for c in compared),
            sum(c.get("cases", 0) for c in compared),
        ),
        "conflicts": (ran["conflicts"]["right"], ran["conflicts"]["of"]),
        "generated": (
            sum(generated.get(f"{kind}Right", 0) for kind in GENERATED_KINDS),
            generated.get("cases", 0),
        ),
        "languages": (total("languageRight"), total("languages")),
        "repeatStability": (ran["repeat"]["right"], ran["repeat"]["of"]),
        "inventedClaims": (ran["lies"]["right"], ran["lies"]["of"]),
    }


# How the generated cases are counted: declines, near misses, and the figure classes' verdicts,
# premises and newest readings (`answers.measure.figurecases`).
GENERATED_KINDS = ("declines", "nearMisses", "verdicts", "premises", "newest")

MEASURES = {
    "routing": "Answerable questions of the general sets routed to the topic they are about.",
    "declines": "Questions whose honest answer is a decline (an untracked subject, a request "
    "the service does not serve), declined.",
    "identity": "Untracked subjects that share words with tracked ones declined, and near "
    "misses answered from their topic (the identity set).",
    "premises": "False premises named first.",
    "comparisons": "Comparison questions that pass every check of their case.",
    "conflicts": "Rows at odds said to disagree, both sides cited; rows that agree never said "
    "to (the conflicts set).",
    "generated": "Cases generated from each registry's own topics: neighbours of another "
    "kind, edition, place, period or longer name and untracked names declined; aliases, former "
    "names, misspellings, lower-case names, own-kind nouns and the topic's name after its "
    "lead's possessive answered from their topic; two "
    "topics' figures of one quantity given a verdict first; a wrong figure named first; the "
    "issuer's newest reading first.",
    "languages": "Questions in another language answered in it.",
    "repeatStability": "Questions asked again as of the same instant, after all the others, "
    "answered with the same words and citations.",
    "inventedClaims": "Answers phrased by a model that lies on purpose (each kind of lie of the "
    "lying-model suite) that carry none of its lies.",
}


def _row(name: str, right: int, of: int) -> dict[str, Any]:
    low, high = wilson(right, of)
    return {
        "measures": MEASURES[name],
        "right": right,
        "of": of,
        "rate": round(right / of, 4) if of else None,
        "interval": {"low": round(low, 4), "high": round(high, 4)},
    }


def _evaluation(ran: dict, registries: list[str], limit: int | None) -> dict[str, Any]:
    sets = [
        {"set": name, "file": _shown(REGISTRIES[name].cases), "cases": figures["cases"],
         "asOf": ran["asOf"][name]}
        for name, figures in ran["general"].items()
    ]  # fmt: skip
    sets += [
        {"set": "identity", "file": _shown(IDENTITY_SET), "cases": ran["identity"]["cases"]},
        {"set": "conflicts", "file": _shown(CONFLICTS_SET), "cases": ran["conflicts"]["of"]},
        {"set": "generated", "file": None, "cases": ran["generated"]["cases"]},
        {"set": "repeat", "file": None, "cases": ran["repeat"]["of"]},
        {"set": "lying-model", "file": None, "cases": ran["lies"]["of"]},
    ]
    return {
        "date": timezone.now().date().isoformat(),
        "ranAt": timezone.now().isoformat(),
        "registries": registries,
        "complete": limit is None and sorted(registries) == sorted(REGISTRIES),
        "casesPerSetAtMost": limit,
        "asks": sum(s["cases"] for s in sets),
        "sets": sets,
    }


def _shown(path: Path) -> str:
    return str(path.relative_to(settings.BASE_DIR))
