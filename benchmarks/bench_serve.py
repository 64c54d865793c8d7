"""Every named query through ``ritegraph serve``'s ``/sparql`` vs on the local store, same run.

The server runs as ``ritegraph serve`` would (a subprocess on a free loopback port, its worker
pool on the same store); each query goes through real HTTP (urllib, SPARQL JSON results, GET or
POST as ``RemoteTarget`` chooses) and is parsed back into rows, as a client would. The table
gives the median wall time of each path, their ratio and the difference (the endpoint's own
cost: HTTP, the worker's pipe, the SERVICE check by rdflib's parser — cached per worker after
the first run of a query text — and writing and parsing JSON), plus the first (cold) run
through the endpoint.

    python benchmarks/bench_serve.py                  # builds the seed corpus into a tmp store
    python benchmarks/bench_serve.py --store DIR      # an existing store
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ritegraph import query as q
from ritegraph.store import open_store
from tests.serve_support import running


def timed(run: Callable[[], int], repeat: int) -> tuple[float, float, int]:
    """(first run ms, median ms of ``repeat`` further runs, rows)."""
    start = time.perf_counter()
    rows = run()
    first = (time.perf_counter() - start) * 1000
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return first, statistics.median(times), rows


def store_dir(args: argparse.Namespace, workdir: Path) -> Path:
    if args.store:
        return Path(args.store)
    from ritegraph.build import build

    print("building the seed corpus …", file=sys.stderr)
    build(workdir)
    return workdir


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", metavar="DIR")
    parser.add_argument("--repeat", type=int, default=9, help="timed runs per query and path")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)

    texts = {name: q.bind_params(nq, {}, None) for name, nq in q.catalogue().items()}
    with tempfile.TemporaryDirectory() as tmp:
        directory = store_dir(args, Path(tmp))
        local = q.LocalTarget(open_store(directory))
        here = {name: timed(lambda t=text: len(local.select(t).rows), args.repeat)
                for name, text in texts.items()}
        with running(directory, "--workers", str(args.workers), "--timeout", "300") as server:
            remote = q.RemoteTarget(server.url + "sparql", timeout=300)
            there = {name: timed(lambda t=text: len(remote.select(t).rows), args.repeat)
                     for name, text in texts.items()}
    print(f"{'query':<22} {'rows':>5} {'local ms':>9} {'endpoint ms':>12} {'ratio':>6} "
          f"{'+ms':>6} {'cold ms':>8}")
    ratios = []
    for name in texts:
        (_f, local_ms, rows), (cold, remote_ms, remote_rows) = here[name], there[name]
        ratio = remote_ms / local_ms if local_ms else float("inf")
        ratios.append(ratio)
        flag = "" if rows == remote_rows else f"  (endpoint returned {remote_rows} rows)"
        print(f"{name:<22} {rows:>5} {local_ms:>9.2f} {remote_ms:>12.2f} {ratio:>5.1f}× "
              f"{remote_ms - local_ms:>6.1f} {cold:>8.1f}{flag}")
    total_local = sum(here[n][1] for n in texts)
    total_remote = sum(there[n][1] for n in texts)
    print(f"median ratio {statistics.median(ratios):.2f}×; sum of medians {total_local:.1f} ms "
          f"local, {total_remote:.1f} ms through the endpoint "
          f"({total_remote / total_local:.2f}×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
