"""A bounded loopback load test of ``ritegraph serve`` (benchmarks/bench_serve_load.py): mixed
named queries and a pathological one from concurrent clients; the deadline holds."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_serve_load.py"


def _bench():
    spec = importlib.util.spec_from_file_location("bench_serve_load", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_deadline_holds_under_load(small_store_dir):
    bench = _bench()
    load = bench.run_load(small_store_dir, clients=6, seconds=8, timeout=1.5, workers=2,
                          every=10)
    report = load.report(1.5)
    assert load.deadline_held(1.5), report
    assert not load.other_failures, report  # no 5xx but the 503s of the deadline
    assert set(load.statuses) <= {200, 503}, report
    assert load.named and report["named_p50_ms"] < 1500, report
    assert load.rss_workers < 2 * 1024 * 1024, report  # KiB: bounded, not growing to GBs
