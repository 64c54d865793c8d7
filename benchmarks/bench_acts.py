"""Benchmark: extracting the ritual acts of the whole corpus.

Reports the median wall time of reading every file (the baseline, measured in the same run) and
of extracting its acts from the read result, per file and in total, and the ratio of extraction
to reading. Goal: extraction of the whole default corpus in < 10% of the build (bench_build.py).

With ``--scale``, acts are extracted from one synthetic file per reader made of a corpus file
repeated 1x, 2x and 4x (the readers benchmark's files): the 4x/1x ratio is ≈ 4 when extraction
is linear in the length of a file (the context kept across clauses is bounded), ≈ 16 when
quadratic.

Usage: python benchmarks/bench_acts.py [--runs N] | --scale [--mb MB]
"""

from __future__ import annotations

import argparse
import statistics
import time

from ritegraph.acts import extract_acts
from ritegraph.corpus import load_manifest, read_text
from ritegraph.readers import reader_for

GOAL_SECONDS = 15.0  # 10% of the whole-book build (148 s on these machines, docs/corpus.md)


def timed(func, *args) -> tuple[float, object]:
    start = time.perf_counter()
    value = func(*args)
    return time.perf_counter() - start, value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--scale", action="store_true",
                        help="extraction of a file repeated 1x, 2x and 4x")
    parser.add_argument("--mb", type=float, default=1.0, help="size of the 4x input (--scale)")
    args = parser.parse_args()
    if args.scale:
        return scale(args.mb)
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


def scale(mb: float) -> int:
    import sys
    import tempfile
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from bench_readers import scaled_inputs

    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for label, base, length, inputs in scaled_inputs(mb, Path(tmp)):
            times, counts = [], []
            for f, body in inputs:
                seconds, acts = timed(extract_acts, reader_for(f)(f, body))
                times.append(seconds)
                counts.append(len(acts))
            ratios = [t / times[0] for t in times]
            worst = max(worst, ratios[2])
            print(f"{label}: {base}x{length} chars, {counts[0]} acts at 1x: " + ", ".join(
                f"{k}x {t:.2f} s" for k, t in zip((1, 2, 4), times, strict=True))
                + f"; ratios 2x/1x {ratios[1]:.1f}, 4x/1x {ratios[2]:.1f}")
    print(f"worst 4x/1x ratio {worst:.1f} (linear ≈ 4, quadratic ≈ 16)")
    return 0 if worst < 8 else 1


if __name__ == "__main__":
    raise SystemExit(main())
