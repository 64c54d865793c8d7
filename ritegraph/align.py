"""Aligning witnesses on a folded matching view.

A :class:`View` is the text of some file spans with layout markup, whitespace and punctuation
left out and every character folded (OpenCC t2s + the lexicon's variants), with a map from
each view position back to its code point in the file. :func:`align` pairs the positions of two
views by edit-distance alignment (rapidfuzz's Levenshtein opcodes: bit-parallel C, fast enough
to align a whole chapter at once); :func:`transfer` carries labels (经/注 …) from a reference
witness onto another. Later work aligns all witnesses of a rite with the same two functions.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

from .matching import kept_offsets

#: A Kanripo code for a glyph missing from Unicode (``&KR0925;``): one character of the view.
GLYPH_CODE = re.compile(r"&KR\d+;")
_CODE_BASE = 0xF0000  # a code stands in the view as a Supplementary Private Use Area-A char


def glyph_end(text: str, offset: int) -> int:
    """One past the character of the view at ``offset`` (a whole ``&KR…;`` code)."""
    m = GLYPH_CODE.match(text, offset)
    return m.end() if m else offset + 1


def _ignorable(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch)[0] in "PSZ"


@dataclass
class View:
    """Folded text of file spans: ``text[offsets[i]]`` is the character behind ``chars[i]``."""

    chars: str
    offsets: list[int]
    labels: list[str]


def view(text: str, spans: Iterable[tuple[int, int, str]], fold: Callable[[str], str],
         markup: re.Pattern[str] | None = None) -> View:
    """The view of ``(start, end, label)`` spans of ``text``, in the order given; a
    ``&KR…;`` glyph code is one character of the view (see :func:`glyph_end`)."""
    chars: list[str] = []
    offsets: list[int] = []
    labels: list[str] = []
    for start, end, label in spans:
        kept = kept_offsets(text, start, end, markup) if markup else range(start, end)
        skip_to = start
        for offset in kept:
            if offset < skip_to:
                continue
            ch = text[offset]
            if ch == "&" and (code := GLYPH_CODE.match(text, offset, end)):
                ch, skip_to = chr(_CODE_BASE + int(code.group()[3:-1]) % 0xFFFE), code.end()
            elif _ignorable(ch):
                continue
            chars.append(ch)
            offsets.append(offset)
            labels.append(label)
    return View(fold("".join(chars)), offsets, labels)


def align(a: str, b: str) -> list[int | None]:
    """For each position of ``b``, the position of ``a`` it is aligned with (None: inserted)."""
    out: list[int | None] = [None] * len(b)
    for tag, a1, a2, b1, b2 in Levenshtein.opcodes(a, b):
        if tag in ("equal", "replace"):
            for k in range(min(a2 - a1, b2 - b1)):
                out[b1 + k] = a1 + k
    return out


def transfer(reference: View, target: View) -> list[str | None]:
    """The reference label of each target position; an inserted position takes the label of
    the aligned position before it (None at the very start)."""
    mapping = align(reference.chars, target.chars)
    labels: list[str | None] = []
    last: str | None = None
    for k in mapping:
        if k is not None:
            last = reference.labels[k]
        labels.append(last)
    return labels


def coverage(mapping: list[int | None]) -> float:
    """Share of positions aligned with a counterpart."""
    return sum(k is not None for k in mapping) / len(mapping) if mapping else 0.0
