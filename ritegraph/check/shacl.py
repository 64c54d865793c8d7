"""SHACL results of ``ritegraph validate`` (issue 4), summarised per rite for the check report.

Uses :func:`ritegraph.validate.validate` on the store at severity ``info`` (every result) and
groups the results by rite, shape and severity, with one example each.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RitegraphError
from ..validate import validate


@dataclass
class ShaclGroup:
    rite: str  # rite slug, "-" when the focus node has none
    shape: str
    severity: str
    count: int
    message: str
    example: dict  # label, quote, file, offset of one focus node


@dataclass
class ShaclSummary:
    available: bool
    note: str = ""
    groups: list[ShaclGroup] = field(default_factory=list)

    def counts(self) -> dict[str, Counter[str]]:
        """rite slug → severity → results."""
        out: dict[str, Counter[str]] = {}
        for g in self.groups:
            out.setdefault(g.rite, Counter())[g.severity] += g.count
        return out


def shacl_summary(store_dir: Path | None, rites: set[str] | None) -> ShaclSummary:
    """Validate the store and group its results by rite (``rites`` keeps only those)."""
    if store_dir is None:
        return ShaclSummary(False, "SHACL results need a built store (not an in-memory graph).")
    try:
        report = validate(store=store_dir, severity="info")
    except RitegraphError as exc:
        return ShaclSummary(False, f"SHACL validation failed: {exc}")
    groups: dict[tuple[str, str, str], ShaclGroup] = {}
    for result in report.results:
        context = report.contexts.get(str(result.focus))
        rite = (context.rite if context and context.rite else "-").rsplit("/", 1)[-1]
        if rites and rite not in rites and rite != "-":  # rite-less results are always shown
            continue
        key = (rite, result.shape.rsplit("#", 1)[-1].rsplit("/", 1)[-1], result.severity)
        if key in groups:
            groups[key].count += 1
            continue
        example = {"focus": str(result.focus), "label": context.label if context else None,
                   "quote": context.quote if context else None,
                   "file": context.file if context else None,
                   "offset": context.offset if context else None}
        groups[key] = ShaclGroup(*key, 1, " / ".join(result.messages) or result.component,
                                 example)
    order = {"Violation": 0, "Warning": 1, "Info": 2}
    return ShaclSummary(True, f"{report.shapes} shapes, {report.triples} triples", sorted(
        groups.values(), key=lambda g: (g.rite, order.get(g.severity, 3), -g.count, g.shape)))
