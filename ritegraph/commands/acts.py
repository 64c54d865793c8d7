"""``ritegraph acts``: list the ritual acts in the store (JSONL, CSV or a table)."""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
from typing import TextIO

from ..acts.store import acts_from_store, output_record
from ..cli import add_rite_option, add_store_option, store_dir
from ..read import open_graph
from ..tables import render_text

KEYS = ("file", "start", "end", "quote", "rite", "section", "layer", "agent", "action", "object",
        "recipient", "place", "facing", "negated", "implicit_agent", "confidence", "iri", "step")
_TABLE = ("file", "start", "end", "section", "agent", "action", "object", "recipient", "place",
          "facing", "negated", "quote")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("acts", description=__doc__.splitlines()[0])
    add_rite_option(parser)
    parser.add_argument("--section", metavar="S",
                        help="only sections whose title contains S (or section number S)")
    parser.add_argument("--format", choices=("jsonl", "csv", "table"), default="table")
    add_store_option(parser)
    parser.set_defaults(func=run)


def _wanted(record: dict, section: str | None) -> bool:
    if section:
        if section.isdigit():
            return record.get("sectionOrder") == int(section)
        return section in (record["section"] or "")
    return True


def _cell(value: object) -> str:
    if isinstance(value, list):
        return "、".join(value)
    if value is None:
        return ""
    return str(value).lower() if isinstance(value, bool) else str(value)


def run(args: argparse.Namespace) -> int:
    rows = [output_record(r) for r in acts_from_store(open_graph(store_dir(args)), args.rite)
            if _wanted(r, args.section)]
    try:
        write(rows, args.format, sys.stdout)
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
    return 0


def write(rows: list[dict], fmt: str, out: TextIO) -> None:
    if fmt == "jsonl":
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    elif fmt == "csv":
        writer = csv.writer(out)
        writer.writerow(KEYS)
        for row in rows:
            writer.writerow([_cell(row[key]) for key in KEYS])
    else:
        out.write(render_text(_TABLE, [[_cell(row[key]) for key in _TABLE] for row in rows]))
