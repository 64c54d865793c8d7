"""SHACL results of the validation step (issue 4), summarised per rite for the check report.

The validation module is optional here: when ``ritegraph.validate`` is not installed in this
build the summary says so instead of failing the check.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph as ox

from .data import slug_of

RITE_OF_FOCUS = """
PREFIX rg: <https://w3id.org/ritegraph/ontology#>
SELECT ?focus ?rite WHERE {
  VALUES ?focus { %s }
  { ?focus rg:inRite ?rite } UNION { ?focus rg:inPassage/rg:inRite ?rite }
}"""


@dataclass
class ShaclResult:
    rite: str | None
    severity: str
    focus: str
    message: str
    shape: str = ""


@dataclass
class ShaclSummary:
    available: bool
    note: str = ""
    results: list[ShaclResult] = field(default_factory=list)

    def counts(self) -> dict[str, Counter[str]]:
        """rite slug (or "-") → severity → results."""
        out: dict[str, Counter[str]] = {}
        for r in self.results:
            out.setdefault(r.rite or "-", Counter())[r.severity] += 1
        return out


def _attr(result: object, *names: str) -> str:
    for name in names:
        value = result.get(name) if isinstance(result, dict) else getattr(result, name, None)
        if value is not None:
            return str(getattr(value, "value", value))
    return ""


def rites_of(store: ox.Store, focus: list[str]) -> dict[str, str]:
    iris = sorted({f for f in focus if f.startswith("http")})
    found: dict[str, str] = {}
    for chunk in range(0, len(iris), 500):
        values = " ".join(f"<{i}>" for i in iris[chunk:chunk + 500])
        for row in store.query(RITE_OF_FOCUS % values, use_default_graph_as_union=True):
            found[row["focus"].value] = slug_of(row["rite"].value)
    return found


def shacl_summary(store: ox.Store, store_dir: Path | None, rites: set[str] | None) -> ShaclSummary:
    """Run the project's SHACL validation on the store and group its results by rite."""
    try:
        from .. import validate as validation
    except ImportError:
        return ShaclSummary(False, "SHACL validation (ritegraph.validate) is not available in "
                                   "this build; the report has no SHACL section.")
    entry = getattr(validation, "validate_store", None) or getattr(validation, "validate", None)
    if entry is None or store_dir is None:
        return ShaclSummary(False, "SHACL validation needs a built store directory.")
    outcome = entry(store_dir)
    raw = getattr(outcome, "results", outcome)
    results = [ShaclResult(None, _attr(r, "severity").rsplit("#", 1)[-1],
                           _attr(r, "focus", "focus_node"), _attr(r, "message"),
                           _attr(r, "shape", "source_shape")) for r in raw]
    where = rites_of(store, [r.focus for r in results])
    for r in results:
        r.rite = where.get(r.focus)
    if rites:
        results = [r for r in results if r.rite in rites]
    return ShaclSummary(True, "", results)
