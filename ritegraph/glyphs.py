"""Damaged and stand-in glyphs: kept in the text exactly as they are, and reported.

Kinds (``GlyphIssue.kind``):

- ``lost``: 〇 (U+3007) standing for a lost character. In the translated 句读 (000) 〇 is
  also 张尔岐's ○ separator; it counts as one only inside a 【】 note and between clauses
  (see :func:`circle_is_separator`); everywhere else it is a lost glyph (there it replaces
  the tabooed 玄 and 弦: 放置〇酒, 右执〇).
- ``private-use``: U+E000–U+F8FF, glyphs missing from the font (U+E7CB for 铏, U+E14A for 间).
- ``foreign-script``: kana, Cyrillic, Greek or Latin letters standing in for a character
  inside CJK text (は裘, ト门, ゾ, 扌Й, 犴α, 文k) — at most two in a row, next to CJK text.
- ``replacement``: U+FFFD.
- ``question-mark``: an ASCII ``?`` between two CJK characters (冠?端).

NBSP indentation is layout, not damage, and is not reported.
"""

from __future__ import annotations

import re

from .model import GlyphIssue
from .readers.common import PATTERNS, LineIndex

_GLYPHS = PATTERNS["glyphs"]
LOST_CIRCLE = "〇"
_LOST_BEFORE = frozenset(_GLYPHS["lost_circle_before"])
_LOST_AFTER = frozenset(_GLYPHS["lost_circle_after"])

_CANDIDATE = re.compile(
    "[〇\ue000-\uf8ff\ufffd?\u3040-\u309f\u30a1-\u30fa\u0370-\u03ff\u0400-\u04ff"
    "A-Za-z\uff21-\uff3a\uff41-\uff5a]")
_MAX_FOREIGN_RUN = 2


def is_private_use(ch: str) -> bool:
    return "\ue000" <= ch <= "\uf8ff"


def is_ideograph(ch: str) -> bool:
    """A CJK ideograph, or a private-use stand-in for one."""
    o = ord(ch)
    return (0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0x20000 <= o <= 0x3FFFF
            or 0xF900 <= o <= 0xFAFF or 0xE000 <= o <= 0xF8FF or ch == LOST_CIRCLE)


def is_cjk_context(ch: str) -> bool:
    """An ideograph or CJK punctuation (【】，。“” …): what surrounds a stand-in glyph."""
    o = ord(ch)
    return is_ideograph(ch) or 0x3000 <= o <= 0x303F or 0xFF00 <= o <= 0xFF20 or ch in "“”‘’"


def is_foreign_letter(ch: str) -> bool:
    o = ord(ch)
    return (0x3041 <= o <= 0x309F or 0x30A1 <= o <= 0x30FA or 0x0370 <= o <= 0x03FF
            or 0x0400 <= o <= 0x04FF or (ch.isascii() and ch.isalpha())
            or 0xFF21 <= o <= 0xFF3A or 0xFF41 <= o <= 0xFF5A)


def in_note(text: str, offset: int) -> bool:
    """Whether ``offset`` lies inside a 【…】 note opened earlier on the same line."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.rfind("【", line_start, offset) > text.rfind("】", line_start, offset)


def circle_is_separator(text: str, offset: int) -> bool:
    """Whether the 〇 at ``offset`` is used as the ○ separator (not a lost character)."""
    if text[offset] != LOST_CIRCLE or not in_note(text, offset):
        return False
    before = text[offset - 1] if offset else "\n"
    after = text[offset + 1] if offset + 1 < len(text) else "\n"
    return (before not in _LOST_BEFORE and not before.isspace()
            and after not in _LOST_AFTER and not after.isspace())


def _foreign_run(text: str, offset: int) -> tuple[int, int]:
    start = offset
    while start > 0 and is_foreign_letter(text[start - 1]):
        start -= 1
    end = offset + 1
    while end < len(text) and is_foreign_letter(text[end]):
        end += 1
    return start, end


def _kind(text: str, offset: int) -> str | None:
    ch = text[offset]
    before = text[offset - 1] if offset else ""
    after = text[offset + 1] if offset + 1 < len(text) else ""
    if ch == LOST_CIRCLE:
        return None if circle_is_separator(text, offset) else "lost"
    if is_private_use(ch):
        return "private-use"
    if ch == "\ufffd":
        return "replacement"
    if ch == "?":
        both_cjk = before and after and is_cjk_context(before) and is_cjk_context(after)
        return "question-mark" if both_cjk else None
    return _foreign_kind(text, offset)


def _foreign_kind(text: str, offset: int) -> str | None:
    """"foreign-script" for a short run of Latin/Cyrillic/… letters beside CJK text."""
    start, end = _foreign_run(text, offset)
    if end - start > _MAX_FOREIGN_RUN:
        return None
    left = text[start - 1] if start else ""
    right = text[end] if end < len(text) else ""
    if (left and is_cjk_context(left)) or (right and is_cjk_context(right)):
        return "foreign-script"
    return None


def find_glyph_issues(file: str, text: str, lines: LineIndex | None = None) -> list[GlyphIssue]:
    """Every damaged or stand-in glyph of ``text``, in file order."""
    lines = lines or LineIndex(text)
    issues: list[GlyphIssue] = []
    for match in _CANDIDATE.finditer(text):
        offset = match.start()
        kind = _kind(text, offset)
        if kind:
            line, column = lines.position(offset)
            issues.append(GlyphIssue(file, offset, text[offset], kind, line, column))
    return issues
