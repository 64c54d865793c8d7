"""Score predicted acts against a gold file in the dev set's format (``GUIDE.md``).

A prediction matches a gold act when both are in the same file, their spans overlap and the
predicted action is one of the gold alternatives; matching is one-to-one, largest overlap first.
Precision counts only predictions that overlap a gold clause (the union of the act spans of one
``FFF-CC`` clause id). Field accuracies are over matched pairs; a list field is right when gold
and prediction are both empty or share a label (gold lists are acceptable alternatives).
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path, PurePath

from ..errors import InputError

FIELDS = ("agent", "object", "recipient", "place", "facing", "negated")


@dataclass
class Score:
    """Counts for one file (or all files) and the figures derived from them."""

    gold: int = 0
    predicted: int = 0  # predictions overlapping a gold clause
    matched: int = 0
    agent_action: int = 0  # matched pairs whose agent is right too
    right: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FIELDS, 0))
    errors: list[dict] = field(default_factory=list)

    def add(self, other: Score) -> None:
        self.gold += other.gold
        self.predicted += other.predicted
        self.matched += other.matched
        self.agent_action += other.agent_action
        for key in FIELDS:
            self.right[key] += other.right[key]
        self.errors.extend(other.errors)

    def figures(self) -> dict[str, float | int]:
        def ratio(a: int, b: int) -> float:
            return round(a / b, 4) if b else 0.0

        def f1(p: float, r: float) -> float:
            return round(2 * p * r / (p + r), 4) if p + r else 0.0

        p, r = ratio(self.matched, self.predicted), ratio(self.matched, self.gold)
        pa, ra = ratio(self.agent_action, self.predicted), ratio(self.agent_action, self.gold)
        out: dict[str, float | int] = {
            "gold": self.gold, "predicted": self.predicted, "matched": self.matched,
            "precision": p, "recall": r, "f1": f1(p, r), "agent_action_f1": f1(pa, ra)}
        for key in FIELDS:
            out[f"{key}_accuracy"] = ratio(self.right[key], self.matched)
        return out


def load_gold(path: Path) -> list[dict]:
    """Gold records, one JSON object a line; :class:`InputError` on a malformed line."""
    records = []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputError(f"cannot read the gold file: {exc}", path=str(path)) from exc
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            for key in ("id", "file", "start", "end", "action"):
                record[key]
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise InputError(f"not a gold act record: {exc}", path=str(path), line=number,
                             hint="one JSON object a line with id, file, start, end, action…"
                             ) from exc
        records.append(record)
    return records


def _as_list(value: object) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


def field_right(key: str, gold: dict, pred: dict) -> bool:
    """Whether the prediction's ``key`` is acceptable given the gold alternatives."""
    if key in ("facing", "negated"):
        return (gold.get(key) or None) == (pred.get(key) or None) if key == "facing" \
            else bool(gold.get(key)) == bool(pred.get(key))
    gold_labels, pred_labels = _as_list(gold.get(key)), _as_list(pred.get(key))
    if not gold_labels:
        return not pred_labels
    return bool(set(gold_labels) & set(pred_labels))


def _overlap(a: dict, b: dict) -> int:
    return min(a["end"], b["end"]) - max(a["start"], b["start"])


def score_file(gold: list[dict], predicted: list[dict]) -> Score:
    """Score the predictions of one file against its gold acts."""
    score = Score(gold=len(gold))
    counted = [p for p in predicted  # a prediction counts where it overlaps some gold act
               if any(_overlap(p, g) > 0 for g in gold)]
    score.predicted = len(counted)
    matched = _match(counted, gold)
    for i, j in matched:
        _score_match(score, gold[j], counted[i])
    used_p, used_g = {i for i, _ in matched}, {j for _, j in matched}
    for j, g in enumerate(gold):
        if j not in used_g:
            score.errors.append({"id": g["id"], "quote": g["quote"], "wrong": ["missed"],
                                 "action": (g["action"], None)})
    for i, p in enumerate(counted):
        if i not in used_p:
            score.errors.append({"id": None, "quote": p["quote"], "wrong": ["spurious"],
                                 "action": (None, p["action"])})
    return score


def _match(counted: list[dict], gold: list[dict]) -> list[tuple[int, int]]:
    """(prediction, gold act) pairs with the same action, greedily by overlap, then by the
    nearer start; each act in at most one pair."""
    pairs = sorted(((_overlap(p, g), -abs(p["start"] - g["start"]), i, j)
                    for i, p in enumerate(counted) for j, g in enumerate(gold)
                    if _overlap(p, g) > 0 and p["action"] in _as_list(g["action"])),
                   reverse=True)
    used_p: set[int] = set()
    used_g: set[int] = set()
    matched = []
    for _, _, i, j in pairs:
        if i not in used_p and j not in used_g:
            used_p.add(i)
            used_g.add(j)
            matched.append((i, j))
    return matched


def _score_match(score: Score, g: dict, p: dict) -> None:
    score.matched += 1
    wrong = [key for key in FIELDS if not field_right(key, g, p)]
    for key in FIELDS:
        score.right[key] += key not in wrong
    score.agent_action += "agent" not in wrong
    if wrong:
        score.errors.append({"id": g["id"], "quote": g["quote"], "wrong": wrong,
                             **{k: (g.get(k), p.get(k)) for k in wrong}})


def evaluate(gold: list[dict], predicted: list[dict]) -> tuple[Score, dict[str, Score]]:
    """(overall score, score per file) of ``predicted`` act records against ``gold``.

    Files are matched by name (``KR1d0038_012.txt``): gold sets name a file as the annotation
    guide does, acts by its path in the corpus (``kanripo/KR1d0038/KR1d0038_012.txt``)."""
    by_file_gold: dict[str, list[dict]] = defaultdict(list)
    by_file_pred: dict[str, list[dict]] = defaultdict(list)
    for g in gold:
        by_file_gold[PurePath(g["file"]).name].append(g)
    for p in predicted:
        by_file_pred[PurePath(p["file"]).name].append(p)
    total, per_file = Score(), {}
    for name in sorted(by_file_gold):
        per_file[name] = score_file(by_file_gold[name], by_file_pred.get(name, []))
        total.add(per_file[name])
    return total, per_file


def act_record(act) -> dict:
    """A predicted act as the scorer reads it (all agents, not only the first)."""
    return {"file": act.file, "start": act.start, "end": act.end, "quote": act.quote,
            "action": act.action, "agent": list(act.agents), "object": list(act.objects),
            "recipient": list(act.recipients), "place": list(act.places), "facing": act.facing,
            "negated": act.negated}
