"""``ritegraph stats``: counts per rite, layer, class and scheme; glyph problems; coverage."""

from __future__ import annotations

import argparse
import json
import sys

from ..cli import add_store_option, store_dir
from ..stats import collect, render_text


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("stats", description=__doc__)
    add_store_option(parser)
    parser.add_argument("--format", choices=["text", "table", "json"], default="text",
                        help="text (= table: aligned tables) or json")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    stats = collect(store_dir(args))
    if args.format == "json":
        json.dump(stats, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_text(stats))
    return 0
