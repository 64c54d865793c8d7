"""``ritegraph steps``: the steps of the rites, merged across witnesses, with each witness's
quote; ``--disagreeing`` lists the steps whose witnesses disagree (the cross-witness check)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from ..check.render import one_line
from ..cli import add_rite_option, add_store_option, store_dir
from ..read import RiteGraph, open_graph
from ..read.records import RiteStepRecord
from ..tables import render


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("steps", description=__doc__.splitlines()[0])
    add_rite_option(parser)
    parser.add_argument("--witness", metavar="W",
                        help="only what this witness states (part of a file name: KR1d0026)")
    parser.add_argument("--disagreeing", action="store_true",
                        help="only steps whose witnesses disagree (and why)")
    parser.add_argument("--format", choices=("table", "jsonl"), default="table")
    add_store_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    graph = open_graph(store_dir(args))
    if args.witness:
        from ..query import LocalTarget, check_witness

        check_witness(LocalTarget(graph.store), args.witness)  # unknown: exit 2, as query's
    steps = graph.rite_steps(args.rite, args.witness, args.disagreeing)
    write(graph, steps, args.format, sys.stdout)
    return 1 if args.disagreeing and steps else 0


def write(graph: RiteGraph, steps: list[RiteStepRecord], fmt: str, out: TextIO) -> None:
    rows = [s.to_json(graph.label) for s in steps]
    if fmt == "jsonl":
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
        return
    lines = []
    for row in rows:
        why = ""
        if row["disagree"]:
            why = ",".join(row["disagrees_on"] + [f"missing:{len(row['missing_in'])}"
                                                  for _ in row["missing_in"][:1]])
            why += f" ({row['explained_by']})"
        lines.append([row["rite"], row["action"], str(row["witnesses"]), why, "  ".join(
            f"{a['file']}:{a['start']}「{one_line(a['quote'])}」{'、'.join(a['agent'])}"
            for a in row["attestations"])])
    head = ["rite", "action", "n", "disagree", "attestations (file:offset「quote」 agent)"]
    out.write("\n".join(render(head, lines)) + "\n")
