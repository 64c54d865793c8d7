"""Benchmark: ``ritegraph check`` on the seed graph, stage by stage.

Builds the seed corpus into a temporary store (or uses ``--store``) and reports the median wall
time of loading the check's data from the store (SPARQL), mining rules, evaluating declared
rules, the usage matrix, the identity report and rendering, plus the SHACL summary once.

Usage: python benchmarks/bench_check.py [--runs N] [--store DIR] [--shacl]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from ritegraph.build import build
from ritegraph.check import load_config, report_json, run_check
from ritegraph.check.identity import identity
from ritegraph.check.render import render_html, render_text
from ritegraph.check.rules import declared, mine
from ritegraph.check.shacl import shacl_summary
from ritegraph.check.usage import usage
from ritegraph.read.snapshot import load_snapshot as load
from ritegraph.store import open_store


def timed(func, *args):
    start = time.perf_counter()
    value = func(*args)
    return time.perf_counter() - start, value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--store", type=Path)
    parser.add_argument("--shacl", action="store_true", help="also time the SHACL summary")
    args = parser.parse_args()
    store_dir = args.store or Path(tempfile.mkdtemp(prefix="bench-check-"))
    if args.store is None:
        build(store_dir)
    store, config = open_store(store_dir), load_config()
    times: dict[str, list[float]] = {}
    for _ in range(args.runs):
        seconds, data = timed(load, store)
        times.setdefault("load (SPARQL)", []).append(seconds)
        for name, func, arg in (("mine rules", mine, config), ("declared rules", declared, config),
                                ("usage", usage, config.usage),
                                ("identity", identity, config.identity)):
            times.setdefault(name, []).append(timed(func, data, arg)[0])
        report = report_json(run_check(store, config, shacl=False))
        times.setdefault("render text+html", []).append(
            timed(lambda r: (render_text(r), render_html(r)), report)[0])
    print(f"seed graph: {len(data.steps)} steps, {len(data.mentions)} mentions, "
          f"{len(report['rules'])} rules; median of {args.runs} runs")
    for name, values in times.items():
        print(f"  {name:18} {statistics.median(values):7.3f} s")
    print(f"  {'total':18} {sum(statistics.median(v) for v in times.values()):7.3f} s")
    if args.shacl:
        seconds, summary = timed(shacl_summary, store_dir, None)
        print(f"  {'SHACL summary':18} {seconds:7.3f} s ({summary.note})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
