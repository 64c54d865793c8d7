"""``ritegraph eval GOLD.jsonl``: score the extracted acts against a gold file."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..acts.evaluate import FIELDS, Score, act_record, evaluate, load_gold
from ..cli import add_store_option, store_dir
from ..tables import render


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("eval", description=__doc__.splitlines()[0])
    parser.add_argument("gold", type=Path, metavar="GOLD.jsonl",
                        help="gold acts, one JSON object a line (the dev set's format)")
    parser.add_argument("--from-corpus", action="store_true",
                        help="extract from the corpus directly instead of reading the store")
    parser.add_argument("--corpus", type=Path, metavar="DIR",
                        help="corpus directory for --from-corpus (default: the bundled one)")
    parser.add_argument("--format", choices=("table", "json"), default="table")
    parser.add_argument("--errors", action="store_true", help="also list every error")
    add_store_option(parser)
    parser.set_defaults(func=run)


def predictions(args: argparse.Namespace) -> list[dict]:
    if args.from_corpus:
        from ..acts.extract import corpus_acts

        return [act_record(act) for act in corpus_acts(args.corpus)]
    from ..acts.store import acts_from_store, score_record
    from ..read import open_graph

    return [score_record(r) for r in acts_from_store(open_graph(store_dir(args)))]


def _row(name: str, figures: dict) -> list[str]:
    cells = [name, str(figures["gold"]), str(figures["predicted"]), str(figures["matched"])]
    cells += [f"{figures[k]:.3f}" for k in ("precision", "recall", "f1", "agent_action_f1")]
    cells += [f"{figures[f'{k}_accuracy']:.3f}" for k in FIELDS]
    return cells


def report(total: Score, per_file: dict[str, Score], fmt: str, errors: bool) -> str:
    if fmt == "json":
        data = {"overall": total.figures(),
                "files": {name: score.figures() for name, score in per_file.items()}}
        if errors:
            data["errors"] = total.errors
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    head = ["file", "gold", "pred", "match", "P", "R", "F1", "agent+action F1",
            *(f"{k} acc" for k in FIELDS)]
    rows = [_row(name, score.figures()) for name, score in per_file.items()]
    rows.append(_row("overall", total.figures()))
    lines = render(head, rows)
    if errors:
        lines += [json.dumps(e, ensure_ascii=False) for e in total.errors]
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    gold = load_gold(args.gold)
    total, per_file = evaluate(gold, predictions(args))
    sys.stdout.write(report(total, per_file, args.format, args.errors))
    return 0
