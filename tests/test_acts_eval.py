"""The scorer on a tiny hand-made gold/prediction pair with known figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ritegraph.acts.evaluate import evaluate, load_gold
from ritegraph.errors import InputError


def gold_act(id_: str, start: int, end: int, action: list[str], agent: list[str],
             **extra: object) -> dict:
    record = {"id": id_, "file": "f.txt", "start": start, "end": end, "quote": "x" * (end - start),
              "action": action, "agent": agent, "object": [], "recipient": [], "place": [],
              "facing": None, "negated": False}
    record.update(extra)
    return record


def pred_act(start: int, end: int, action: str, agent: list[str], **extra: object) -> dict:
    record = {"file": "f.txt", "start": start, "end": end, "quote": "x" * (end - start),
              "action": action, "agent": agent, "object": [], "recipient": [], "place": [],
              "facing": None, "negated": False}
    record.update(extra)
    return record


GOLD = [
    gold_act("f-01-a", 0, 3, ["洗"], ["主人"], object=["爵"]),
    gold_act("f-01-b", 3, 4, ["升"], ["主人"]),
    gold_act("f-01-c", 4, 8, ["献"], ["主人"], recipient=["工"], place=["西阶"]),
    gold_act("f-02-a", 20, 24, ["再拜", "拜"], ["宾"], facing="北"),
]
PRED = [
    pred_act(0, 3, "洗", ["主人"], object=["觯"]),  # match, object wrong
    pred_act(2, 4, "升", ["宾"]),  # match (overlaps 洗 too, but the action picks 升), agent wrong
    pred_act(4, 8, "献", ["主人"], recipient=["工"], place=["西阶"]),  # match, all right
    pred_act(5, 7, "献", ["主人"]),  # overlaps a clause, loses one-to-one: false positive
    pred_act(20, 24, "拜", ["宾"], facing="北"),  # match on the broader alternative
    pred_act(10, 12, "兴", ["宾"]),  # outside every gold clause: not counted
]


def test_known_scores() -> None:
    total, per_file = evaluate(GOLD, PRED)
    figures = total.figures()
    assert (figures["gold"], figures["predicted"], figures["matched"]) == (4, 5, 4)
    assert figures["precision"] == 0.8 and figures["recall"] == 1.0
    assert figures["f1"] == round(2 * 0.8 / 1.8, 4)
    # agent right on 3 of the 4 matches: P = 3/5, R = 3/4
    assert figures["agent_action_f1"] == round(2 * 0.6 * 0.75 / 1.35, 4)
    assert figures["agent_accuracy"] == 0.75
    assert figures["object_accuracy"] == 0.75
    assert figures["place_accuracy"] == 1.0 and figures["facing_accuracy"] == 1.0
    assert list(per_file) == ["f.txt"]


def test_largest_overlap_wins_the_one_to_one_match() -> None:
    gold = [gold_act("f-01-a", 0, 10, ["拜"], ["宾"])]
    pred = [pred_act(0, 2, "拜", ["主人"]), pred_act(0, 9, "拜", ["宾"])]
    total, _ = evaluate(gold, pred)
    assert total.figures()["agent_accuracy"] == 1.0
    assert total.figures()["precision"] == 0.5


def test_malformed_gold_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "gold.jsonl"
    path.write_text(json.dumps({"id": "x"}) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"gold\.jsonl:1"):
        load_gold(path)
