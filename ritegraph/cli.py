"""The ``ritegraph`` command: a thin layer over one entry function per subcommand.

Exit codes: 0 ok; 1 validation or check found problems; 2 usage or input error.
Each subcommand lives in its own module exposing ``register(subparsers)``, which adds a parser
whose default ``func`` takes the parsed arguments and returns an exit code.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path

from .errors import EXIT_USAGE, RitegraphError

#: Subcommand modules, in the order ``--help`` lists them.
COMMANDS = ["build", "export", "stats", "acts", "variants", "eval", "validate", "reason", "query",
            "push", "check", "serve"]

DEFAULT_STORE = "ritegraph-data"


def store_dir(args: argparse.Namespace) -> Path:
    """The store directory: ``--store``, else ``$RITEGRAPH_STORE``, else ``./ritegraph-data``."""
    value = getattr(args, "store", None) or os.environ.get("RITEGRAPH_STORE") or DEFAULT_STORE
    return Path(value)


def add_store_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--store", metavar="DIR",
                        help=f"store directory (default: $RITEGRAPH_STORE or ./{DEFAULT_STORE})")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse exits 2 on usage errors: keep that
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def make_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="ritegraph", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"ritegraph.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"ritegraph.commands.{name}":
                continue  # not implemented yet
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = make_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except RitegraphError as exc:
        print(f"ritegraph {args.command}: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
