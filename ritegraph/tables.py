"""The one renderer of every command's ``--format table``: aligned plain-text columns.

Widths are display columns (East Asian wide and full-width characters count two, combining
marks and format characters zero), so CJK columns line up in a terminal; read from the
standard library's :mod:`unicodedata` rather than ``wcwidth``, which gives the same widths for
what these tables hold and costs 37 ms at every start of the command line. The output is
plain text: no colour and no escape sequences, whether or not standard output is a
terminal, and control characters inside a cell are shown escaped (``\\x1b``), so data never
moves the cursor.
Columns of numbers are right-aligned; every cell but the last column's is clipped to
:data:`CELL_WIDTH` columns with ``…`` (the last column runs on: it cannot misalign anything).

Hand-written over ``rich``/``tabulate`` in one line: forty lines, no terminal-width wrapping
or styling to switch off, and the same bytes on a terminal, in a pipe and in a test.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

CELL_WIDTH = 48  # display columns per cell before "…" (all columns but the last)
GAP = "  "

_SPACE = re.compile(r"\s+")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_NUMBER = re.compile(r"^[+-]?\d[\d,]*(\.\d+)?%?$")


@lru_cache(maxsize=4096)
def char_width(char: str) -> int:
    """Display columns of one character: 2 wide or full-width, 0 combining or format, else 1."""
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def width(text: str) -> int:
    """Display columns of ``text`` (CJK wide characters two, combining marks zero)."""
    return sum(char_width(c) for c in text)


def clean(text: object) -> str:
    """A cell's text on one line: whitespace runs become one space, other control characters
    are escaped (``\\x1b``)."""
    one_line = _SPACE.sub(" ", "" if text is None else str(text)).strip()
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", one_line)


def clip(text: str, limit: int | None = CELL_WIDTH) -> str:
    """``text`` cut to ``limit`` display columns, ending in ``…`` when cut."""
    if limit is None or width(text) <= limit:
        return text
    out, used = [], 0
    for c in text:
        used += char_width(c)
        if used > limit - 1:
            break
        out.append(c)
    return "".join(out) + "…"


def pad(text: str, size: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``size`` display columns (on the left if ``right``)."""
    fill = " " * max(0, size - width(text))
    return fill + text if right else text + fill


def render(header: Sequence[object], rows: Sequence[Sequence[object]], *,
           max_width: int | None = CELL_WIDTH, indent: str = "") -> list[str]:
    """The lines of an aligned table: the header, a rule of dashes, then ``rows``."""
    last = len(header) - 1
    cells = [[clip(clean(c), None if i == last else max_width) for i, c in enumerate(row)]
             for row in rows]
    head = [clean(h) for h in header]
    sizes = [max([width(h)] + [width(r[i]) for r in cells]) for i, h in enumerate(head)]
    numeric = [bool(cells) and all(_NUMBER.match(r[i]) or not r[i] for r in cells)
               and any(r[i] for r in cells) for i in range(len(head))]

    def line(values: list[str]) -> str:
        return (indent + GAP.join(pad(v, s, right) for v, s, right
                                  in zip(values, sizes, numeric, strict=True))).rstrip()

    return [line(head), line(["-" * s for s in sizes])] + [line(r) for r in cells]


def render_text(header: Sequence[object], rows: Sequence[Sequence[object]],
                footer: str | None = None, **options) -> str:
    """:func:`render` as one string ending in a newline, with an optional footer line."""
    lines = render(header, rows, **options)
    if footer is not None:
        lines.append(footer)
    return "\n".join(lines) + "\n"
