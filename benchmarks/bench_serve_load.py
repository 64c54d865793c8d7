"""Load test of ``ritegraph serve`` on loopback: N concurrent clients for a fixed time send the
named queries (mixed) and, now and then, one pathological query that can only end at the
deadline. Reports throughput, p50/p99 latency of the named queries, whether the deadline held
(every pathological query answered 503 within queue wait + deadline + margin), every other
status, and the peak RSS of the server and of its query workers (sampled from /proc).

    python benchmarks/bench_serve_load.py [--store DIR] [--clients 8] [--seconds 20]
                                          [--timeout 2] [--workers 2]

Without ``--store`` the seed corpus is built into a temporary store first.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ritegraph import query as q
from tests.serve_support import Server, running

PATHOLOGICAL = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"
MARGIN = 2.0  # seconds past the bound that a 503 may take (pipe, kill, HTTP)


def bound(deadline: float) -> float:
    """The longest a pathological query may take: waiting for a worker (at most the deadline,
    then 503 "all workers busy"), running (at most the deadline, then killed), plus a margin."""
    return 2 * deadline + MARGIN


@dataclass
class Load:
    named: list[float] = field(default_factory=list)  # latencies of named queries (200)
    pathological: list[tuple[int, float]] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    other_failures: list[str] = field(default_factory=list)
    rss_server: int = 0  # peak, KiB
    rss_workers: int = 0  # peak of the sum over the workers, KiB
    seconds: float = 0.0

    def deadline_held(self, deadline: float) -> bool:
        return bool(self.pathological) and all(
            status == 503 and took <= bound(deadline) for status, took in self.pathological)

    def report(self, deadline: float) -> dict:
        lat = sorted(self.named)
        p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else None
        return {
            "requests": sum(self.statuses.values()),
            "throughput_per_s": round(sum(self.statuses.values()) / self.seconds, 1),
            "named_p50_ms": round(statistics.median(lat) * 1000, 1) if lat else None,
            "named_p99_ms": round(p99 * 1000, 1) if p99 is not None else None,
            "pathological": len(self.pathological),
            "pathological_max_s": round(max((t for _s, t in self.pathological), default=0), 2),
            "deadline_held": self.deadline_held(deadline),
            "statuses": dict(self.statuses),
            "unexpected": self.other_failures[:10],
            "peak_rss_server_mib": round(self.rss_server / 1024, 1),
            "peak_rss_workers_mib": round(self.rss_workers / 1024, 1),
        }


def rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def sample(server_pid: int, load: Load, stop: threading.Event) -> None:
    while not stop.wait(0.2):
        load.rss_server = max(load.rss_server, rss_kib(server_pid))
        load.rss_workers = max(load.rss_workers,
                               sum(rss_kib(c) for c in children(server_pid)))


def client(server: Server, texts: list[str], until: float, every: int, load: Load,
           lock: threading.Lock, index: int) -> None:
    n = index
    while time.monotonic() < until:
        n += 1
        bad = every and n % every == 0
        text = PATHOLOGICAL if bad else texts[n % len(texts)]
        started = time.monotonic()
        answer = server.sparql(text, "application/sparql-results+json", timeout=120)
        took = time.monotonic() - started
        with lock:
            load.statuses[answer.status] += 1
            if bad:
                load.pathological.append((answer.status, took))
            elif answer.status == 200:
                load.named.append(took)
            elif answer.status != 503:  # 503: a busy pool, which the deadline also bounds
                load.other_failures.append(f"{answer.status}: {answer.text[:120]}")


def run_load(store: Path, *, clients: int = 8, seconds: float = 20.0, timeout: float = 2.0,
             workers: int = 2, every: int = 25) -> Load:
    """Start ``ritegraph serve`` on ``store`` and load it; ``every``-th request of each client
    is the pathological query."""
    texts = [nq.text for nq in q.catalogue().values()]
    load, lock, stop = Load(), threading.Lock(), threading.Event()
    with running(store, "--timeout", f"{timeout:g}", "--workers", str(workers)) as server:
        sampler = threading.Thread(target=sample, args=(server.process.pid, load, stop),
                                   daemon=True)
        sampler.start()
        started = time.monotonic()
        until = started + seconds
        threads = [threading.Thread(target=client, args=(server, texts, until, every, load,
                                                         lock, i), daemon=True)
                   for i in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        load.seconds = time.monotonic() - started
        stop.set()
        sampler.join()
    return load


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", metavar="DIR")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--every", type=int, default=25)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(args.store) if args.store else None
        if store is None:
            from ritegraph.build import build

            print("building the seed corpus …", file=sys.stderr)
            store = build(Path(tmp)).store
        load = run_load(store, clients=args.clients, seconds=args.seconds,
                        timeout=args.timeout, workers=args.workers, every=args.every)
    print(json.dumps(load.report(args.timeout), indent=2))
    return 0 if load.deadline_held(args.timeout) and not load.other_failures else 1


if __name__ == "__main__":
    sys.exit(main())
