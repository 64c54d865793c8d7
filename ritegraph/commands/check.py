"""``ritegraph check``: usage matrix, mined rules (凡例) with their exceptions, identity
consistency and SHACL results per rite, as a table, JSON, CSV or a self-contained HTML page.

Exit codes: 0 ok; 1 with --strict when a rule marked strict in the config has an exception;
2 usage or input error (no store, unknown rite, bad config).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..check import load_config, report_json, run_check
from ..check.render import render_csv, render_html, render_text
from ..cli import add_rite_option, add_store_option, store_dir
from ..errors import EXIT_OK, EXIT_PROBLEMS, InputError, UsageError
from ..export import write_atomically
from ..read.snapshot import resolve_rite
from ..store import open_store


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("check", description=__doc__,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    add_store_option(parser)
    add_rite_option(parser, repeatable=True)
    parser.add_argument("--witness", metavar="W",
                        help="check one witness's steps (part of a file name: KR1d0026) "
                             "instead of the rites' steps merged across witnesses")
    parser.add_argument("--format", choices=["table", "json", "csv", "html"], default="table")
    parser.add_argument("--output", metavar="PATH", type=Path,
                        help="write the report here (csv: PATH for the rules and PATH's stem "
                             "+ .usage.csv / .gaps.csv beside it); default: standard output")
    parser.add_argument("--config", metavar="FILE", type=Path,
                        help="thresholds and declared rules (default: checks/rules.toml)")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 when a rule marked strict in the config has an exception")
    parser.add_argument("--min-support", type=int, metavar="K",
                        help="supporting acts a mined rule needs (overrides the config)")
    parser.add_argument("--min-confidence", type=float, metavar="C",
                        help="confidence a mined rule needs, 0–1 (overrides the config)")
    parser.add_argument("--no-shacl", action="store_true",
                        help="skip the SHACL summary (faster)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    config = load_config(args.config)
    if args.min_support is not None:
        if args.min_support < 1:
            raise UsageError("--min-support must be at least 1")
        config.mining.min_support = args.min_support
    if args.min_confidence is not None:
        if not 0 <= args.min_confidence <= 1:
            raise UsageError("--min-confidence must be between 0 and 1")
        config.mining.min_confidence = args.min_confidence
    directory = store_dir(args)
    store = open_store(directory)
    rites = [resolve_rite(store, name) for name in args.rite] if args.rite else None
    if args.witness:
        from ..query import LocalTarget, check_witness

        check_witness(LocalTarget(store), args.witness)  # unknown: exit 2, as query's
    report = run_check(store, config, rites, directory, shacl=not args.no_shacl,
                       witness=args.witness)
    data = report_json(report)
    write(data, args.format, args.output, config.mining.max_exceptions_shown)
    return EXIT_PROBLEMS if args.strict and report.strict_broken else EXIT_OK


def write(data: dict, fmt: str, output: Path | None, max_exceptions: int) -> None:
    if fmt == "csv":
        tables = render_csv(data)
        if output is None:
            sys.stdout.write(tables["rules"])
            return
        write_text(output, tables["rules"])
        for name in ("usage", "gaps"):
            write_text(output.with_name(f"{output.stem}.{name}.csv"), tables[name])
        return
    if fmt == "json":
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    elif fmt == "html":
        text = render_html(data)
    else:
        text = render_text(data, max_exceptions)
    if output is None:
        sys.stdout.write(text)
    else:
        write_text(output, text)


def write_text(path: Path, text: str) -> None:
    try:
        write_atomically(path, text.encode("utf-8"))  # a report: the usual permissions
    except OSError as exc:
        raise InputError(f"cannot write the report: {exc.strerror}", path=str(path)) from exc
