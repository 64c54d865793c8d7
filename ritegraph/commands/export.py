"""``ritegraph export``: write the graph as Turtle, TriG, N-Triples, N-Quads, JSON-LD or RDF/XML,
or its Web Annotations as a W3C Web Annotation collection (``--format annotations``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..cli import add_store_option, store_dir
from ..errors import UsageError
from ..export import FORMATS, serialize, write_atomically
from ..progress import for_command
from ..store import GRAPH_BASE, named_graphs, open_store


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("export", description=__doc__)
    add_store_option(parser)
    parser.add_argument("--format", choices=sorted(FORMATS), default="turtle")
    parser.add_argument("--output", "-o", type=Path, metavar="FILE",
                        help="file to write (atomically); default: standard output")
    parser.add_argument("--graph", action="append", metavar="NAME",
                        help="only this named graph (e.g. ontology, lexicon, corpus, yanli); "
                             "repeatable; default: all")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    store = open_store(store_dir(args))
    graphs = None
    if args.graph:
        available = named_graphs(store)
        graphs = [g if g.startswith("http") else GRAPH_BASE + g for g in args.graph]
        unknown = [g for g in graphs if g not in available]
        if unknown:
            names = ", ".join(a.removeprefix(GRAPH_BASE) for a in available)
            raise UsageError(f"no such graph: {', '.join(unknown)} (available: {names})")
    with for_command(args).step(f"exporting {args.format}"):
        data = serialize(store, args.format, graphs)
    if args.output:
        write_atomically(args.output, data)
    else:
        sys.stdout.buffer.write(data)
    return 0
