"""``ritegraph variants``: the variant readings (異文) of the 经 between the witnesses."""

from __future__ import annotations

import argparse
import csv
import json
import sys
from typing import TextIO

from ..cli import add_rite_option, add_store_option, store_dir
from ..read import open_graph
from ..tables import render
from ..variants import KINDS, Variant

_CSV = ("rite", "kind", "attributed_to", "reading", "witness", "file", "start", "end", "quote",
        "prefix", "suffix", "reads")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("variants", description=__doc__.splitlines()[0])
    add_rite_option(parser)
    parser.add_argument("--kind", choices=KINDS, help="only variants of this kind")
    parser.add_argument("--format", choices=("table", "csv", "json"), default="table")
    add_store_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    variants = open_graph(store_dir(args)).variants(args.rite, args.kind)
    write(variants, args.format, sys.stdout)
    return 0


def write(variants: list[Variant], fmt: str, out: TextIO) -> None:
    """JSON: a list of objects with ``rite``, ``kind``, ``attributed_to`` and ``readings``
    (``witness``, ``file``, ``start``, ``end``, ``quote``, ``prefix``, ``suffix``); CSV: one
    row per reading; table: one line per variant, its readings side by side."""
    if fmt == "json":
        json.dump([v.to_json() for v in variants], out, ensure_ascii=False, indent=1)
        out.write("\n")
    elif fmt == "csv":
        writer = csv.writer(out)
        writer.writerow(_CSV)
        for v in variants:
            for k, r in enumerate(v.readings):
                writer.writerow([v.rite, v.kind, v.attributed_to or "", k,
                                 r.edition or r.tradition, r.file, r.start, r.end, r.quote,
                                 r.prefix, r.suffix, "" if r.reads is None else r.reads])
    else:
        rows = []
        for v in variants:
            by = v.attributed_to.rsplit("/", 1)[-1] if v.attributed_to else "alignment"
            rows.append([v.rite, v.kind, by, "  ".join(
                f"{r.edition or r.tradition}:「{r.quote or '—'}」 {r.file}:{r.start}"
                for r in v.readings)])
        head = ["rite", "kind", "by", "readings (witness:「reading」 file:offset)"]
        out.write("\n".join(render(head, rows)) + "\n")
