"""``ritegraph build``: read the corpus and build the graph into the embedded store."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..build import build, warning_lines
from ..cli import add_store_option, store_dir
from ..progress import for_command


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("build", description=__doc__)
    add_store_option(parser)
    parser.add_argument("--corpus", type=Path, metavar="DIR",
                        help="corpus directory with corpus.toml (default: the bundled corpus)")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="print nothing on success (no progress, no reader warnings)")
    parser.add_argument("--strict", action="store_true",
                        help="treat reader warnings as findings: exit 1, leave the store as it is")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    with for_command(args) as progress:
        report = build(store_dir(args), args.corpus, strict=args.strict, progress=progress)
    report_warnings(warning_lines(report.files), args)
    if not args.quiet:
        for f in report.files:
            mentions = sum(f["mentions"].values())
            cover = f["classic_cjk_covered"] / max(1, f["classic_cjk_characters"])
            print(f"{f['name']}: {sum(f['passages'].values())} passages, {f['sections']} sections,"
                  f" {mentions} mentions, {f['acts']} acts, classic-text coverage {cover:.1%},"
                  f" {len(f['glyph_issues'])} glyph issues")
        print(f"{report.quads} quads in {report.store} ({report.seconds['total']:.2f} s)")
    return 0


def report_warnings(lines: list[str], args: argparse.Namespace) -> None:
    """Reader warnings: each with ``-v``, none with ``-q``, else how many there are."""
    if args.verbose:
        for line in lines:
            print(f"warning: {line}", file=sys.stderr)
    elif lines and not args.quiet:
        print(f"ritegraph build: {len(lines)} reader warning{'s' * (len(lines) != 1)} "
              "(unclosed notes, section ends not found …); list them with -v", file=sys.stderr)
