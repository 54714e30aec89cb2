"""The chaos run's verdict on asks: every recorded ticket held by its client, every ticket a
client holds but the service never recorded answered 404 when polled (load/chaos.py)."""

import importlib.util
from collections import Counter
from pathlib import Path

import pytest

SPEC = importlib.util.spec_from_file_location(
    "chaos", Path(__file__).resolve().parents[2] / "load" / "chaos.py"
)
chaos = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(chaos)

BOOKS = {name: 0 for name in chaos.LEDGER_FAULTS} | {
    "tickets": 0, "done": 0, "failed": 0, "deliveries": 0, "deliveries_timed_out": 0,
}  # fmt: skip


def verdict(held: list[str], recorded: set[str], polls: Counter) -> bool:
    samples = [chaos.Sample("async", 0.0, 1.0, 202, ticket) for ticket in held]
    extra = {
        "recorded": recorded, "unrecorded_polls": polls, "drained": 1.0,
        "unfinished_at_kill": 0, "answered_after_kill": 0.0, "peak_mib": 1.0, "longest": 1.0,
        "exited": [],
    }  # fmt: skip
    return chaos.report(samples, [], BOOKS | {"tickets": len(recorded)}, extra)


@pytest.mark.parametrize(
    ("held", "recorded", "polls", "passes"),
    [
        # every recorded ticket held; a sync answer (no ticket) matches one recorded ticket
        (["t1", "t2", "answered"], {"t1", "t2", "t3"}, Counter(), True),
        # a ticket handed out at a cut commit, never recorded, whose poll says so
        (["t1", "t9"], {"t1"}, Counter({404: 5}), True),
        # ... but whose poll shows a status: the client is told something untrue
        (["t1", "t9"], {"t1"}, Counter({404: 4, 200: 1}), False),
        # a recorded ticket nobody holds: charged, and its client cannot collect it
        (["t1"], {"t1", "t2"}, Counter(), False),
        # the same ticket held twice does not hide a lost one
        (["t1", "t1"], {"t1", "t2"}, Counter(), False),
    ],
)
def test_the_ask_books_balance_only_when_nothing_is_lost(held, recorded, polls, passes, capsys):
    assert verdict(held, recorded, polls) is passes
    assert "chaos:" in capsys.readouterr().out
