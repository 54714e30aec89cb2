"""Worlds that are not production data: the demo registry `make run` loads (`demo`), the atlas
and kindred registries for the Answer Engine's evaluation (`atlas`, `kindred`), and
deterministic synthetic data for benchmarks (`synth`). Each lays its world out through the real
services.

May import anything below the faces; production code never imports it (the evaluation
harness and the management commands that load a world do).
"""
