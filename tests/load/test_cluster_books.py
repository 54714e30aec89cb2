"""The two-machine rehearsal's verdict (load/cluster.py): it passes on clean books and fails,
naming the class, on each failure the issue lists (an ask lost or answered twice, a job run
twice in a period, a reading delivered twice, the curation write late on B, a request failed
outside the kill window), and when the run tested nothing (one machine never reached, no
delivery). The witnesses are parsed as the processes write them (a beat's and a worker's log
lines, the receiver's posts)."""

import importlib.util
from collections import Counter
from pathlib import Path

import pytest

from load.books import LEDGER

SPEC = importlib.util.spec_from_file_location(
    "cluster", Path(__file__).resolve().parents[2] / "load" / "cluster.py"
)
cluster = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(cluster)

CLEAN = {name: 0 for name in LEDGER} | {
    "tickets": 2, "done": 2, "deliveries": 2, "deliveries_accepted": 2, "watches": 1,
}  # fmt: skip
KILL_AT = 100.0


def outcome(**changes) -> "cluster.Outcome":
    asks = [cluster.Ask("k1", "async", None, [202], "t1"), cluster.Ask("k2", "sync", None, [200])]
    books = CLEAN | changes.pop("books", {})
    curation = cluster.Curation(lag=changes.pop("lag", 4.0))
    made = {
        "samples": [cluster.Sample("record", 10.0, 10.1, 200), cluster.Sample("sync", 101, 102, 0)],
        "asks": asks,
        "kill_at": KILL_AT,
        "books": books,
        "tickets": {"k1": "t1", "k2": "t2"},
        "runs": {"sent": Counter({"heartbeat@12:00": 1}), "received": Counter()},
        "posts": [("w1", "10:00", "d1"), ("w1", "11:00", "d2")],
        "curation": curation,
        "drained": 30.0,
        "edge": True,
        "served": {"A": 10, "B": 20},
    }
    return cluster.Outcome(**(made | changes))


@pytest.mark.parametrize(
    ("changes", "failure"),
    [
        ({}, None),
        ({"tickets": {"k2": "t2"}}, "an ask lost"),  # taken (202) but not in the database
        ({"books": {"unfinished": 1}}, "an ask lost"),
        ({"books": {"charges_without_ticket": 1}}, "an ask lost"),
        ({"drained": -1.0}, "an ask lost"),  # still unfinished past the reaper's window
        ({"asks": [cluster.Ask("k3", "sync", None, [0, 502])]}, "an ask lost"),  # never answered
        ({"books": {"asks_ticketed_twice": 1}}, "an ask answered twice"),
        ({"books": {"done_but_refunded": 1}}, "an ask answered twice"),
        ({"books": {"keys_off_meter": 1}}, "an ask answered twice"),
        ({"runs": {"sent": Counter({"heartbeat@12:00": 2}), "received": Counter()}},
         "a scheduled job ran twice in one period"),
        ({"runs": {"sent": Counter(), "received": Counter({"reap-asks@12:00": 2})}},
         "a scheduled job ran twice in one period"),
        ({"posts": [("w1", "10:00", "d1"), ("w1", "10:00", "d2")]},
         "a Watch reading delivered twice"),
        ({"posts": [("w1", "10:00", "d1"), ("w1", "10:00", "d1")]}, None),  # one id, twice
        ({"books": {"readings_delivered_twice": 1}}, "a Watch reading delivered twice"),
        ({"books": {"watches_never_delivered": 1}}, "a Watch never delivered"),
        ({"lag": 15.5}, "the curation write not seen on B within its bound"),
        ({"lag": -1.0}, "the curation write not seen on B within its bound"),
        ({"samples": [cluster.Sample("record", 106.0, 106.2, 502)]},
         "a request outside the kill window failed"),
        ({"samples": [cluster.Sample("record", 99.0, 104.0, 502)]}, None),  # in the window
        ({"served": {"A": 0, "B": 30}}, "the load did not reach both machines"),
    ],
)  # fmt: skip
def test_the_verdict_names_each_failure_and_only_those(changes, failure, capsys):
    passed = cluster.report(outcome(**changes))
    said = capsys.readouterr().out.splitlines()[-1]
    assert passed is (failure is None)
    assert said == "cluster: passed" if failure is None else failure in said


def test_a_beat_s_and_a_worker_s_log_lines_are_read_as_they_are_written(tmp_path):
    stack = cluster.Stack(env={}, folder=tmp_path)
    machine = cluster.Machine("A", stack, 8451)
    (tmp_path / "A-beat.log").write_text(
        "[2026-11-26 14:00:48,139: INFO/MainProcess] beat: heartbeat sent for period "
        "2026-11-26T14:00:48+00:00\n"
    )
    (tmp_path / "A-worker.log").write_text(
        "[2026-11-26 14:00:48,200: INFO/MainProcess] Task registry.tasks.heartbeat"
        "[heartbeat@2026-11-26T14:00:48+00:00] received\n"
        "[2026-11-26 14:00:49,000: INFO/MainProcess] Task answers.tasks.answer_ticket"
        "[3f1c0d7e-0000-4000-8000-000000000000] received\n"
    )
    runs = cluster.scheduled_runs([machine])
    assert runs["sent"] == Counter({"heartbeat@2026-11-26T14:00:48+00:00": 1})
    assert runs["received"] == Counter({"heartbeat@2026-11-26T14:00:48+00:00": 1})
