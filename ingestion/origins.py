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
from datetime import timedelta

import numpy as np
from datasketch import MinHash
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
# datasketch draws its permutations on every construction; drawing them once and sharing them
# keeps signatures identical and saves most of the cost per document.
_PERMUTATIONS = MinHash(num_perm=PERMUTATIONS, seed=SEED, scheme=SCHEME).permutations
_PER_THREAD = threading.local()


def signature(text: str) -> np.ndarray:
    words = _WORD.findall(text.lower())
    if len(words) < SHINGLE:
        shingles = [" ".join(words).encode()] if words else [b""]
    else:
        shingles = [" ".join(words[i : i + SHINGLE]).encode() for i in range(len(words) - 2)]
    minhash = _minhash()
    minhash.update_batch(shingles)
    return minhash.hashvalues.astype(np.uint32)


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
