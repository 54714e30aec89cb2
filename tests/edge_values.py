"""Values at the edges of their JSON types, for the property tests of the doors (REST bodies, MCP
tool arguments): numbers past a double or past the integers every reader holds, text with a lone
surrogate escape or NUL, null where a value is expected, wrong types, unknown names.

Bounded and deterministic: the `edges` profile runs few examples, the same ones every run
(`derandomize`), and leaves no example database in the checkout.
"""

import json

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from watches.catalogue import STANDARD

settings.register_profile(
    "edges",
    max_examples=60,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
EDGES = settings.get_profile("edges")


class Raw(str):
    """JSON text written as it is: a number no Python float or json.dumps writes (`1e400`)."""


def dumps(value) -> str:
    """`value` as JSON, a `Raw` written as it is; a lone surrogate written as its escape."""
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, dict):
        members = ",".join(f"{json.dumps(k)}:{dumps(v)}" for k, v in value.items())
        return "{" + members + "}"
    if isinstance(value, list):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    return json.dumps(value)


# The edges themselves, drawn as often as any ordinary value.
EDGE = st.sampled_from(
    [
        *map(Raw, ["1e400", "-1e400", "1E999", "9007199254740993", "-36893488147419103232"]),
        *["\ud800", "a\udfffb", "\udc00\ud800", "\x00", "x\x00", None],
    ]
)
NUMBERS = st.sampled_from(["1e308", "-0", "0.5", "2.0"]).map(Raw) | st.integers(-(2**70), 2**70)
TEXT = st.sampled_from(["", " ", "\U0001f600", "é", "\ud800", "x\x00"]) | st.text(max_size=6)
# Infinity is no JSON number (json.dumps writes `Infinity`, a body no parser takes); a number past
# a double is written as one, in EDGE.
FLOATS = st.floats(allow_nan=False, allow_infinity=False)
SCALARS = EDGE | st.none() | st.booleans() | NUMBERS | TEXT | FLOATS
VALUES = SCALARS | st.lists(SCALARS, max_size=3) | st.dictionaries(TEXT, SCALARS, max_size=2)


def coordinates_of(base: str):
    """Coordinates of `base`'s own names (now and then a name of no base), an edge value as often
    as any other."""
    names = [coordinate.name for coordinate in STANDARD[base].coordinates]
    return st.dictionaries(st.sampled_from(names) | TEXT, EDGE | VALUES, min_size=1, max_size=3)


def watch_body(base: str):
    """A body of a standard base, its coordinates and the members used on save, any of them at
    an edge."""
    return st.fixed_dictionaries(
        {"base": st.just(base), "coordinates": coordinates_of(base)},
        optional={name: EDGE | VALUES for name in ("label", "watchId", "webhookUrl")},
    )


# Mostly a body of a standard base, so the edges reach the coordinates; else anything at all.
WATCH_BODIES = st.sampled_from(sorted(STANDARD)).flatmap(watch_body) | st.fixed_dictionaries(
    {"base": SCALARS},
    optional={name: VALUES for name in ("coordinates", "label", "colour", "\ud800", "a\x00")},
)
