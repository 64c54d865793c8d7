"""Run every check and gather the results as one report (and as JSON-ready data)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox

from ..read.records import Where
from ..read.snapshot import Snapshot, load_snapshot, one_per_rite_step
from .config import CheckConfig
from .identity import IdentityReport, identity
from .rules import Rule, declared, mine
from .shacl import ShaclSummary, shacl_summary
from .usage import UsageReport, usage
from .witnesses import cross_witness


@dataclass
class CheckReport:
    data: Snapshot
    config: CheckConfig
    rules: list[Rule]
    declared: list[Rule]
    usage: UsageReport
    identity: IdentityReport
    shacl: ShaclSummary
    cross_witness: dict  # the rite steps whose witnesses disagree (check/witnesses.py)

    @property
    def strict_broken(self) -> list[Rule]:
        return [r for r in self.declared if r.declared and r.declared.strict and r.broken]


def run_check(store: ox.Store, config: CheckConfig, rites: list[str] | None = None,
              store_dir: Path | None = None, shacl: bool = True,
              witness: str | None = None) -> CheckReport:
    """Every check over the store (restricted to ``rites`` when given), on the rites' steps
    (one per step merged across witnesses), or on one witness's (part of a file name)."""
    data = load_snapshot(store, rites)
    every_witness = {step.iri: step for step in data.steps}
    data.steps = one_per_rite_step(data.steps, witness)
    summary = (shacl_summary(store_dir, set(data.rites)) if shacl
               else ShaclSummary(False, "SHACL summary not requested."))
    return CheckReport(data, config, mine(data, config), declared(data, config),
                       usage(data, config.usage), identity(data, config.identity), summary,
                       cross_witness(store, data, every_witness))


# --- JSON -------------------------------------------------------------------------------------

def where_json(data: Snapshot, where: Where) -> dict:
    rite = data.rites.get(where.rite)
    return {"rite": where.rite, "rite_label": rite.label if rite else where.rite,
            "section": data.section_title(where.section),
            "quote": where.quote, "file": where.file, "start": where.start, "end": where.end,
            "line": where.line, "passage": where.passage, "document": where.document,
            "citation": where.citation}


def labels(data: Snapshot, counter: Counter[str] | dict[str, int]) -> dict[str, int]:
    return {data.label(k): v for k, v in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))}


def rule_json(data: Snapshot, rule: Rule) -> dict:
    p, c = rule.premise, rule.conclusion
    out = {
        "text_zh": rule.text_zh, "text_en": rule.text_en,
        "premise": {"action": data.label(p.action), **{s: data.label(v) for s, v in p.items}},
        "conclusion": {"kind": c.kind, "value": data.label(c.value),
                       "who": data.label(c.who) if c.who else None},
        "support": rule.support, "stated": rule.stated,
        "confidence": round(rule.confidence, 4), "unstated": len(rule.unstated),
        "rites": {r: {"support": s, "stated": n} for r, (s, n) in rule.per_rite.items() if n},
        "exceptions": [{**where_json(data, e.act.where), "act": e.act.iri,
                        "found": [data.label(f) for f in e.found],
                        "negated": [n.where.quote for n in e.negated]}
                       for e in rule.exceptions],
    }
    if rule.declared:
        out |= {"id": rule.declared.id, "strict": rule.declared.strict,
                "note": rule.declared.note}
    return out


def report_json(report: CheckReport) -> dict:
    data, m = report.data, report.config.mining
    return {
        "rites": [{"slug": r.slug, "label": r.label, "en": r.en} for r in data.rites.values()],
        "counts": {r: {"acts": sum(a.where.rite == r for a in data.steps),
                       "mentions": sum(x.where.rite == r for x in data.mentions)}
                   for r in data.rites},
        "thresholds": {"min_support": m.min_support, "min_confidence": m.min_confidence,
                       "min_rites": m.min_rites, "sequence_window": m.sequence_window},
        "config": report.config.source,
        "rules": [rule_json(data, r) for r in report.rules],
        "declared_rules": [rule_json(data, r) for r in report.declared],
        "strict_broken": [r.declared.id for r in report.strict_broken if r.declared],
        "usage": _usage_json(report),
        "identity": _identity_json(report),
        "cross_witness": report.cross_witness,
        "shacl": {"available": report.shacl.available, "note": report.shacl.note,
                  "per_rite": {r: dict(c) for r, c in report.shacl.counts().items()},
                  "groups": [vars(g) for g in report.shacl.groups]},
    }


def _usage_json(report: CheckReport) -> dict:
    data = report.data

    def rite_usage(u) -> dict:
        return {"mentions": u.mentions, "acts": u.acts,
                "with": {f"{s}:{o}": labels(data, c) for (s, o), c in sorted(u.with_.items())
                         if c}}

    return {
        "matrix": [{"entity": data.label(e), "iri": e, "scheme": data.concept(e).scheme,
                    "rites": {r: rite_usage(u) for r, u in row.items()}}
                   for e, row in report.usage.rows.items()],
        "divergences": [{"entity": data.label(d.entity), "slot": d.slot,
                         "dimension": d.dimension, "rites": list(d.rites),
                         "counts": [labels(data, d.counts[0]), labels(data, d.counts[1])],
                         "shared": [data.label(s) for s in d.shared],
                         "distance": round(d.distance, 4)}
                        for d in report.usage.divergences],
    }


def _identity_json(report: CheckReport) -> dict:
    data, found = report.data, report.identity
    return {
        "forms": [{"concept": data.label(f.concept), "iri": f.concept,
                   "scheme": data.concept(f.concept).scheme,
                   "rites": {r: dict(c.most_common()) for r, c in f.forms.items() if c}}
                  for f in found.forms],
        "one_rite_forms": [{"concept": data.label(o.concept), "form": o.form, "rite": o.rite,
                            "count": o.count, "example": where_json(data, o.example)}
                           for o in found.one_rite_forms],
        "split_candidates": [{"concepts": [data.label(c) for c in s.concepts],
                              "iris": list(s.concepts), "shared_forms": s.shared,
                              "rites": [list(s.rites[0]), list(s.rites[1])],
                              "complementary": s.complementary}
                             for s in found.splits],
        "lexicon_gaps": [{"text": g.text, "count": g.count, "positions": dict(g.positions),
                          "rites": dict(g.rites), "example": where_json(data, g.example)}
                         for g in found.gaps],
    }
