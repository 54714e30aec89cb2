"""The copy rule's two error rates on the reports of tests/fixtures/reports.json (no database).

How often a copy is found (it shares a fingerprint with its original, and the shingles agree,
`ingestion.copies.copy_score`), per way of editing it, over many random edits of each report;
and how often two different reports, or a report and a short item it quotes whole, would be
joined (docs/decisions.md, "A copy is not an origin").

    .venv/bin/python bench/bench_copies.py               # 100 edits of each report per way
    .venv/bin/python bench/bench_copies.py --seeds 1000
"""

import argparse
import itertools
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PROFILES = [  # (words changed, sentences reordered, last sentences cut)
    (0, False, 0), (3, False, 0), (0, True, 0), (0, False, 1), (3, True, 0), (3, False, 1),
    (3, True, 1), (5, True, 1), (5, False, 2), (8, True, 1), (10, True, 2),
]  # fmt: skip


def verdict(original, copy) -> tuple[bool, bool]:
    """Whether `copy` (read sentences), published after `original`, is taken for a copy of it:
    (found by a shared fingerprint and judged a copy, judged a copy at all)."""
    from ingestion import copies

    judged = copies.copy_score(copy.shingles, original.shingles) > 0
    return bool(set(original.prints) & set(copy.prints)) and judged, judged


def recall(reports, seeds: int) -> None:
    from ingestion import copies
    from tests.reports import Edit, copied

    print(f"{'edit (and a new headline)':<62} found   judged")
    for words, reorder, trim in PROFILES:
        edit, counts = Edit(words, reorder, trim), [0, 0]
        for seed, report in itertools.product(range(seeds), reports):
            copy = copied(report, edit, random.Random(seed))
            for n, hit in enumerate(verdict(copies.read(report.body), copies.read(copy.body))):
                counts[n] += hit
        total = seeds * len(reports)
        print(f"{edit!s:<62} " + "  ".join(f"{c / total:6.4f}" for c in counts))


def false_joins(reports) -> None:
    from ingestion import copies
    from tests.reports import sentences

    read = [copies.read(r.body) for r in reports]
    same = cross = joined_same = joined_cross = looked_at = 0
    for (a, ra), (b, rb) in itertools.permutations(zip(reports, read, strict=True), 2):
        joined = verdict(ra, rb)[1]  # b published after a
        looked_at += bool(set(ra.prints) & set(rb.prints))
        if a.event == b.event:
            same, joined_same = same + 1, joined_same + joined
        else:
            cross, joined_cross = cross + 1, joined_cross + joined
    quoted = joined_quoted = 0
    for host, other in itertools.permutations(reports, 2):
        if host.event != other.event:
            continue
        flash = sentences(other.body)[0]
        parts = sentences(host.body)
        body = " ".join([*parts[:2], flash, *parts[2:]])
        quoted += 1
        joined_quoted += verdict(copies.read(flash), copies.read(body))[1]
    prints = sum(len(r.prints) for r in read) / len(read)
    print(f"different reports of one event joined (ordered pairs)    {joined_same} of {same}")
    print(f"reports of different events joined (ordered pairs)       {joined_cross} of {cross}")
    print(f"a later report quoting an earlier one's first sentence   {joined_quoted} of {quoted}")
    print(f"different reports sharing a fingerprint (then compared)  {looked_at} of {same + cross}")
    print(f"fingerprints kept per original                           {prints:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=100, help="random edits of each report")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()  # the ingestion package imports the models; no database is opened
    from ingestion import copies
    from tests.reports import reports

    found = reports()
    print(f"reports {len(found)}; sentences of >= {copies.SENTENCE_WORDS} words fingerprinted "
          f"by their first and last {copies.PRINT_WORDS}; a copy shares >= "
          f"{copies.COPY_SHARED} shingles with its original, >= {copies.COPY_CONTAINED} of "
          "its own")  # fmt: skip
    recall(found, args.seeds)
    false_joins(found)


if __name__ == "__main__":
    main()
