"""Benchmark: building the seed corpus into the store.

Reports the wall time of `build()` (median of N runs) and, as a baseline measured in the same
run, the time rdflib needs merely to parse the N-Quads the build writes (what a naive rdflib
store would spend before doing any work). Goal: build < 3 s wall on the project's machines.

Usage: python benchmarks/bench_build.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import pyoxigraph as ox
import rdflib

from ritegraph.build import build
from ritegraph.store import open_store


def timed(func) -> float:
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "store"
        builds, phases = [], []
        for _ in range(args.runs):
            report = None

            def run():
                nonlocal report
                report = build(store)

            builds.append(timed(run))
            phases.append(report.seconds)
        data = open_store(store).dump(format=ox.RdfFormat.N_QUADS)
        baseline = statistics.median(
            timed(lambda: rdflib.Dataset().parse(data=data, format="nquads"))
            for _ in range(max(1, args.runs // 2)))
    median = statistics.median(builds)
    print(f"quads: {report.quads}")
    print(f"build (median of {args.runs}): {median:.3f} s  [goal < 3 s]")
    for phase in phases[0]:
        print(f"  {phase}: {statistics.median(p[phase] for p in phases):.3f} s")
    print(f"baseline, rdflib parsing the same N-Quads: {baseline:.3f} s")
    print(f"ratio build / baseline: {median / baseline:.2f}")


if __name__ == "__main__":
    main()
