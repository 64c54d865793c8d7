"""Start-up cost of the CLI: ``ritegraph query NAME`` against a bare pyoxigraph script running
the same query on the same store, in one run, as whole processes taken in turn (A B A B …);
``ritegraph`` is the installed console command, as a user runs it;
also ``--format tsv --no-labels`` ("plain"), which does what the bare script does (no label
lookup, no table), so that start-up is told apart from the labels.

The bare script imports pyoxigraph, opens the store read-only, runs the query file's text over
the union graph and prints the rows; ``ritegraph query NAME`` does all that and parses its
arguments, forks its query process and formats a table. The goal is a median ratio ≤ 2.
Both get compiled bytecode (a private ``PYTHONPYCACHEPREFIX``, filled by a warm-up run), as an
installed ritegraph has; the figures are wall seconds, median and min–max.

    python benchmarks/bench_cli_start.py                      # builds the seed corpus (~20 s)
    python benchmarks/bench_cli_start.py --store DIR --runs 21 --query rite-overview

With ``--against DIR`` (another checkout of ritegraph, e.g. ``git worktree add DIR REV``)
it also times that checkout's ``ritegraph query NAME`` (``$PYTHONPATH=DIR``), in the same
turns: a before/after in one run.

Without ``--query`` it measures four queries: one slow enough that the store dominates
(rite-overview) and three whose fixed costs dominate (labels, table, the CLI's own imports).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GOAL = 2.0
QUERIES = ("rite-overview", "object-usage", "who-handles", "section-sequence")

BARE = """import sys
import pyoxigraph as ox
store = ox.Store.read_only(sys.argv[1])
text = open(sys.argv[2], encoding="utf-8").read()
for row in store.query(text, use_default_graph_as_union=True):
    print(*(term.value for term in row if term is not None), sep="\\t")
"""


def wall(command: list[str], env: dict[str, str]) -> float:
    """Seconds one run of ``command`` takes, output discarded; it must succeed."""
    start = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def console_command() -> list[str]:
    """The installed ``ritegraph`` command beside this interpreter, as a user runs it."""
    script = Path(sys.executable).parent / "ritegraph"
    if not script.is_file():
        raise SystemExit(f"no console command {script}: install the package (pip install -e .)")
    return [str(script)]


def seed_store(directory: Path) -> Path:
    """The seed corpus built into ``directory`` (as the tests build it)."""
    sys.path.insert(0, str(REPO))
    from ritegraph.build import build
    from tests.conftest import make_seed_corpus

    build(directory / "store", make_seed_corpus(directory / "corpus"))
    return directory / "store"


def measure(store: Path, query: str, runs: int, cache: Path,
            against: Path | None = None) -> dict[str, list[float]]:
    from ritegraph.store import current_build

    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(cache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = console_command()
    commands = {
        "ritegraph": [*command, "query", query, "--store", str(store)],
        "plain": [*command, "query", query, "--store", str(store), "--format", "tsv",
                  "--no-labels"],
        "bare": [sys.executable, "-c", BARE, str(current_build(store) / "oxigraph"),
                 str(REPO / "queries" / f"{query}.rq")],
        "import": [sys.executable, "-c", "import ritegraph.cli"],
    }
    envs = dict.fromkeys(commands, env)
    if against is not None:
        commands["against"] = commands["ritegraph"]
        envs["against"] = {**env, "PYTHONPATH": str(against.resolve())}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for name, command in commands.items():  # warm-up: bytecode, the page cache
        wall(command, envs[name])
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(wall(command, envs[name]))
    return times


def report(query: str, times: dict[str, list[float]]) -> None:
    for name, values in times.items():
        print(f"{name:>10}: median {statistics.median(values):.3f} s "
              f"(min {min(values):.3f}, max {max(values):.3f})")
    for name, how in (("ritegraph", "as a table with labels"), ("plain", "tsv, no labels"),
                      ("against", "as a table with labels, the --against checkout")):
        if name not in times:
            continue
        ratios = [a / b for a, b in zip(times[name], times["bare"], strict=True)]
        print(f"ritegraph query {query} ({how}) / bare pyoxigraph: median ratio "
              f"{statistics.median(ratios):.2f} (pairwise, min {min(ratios):.2f}, "
              f"max {max(ratios):.2f}; goal ≤ {GOAL:g})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, help="a built store (default: build the seeds)")
    parser.add_argument("--query", action="append", metavar="NAME",
                        help="a named query (repeatable; default: " + ", ".join(QUERIES) + ")")
    parser.add_argument("--runs", type=int, default=15, help="runs of each command")
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="another ritegraph checkout to time in the same run")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        store = args.store or seed_store(Path(tmp))
        for query in args.query or QUERIES:
            report(query, measure(store, query, args.runs, Path(tmp) / "pycache", args.against))
    return 0


if __name__ == "__main__":
    sys.exit(main())
