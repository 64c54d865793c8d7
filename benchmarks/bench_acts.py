"""Benchmark: extracting the ritual acts of the whole corpus.

Reports the median wall time of reading every file (the baseline, measured in the same run) and
of extracting its acts from the read result, per file and in total, and the ratio of extraction
to reading. Goal: extraction of the whole seed corpus in < 5 s.

Usage: python benchmarks/bench_acts.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from ritegraph.acts import extract_acts
from ritegraph.corpus import load_manifest, read_text
from ritegraph.readers import reader_for

GOAL_SECONDS = 5.0


def timed(func, *args) -> tuple[float, object]:
    start = time.perf_counter()
    value = func(*args)
    return time.perf_counter() - start, value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    files = [(f, reader_for(f), read_text(f.path)) for f in load_manifest().files]
    for f, read, text in files:  # warm-up: patterns, TOML data
        extract_acts(read(f, text))
    reading: dict[str, list[float]] = {f.name: [] for f, _, _ in files}
    extracting: dict[str, list[float]] = {f.name: [] for f, _, _ in files}
    counts: dict[str, int] = {}
    for _ in range(args.runs):
        for f, read, text in files:
            seconds, result = timed(read, f, text)
            reading[f.name].append(seconds)
            seconds, acts = timed(extract_acts, result)
            extracting[f.name].append(seconds)
            counts[f.name] = len(acts)
    for f, _, text in files:
        r, e = statistics.median(reading[f.name]), statistics.median(extracting[f.name])
        print(f"{f.name}: {len(text)} chars, {counts[f.name]} acts; read {r * 1000:.1f} ms, "
              f"extract {e * 1000:.1f} ms (x{e / r:.2f} of reading)")
    per_run_read = [sum(reading[f.name][i] for f, _, _ in files) for i in range(args.runs)]
    per_run_extract = [sum(extracting[f.name][i] for f, _, _ in files) for i in range(args.runs)]
    r, e = statistics.median(per_run_read), statistics.median(per_run_extract)
    print(f"all files: {sum(counts.values())} acts; read {r * 1000:.1f} ms (baseline), "
          f"extract {e * 1000:.1f} ms, ratio x{e / r:.2f} (goal: extract < {GOAL_SECONDS:.0f} s)")
    return 0 if e < GOAL_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
