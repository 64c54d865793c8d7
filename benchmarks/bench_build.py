"""Benchmark: building a corpus into the store.

Default mode: the wall time of `build()` in this process (median of N runs, with its phases)
and, as a baseline measured in the same run, the time rdflib needs merely to parse the N-Quads
the build writes (what a naive rdflib store would spend before doing any work). Goal: build of
the seed corpus < 3 s wall on the project's machines.

``--scale``: bounded memory and linear time (issue 9). For each factor of ``--factors``
(default 1,2,4) the corpus is replicated (every file copied under new names, with manifest
entries added) and, each in a fresh child process whose own peak RSS is read with
``os.wait4``:

* the full build (``ritegraph build`` of the replicated corpus): wall time, peak RSS;
* the baseline: pyoxigraph alone bulk-loading the same N-Quads (dumped from the built store)
  into a fresh directory: wall time, peak RSS; reported as build / baseline ratios;

and then each factor against 1×: time per copy (flat = linear time) and peak RSS (flat =
bounded memory). Child wall times include starting Python and importing.

Usage: python benchmarks/bench_build.py [--corpus DIR] [--runs N]
       python benchmarks/bench_build.py --scale [--corpus DIR] [--factors 1,2,4,8] [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import pyoxigraph as ox
import rdflib

from ritegraph.build import build
from ritegraph.corpus import MANIFEST_NAME, default_corpus_dir, load_manifest
from ritegraph.store import open_store

#: The baseline child: pyoxigraph alone, bulk-loading an N-Quads file into a fresh directory.
BULK_LOAD = """import sys, pyoxigraph as ox
store = ox.Store(sys.argv[2])
store.bulk_load(path=sys.argv[1], format=ox.RdfFormat.N_QUADS, lenient=True)  # as the build does
store.flush()
"""


def timed(func) -> float:
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


# --- default mode: in-process build vs rdflib parsing ---------------------------------------


def in_process(corpus: Path | None, runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "store"
        builds, phases = [], []
        for _ in range(runs):
            report = None

            def run():
                nonlocal report
                report = build(store, corpus)

            builds.append(timed(run))
            phases.append(report.seconds)
        data = open_store(store).dump(format=ox.RdfFormat.N_QUADS)
        baseline = statistics.median(
            timed(lambda: rdflib.Dataset().parse(data=data, format="nquads"))
            for _ in range(max(1, runs // 2)))
    median = statistics.median(builds)
    print(f"quads: {report.quads}")
    print(f"build (median of {runs}): {median:.3f} s  [goal < 3 s]")
    for phase in phases[0]:
        print(f"  {phase}: {statistics.median(p[phase] for p in phases):.3f} s")
    print(f"baseline, rdflib parsing the same N-Quads: {baseline:.3f} s")
    print(f"ratio build / baseline: {median / baseline:.2f}")


# --- --scale: child processes, peak RSS, replicated corpora -----------------------------------


@dataclass
class Run:
    seconds: float
    peak_mb: float


def child(argv: list[str]) -> Run:
    """Run ``argv`` as a child process; its wall time and its own peak RSS (``os.wait4``)."""
    with tempfile.TemporaryFile() as err:  # a file, not a pipe: nothing to drain while waiting
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
        _pid, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            err.seek(0)
            sys.stderr.write(err.read().decode("utf-8", errors="replace"))
            raise SystemExit(f"{' '.join(argv)} failed with exit code {proc.returncode}")
    return Run(seconds, usage.ru_maxrss / 1024)  # ru_maxrss is in KiB on Linux


def best(runs: list[Run]) -> Run:
    """Median wall time; the highest peak RSS."""
    return Run(statistics.median(r.seconds for r in runs), max(r.peak_mb for r in runs))


def copy_name(name: str, k: int) -> str:
    """``000_abc.txt`` → ``000r2_abc.txt``: a new file name with a new citable stem."""
    path = PurePosixPath(name)
    head, sep, tail = path.name.partition("_")
    return str(path.with_name(f"{head}r{k}{sep}{tail}" if sep else f"{path.stem}r{k}.txt"))


def replicate(corpus: Path, factor: int, target: Path) -> Path:
    """A copy of ``corpus`` in which every manifest file appears ``factor`` times (each copy
    with a new name and a new document id)."""
    shutil.copytree(corpus, target)
    manifest = (target / MANIFEST_NAME).read_text(encoding="utf-8")
    blocks = re.split(r"(?m)^(?=\[\[)", manifest)
    files = {f.name: f for f in load_manifest(corpus).files}
    extra = []
    for k in range(2, factor + 1):
        for block in blocks:
            found = re.search(r'(?m)^name = "([^"]+)"', block)
            if not block.startswith("[[file]]") or found is None:
                continue
            name = found.group(1)
            new = copy_name(name, k)
            shutil.copy(corpus / name, target / new)
            copied = block.replace(f'"{name}"', f'"{new}"', 1)
            copied = re.sub(r'(?m)^id = "[^"]+"\n', "", copied)
            extra.append(copied.rstrip("\n") + f'\nid = "{files[name].stem}r{k}"\n\n')
    (target / MANIFEST_NAME).write_text(
        "".join(b.rstrip("\n") + "\n\n" for b in blocks) + "".join(extra), encoding="utf-8")
    load_manifest(target)  # fail here, not in the child, if the copy is not a valid corpus
    return target


def scaling(corpus: Path, factors: list[int], runs: int) -> None:
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        tmp = Path(tmp)
        for factor in factors:
            source = corpus if factor == 1 else replicate(corpus, factor, tmp / f"corpus-{factor}")
            store = tmp / f"store-{factor}"
            build_runs = [child([sys.executable, "-m", "ritegraph.cli", "build", "-q",
                                 "--corpus", str(source), "--store", str(store)])
                          for _ in range(runs)]
            info = json.loads((store / "current" / "build.json").read_text(encoding="utf-8"))
            nquads = tmp / f"dump-{factor}.nq"
            open_store(store).dump(output=str(nquads), format=ox.RdfFormat.N_QUADS)
            bare_runs = []
            for k in range(runs):
                bare_runs.append(child([sys.executable, "-c", BULK_LOAD, str(nquads),
                                        str(tmp / f"bare-{factor}-{k}")]))
                shutil.rmtree(tmp / f"bare-{factor}-{k}")
            rows.append((factor, info, nquads.stat().st_size, best(build_runs), best(bare_runs)))
            nquads.unlink()
            shutil.rmtree(store)
            if source != corpus:
                shutil.rmtree(source)

    print(f"corpus: {corpus}  (runs per measure: {runs}; time = median, RSS = peak)")
    print(f"{'×':>3} {'chars':>9} {'quads':>9} {'N-Quads':>8} | {'build s':>7} {'RSS MB':>7}"
          f" | {'bare s':>7} {'RSS MB':>7} | {'time/bare':>9} {'RSS/bare':>8}"
          f" | {'s/copy vs 1×':>12} {'RSS vs 1×':>9}")
    _, _, _, one, _ = rows[0]
    for factor, info, size, b, bare in rows:
        chars = sum(f["characters"] for f in info["files"])
        per_copy = (b.seconds / factor) / (one.seconds / rows[0][0])
        print(f"{factor:>3} {chars:>9} {info['quads']:>9} {size / 2**20:>6.0f}MB"
              f" | {b.seconds:>7.2f} {b.peak_mb:>7.0f} | {bare.seconds:>7.2f} {bare.peak_mb:>7.0f}"
              f" | {b.seconds / bare.seconds:>9.2f} {b.peak_mb / bare.peak_mb:>8.2f}"
              f" | {per_copy:>12.2f} {b.peak_mb / one.peak_mb:>9.2f}")
    print("phases of the build (build.json, s): "
          + "; ".join(f"{factor}×: " + ", ".join(f"{k} {v:.2f}" for k, v in info["seconds"].items())
                      for factor, info, *_ in rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, metavar="DIR",
                        help="corpus directory with corpus.toml (default: the bundled corpus/)")
    parser.add_argument("--runs", type=int, help="runs per measure (default: 5; --scale: 1)")
    parser.add_argument("--scale", action="store_true",
                        help="child processes: peak RSS, bare bulk-load baseline, replicas")
    parser.add_argument("--factors", default="1,2,4", metavar="LIST",
                        help="with --scale: replication factors, comma-separated (default 1,2,4)")
    args = parser.parse_args()
    if args.scale:
        factors = sorted({int(f) for f in args.factors.split(",")})
        scaling(args.corpus or default_corpus_dir(), factors, args.runs or 1)
    else:
        in_process(args.corpus, args.runs or 5)


if __name__ == "__main__":
    main()
