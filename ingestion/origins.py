"""Near-duplicate detection for origin clusters: word-shingle MinHash with LSH bands.

Each document's title and summary become 3-word shingles and a 64-permutation MinHash
(datasketch). The signature is cut into 16 bands of 4 rows; two texts that share any band are
candidates, and a candidate joins a story when the estimated Jaccard similarity is at least
`SIMILAR`. With 16 x 4 the LSH threshold is about (1/16)^(1/4) = 0.5, matching `SIMILAR`.
Bands are stored in the database (`StoryBand`), so clustering survives restarts and works
across workers.
"""

import hashlib
import re
import threading
from dataclasses import dataclass
from datetime import timedelta
from functools import cached_property

import numpy as np
from datasketch import MinHash
from datasketch.hashfunc import sha1_hash32
from django.db.models import Count, Q
from django.db.models.functions import Coalesce

PERMUTATIONS = 64
BANDS = 16
ROWS = PERMUTATIONS // BANDS
SIMILAR = 0.5
STORY_WINDOW = timedelta(days=7)  # a headline repeated weeks later is a new story
OUTLET_TIER = "outlet"  # Outlet.Tier.OUTLET: an outlet of record is a known origin itself
SHINGLE = 3
SEED = 1
# Named, not defaulted: stored signatures must stay comparable across datasketch upgrades.
SCHEME = "affine32"
_WORD = re.compile(r"[a-z0-9]+")
# Copies (`ingestion.copies`): a body's own MinHash, from the same permutations, cut into 21
# bands of 3 rows (63 of the 64). Fewer rows than the stories' 4: a lightly edited copy keeps a
# Jaccard similarity of 0.35 to 0.65, where 16 x 4 finds it half to nine times in ten and
# 21 x 3 from 0.8 to all but never (docs/decisions.md has the figures).
BODY_BANDS = 21
BODY_ROWS = 3
COPY_SHARED = 12  # shingles shared at least: a 14-word run, longer than a stock phrase
COPY_CONTAINED = 0.5  # of the later document's shingles found in the earlier one's
# A sentence ends at . ! or ? (closing quotes and brackets with it) before a space or the end.
# Only characters no word holds are cut, so the sentences' words are the summary's, in order.
_SENTENCE_END = re.compile(r"[.!?]+[\"'\u201d\u2019)\]]*(?:\s+|$)")
# datasketch draws its permutations on every construction; drawing them once and sharing them
# keeps signatures identical and saves most of the cost per document.
_PERMUTATIONS = MinHash(num_perm=PERMUTATIONS, seed=SEED, scheme=SCHEME).permutations
_PER_THREAD = threading.local()


def signature(text: str) -> np.ndarray:
    minhash = _minhash()
    minhash.update_batch(_shingles(_WORD.findall(text.lower())))
    return minhash.hashvalues.astype(np.uint32)


def _shingles(words: list[str]) -> list[bytes]:
    if len(words) < SHINGLE:
        return [" ".join(words).encode()] if words else [b""]
    return [" ".join(words[i : i + SHINGLE]).encode() for i in range(len(words) - 2)]


@dataclass(frozen=True)
class Signed:
    """A document's story signature and, when its body is long enough to tell a copy by, the
    body's LSH bands and (built when first asked for) its shingles."""

    story: np.ndarray
    body_bands: tuple[int, ...] = ()
    shingles: tuple[bytes, ...] = ()  # of title and summary
    inside: tuple[int, ...] = ()  # which of them are the body's

    @cached_property
    def body(self) -> frozenset[bytes]:
        return frozenset(self.shingles[i] for i in self.inside)


def signed(title: str, summary: str) -> Signed:
    """The story signature of title and summary, exactly `signature` of them (stored stories
    must keep comparing), and the body's own, from one pass: the body's shingles are some of
    the story's (those inside one sentence of the summary), each hashed once, and each
    signature the minimum over its own rows."""
    head = _WORD.findall(title.lower())
    words, ends = _sentence_words(summary)
    shingles = _shingles(head + words)
    permuted = _permuted(shingles)
    story = permuted.min(axis=0)
    inside = _inside(len(head), len(words), ends)
    # Too short to tell a copy from a shared stock phrase (repeats counted once).
    if len(inside) < COPY_SHARED or len({shingles[i] for i in inside}) < COPY_SHARED:
        return Signed(story)
    bands = body_band_hashes(permuted[inside].min(axis=0))
    return Signed(story, bands, tuple(shingles), tuple(inside))


def _permuted(shingles: list[bytes]) -> np.ndarray:
    """Each shingle under each permutation, as datasketch's affine32 scheme computes them
    (SHA-1's first 32 bits, MurmurHash3's finaliser, then a * h + b in 32 bits): the MinHash is
    the minimum of each column. `signature` asks datasketch itself; the tests hold the two
    equal."""
    hashed = np.array([sha1_hash32(shingle) for shingle in shingles], dtype=np.uint32)
    hashed = hashed.reshape(-1, 1)
    hashed ^= hashed >> np.uint32(16)
    hashed *= np.uint32(0x85EBCA6B)
    hashed ^= hashed >> np.uint32(13)
    hashed *= np.uint32(0xC2B2AE35)
    hashed ^= hashed >> np.uint32(16)
    return hashed * _PERMUTATIONS[0] + _PERMUTATIONS[1]


def _sentence_words(summary: str) -> tuple[list[str], set[int]]:
    """The summary's words (as `signature` reads them) and where sentences end: after how
    many words a sentence ends."""
    words, ends = [], set()
    for sentence in _SENTENCE_END.split(summary.lower()):
        words += _WORD.findall(sentence)
        ends.add(len(words))
    return words, ends


def _inside(first: int, count: int, ends: set[int]) -> list[int]:
    """Indices of the shingles (of title and summary words together, the summary's starting
    at `first`) whose three words are in one sentence of the summary."""
    return [first + j for j in range(count - 2) if j + 1 not in ends and j + 2 not in ends]


def body_shingles(summary: str) -> frozenset[bytes]:
    """3-word shingles inside each sentence: a copy that reorders sentences keeps them all.
    The same shingles `signed` keeps as a body."""
    words, ends = _sentence_words(summary)
    if len(words) < SHINGLE:
        return frozenset()
    shingles = _shingles(words)
    return frozenset(shingles[i] for i in _inside(0, len(words), ends))


# A band's number, placed above its rows' bits before mixing, and two odd multipliers.
_BAND_NUMBERS = np.arange(BODY_BANDS, dtype=np.uint64) << np.uint64(32)
_ODD = np.uint64(0x9E3779B97F4A7C15), np.uint64(0xBF58476D1CE4E5B9)


def body_band_hashes(sig: np.ndarray) -> tuple[int, ...]:
    """BODY_BANDS bands of BODY_ROWS rows, each a 63-bit hash that folds in its band's number
    (one column holds them all, and band 1 of one body never meets band 2 of another): the
    rows as one 96-bit number with the band's, mixed down to 64 bits, all bands at once in
    numpy (a digest per band was most of a body's cost)."""
    rows = sig[: BODY_BANDS * BODY_ROWS].astype(np.uint64).reshape(BODY_BANDS, BODY_ROWS)
    mixed = (rows[:, 0] << np.uint64(32) | rows[:, 1]) ^ ((rows[:, 2] | _BAND_NUMBERS) * _ODD[0])
    mixed ^= mixed >> np.uint64(31)
    mixed *= _ODD[1]
    mixed ^= mixed >> np.uint64(29)
    return tuple((mixed >> np.uint64(1)).tolist())


def copy_score(copy: frozenset[bytes], original: frozenset[bytes]) -> float:
    """How much of `copy` comes from `original` (a share of its shingles), or 0 when it is not
    a copy of it: too little shared, or too little of it from there. Measured on the later
    document: a copy that trims its original keeps all it has from it, while a longer report
    that quotes a short item whole is mostly its own."""
    shared = len(copy & original)
    if shared < COPY_SHARED:
        return 0.0
    held = shared / len(copy)
    return held if held >= COPY_CONTAINED else 0.0


def _minhash() -> MinHash:
    """An emptied MinHash, one kept per thread: building one checks its permutations again,
    a fifth of a signature's cost (ingest signs every document of a batch in turn)."""
    minhash = getattr(_PER_THREAD, "minhash", None)
    if minhash is None:
        minhash = _PER_THREAD.minhash = MinHash(
            num_perm=PERMUTATIONS, seed=SEED, permutations=_PERMUTATIONS, scheme=SCHEME
        )
    else:
        minhash.clear()
    return minhash


def band_hashes(sig: np.ndarray) -> list[tuple[int, int]]:
    """(band index, 63-bit hash of that band's rows), stored in a signed BIGINT column.
    The bands are slices of the signature's bytes, taken once (a numpy slice per band cost
    two thirds of this)."""
    raw, width = sig.tobytes(), ROWS * sig.itemsize
    return [
        (band, int.from_bytes(_blake2b(raw[band * width : (band + 1) * width]), "big") >> 1)
        for band in range(BANDS)
    ]


def _blake2b(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=8).digest()


def similarity(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.mean(a == b))


def to_bytes(sig: np.ndarray) -> bytes:
    return sig.astype("<u4").tobytes()


def from_bytes(raw: bytes) -> np.ndarray:
    return np.frombuffer(bytes(raw), dtype="<u4")


def origin_counts(members) -> tuple[int, int, int, int]:
    """(documents, publishers, origins, known origins) from (publisher, outlet, upstream, wire,
    tier, ...) per document, where the outlet is the one whose origin it counts as: the
    publisher's own, or, for a copy (`ingestion.copies`), its original's. A copy adds a
    publisher, never an origin or a known one."""
    publishers, origins_known = set(), {}
    for publisher_id, outlet_id, upstream_id, is_wire, tier, *_ in members:
        publishers.add(publisher_id)
        origin = upstream_id or outlet_id
        known = bool(upstream_id) or is_wire or tier == OUTLET_TIER
        origins_known[origin] = origins_known.get(origin, False) or known
    known_count = sum(origins_known.values())
    return len(members), len(publishers), len(origins_known), known_count


def origin_counted(outlet: str = "outlet") -> dict[str, Count]:
    """`origin_counts`'s origins and known origins as aggregates over rows that reach an outlet
    through `outlet`, for a database that counts them (the claims ledger: thousands of rows
    per busy topic, a few dozen claims)."""
    origin = Coalesce(f"{outlet}__upstream", outlet)
    known = (
        Q(**{f"{outlet}__upstream__isnull": False})
        | Q(**{f"{outlet}__is_wire": True})
        | Q(**{f"{outlet}__tier": OUTLET_TIER})
    )
    return {
        "origins": Count(origin, distinct=True),
        "known_origins": Count(origin, distinct=True, filter=known),
    }
