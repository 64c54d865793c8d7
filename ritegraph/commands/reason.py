"""``ritegraph reason``: HermiT over ontology + lexicon (+ acts): consistency and inferred types.

Exit 0: consistent (inferred types written to the graph https://w3id.org/ritegraph/graph/inferred);
1: inconsistent; 2: Java missing or no store.
"""

from __future__ import annotations

import argparse

from ..cli import add_store_option, store_dir
from ..errors import EXIT_OK, EXIT_PROBLEMS
from ..progress import for_command
from ..reason import reason, store_graphs, write_inferred


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("reason", description=__doc__)
    add_store_option(parser)
    parser.add_argument("--no-acts", action="store_true",
                        help="reason over ontology and lexicon only")
    parser.add_argument("--dry-run", action="store_true",
                        help="do not write the inferred graph")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    store = store_dir(args)
    with for_command(args).step("reasoning (HermiT)"):
        report = reason(store_graphs(store, with_acts=not args.no_acts))
    if not report.consistent:
        print(f"inconsistent: {report.explanation} ({report.seconds:.1f} s)")
        return EXIT_PROBLEMS
    if not args.dry_run:
        write_inferred(store, report.inferred)
    print(f"consistent: {report.individuals} individuals, {len(report.inferred)} inferred types "
          f"({report.seconds:.1f} s)")
    for cls, n in report.counts().items():
        print(f"  {n:6d}  {cls}")
    return EXIT_OK
