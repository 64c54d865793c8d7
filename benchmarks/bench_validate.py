"""Benchmark: validating the full seed graph against shapes/*.ttl.

Builds the seed corpus into a temporary store (or uses --store), then reports the median wall
time of `validate` per phase (copy of the data graphs into memory, the constraint queries,
the report context) and in total, per rite (--rite) and for the whole graph, with the result
counts. Goal: the whole graph in < 5 s. With --pyshacl it also times the reference engine
(pyshacl on rdflib's default store), which is far slower at this size.

Usage: python benchmarks/bench_validate.py [--store DIR] [--runs N] [--pyshacl]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from ritegraph.build import build
from ritegraph.validate import validate

GOAL_SECONDS = 5.0
RITES = ["xiangsheli", "yanli", "gongshidafulili", "pinli"]


def run(store: Path, runs: int, **options) -> tuple[float, dict, object]:
    walls, phases, report = [], [], None
    for _ in range(runs):
        start = time.perf_counter()
        report = validate(store=store, severity="warning", **options)
        walls.append(time.perf_counter() - start)
        phases.append(report.seconds)
    median = {k: statistics.median(p[k] for p in phases) for k in phases[0]}
    return statistics.median(walls), median, report


def line(name: str, wall: float, phases: dict, report) -> str:
    counts = report.counts()
    parts = " ".join(f"{k} {v:.2f}" for k, v in phases.items())
    return (f"{name:18s} {wall:6.2f} s  ({parts})  {report.triples} triples, "
            f"{counts['Violation']} violations, {counts['Warning']} warnings")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, help="a built store (default: build one now)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pyshacl", action="store_true", help="also time the pyshacl engine")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = args.store or build(Path(tmp) / "store").store
        for rite in RITES:
            print(line(rite, *run(store, args.runs, rite=rite)))
        wall, phases, report = run(store, args.runs)
        print(line("whole graph", wall, phases, report))
        print(f"goal < {GOAL_SECONDS} s: {'met' if wall < GOAL_SECONDS else 'NOT met'}")
        if args.pyshacl:
            print(line("whole (pyshacl)", *run(store, 1, engine="pyshacl")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
