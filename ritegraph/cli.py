"""The ``ritegraph`` command: a thin layer over one entry function per subcommand.

Exit codes: 0 ok; 1 validation or check found problems; 2 usage, input, store or remote error;
3 internal error (an unexpected exception: one line, the traceback with ``-v``).
Each subcommand lives in its own module exposing ``register(subparsers)``, which adds a parser
whose default ``func`` takes the parsed arguments and returns an exit code.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import traceback
from pathlib import Path

from .errors import EXIT_INTERNAL, EXIT_USAGE, REPORT_TO, RitegraphError, StoreError

#: Subcommand modules, in the order ``--help`` lists them.
COMMANDS = ["build", "export", "stats", "acts", "steps", "variants", "eval", "validate",
            "reason", "query", "push", "check", "serve"]

DEFAULT_STORE = "ritegraph-data"


def store_dir(args: argparse.Namespace) -> Path:
    """The store directory: ``--store``, else ``$RITEGRAPH_STORE``, else ``./ritegraph-data``."""
    value = getattr(args, "store", None) or os.environ.get("RITEGRAPH_STORE") or DEFAULT_STORE
    return Path(value)


def add_store_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--store", metavar="DIR",
                        help=f"store directory (default: $RITEGRAPH_STORE or ./{DEFAULT_STORE})")


def add_rite_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rite", metavar="R", help="only this rite (slug or label, e.g. 燕礼)")


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
    for command in sub.choices.values():  # -v after the subcommand too (serve has its own)
        if "--verbose" not in command._option_string_actions:
            command.add_argument("-v", "--verbose", action="store_true", help=_VERBOSE_HELP)
    return parser


_VERBOSE_HELP = "show the traceback of an internal error"


def internal_error(command: str, exc: BaseException, verbose: bool) -> int:
    """Report an unexpected exception in one line (the traceback too with ``verbose``)."""
    if verbose:
        traceback.print_exception(exc, file=sys.stderr)
    message = " ".join(str(exc).split()) or "(no message)"
    print(f"ritegraph {command}: internal error: {type(exc).__name__}: {message} "
          f"(please report it at {REPORT_TO}"
          f"{'' if verbose else '; rerun with -v for the traceback'})", file=sys.stderr)
    return EXIT_INTERNAL


def main(argv: list[str] | None = None) -> int:
    parser = make_parser()
    parser.add_argument("-v", "--verbose", action="store_true", dest="global_verbose",
                        help=_VERBOSE_HELP)
    args = parser.parse_args(argv)
    if args.global_verbose:
        args.verbose = True
    verbose = bool(getattr(args, "verbose", False))
    try:
        return int(args.func(args))
    except RitegraphError as exc:
        print(f"ritegraph {args.command}: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader of our output left (`| head`): not an error
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
        return 0
    except Exception as exc:
        from .store import is_storage_error

        if is_storage_error(exc):  # pyoxigraph on a damaged database, wherever it was read
            error = StoreError(f"the store is damaged or unusable: {exc} (rebuild it with "
                               "`ritegraph build`)")
            print(f"ritegraph {args.command}: error: {error}", file=sys.stderr)
            return error.exit_code
        return internal_error(args.command, exc, verbose)


if __name__ == "__main__":
    sys.exit(main())
