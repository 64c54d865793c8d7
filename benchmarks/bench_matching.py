"""Time lexicon matching over the whole corpus against a naive baseline, in the same run.

Every corpus file is matched whole (a superset of all its passages) in classical mode, and the
translation files also in modern mode. The baseline is ``Matcher.find_naive`` (one ``str.find``
loop per label on the same folded view, then leftmost-longest selection); both must agree.

    python benchmarks/bench_matching.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from ritegraph.corpus import load_manifest, read_text
from ritegraph.lexicon import load_lexicon
from ritegraph.matching import Match, Matcher

TARGET_SECONDS = 0.5


def corpus_jobs() -> list[tuple[str, str, bool]]:
    """(file name, text, modern) for every matching pass over the corpus."""
    jobs = []
    for corpus_file in load_manifest().files:
        text = read_text(corpus_file.path)
        jobs.append((corpus_file.name, text, False))
        if corpus_file.translation:
            jobs.append((corpus_file.name, text, True))
    return jobs


def run(find: Callable[..., list[Match]], jobs: list[tuple[str, str, bool]]) -> list[list[Match]]:
    return [find(text, modern=modern) for _, text, modern in jobs]


def best_of(repeat: int, action: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    started = time.perf_counter()
    lexicon = load_lexicon()
    matcher = Matcher(lexicon)
    setup = time.perf_counter() - started
    jobs = corpus_jobs()
    characters = sum(len(text) for _, text, _ in jobs)

    fast = run(matcher.find, jobs)  # also warms the per-character fold cache
    naive = run(matcher.find_naive, jobs)
    if fast != naive:
        print("MISMATCH: the automaton and the naive baseline disagree")
        return 1
    automaton = best_of(args.repeat, lambda: run(matcher.find, jobs))
    baseline = best_of(args.repeat, lambda: run(matcher.find_naive, jobs))
    matches = sum(len(found) for found in fast)

    print(f"lexicon: {len(lexicon)} concepts; load + automata {setup:.3f} s")
    print(f"corpus: {len(jobs)} passes, {characters} characters, {matches} matches")
    print(f"aho-corasick: {automaton:.4f} s (target < {TARGET_SECONDS} s)")
    print(f"naive str.find baseline: {baseline:.4f} s")
    print(f"speed-up: {baseline / automaton:.1f}x")
    return 0 if automaton < TARGET_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
