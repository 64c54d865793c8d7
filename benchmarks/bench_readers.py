"""Benchmark: reading the whole corpus with the edition readers.

Reports, per file and in total, the best and median wall time of the reader (text already
in memory, after one warm-up read that compiles the patterns), and the passage, section and
glyph-issue counts. Goal: all four seed files well under 0.5 s together.

Usage: python benchmarks/bench_readers.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from ritegraph.corpus import load_manifest, read_text
from ritegraph.readers import reader_for

GOAL_SECONDS = 0.5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    files = [(f, reader_for(f), read_text(f.path)) for f in load_manifest().files]
    totals: list[float] = []
    per_file: dict[str, list[float]] = {f.name: [] for f, _, _ in files}
    for f, read, text in files:  # warm-up: regex compilation, TOML loading
        read(f, text)
    for _ in range(args.runs):
        total = 0.0
        for f, read, text in files:
            start = time.perf_counter()
            read(f, text)
            elapsed = time.perf_counter() - start
            per_file[f.name].append(elapsed)
            total += elapsed
        totals.append(total)
    for f, read, text in files:
        result = read(f, text)
        layers = Counter(p.layer.value for p in result.passages)
        times = per_file[f.name]
        print(f"{f.name}: {len(text)} chars, best {min(times) * 1000:.1f} ms, "
              f"median {statistics.median(times) * 1000:.1f} ms; "
              f"{len(result.passages)} passages {dict(layers)}, {len(result.sections)} sections, "
              f"{len(result.glyphs)} glyph issues, {len(result.warnings)} warnings")
    best, median = min(totals), statistics.median(totals)
    print(f"all files: best {best * 1000:.1f} ms, median {median * 1000:.1f} ms "
          f"(goal < {GOAL_SECONDS * 1000:.0f} ms)")
    return 0 if median < GOAL_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
