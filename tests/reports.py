"""Reports and their copies, for the copy rule (`ingestion.copies`): independent reports of the
same events from `fixtures/reports.json`, and copies made from them as a copier would make them
(a new headline, a few words of the body changed, sentences reordered or the last trimmed).
Shared by tests/registry/test_copies.py and bench/bench_copies.py."""

import json
import random
import re
from dataclasses import dataclass
from pathlib import Path

REPORTS = json.loads((Path(__file__).parent / "fixtures" / "reports.json").read_text())
# A copier's words: none is in any report, so a changed word is a changed shingle.
SWAPS = "fresh prior sizeable slight nearby crucial prompt delayed chief leading".split()
HEADLINE_WORDS = "update latest brief what we know now here is the story so far today".split()
_SENTENCE = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][\"\u201d])\s+")


@dataclass(frozen=True)
class Report:
    event: str
    title: str
    body: str


@dataclass(frozen=True)
class Edit:
    """How a copier changes a body: `words` replaced, sentences shuffled, the last `trim` cut."""

    words: int = 0
    reorder: bool = False
    trim: int = 0

    def __str__(self) -> str:
        parts = [f"{self.words} words changed"] if self.words else []
        parts += ["sentences reordered"] if self.reorder else []
        parts += [f"last {self.trim} sentence(s) cut"] if self.trim else []
        return ", ".join(parts) or "verbatim"


def reports() -> list[Report]:
    return [
        Report(event["event"], report["title"], report["body"])
        for event in REPORTS["events"]
        for report in event["reports"]
    ]


def sentences(body: str) -> list[str]:
    return [s for s in _SENTENCE.split(body) if s.strip()]


def copied(report: Report, edit: Edit, rng: random.Random) -> Report:
    """A copy of the report under a headline of its own, its body edited as `edit` says."""
    kept = sentences(report.body)
    if edit.reorder:
        rng.shuffle(kept)
    kept = kept[: max(1, len(kept) - edit.trim)]
    words = " ".join(kept).split(" ")
    for position in rng.sample(range(len(words)), edit.words):
        words[position] = rng.choice(SWAPS)
    title = " ".join(rng.sample(HEADLINE_WORDS, 6)).capitalize()
    return Report(report.event, title, " ".join(words))
