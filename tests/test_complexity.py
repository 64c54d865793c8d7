"""No function of the package above cyclomatic complexity 15, measured as the issues measure it
(``radon cc``, which counts boolean operators and comprehension conditions; ruff's C901 does
not, and passed functions of 39 and 28)."""

from __future__ import annotations

from radon.complexity import cc_visit

from .conftest import REPO

LIMIT = 15


def test_no_function_is_above_the_complexity_limit() -> None:
    too_complex = []
    for path in sorted((REPO / "ritegraph").rglob("*.py")):
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if block.complexity > LIMIT:
                name = getattr(block, "fullname", block.name)
                too_complex.append(f"{path.relative_to(REPO)}:{name} {block.complexity}")
    assert too_complex == []
