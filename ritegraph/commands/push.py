"""``ritegraph push``: upload every named graph to a SPARQL 1.1 server and verify the counts."""

from __future__ import annotations

import argparse
import sys

from ..cli import add_store_option, store_dir
from ..errors import RemoteError


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "push",
        description="Upload every named graph of the store through the SPARQL 1.1 Graph Store "
                    "Protocol (PUT) or SPARQL Update into staging graphs, verify their triple "
                    "counts through the query endpoint, then swap them in (MOVE, or PUT of the "
                    "complete graphs); a failure leaves every graph replaced or in its previous "
                    "state, and says which. Credentials come from $RITEGRAPH_ENDPOINT_USER / "
                    "$RITEGRAPH_ENDPOINT_PASSWORD.")
    parser.add_argument("--endpoint", required=True, metavar="URL",
                        help="SPARQL query endpoint (used to verify; default update endpoint)")
    parser.add_argument("--graph-store", metavar="URL",
                        help="Graph Store Protocol endpoint (e.g. Oxigraph's /store, "
                             "Virtuoso's /sparql-graph-crud)")
    parser.add_argument("--update", metavar="URL",
                        help="SPARQL Update endpoint (default: --endpoint; Oxigraph: /update)")
    parser.add_argument("--timeout", type=float, default=120.0, metavar="S",
                        help="deadline of each HTTP request, in seconds (default 120)")
    add_store_option(parser)
    parser.set_defaults(func=run)


def failure(report) -> RemoteError:
    """The exact outcome of a failed push, as the error the command exits with."""
    from ..push import KEPT, REPLACED, UNKNOWN

    def names(state: str) -> str:
        return ", ".join(report.in_state(state)) or "none"

    lines = [f"push to {report.endpoint} failed: "
             + (report.error or "the server's triple counts differ from the store's"),
             f"  replaced and verified: {names(REPLACED)}",
             f"  kept their previous state: {names(KEPT)}"]
    if report.in_state(UNKNOWN) or [g for g in report.graphs if g.state == REPLACED and not g.ok]:
        unknown = [g.graph for g in report.graphs if g.state == UNKNOWN
                   or (g.state == REPLACED and not g.ok)]
        lines.append(f"  state unknown, check them: {', '.join(unknown)}")
    if report.staging_left:
        lines.append("  staging graphs left on the server (drop them with DROP GRAPH): "
                     + ", ".join(report.staging_left))
    return RemoteError("\n".join(lines))


def run(args: argparse.Namespace) -> int:
    from ..push import push
    from ..store import open_store

    store = open_store(store_dir(args))
    report = push(store, args.endpoint, graph_store=args.graph_store, update=args.update,
                  timeout=args.timeout, progress=lambda item: print(item.line(), file=sys.stderr))
    if not report.ok:
        raise failure(report)
    total = sum(g.local for g in report.graphs)
    print(f"pushed {len(report.graphs)} graphs, {total} triples, to {report.endpoint} "
          f"(staged, verified, swapped in)")
    return 0
