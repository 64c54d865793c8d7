"""Helpers shared by the edition readers.

Paragraphs and line/column positions, the top-level passage builder (passages tile the file,
whitespace runs as ``Layer.SPACE``), the bracket scanner (notes that may run across paragraph
breaks; unbalanced brackets become warnings, never lost characters), the 音-gloss finder,
a normalised matching view with an offset map back into the file, rite boundaries, and
section bookkeeping. The textual conventions themselves are data: ``patterns.toml``.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..corpus import CorpusFile
from ..model import NON_TEXT_LAYERS, Layer, Passage, ReaderWarning, ReadResult, Section

PATTERNS: dict = tomllib.loads(
    Path(__file__).with_name("patterns.toml").read_text(encoding="utf-8"))

TRANSLATION_MARKER: str = PATTERNS["translation"]["marker"]
_TITLE_WHOLE = re.compile("|".join(f"(?:{p})" for p in PATTERNS["titles"]["whole"]))
_TITLE_HEADING = re.compile(PATTERNS["titles"]["heading"])
_SECTION_LINE = re.compile(PATTERNS["sections"]["line"])
_NOT_SECTION_LINE = re.compile(PATTERNS["sections"]["not_line"])
_SECTION_TAIL = re.compile(f"(?:^|(?<=[。，；]))(?:{PATTERNS['sections']['line']})$")
_FOLD: dict[str, str] = PATTERNS["matching"]["fold"]

# ---------------------------------------------------------------------------------------------
# Positions and paragraphs


class LineIndex:
    """1-based line and column of a code-point offset."""

    def __init__(self, text: str) -> None:
        self._starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line(self, offset: int) -> int:
        return bisect_right(self._starts, offset)

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1


@dataclass(frozen=True)
class Paragraph:
    """A run of text between line breaks, without its surrounding whitespace."""

    start: int
    end: int


_PARAGRAPH = re.compile(r"\S(?:[^\n]*\S)?")


def split_paragraphs(text: str) -> list[Paragraph]:
    """The paragraphs of ``text``; what lies between them is whitespace (newlines, NBSP …)."""
    return [Paragraph(m.start(), m.end()) for m in _PARAGRAPH.finditer(text)]


def strip_marker(body: str) -> tuple[str, int]:
    """``body`` without a leading translation marker (译), and the marker's length."""
    if body.startswith(TRANSLATION_MARKER):
        return body[len(TRANSLATION_MARKER):], len(TRANSLATION_MARKER)
    return body, 0


def is_title(body: str) -> bool:
    """A whole paragraph that is a 卷 title, a colophon or the 记 heading."""
    return _TITLE_WHOLE.fullmatch(strip_marker(body)[0]) is not None


def heading_length(body: str) -> int:
    """Length of a rite heading (燕礼第六) at the start of ``body`` (marker included), or 0."""
    rest, skip = strip_marker(body)
    match = _TITLE_HEADING.match(rest)
    return skip + match.end() if match else 0


def section_line_title(body: str) -> str | None:
    """The title if the whole paragraph is a section line (右戒宾, 译右边是…。), else None."""
    rest = strip_marker(body)[0]
    if _NOT_SECTION_LINE.match(rest):
        return None
    match = _SECTION_LINE.fullmatch(rest)
    return match.group("title") if match else None


def section_tail(body: str) -> tuple[int, str] | None:
    """A section line closing a paragraph (…】右立司正。): (its offset in ``body``, title)."""
    match = _SECTION_TAIL.search(body)
    if match is None or _NOT_SECTION_LINE.match(body, match.start()):
        return None
    return match.start(), match.group("title")


# ---------------------------------------------------------------------------------------------
# Reader state: passages that tile the file, warnings


class ReaderContext:
    """One file being read: its text, positions, top-level passages and warnings."""

    def __init__(self, file: CorpusFile, text: str) -> None:
        self.file, self.text = file, text
        self.name = file.name
        self.lines = LineIndex(text)
        self.passages: list[Passage] = []
        self.warnings: list[ReaderWarning] = []
        self._cursor = 0

    def warn(self, offset: int, message: str) -> None:
        line, column = self.lines.position(offset)
        self.warnings.append(ReaderWarning(self.name, line, column, message))

    def where(self, offset: int) -> str:
        line, column = self.lines.position(offset)
        return f"{line}:{column}"

    def add(self, start: int, end: int, layer: Layer,
            translates: Layer | None = None) -> int | None:
        """Append a top-level passage ``[start, end)``; whitespace before it becomes SPACE.

        Returns its index (None for an empty range).
        """
        if start > self._cursor:
            self._add(self._cursor, start, Layer.SPACE, None)
        if end <= start:
            return None
        if start < self._cursor:
            raise AssertionError(f"{self.name}: passage at {start} overlaps the one before")
        return self._add(start, end, layer, translates)

    def gap_layer(self, start: int, end: int) -> Layer:
        """The layer of what lies between two passages (whitespace only, in these formats)."""
        if self.text[start:end].strip():
            raise AssertionError(f"{self.name}: non-space text at {self.where(start)} unassigned")
        return Layer.SPACE

    def _add(self, start: int, end: int, layer: Layer, translates: Layer | None) -> int:
        if layer is Layer.SPACE:
            layer = self.gap_layer(start, end)
        index = len(self.passages)
        self.passages.append(Passage(self.name, index, start, end, layer, self.text[start:end],
                                     self.lines.line(start), translates=translates))
        self._cursor = end
        return index

    def close(self) -> None:
        """Cover the trailing whitespace so that the passages tile the whole file."""
        if self._cursor < len(self.text):
            self._add(self._cursor, len(self.text), Layer.SPACE, None)

    def nest(self, parent: int, start: int, end: int, layer: Layer) -> int:
        """Append a passage nested inside ``parent`` (after all top-level ones)."""
        outer = self.passages[parent]
        index = len(self.passages)
        self.passages.append(Passage(
            self.name, index, start, end, layer, self.text[start:end], self.lines.line(start),
            rite=outer.rite, section=outer.section, parent=parent, anchor=outer.anchor))
        return index


# ---------------------------------------------------------------------------------------------
# Brackets


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


# ---------------------------------------------------------------------------------------------
# 音 glosses


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


# ---------------------------------------------------------------------------------------------
# Matching on a normalised view


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


# ---------------------------------------------------------------------------------------------
# Rites and sections


def rite_starts(ctx: ReaderContext, paragraphs: list[Paragraph]) -> list[tuple[int, str]]:
    """(offset, rite slug) where each rite of the manifest starts, in file order."""
    starts: list[tuple[int, str]] = []
    for span in ctx.file.rites:
        if span.from_heading is None:
            starts.append((0, span.rite))
            continue
        start = _heading_start(ctx, paragraphs, span.from_heading)
        if start is not None:
            starts.append((start, span.rite))
        else:
            ctx.warn(0, f"heading {span.from_heading!r} of rite {span.rite} not found; "
                        "the rite before it continues")
    starts.sort()
    if not starts or starts[0][0] != 0:
        starts.insert(0, (0, ctx.file.rites[0].rite))
    return starts


def _heading_start(ctx: ReaderContext, paragraphs: list[Paragraph], heading: str) -> int | None:
    """Where the rite headed ``heading`` starts: the first paragraph opening with it that is
    followed by text, not by another heading or title (a table of contents lists headings one
    after another; a file header is all titles)."""
    bodies = [strip_marker(ctx.text[p.start:p.end])[0] for p in paragraphs]
    for k, body in enumerate(bodies):
        if not body.startswith(heading):
            continue
        following = bodies[k + 1] if k + 1 < len(bodies) else ""
        if len(body) > len(heading) + 2 or (following and not is_title(following)
                                              and not heading_length(following)):
            return paragraphs[k].start
    return None


def assign_rites(ctx: ReaderContext, starts: list[tuple[int, str]]) -> None:
    offsets = [offset for offset, _ in starts]
    for p in ctx.passages:
        if p.layer is not Layer.SPACE:
            p.rite = starts[bisect_right(offsets, p.start) - 1][1]


def rite_at(starts: list[tuple[int, str]], offset: int) -> str:
    return starts[bisect_right([o for o, _ in starts], offset) - 1][1]


def is_classic(p: Passage) -> bool:
    """经, or its translation: what every section must cover."""
    return p.layer is Layer.JING or (p.layer is Layer.YI and p.translates is Layer.JING)


_INCIPIT_CHARS = 12
_CLAUSE_END = re.compile(r"[，。；：、！？“”‘’（）【】]")


def implicit_title(ctx: ReaderContext, start: int, end: int) -> str:
    """Title of a section with no 右 line or opener.

    The heading (标题) it starts with if any (记, 燕礼第六); otherwise the incipit of its first
    classic passage, up to the first punctuation mark (at most 12 characters) followed by ….
    """
    for p in ctx.passages:
        if p.parent is not None or p.end <= start or p.layer is Layer.SPACE:
            continue
        if p.start >= end:
            break
        if p.layer is Layer.BIAOTI:
            return strip_marker(p.text)[0]
        if is_classic(p):
            body = strip_marker(p.text)[0]
            clause = _CLAUSE_END.split(body.lstrip("，。；：、"), maxsplit=1)[0]
            return clause[:_INCIPIT_CHARS] + "…"
    return "…"


class SectionIndex:
    """Which section holds an offset, by binary search: O(log n) per lookup after one sort,
    so that assigning every passage of a file is O(n log n), never O(passages × sections)."""

    def __init__(self, sections: list[Section]) -> None:
        self._order = sorted(range(len(sections)), key=lambda k: sections[k].start)
        self._starts = [sections[k].start for k in self._order]
        self._ends = [sections[k].end for k in self._order]

    def at(self, offset: int) -> int | None:
        """Index (into the list given) of the section whose ``[start, end)`` holds
        ``offset``, or None."""
        k = bisect_right(self._starts, offset) - 1
        if k >= 0 and offset < self._ends[k]:
            return self._order[k]
        return None


def section_by_range(sections: list[Section], offset: int,
                     starts: list[int] | None = None) -> int | None:
    """Index of the section whose ``[start, end)`` holds ``offset``: one lookup (for many, use
    :class:`SectionIndex`; ``starts``, the sorted sections' starts, is kept for callers that
    precompute them)."""
    if starts is None:
        return SectionIndex(sections).at(offset)
    k = bisect_right(starts, offset) - 1
    if k >= 0 and offset < sections[k].end:
        return k
    return None


# ---------------------------------------------------------------------------------------------
# Citations


def complete_citations(result: ReadResult) -> ReadResult:
    """Give every passage a citation that survives edits elsewhere in its file.

    A text passage a reader left uncited is cited by paragraph (a non-blank line, counted from
    the file start: blank lines do not count) and its place among the passages starting in
    it: ``p12.2``. What lies between passages is cited after the passage before it (``p12.2+``),
    a nested passage after its parent (``p12.2/yin1``). Offsets stay data (selectors), never
    identity: an edit renames only the passages of the paragraphs (or pages) it touches.
    """
    text = result.text
    paragraph_of_line = [0]
    count = 0
    for line in text.split("\n"):
        count += bool(line.strip())
        paragraph_of_line.append(count)
    lines = LineIndex(text)
    per_paragraph: dict[int, int] = {}
    previous = "start"
    nested: dict[int, int] = {}
    for p in result.passages:
        if p.parent is not None:
            continue
        if p.layer in NON_TEXT_LAYERS:
            p.citation = f"{previous}+"
            continue
        if p.citation is None:
            paragraph = paragraph_of_line[lines.line(p.start)]
            k = per_paragraph[paragraph] = per_paragraph.get(paragraph, 0) + 1
            p.citation = f"p{paragraph}.{k}"
        previous = p.citation
    for p in result.passages:
        if p.parent is not None:
            k = nested[p.parent] = nested.get(p.parent, 0) + 1
            p.citation = f"{result.passages[p.parent].citation}/{p.layer.slug}{k}"
    return result
