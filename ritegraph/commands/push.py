"""``ritegraph push``: upload every named graph to a SPARQL 1.1 server and verify the counts."""

from __future__ import annotations

import argparse
import sys

from ..cli import add_store_option, store_dir
from ..errors import RemoteError


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "push", help="upload every named graph to a SPARQL 1.1 server (replacing them)",
        description="Upload every named graph of the store through the SPARQL 1.1 Graph Store "
                    "Protocol (PUT, replacing the graph) or SPARQL Update, then verify the "
                    "triple count of each graph through the query endpoint. Credentials come "
                    "from $RITEGRAPH_ENDPOINT_USER / $RITEGRAPH_ENDPOINT_PASSWORD.")
    parser.add_argument("--endpoint", required=True, metavar="URL",
                        help="SPARQL query endpoint (used to verify; default update endpoint)")
    parser.add_argument("--graph-store", metavar="URL",
                        help="Graph Store Protocol endpoint (e.g. Oxigraph's /store, "
                             "Virtuoso's /sparql-graph-crud)")
    parser.add_argument("--update", metavar="URL",
                        help="SPARQL Update endpoint (default: --endpoint; Oxigraph: /update)")
    parser.add_argument("--timeout", type=float, default=120.0, metavar="S",
                        help="per-request timeout in seconds (default 120)")
    add_store_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..push import push
    from ..store import open_store

    store = open_store(store_dir(args))

    report = push(store, args.endpoint, graph_store=args.graph_store, update=args.update,
                  timeout=args.timeout, progress=lambda item: print(item.line(), file=sys.stderr))
    if not report.ok:
        made = [g.graph for g in report.graphs if g.ok] or ["none"]
        failed = [g.graph for g in report.graphs if not g.ok]
        raise RemoteError(f"push to {report.endpoint} failed for {', '.join(failed)}; "
                          f"uploaded and verified: {', '.join(made)}")
    total = sum(g.local for g in report.graphs)
    print(f"pushed {len(report.graphs)} graphs, {total} triples, to {report.endpoint}")
    return 0
