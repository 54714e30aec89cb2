"""The benchmarks run as scripts (`.venv/bin/python bench/<script>.py`), so Python puts bench/ on
the path, not the project: a project module imported at the top of a script before it adds the
project's root is not found (bench_ingest.py once imported `ingestion` first and did not start)."""

import ast
import math
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tests.config.test_rooms import ROOMS

BENCH = Path(settings.BASE_DIR) / "bench"
SCRIPTS = sorted(BENCH.glob("bench_*.py"))
PROJECT = {*ROOMS, "bench", "tests"}


def _adds_root(node: ast.stmt) -> bool:
    return "sys.path.insert" in ast.unparse(node)


def _project_imports_before_root(tree: ast.Module) -> list[str]:
    early = []
    for node in tree.body:
        if _adds_root(node):
            return early
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        early += [name for name in names if name.split(".")[0] in PROJECT]
    return early


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_a_benchmark_imports_the_project_only_after_putting_it_on_the_path(script):
    tree = ast.parse(script.read_text())
    assert _project_imports_before_root(tree) == [], f"{script.name} imports these too early"


@pytest.mark.parametrize("name", ["bench_ingest.py", "bench_growth.py", "bench_synth.py"])
def test_a_benchmark_starts_as_a_script_from_anywhere(name, tmp_path):
    run = subprocess.run(  # noqa: S603 (our own interpreter and script, fixed arguments)
        [sys.executable, str(BENCH / name), "--help"], cwd=tmp_path, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "usage:" in run.stdout


# --- a timing reads the whole answer it times (issue 41) ----------------------------------------


class _Clock:
    """A clock that moves only when told: a body's production advances it, nothing else."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def _streamed(clock: _Clock, chunks: int = 3):
    from django.http import StreamingHttpResponse

    def body():
        for n in range(chunks):
            clock.now += 0.1  # producing a chunk takes 100 ms
            yield f"chunk {n};"

    return StreamingHttpResponse(body(), content_type="text/plain")


def test_a_timing_includes_the_streamed_body_it_reads():
    from bench.common import timed

    clock = _Clock()
    _response, body, elapsed = timed(lambda: _streamed(clock), clock=clock)
    assert body == b"chunk 0;chunk 1;chunk 2;"
    assert elapsed == pytest.approx(300.0)  # fake seconds, so no wall clock is asserted


def test_a_timing_reads_an_unstreamed_body_too():
    from django.http import HttpResponse

    from bench.common import timed

    _, body, elapsed = timed(lambda: HttpResponse(b"whole"), clock=_Clock())
    assert body == b"whole"
    assert elapsed == 0


@pytest.mark.django_db
def test_cache_misses_times_the_body_of_a_streamed_read(monkeypatch):
    """A read whose body streams (a dataset) costs its body: the helper every growth and read
    benchmark uses must time it, not the headers alone."""
    import bench.common

    clock = _Clock()
    monkeypatch.setattr(bench.common.time, "perf_counter", clock)

    class Client:
        def get(self, url):
            response = _streamed(clock, chunks=2)
            response.status_code = 200
            return response

    timings, _ = bench.common.cache_misses(Client(), "/api/v1/datasets/records-index", runs=3)
    assert timings == pytest.approx([200.0] * 3)


# Functions that time something and also send a request: they time a worker's start (requests
# until it answers), not a request's answer.
TIMES_A_START = {("bench_ask.py", "worker_started")}
SENDS = {"get", "post", "put", "delete", "request", "stream"}


def _timing_functions_that_send(tree: ast.Module):
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef):
            continue
        calls = [n.func for n in ast.walk(node) if isinstance(n, ast.Call)]
        clocks = any(isinstance(f, ast.Attribute) and f.attr == "perf_counter" for f in calls)
        sends = any(isinstance(f, ast.Attribute) and f.attr in SENDS for f in calls)
        if clocks and sends:
            yield node.name


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_a_benchmark_times_requests_only_through_the_helper_that_reads_the_body(script):
    tree = ast.parse(script.read_text())
    found = {(script.name, name) for name in _timing_functions_that_send(tree)}
    assert found <= TIMES_A_START, f"time requests with bench.common.timed: {found}"


def _timed_sends_through_httpx_module(tree: ast.Module):
    """Functions handed to `timed` that call `httpx.get(...)` and the like: each call builds a
    client and its TLS context (about 37 ms here) inside the timed span, which no server spends."""
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    sent = {
        arg.id
        for call in calls
        if getattr(call.func, "id", None) == "timed"
        for arg in call.args
        if isinstance(arg, ast.Name)
    }
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef) and function.name in sent:
            targets = [n.func for n in ast.walk(function) if isinstance(n, ast.Call)]
            if any(_is_httpx_send(target) for target in targets):
                yield function.name


def _is_httpx_send(target: ast.expr) -> bool:
    return (
        isinstance(target, ast.Attribute)
        and getattr(target.value, "id", None) == "httpx"
        and target.attr in SENDS
    )


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_a_timed_request_goes_through_a_client_made_outside_the_span(script):
    found = set(_timed_sends_through_httpx_module(ast.parse(script.read_text())))
    assert not found, f"send through one httpx.Client made before timing: {script.name} {found}"


def test_a_timed_request_through_httpx_s_module_functions_is_caught():
    tree = ast.parse(
        "def ask():\n"
        "    def send():\n"
        "        return httpx.post('http://127.0.0.1/api/ask', json={})\n"
        "    return timed(send)\n"
    )
    assert list(_timed_sends_through_httpx_module(tree)) == ["send"]


# --- a first ask against its nine after: read off an interval, not one median (issue 41) -------


def _binomial_mass(n: int, low: int, high: int) -> float:
    """The chance that between `low` and `high` (inclusive) of n values fall below the median."""
    return sum(math.comb(n, j) for j in range(low, high + 1)) / 2**n


@pytest.mark.parametrize("n", [6, 7, 10, 20, 31])
def test_the_median_interval_is_the_narrowest_of_order_statistics_holding_95_percent(n):
    from bench.common import median_interval

    low, high = median_interval(list(range(1, n + 1)))
    k = int(low)  # values 1..n: the k-th order statistic is k
    assert high == n + 1 - k
    assert _binomial_mass(n, k, n - k) >= 0.95  # the median lies between them that often
    assert _binomial_mass(n, k + 1, n - k - 1) < 0.95  # one narrower holds less


def test_below_six_values_the_median_interval_is_their_range():
    from bench.common import median_interval

    assert median_interval([1.0, 2.0, 3.0]) == (1.0, 3.0)
    assert median_interval([0.5, 1.0, 1.5, 2.0, 2.5]) == (0.5, 2.5)


def test_the_sign_test_counts_the_ratios_above_one_against_a_fair_coin():
    from bench.common import sign_test

    assert sign_test(0, 10) == 1.0
    assert sign_test(10, 10) == pytest.approx(1 / 1024)
    assert sign_test(8, 10) == pytest.approx((45 + 10 + 1) / 1024)


@pytest.mark.parametrize(
    ("ratios", "verdict"),
    [
        ([0.9] * 6 + [1.1] * 4, "met: no slower"),
        ([0.95] * 3 + [1.05] * 7, "NOT met, within the noise"),
        ([0.95] * 2 + [1.05] * 8, "NOT met, within the noise"),  # 8 of 10 above: p = 0.055
        ([0.95] + [1.05] * 9, "NOT met: slower"),  # 9 of 10 above: the interval is above 1
        ([1.05] * 10, "NOT met: slower"),
        ([0.9] * 3 + [1.1] * 2, "met: no slower"),  # five starts: their median still decides
    ],
)
def test_the_first_ask_verdict_is_the_median_of_each_start_s_pair_and_how_sure(
    ratios, verdict, capsys
):
    from bench.bench_ask import first_ask_summary

    warm = [40.0] * len(ratios)
    firsts = [r * w for r, w in zip(ratios, warm, strict=True)]
    first_ask_summary("e5", firsts, firsts, warm, 10)
    line = capsys.readouterr().out.splitlines()[-1]
    assert line.split("): ", 1)[1].startswith(verdict), line
    assert ("95% interval" in line) == (len(ratios) >= 10), line  # fewer: the range, so named


def test_twenty_starts_ask_each_question_first_and_tenth_twice():
    from bench.bench_ask import turned

    questions = [f"q{n}" for n in range(10)]
    orders = [turned(questions, start) for start in range(20)]
    assert all(sorted(order) == questions for order in orders)
    assert sorted(order[0] for order in orders) == sorted(questions * 2)
    assert sorted(order[9] for order in orders) == sorted(questions * 2)


@pytest.mark.parametrize("text", ["-1", "nan", "-0.5", "inf", "-inf"])
def test_a_gap_below_zero_or_not_finite_is_refused_before_any_worker_starts(text):
    import argparse

    from bench.bench_ask import seconds

    with pytest.raises(argparse.ArgumentTypeError):
        seconds(text)
    assert seconds("0") == 0
