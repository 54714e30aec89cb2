"""Scoring the engine on the evaluation set (`answers/eval/questions.json`).

Citation precision: cited rows that are on topic, over all cited rows. Citation recall: rows a
correct answer must cite that were cited, over all such rows. Grounded-or-declined: answers
that were grounded when the registry holds the answer and declined when it does not.
"""

import json
from pathlib import Path
from typing import Any

from answers import engine

EVAL_SET = Path(__file__).resolve().parent / "eval" / "questions.json"


def load_cases(path: Path = EVAL_SET) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["cases"]


def evaluate(cases: list[dict[str, Any]]) -> dict[str, Any]:
    cited = on_topic = required = found = right_kind = 0
    misses = []
    for case in cases:
        result = engine.answer(case["question"])
        right_kind += result["grounded"] == case["grounded"]
        citations = result["citations"]
        cited += len(citations)
        on_topic += sum(_on_topic(c, case["relevant"]) for c in citations)
        for must in case["mustCite"]:
            required += 1
            if any(
                c["layer"] == must["layer"] and must["title"].lower() in c["title"].lower()
                for c in citations
            ):
                found += 1
            else:
                misses.append({"question": case["question"], "missing": must})
    return {
        "cases": len(cases),
        "citationPrecision": round(on_topic / cited, 3) if cited else 1.0,
        "citationRecall": round(found / required, 3) if required else 1.0,
        "groundedOrDeclined": round(right_kind / len(cases), 3),
        "misses": misses,
    }


def _on_topic(citation: dict[str, Any], relevant: list[str]) -> bool:
    text = f"{citation['title']} {citation['snippet']} {citation['url']}".lower()
    return any(term in text for term in relevant)
