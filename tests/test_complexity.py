"""No function of the package above cyclomatic complexity 15, measured as the issues measure it
(``radon cc``, which counts boolean operators and comprehension conditions; ruff's C901 does
not). The functions listed in ``KNOWN`` are above it today: each may not grow, and leaves the
list when it is split."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit

from .conftest import REPO

LIMIT = 15
#: module path: {function: its complexity when listed} — the act extractor's resolve and parse
#: stages, to be split into named steps (issue 12).
KNOWN: dict[str, dict[str, int]] = {
    "ritegraph/acts/parse.py": {"parse_sentence": 22, "_split_gap": 20, "head_facings": 20},
    "ritegraph/acts/resolve.py": {"resolve": 39, "_arguments": 28, "_agents": 28,
                                  "update_context": 27, "_objects": 16},
    "ritegraph/acts/evaluate.py": {"score_file": 22},
    "ritegraph/acts/passes.py": {"_drop_noun_phrases": 25, "_drop_possessors": 23,
                                 "_topics": 18},
}


def complexities() -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {}
    for path in sorted((REPO / "ritegraph").rglob("*.py")):
        module = path.relative_to(REPO).as_posix()
        for block in cc_visit(Path(path).read_text(encoding="utf-8")):
            name = getattr(block, "fullname", block.name)
            found.setdefault(module, {})[name] = block.complexity
    return found


def test_no_function_is_above_the_complexity_limit_unless_known_and_not_grown() -> None:
    too_complex = []
    for module, functions in complexities().items():
        for name, value in functions.items():
            ceiling = KNOWN.get(module, {}).get(name, LIMIT)
            if value > ceiling:
                too_complex.append(f"{module}:{name} {value} > {ceiling}")
    assert too_complex == []


def test_every_known_exception_still_exists_and_is_above_the_limit() -> None:
    """A function split below the limit (or renamed) must leave KNOWN."""
    found = complexities()
    stale = [f"{m}:{n}" for m, names in KNOWN.items() for n in names
             if found.get(m, {}).get(n, 0) <= LIMIT]
    assert stale == []
