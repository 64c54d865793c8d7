"""``ritegraph export``: write the graph as Turtle, TriG, N-Triples, N-Quads, JSON-LD or RDF/XML,
or its Web Annotations as a W3C Web Annotation collection (``--format annotations``).

With ``--output`` and no ``--format`` the format is the one the file's suffix names; a suffix
naming another format than ``--format`` is refused (exit 2), as is a missing directory, before
anything is read."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..cli import add_store_option, store_dir
from ..errors import InputError, UsageError
from ..export import FORMATS, atomic_output, check_output, export, format_for
from ..progress import for_command
from ..store import GRAPH_BASE, named_graphs, open_store


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("export", description=__doc__)
    add_store_option(parser)
    parser.add_argument("--format", choices=list(FORMATS), default=None,
                        help="default: the one the --output suffix names, else turtle")
    parser.add_argument("--output", "-o", type=Path, metavar="FILE",
                        help="file to write (atomically); default: standard output")
    parser.add_argument("--graph", action="append", metavar="NAME",
                        help="only this named graph (e.g. ontology, lexicon, corpus, yanli); "
                             "repeatable; default: all")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    fmt = format_for(args.output, args.format)
    if args.output is not None:
        check_output(args.output)
    store = open_store(store_dir(args))
    graphs = None
    if args.graph:
        available = named_graphs(store)
        graphs = [g if g.startswith("http") else GRAPH_BASE + g for g in args.graph]
        unknown = [g for g in graphs if g not in available]
        if unknown:
            names = ", ".join(a.removeprefix(GRAPH_BASE) for a in available)
            raise UsageError(f"no such graph: {', '.join(unknown)} (available: {names})")
    if args.output is None:
        with for_command(args).step(f"exporting {fmt}"):
            export(store, fmt, sys.stdout.buffer, graphs)
        return 0
    try:
        with atomic_output(args.output) as handle, for_command(args).step(f"exporting {fmt}"):
            export(store, fmt, handle, graphs)
    except OSError as exc:
        raise InputError(f"cannot write the export: {exc.strerror or exc}",
                         path=str(args.output)) from exc
    return 0
