"""Helpers shared by the edition readers.

Paragraphs and line/column positions, the top-level passage builder (passages tile the file,
whitespace runs as ``Layer.SPACE``), rite boundaries, section bookkeeping and citations; notes
in brackets and 音 glosses are in :mod:`.notes`, the matching view in :mod:`.matchview`. The
textual conventions themselves are data: ``patterns.toml``.
"""

from __future__ import annotations

import re
import tomllib
from bisect import bisect_right
from dataclasses import dataclass
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
