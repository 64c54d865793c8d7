"""Notes in brackets and 音 glosses, for the edition readers.

The bracket scanner splits paragraphs into text and notes (notes may run across paragraph
breaks; unbalanced brackets become warnings, never lost characters); the gloss finder marks
pronunciation glosses (音X, XX反, 读作X) inside notes as their own passages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Layer
from .common import ReaderContext, strip_marker


@dataclass
class Piece:
    """Part of a paragraph: plain text, or (part of) a bracketed note."""

    start: int
    end: int
    note: bool
    note_id: int | None = None  # offset where the note opened (shared by its continuations)
    continued: bool = False  # a note piece continuing a note from an earlier paragraph


_SKIP_AT_IMPLICIT_OPEN = "，。；：、！？ \u3000"


class BracketScanner:
    """Split paragraphs into text and notes for one bracket pair (【】 or （）).

    Notes do not nest. A note still open at the end of a paragraph continues into the next
    scanned paragraph when that paragraph's first bracket is a closer, when it has no bracket
    at all, or when it opens with the opener right at its start (after a 译 marker: the editor
    restarting the note); otherwise the note ends with its paragraph. Unbalanced brackets are
    reported as warnings and every character stays assigned:

    - an opener inside an open note ends the open note there and starts a new one;
    - a closer without opener closes a note taken to start after the previous note of the
      paragraph (or at the paragraph start), leading punctuation skipped.
    """

    def __init__(self, ctx: ReaderContext, opener: str, closer: str) -> None:
        self.ctx, self.opener, self.closer = ctx, opener, closer
        self._brackets = re.compile(f"[{re.escape(opener)}{re.escape(closer)}]")
        self.open_at: int | None = None  # opener offset of a note open at the last paragraph end

    def interrupt(self) -> None:
        """The next paragraph is not one of ours: a note still open ends here."""
        if self.open_at is not None:
            self.ctx.warn(self.open_at, f"{self.opener} is never closed; the note is taken to end "
                                        "with its paragraph")
            self.open_at = None

    def _continues(self, start: int, end: int) -> tuple[bool, int | None]:
        """Whether an open note continues into ``[start, end)``; and a restart opener offset."""
        body, skip = strip_marker(self.ctx.text[start:end])
        first = self._brackets.search(body)
        if first is None or first.group() == self.closer:
            return True, None
        if first.start() == 0:
            return True, start + skip
        return False, None

    def scan(self, start: int, end: int) -> list[Piece]:
        text, ctx = self.ctx.text, self.ctx
        restart: int | None = None
        in_note = False
        note_id: int | None = None
        continued = False
        if self.open_at is not None:
            in_note, restart = self._continues(start, end)
            if in_note:
                note_id, continued = self.open_at, True
            else:
                self.interrupt()
        self.open_at = None
        pieces: list[Piece] = []
        pos = start

        def emit(piece_end: int, note: bool) -> None:
            if piece_end > pos:
                pieces.append(Piece(pos, piece_end, note, note_id if note else None,
                                    continued if note else False))

        for match in self._brackets.finditer(text, start, end):
            i = match.start()
            if match.group() == self.opener:
                if in_note and i == restart:
                    continue
                if in_note:
                    ctx.warn(note_id, f"{self.opener} is not closed before the next {self.opener} "
                                      f"at {ctx.where(i)}; the note is taken to end there")
                emit(i, in_note)
                pos, in_note, note_id, continued = i, True, i, False
            elif in_note:
                emit(i + 1, True)
                pos, in_note, note_id, continued = i + 1, False, None, False
            else:
                implicit = pos
                while implicit < i and text[implicit] in _SKIP_AT_IMPLICIT_OPEN:
                    implicit += 1
                ctx.warn(i, f"{self.closer} without {self.opener}; the note is taken to start at "
                            f"{ctx.where(implicit)}")
                emit(implicit, False)
                pos, note_id = implicit, implicit
                emit(i + 1, True)
                pos, note_id = i + 1, None
        emit(end, in_note)
        if in_note:
            self.open_at = note_id
        return pieces


def paired_spans(text: str, start: int, end: int, opener: str, closer: str,
                 ctx: ReaderContext) -> list[tuple[int, int]]:
    """Balanced ``opener…closer`` spans inside one run (no nesting); strays are warned about."""
    spans: list[tuple[int, int]] = []
    open_at: int | None = None
    for match in re.finditer(f"[{re.escape(opener)}{re.escape(closer)}]", text[start:end]):
        i = start + match.start()
        if match.group() == opener:
            if open_at is not None:
                ctx.warn(open_at, f"{opener} is not closed before the next {opener}")
            open_at = i
        elif open_at is None:
            ctx.warn(i, f"{closer} without {opener}; kept as text")
        else:
            spans.append((open_at, i + 1))
            open_at = None
    if open_at is not None:
        ctx.warn(open_at, f"{opener} is not closed in its paragraph; kept as text")
    return spans


_GLOSS_DELIMITERS = frozenset("，。；：、！？【】（）○〇“”‘’「」 \n\u3000\u00a0")


_SYLLABLE = r"[\u3400-\u9fff\ue000-\uf8ff\U00020000-\U0003ffff]"


# Bodies after the glossed character, most specific first.
_GLOSS_BODIES = [re.compile(p.replace("C", _SYLLABLE)) for p in (
    r"，?音“[^”]{1,4}”",  # 疑，音“鱼乙”
    r"，?音CC反",  # 袒音徒旱反
    r"，?音CC(?!反)",  # 辟音扶益
    r"，?音C",  # 挟音协
    r"，?CC反",  # 笴，古可反 / 拾其劫反
    r"，?读[作为如若]“[^”]{1,4}”",  # 楛读作“户”
    r"，?读[作为如若]C{1,3}",  # 相，读作息亮
    r"，?[上去入平]声",  # 寸，上声
)]


_HEADLESS = re.compile(f"{_SYLLABLE}{{2}}反")  # 普卜反 (the glossed character before a break)


def _gloss_at(text: str, i: int, end: int, depth: int = 0) -> int | None:
    """End of a gloss starting at ``i`` that reaches a delimiter (or another gloss)."""
    if i >= end or not re.match(_SYLLABLE, text[i]):
        return None
    for body in _GLOSS_BODIES:
        match = body.match(text, i + 1, end)
        if match and _gloss_ends_well(text, match.end(), end, depth):
            return match.end()
    return None


def _gloss_ends_well(text: str, j: int, end: int, depth: int) -> bool:
    return (j >= end or text[j] in _GLOSS_DELIMITERS
            or (depth < 8 and _gloss_at(text, j, end, depth + 1) is not None))


def find_glosses(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Pronunciation glosses (X音Y, X，YZ反, X读作Y, X上声) in ``text[start:end]``.

    A gloss starts a clause (after a delimiter, or right after another gloss, as in the
    unpunctuated 酏以支反糁素感反) and ends at a delimiter.
    """
    found: list[tuple[int, int]] = []
    i = start
    while i < end:
        at_clause_start = i == start or text[i - 1] in _GLOSS_DELIMITERS
        if at_clause_start:
            j = i
            while True:
                stop = _gloss_at(text, j, end)
                if stop is None:
                    break
                found.append((j, stop))
                j = stop
            if j == i:
                headless = _HEADLESS.match(text, i, end)
                if headless and _gloss_ends_well(text, headless.end(), end, depth=8):
                    found.append((i, headless.end()))
                    j = headless.end()
            i = max(j, i + 1)
        else:
            i += 1
    return found


GLOSSED_LAYERS = frozenset({Layer.ZHU, Layer.SHU, Layer.AN})


def add_glosses(ctx: ReaderContext) -> None:
    """Nest a 音 passage for every gloss inside commentary (and translated commentary)."""
    for index in range(len(ctx.passages)):
        passage = ctx.passages[index]
        commentary = passage.layer in GLOSSED_LAYERS or (
            passage.layer is Layer.YI and passage.translates in GLOSSED_LAYERS)
        if commentary:
            for start, end in find_glosses(ctx.text, passage.start, passage.end):
                ctx.nest(index, start, end, Layer.YIN)
