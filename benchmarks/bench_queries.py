"""Every named query on the embedded store (pyoxigraph) vs rdflib's in-memory SPARQL engine.

Both engines get the same triples (all named graphs; the store's default graph is their union,
rdflib gets them merged into one graph) and run the same query text in the same run; the table
gives the median wall time of each and their ratio. Goal: < 20 ms per query on the store and
≥ 10× faster than rdflib. A third column runs the same queries on an in-memory pyoxigraph copy
of the store (same named graphs, same union default graph), to separate the engine's cost from
the on-disk database's (RocksDB reads, e.g. of IRI strings for ORDER BY).

    python benchmarks/bench_queries.py                  # builds the seed corpus into a tmp store
    python benchmarks/bench_queries.py --store DIR      # an existing store
    python benchmarks/bench_queries.py --trig FILE      # a TriG file (e.g. the test fixture)
    python benchmarks/bench_queries.py --queries DIR    # other .rq files (e.g. an older version)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pyoxigraph as ox
import rdflib

from ritegraph import query as q
from ritegraph.store import open_store

GOAL_MS, GOAL_RATIO = 20.0, 10.0


SLOW_MS = 2000.0  # a first run slower than this is the only sample (rdflib takes minutes)


def median_ms(run: Callable[[], int], repeat: int) -> tuple[float, int]:
    """Median wall time in ms over ``repeat`` runs (after one warm-up), and the row count."""
    start = time.perf_counter()
    rows = run()
    first = (time.perf_counter() - start) * 1000
    if first > SLOW_MS:
        return first, rows
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), rows


def load(args: argparse.Namespace, workdir: Path) -> ox.Store:
    if args.trig:
        store = ox.Store()
        store.load(path=str(args.trig), format=ox.RdfFormat.TRIG)
        return store
    if args.store:
        return open_store(Path(args.store))
    from ritegraph.build import build

    print("building the seed corpus …", file=sys.stderr)
    build(workdir)
    return open_store(workdir)


def to_rdflib(store: ox.Store) -> rdflib.Graph:
    graph = rdflib.Graph()
    for name in store.named_graphs():
        data = store.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=name)
        graph.parse(data=data, format="nt")
    return graph


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--store", metavar="DIR")
    source.add_argument("--trig", metavar="FILE")
    parser.add_argument("--repeat", type=int, default=9, help="timed runs per query on the store")
    parser.add_argument("--rdflib-repeat", type=int, default=3)
    parser.add_argument("--queries", metavar="DIR", help="the .rq files to run (default: queries/)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        store = load(args, Path(tmp))
        local = q.LocalTarget(store)
        in_memory = q.LocalTarget.in_memory(store)
        start = time.perf_counter()
        graph = to_rdflib(store)
        print(f"{len(store)} quads; rdflib load {time.perf_counter() - start:.1f} s",
              file=sys.stderr)
        print(f"{'query':<22} {'rows':>5} {'store ms':>9} {'memory ms':>10} {'rdflib ms':>10} "
              f"{'rdflib/store':>13} {'rdflib/memory':>14}")
        failures = 0
        queries = q.catalogue(Path(args.queries) if args.queries else None)
        for name, nq in queries.items():
            text = q.bind_params(nq, {}, None)
            ox_ms, ox_rows = median_ms(lambda text=text: len(local.select(text).rows),
                                       args.repeat)
            mem_ms, _rows = median_ms(lambda text=text: len(in_memory.select(text).rows),
                                      args.repeat)
            rl_ms, rl_rows = median_ms(lambda text=text: len(list(graph.query(text))),
                                       args.rdflib_repeat)
            ratio = rl_ms / ox_ms if ox_ms else float("inf")
            flags = []
            if ox_ms >= GOAL_MS:
                flags.append(f"≥ {GOAL_MS:g} ms")
            if ratio < GOAL_RATIO:
                flags.append(f"< {GOAL_RATIO:g}×")
            if ox_rows != rl_rows:
                flags.append(f"rdflib returned {rl_rows} rows")
            failures += bool(flags)
            print(f"{name:<22} {ox_rows:>5} {ox_ms:>9.2f} {mem_ms:>10.2f} {rl_ms:>10.1f} "
                  f"{ratio:>12.0f}× {rl_ms / mem_ms if mem_ms else float('inf'):>13.0f}×"
                  + (f"  ({'; '.join(flags)})" if flags else ""))
        print(f"{failures} of {len(queries)} queries miss a goal (on the store) or disagree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
