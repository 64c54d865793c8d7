"""Benchmark: reading the whole corpus with the edition readers.

Reports, per file and in total, the best and median wall time of the reader (text already
in memory, after one warm-up read that compiles the patterns), and the passage, section and
glyph-issue counts. Goal: all four seed files well under 0.5 s together.

With ``--scale``, each reader instead reads one synthetic file made of a corpus file repeated
1×, 2× and 4× (to about ``--mb`` MB at 4×) and prints the time ratios: a reader linear in its
input gives ratios near 2 and 4, a quadratic one near 4 and 16 (issue 15: a 105 MB file was still
being read after 600 s). Kanripo 注疏 (KR1d0028) is read without its sibling editions.

Usage: python benchmarks/bench_readers.py [--runs N] | --scale [--mb MB]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

from ritegraph.corpus import CorpusFile, load_manifest, read_text
from ritegraph.readers import reader_for

GOAL_SECONDS = 0.5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--scale", action="store_true",
                        help="time each reader on 1x, 2x and 4x synthetic inputs")
    parser.add_argument("--mb", type=float, default=2.0, help="size of the 4x input (--scale)")
    args = parser.parse_args()
    if args.scale:
        return scale(args.mb)
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


#: One corpus file per reader (and Kanripo layout) whose text is repeated for --scale.
SCALE_SOURCES = {
    "judou (seed 000, translation)": "000_a642de9eda7ba160.txt",
    "judou (seed 002)": "002_057a3db194e8ed57.txt",
    "zhushu (seed 004)": "004_aefd866fd5241153.txt",
    "kanripo notes (KR1d0038)": "kanripo/KR1d0038/KR1d0038_006.txt",
    "kanripo zhushu (KR1d0028, no sibling)": "kanripo/KR1d0028/KR1d0028_006.txt",
}


def synthetic(file: CorpusFile, text: str, times: int, tmp: Path) -> tuple[CorpusFile, str]:
    """``text`` repeated ``times`` times, as a file in ``tmp`` (no sibling editions there); a
    注疏 chapter without its 考證 (which must end the file)."""
    text = text.split("\n#+PROPERTY: JUAN 卷六考證", 1)[0]
    body = "\n".join([text] * times)
    path = tmp / Path(file.name).name
    path.write_text(body, encoding="utf-8")
    rites = tuple(s for s in file.rites if s.from_heading is None) or file.rites[:1]
    return replace(file, path=path, rites=rites), body


def scaled_inputs(mb: float, tmp: Path):
    """Per :data:`SCALE_SOURCES` entry: (label, base repeat, length, [(file, text) at 1x 2x 4x])
    with the 4x input about ``mb`` MB (shared with benchmarks/bench_acts.py)."""
    files = {f.name: f for f in load_manifest().files}
    for label, name in SCALE_SOURCES.items():
        file = files[name]
        text = read_text(file.path)
        base = max(1, round(mb * 2**20 / 4 / len(text.encode("utf-8"))))
        yield label, base, len(text), [synthetic(file, text, base * k, tmp) for k in (1, 2, 4)]


def scale(mb: float) -> int:
    import tempfile

    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for label, base, length, inputs in scaled_inputs(mb, Path(tmp)):
            times = []
            for f, body in inputs:
                start = time.perf_counter()
                reader_for(f)(f, body)
                times.append(time.perf_counter() - start)
            ratios = [t / times[0] for t in times]
            worst = max(worst, ratios[2])
            print(f"{label}: {base}x{length} chars: " + ", ".join(
                f"{k}x {t:.2f} s" for k, t in zip((1, 2, 4), times, strict=True))
                + f"; ratios 2x/1x {ratios[1]:.1f}, 4x/1x {ratios[2]:.1f}")
    print(f"worst 4x/1x ratio {worst:.1f} (linear ≈ 4, quadratic ≈ 16)")
    return 0 if worst < 8 else 1


if __name__ == "__main__":
    raise SystemExit(main())
