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
from pathlib import Path

from .errors import EXIT_INTERNAL, EXIT_USAGE, REPORT_TO, RitegraphError, StoreError
from .storepath import DEFAULT_STORE, ENV_STORE, store_location

#: Subcommands, in the order ``--help`` lists them, with their one-line help: the light metadata
#: the parser is built from. A subcommand's module (``ritegraph.commands.<name>``, exposing
#: ``register(subparsers)``) is imported only when that subcommand runs, so that a quick
#: command never pays for the others' imports (rdflib, owlready2, pyshacl, starlette …).
COMMANDS: dict[str, str] = {
    "build": "build the graph from the corpus into the store",
    "export": "export the graph as linked data",
    "stats": "counts, glyph problems and coverage of the built graph",
    "acts": "list the ritual acts (who does what, where)",
    "steps": "the rites' steps, merged across witnesses",
    "variants": "variant readings of the 经 (異文)",
    "eval": "score the acts against a gold file",
    "validate": "validate the graph against the SHACL shapes",
    "reason": "OWL reasoning (HermiT): consistency, inferred types",
    "query": "run a named SPARQL query (see --list), a .rq file or --sparql TEXT",
    "push": "upload every named graph to a SPARQL 1.1 server (replacing them)",
    "check": "rules (凡例) with exceptions, usage matrix, identity consistency across rites",
    "serve": "serve the graph: SPARQL endpoint, query page, dereferenceable IRIs",
}

def store_dir(args: argparse.Namespace) -> Path:
    """The store directory: ``--store``, else ``$RITEGRAPH_STORE``, else ``./ritegraph-data``."""
    return Path(store_location(getattr(args, "store", None)))


def add_store_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--store", metavar="DIR",
                        help=f"store directory (default: ${ENV_STORE} or ./{DEFAULT_STORE})")


def add_rite_option(parser: argparse.ArgumentParser, repeatable: bool = False) -> None:
    """``--rite R`` (a slug or a label: yanli, 燕礼, 燕禮), resolved by
    :func:`ritegraph.read.snapshot.resolve_rite` when the command runs."""
    if repeatable:
        parser.add_argument("--rite", action="append", metavar="R",
                            help="only this rite (slug or label: yanli, 燕礼, 燕禮); repeatable")
    else:
        parser.add_argument("--rite", metavar="R",
                            help="only this rite (slug or label: yanli, 燕礼, 燕禮)")


def _columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` gives it (``$COLUMNS``, then
    the terminal of stdout, else 80), without importing :mod:`shutil`."""
    try:
        columns = int(os.environ.get("COLUMNS", 0))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter given its width: left to itself it imports :mod:`shutil`
    (and bz2, lzma: ~3 ms) each time an argument is added, to measure the terminal."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         _columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # argparse exits 2 on usage errors: keep that
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


class _Subcommands(argparse._SubParsersAction):
    """Subparsers whose one-line help comes from :data:`COMMANDS`."""

    def add_parser(self, name: str, **kwargs):
        kwargs.setdefault("help", COMMANDS.get(name))
        return super().add_parser(name, **kwargs)


_VERBOSE_HELP = "show each reader warning, and the traceback of an internal error"
_QUIET_HELP = "print no progress and no warnings"


class _Version(argparse.Action):
    """``--version``: the version is looked up only when asked for."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="print the version and exit")

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from . import __version__

        print(f"{parser.prog} {__version__}")
        parser.exit()


def _add_global_options(parser: argparse.ArgumentParser, prefix: str = "") -> None:
    """``-v`` and ``-q``, before the subcommand (``prefix`` "global_") or after it (serve and
    build have their own)."""
    if "--verbose" not in parser._option_string_actions:
        parser.add_argument("-v", "--verbose", action="store_true", dest=prefix + "verbose",
                            help=_VERBOSE_HELP)
    if "--quiet" not in parser._option_string_actions:
        parser.add_argument("-q", "--quiet", action="store_true", dest=prefix + "quiet",
                            help=_QUIET_HELP)


def chosen_command(argv: list[str]) -> str | None:
    """The subcommand named in ``argv`` (the first word that is not a global option)."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def make_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``ritegraph`` parser; the options of subcommand ``only`` (default: every one) come
    from its module; with ``only=""`` (no command chosen) every command is a one-line stub
    from :data:`COMMANDS`, with a command chosen the others are left out."""
    parser = _Parser(prog="ritegraph", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action=_Version)
    _add_global_options(parser, "global_")
    parser.register("action", "parsers", _Subcommands)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser,
                                metavar="COMMAND")
    for name in COMMANDS:
        if only is None or name == only:
            importlib.import_module(f"ritegraph.commands.{name}").register(sub)
            _add_global_options(sub.choices[name])
        elif not only:  # a chosen command needs no stubs of the others (~0.5 ms each)
            sub.add_parser(name, add_help=False)
    return parser


def internal_error(command: str, exc: BaseException, verbose: bool) -> int:
    """Report an unexpected exception in one line (the traceback too with ``verbose``)."""
    if verbose:
        import traceback

        traceback.print_exception(exc, file=sys.stderr)
    message = " ".join(str(exc).split()) or "(no message)"
    print(f"ritegraph {command}: internal error: {type(exc).__name__}: {message} "
          f"(please report it at {REPORT_TO}"
          f"{'' if verbose else '; rerun with -v for the traceback'})", file=sys.stderr)
    return EXIT_INTERNAL


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = make_parser(chosen_command(argv) or "").parse_args(argv)
    except KeyboardInterrupt:  # Ctrl-C while the command's modules are still being imported
        return 130
    args.verbose = bool(getattr(args, "verbose", False) or args.global_verbose)
    args.quiet = bool(getattr(args, "quiet", False) or args.global_quiet)
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
