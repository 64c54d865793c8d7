"""Matching on a normalised view: a quotation's matching form (punctuation and spaces
dropped, variants folded as ``patterns.toml`` says) and a view of file spans in that form with
an offset map back into the file, so that what is found is cited by the file's own offsets.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from functools import lru_cache

from .common import PATTERNS

_FOLD: dict[str, str] = PATTERNS["matching"]["fold"]


def _ignorable(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch)[0] in "PSZ"


_DAMAGED = "\x00"  # what a damaged glyph becomes in a matching view


def _damaged(ch: str) -> bool:
    return "\ue000" <= ch <= "\uf8ff" or ch in "〇?\ufffd"


def normalise(text: str) -> str:
    """The matching form of a quotation: punctuation and spaces dropped, variants folded."""
    return "".join(_FOLD.get(ch, ch) for ch in text if not _ignorable(ch))


class MatchView:
    """Normalised text of some file spans, with an offset map back into the file."""

    def __init__(self, text: str, spans: Iterable[tuple[int, int]]) -> None:
        chars: list[str] = []
        offsets: list[int] = []
        for start, end in spans:
            for offset in range(start, end):
                ch = text[offset]
                if not _ignorable(ch):
                    chars.append(_DAMAGED if _damaged(ch) else _FOLD.get(ch, ch))
                    offsets.append(offset)
        self.view = "".join(chars)
        self.offsets = offsets

    def position(self, file_offset: int) -> int:
        """View index of the first kept character at or after ``file_offset``."""
        return bisect_right(self.offsets, file_offset - 1)

    def file_span(self, start: int, end: int) -> tuple[int, int]:
        return self.offsets[start], self.offsets[end - 1] + 1

    def find(self, needle: str, start: int = 0,
             end: int | None = None) -> Iterator[tuple[int, int]]:
        """Occurrences of ``needle`` in ``view[start:end]``, in order.

        Damaged glyphs (private-use, 〇, ?, U+FFFD) on either side match any character; if
        there is no such match, a needle of three or more characters may differ in one
        character (a copyist's slip: 少年 for 少牢, 执玉 for 执圭).
        """
        needle = normalise(needle)
        if not needle:
            return
        end = len(self.view) if end is None else end
        exact = _needle_pattern(needle, None)
        found = False
        for match in exact.finditer(self.view, start, end):
            found = True
            yield match.start(), match.end()
        if not found and len(needle) >= 3:
            for match in _fuzzy_pattern(needle).finditer(self.view, start, end):
                yield match.start(), match.end()


@lru_cache(maxsize=1024)
def _needle_pattern(needle: str, wildcard: int | None) -> re.Pattern[str]:
    """Pattern for a normalised needle: a damaged glyph in the view matches any character."""
    parts = []
    for k, ch in enumerate(needle):
        if k == wildcard:
            parts.append(".")
        elif _damaged(ch):
            parts.append(_DAMAGED)
        else:
            parts.append(f"[{re.escape(ch)}{_DAMAGED}]")
    return re.compile("".join(parts))


@lru_cache(maxsize=1024)
def _fuzzy_pattern(needle: str) -> re.Pattern[str]:
    """Pattern for a needle with any one character differing."""
    return re.compile("|".join(_needle_pattern(needle, k).pattern for k in range(len(needle))))
