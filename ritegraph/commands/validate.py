"""``ritegraph validate``: check the graph against the SHACL shapes (exit 1: does not conform)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..cli import add_rite_option, add_store_option, store_dir
from ..errors import EXIT_OK, EXIT_PROBLEMS
from ..progress import for_command
from ..shaclreport import RENDERERS
from ..validate import ENGINES, SEVERITIES, validate


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "validate",
        description=__doc__ + " Exit 0: conforms at the chosen severity; 1: it does not; "
                              "2: usage or input error (bad file, unparsable shapes).")
    add_store_option(parser)
    parser.add_argument("--data", metavar="FILE", type=Path,
                        help="validate this RDF file instead of the store")
    parser.add_argument("--shapes", metavar="DIR", type=Path,
                        help="directory of *.ttl shapes (default: the bundled shapes/)")
    add_rite_option(parser)
    parser.add_argument("--severity", choices=list(SEVERITIES), default="violation",
                        help="lowest severity that makes the graph fail (default: violation)")
    parser.add_argument("--format", choices=list(RENDERERS), default="text",
                        help="every format lists every result; --severity decides the verdict")
    parser.add_argument("--engine", choices=ENGINES, default="sparql",
                        help="sparql: whole-graph queries on Oxigraph (fast, default); "
                             "pyshacl: the reference implementation, every constraint (slow)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rite = args.rite
    if rite and not args.data:  # a label or a slug of the store's rites (a file: a slug)
        from ..read.snapshot import resolve_rite
        from ..store import open_store

        rite = resolve_rite(open_store(store_dir(args)), rite)
    with for_command(args).step("validating"):
        report = validate(store=None if args.data else store_dir(args), data_file=args.data,
                          shapes_dir=args.shapes, rite=rite, severity=args.severity,
                          engine=args.engine)
    sys.stdout.write(RENDERERS[args.format](report))
    return EXIT_OK if report.conforms else EXIT_PROBLEMS
