"""The copy rule's two error rates on the reports of tests/fixtures/reports.json (no database).

How often a copy is found (its body shares a band with its original's and the shingles agree,
`ingestion.origins.copy_score`), per way of editing it, over many random edits of each report;
and how often two different reports, or a report and a short item it quotes whole, would be
joined. Beside the bodies' 21 bands of 3 rows, the stories' 16 of 4 on the same signature, for
comparison (docs/decisions.md, "A copy is not an origin").

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
    (3, True, 1), (5, True, 1), (5, False, 2),
]  # fmt: skip


def story_bands(body: frozenset[bytes]) -> set:
    """The body's signature cut as the stories' signatures are (16 bands of 4 rows)."""
    import numpy as np
    from datasketch import MinHash

    from ingestion import origins

    minhash = MinHash(num_perm=origins.PERMUTATIONS, seed=origins.SEED, scheme=origins.SCHEME)
    minhash.update_batch(list(body))
    return set(origins.band_hashes(minhash.hashvalues.astype(np.uint32)))


def verdict(original, copy) -> tuple[bool, bool, bool]:
    """Whether `copy`, published after `original`, is found to copy it: (found by the bodies'
    bands and judged a copy, judged a copy at all, found by the stories' 16 x 4 and judged)."""
    from ingestion import origins

    judged = origins.copy_score(copy.body, original.body) > 0
    found = bool(set(original.body_bands) & set(copy.body_bands)) and judged
    by_story_bands = bool(story_bands(original.body) & story_bands(copy.body)) and judged
    return found, judged, by_story_bands


def recall(reports, seeds: int) -> None:
    from ingestion import origins
    from tests.reports import Edit, copied

    print(f"{'edit (and a new headline)':<58} found   judged  16x4")
    for words, reorder, trim in PROFILES:
        edit, counts = Edit(words, reorder, trim), [0, 0, 0]
        for seed, report in itertools.product(range(seeds), reports):
            copy = copied(report, edit, random.Random(seed))
            signed = origins.signed(report.title, report.body)
            for n, hit in enumerate(verdict(signed, origins.signed(copy.title, copy.body))):
                counts[n] += hit
        total = seeds * len(reports)
        print(f"{edit!s:<58} " + "  ".join(f"{c / total:6.4f}" for c in counts))


def false_joins(reports) -> None:
    from ingestion import origins
    from tests.reports import sentences

    signed = [origins.signed(r.title, r.body) for r in reports]
    same = cross = joined_same = joined_cross = 0
    for (a, sa), (b, sb) in itertools.permutations(zip(reports, signed, strict=True), 2):
        joined = verdict(sa, sb)[1]  # b published after a
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
        joined_quoted += verdict(origins.signed("", flash), origins.signed(host.title, body))[1]
    print(f"different reports of one event joined (ordered pairs)      {joined_same} of {same}")
    print(f"reports of different events joined (ordered pairs)         {joined_cross} of {cross}")
    print(f"a later report quoting an earlier one's first sentence     {joined_quoted} of {quoted}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=100, help="random edits of each report")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()  # the ingestion package imports the models; no database is opened
    from ingestion import origins
    from tests.reports import reports

    found = reports()
    print(f"reports {len(found)}; bodies cut into {origins.BODY_BANDS} bands of "
          f"{origins.BODY_ROWS} rows; a copy shares >= {origins.COPY_SHARED} shingles with its "
          f"original, >= {origins.COPY_CONTAINED} of its own")  # fmt: skip
    recall(found, args.seeds)
    false_joins(found)


if __name__ == "__main__":
    main()
