"""Reading an aligned table (ritegraph.tables) back into cells, by display columns."""

from __future__ import annotations

import itertools

from wcwidth import wcwidth


def _cells_by_column(line: str) -> list[str]:
    """``line`` as one entry per display column (a wide character, then "")."""
    out: list[str] = []
    for c in line:
        out += [c] + [""] * (max(wcwidth(c), 0) - 1)
    return out


def columns(lines: list[str]) -> list[list[str]]:
    """The header and rows of a rendered table, split at the columns its rule of dashes
    gives; asserts that every row has spaces in the gaps between columns."""
    rule = lines[1]
    spans, start = [], 0
    for dashes in rule.split("  "):
        spans.append((start, start + len(dashes)))
        start += len(dashes) + 2
    out = []
    for line in [lines[0], *lines[2:]]:
        chars = _cells_by_column(line)
        chars += [" "] * (spans[-1][1] - len(chars))
        for (_, end), (nxt, _) in itertools.pairwise(spans):
            assert chars[end:nxt] == [" ", " "], (line, end)
        cells = ["".join(chars[a:b]).strip() for a, b in spans[:-1]]
        cells.append("".join(chars[spans[-1][0]:]).strip())
        out.append(cells)
    return out
