"""Benchmark: the work across witnesses against the whole build, in the same run (issue 11).

The build times its phases (``build.json`` ``seconds``); the work across witnesses is what it
keeps of each file (``witness_keep``: each rite's folded 经, 鄭注's claims, the acts) and what
it writes once all are read (``align``, ``variants``, ``rite_steps``). The ratio of these to
the rest of the build is the cost of aligning the witnesses. Goal: ≤ 20% on the default corpus.

Usage: python benchmarks/bench_witnesses.py [--corpus DIR] [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from ritegraph.build import build

WITNESS_PHASES = ("witness_keep", "align", "variants", "rite_steps")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=None, help="default: the bundled corpus")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    ratios, rows = [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as tmp:
            seconds = build(Path(tmp) / "store", args.corpus).seconds
        across = sum(seconds.get(p, 0.0) for p in WITNESS_PHASES)
        rest = seconds["total"] - across
        ratios.append(across / rest)
        rows.append((seconds["total"], across, {p: seconds.get(p, 0.0) for p in WITNESS_PHASES}))
    for total, across, phases in rows:
        detail = ", ".join(f"{p} {s:.2f} s" for p, s in phases.items())
        print(f"build {total:.1f} s; across witnesses {across:.2f} s ({detail})")
    print(f"across witnesses / rest of the build: median {statistics.median(ratios):.3f} "
          f"(goal ≤ 0.20) over {args.runs} run(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
