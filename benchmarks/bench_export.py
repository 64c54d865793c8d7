"""Benchmark: ``ritegraph export`` in every format against pyoxigraph's own N-Quads dump.

Builds the four seed texts into a temporary store (or uses --store) and reports, per format,
the median CPU and wall time of writing the whole store to a file, the size, and the ratio to
``Store.dump`` of N-Quads (the floor: reading every quad, in Rust) measured in the same run, so
that a loaded machine changes the times but not the ratios. Goal: JSON-LD within 3× the dump.

Usage: python benchmarks/bench_export.py [--store DIR] [--runs N] [--format F …]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pyoxigraph as ox

from ritegraph.export import FORMATS, atomic_output, export
from ritegraph.store import open_store

REPO = Path(__file__).resolve().parents[1]
GOAL_RATIO = 3.0


def seed_store(directory: Path) -> Path:
    """The seed texts (``corpus/00?_*.txt``, the test fixtures' manifest) built into a store."""
    from ritegraph.build import build

    corpus = directory / "corpus"
    corpus.mkdir()
    for text in sorted((REPO / "corpus").glob("00[0-9]_*.txt")):
        shutil.copyfile(text, corpus / text.name)
    shutil.copyfile(REPO / "tests" / "fixtures" / "seed-corpus" / "corpus.toml",
                    corpus / "corpus.toml")
    return build(directory / "store", corpus).store


def timed(write: Callable[[Path], None], path: Path, runs: int) -> tuple[float, float, int]:
    cpus, walls = [], []
    for _ in range(runs):
        cpu, wall = time.process_time(), time.perf_counter()
        write(path)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    return statistics.median(cpus), statistics.median(walls), path.stat().st_size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, help="a built store (default: build the seeds)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--format", action="append", choices=list(FORMATS),
                        help="only this format (repeatable; default: all)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        store = open_store(args.store or seed_store(work))
        print(f"{sum(1 for _ in store.quads_for_pattern(None, None, None, None))} quads")

        def dump(path: Path) -> None:
            with path.open("wb") as handle:
                store.dump(handle, format=ox.RdfFormat.N_QUADS)

        floor, floor_wall, size = timed(dump, work / "dump.nq", args.runs)
        print(f"{'Store.dump nquads':18s} {floor:6.2f} s cpu {floor_wall:6.2f} s wall "
              f"{size / 1e6:7.1f} MB  1.0×")
        ratios = {}
        for fmt in args.format or list(FORMATS):

            def write(path: Path, fmt: str = fmt) -> None:
                with atomic_output(path) as handle:
                    export(store, fmt, handle)

            cpu, wall, size = timed(write, work / f"export{FORMATS[fmt][0]}", args.runs)
            ratios[fmt] = cpu / floor
            print(f"{fmt:18s} {cpu:6.2f} s cpu {wall:6.2f} s wall {size / 1e6:7.1f} MB "
                  f"{ratios[fmt]:4.1f}×")
        if "jsonld" in ratios:
            met = ratios["jsonld"] <= GOAL_RATIO
            print(f"goal jsonld ≤ {GOAL_RATIO}× the dump: {'met' if met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
