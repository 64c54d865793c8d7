"""Reader for the Kanseki Repository's "mandoku" plain text (format ``kanripo``).

The markup (``ingest/kanripo.toml``, ``[markup]``) is shared by the three editions: header lines
``#…``, ``<pb:…>`` page breaks, ``¶`` at every printed line end, small print in ``( … )`` with
``/`` column breaks, full-width indentation. Each edition's layout is a table of its own, chosen
by the file's ``#+PROPERTY: ID``:

- ``notes`` (KR1d0026 鄭注, KR1d0038 句讀): full-size text is 经 (传 from 傳曰 to the next note);
  a note is the run of consecutive ``( … )`` groups, across printed lines and page breaks, split
  at the edition's separator ○ into its ``note_layers`` (注, then 按; a segment made only of
  pronunciation glosses is 音). KR1d0038's indented lines are titles, 章 lines ``　右…`` (节,
  closing a section; a full line runs on into the next indented line) or 传.
- ``zhushu`` (KR1d0028 注疏): see :mod:`ritegraph.readers.kanripo_zhushu`.

Passages span the markup inside them (a 经 passage may contain ``¶``, newlines and a page break:
its quote is still ``text[start:end]``); matching skips it (``ReadResult.markup``). What lies
between passages is whitespace (空白) or markup only (标记). Every passage is cited by the page
and printed line it starts on (``Passage.citation``: ``005-2a.3``).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from ..align import GLYPH_CODE
from ..corpus import CorpusFile
from ..errors import InputError
from ..glyphs import find_glyph_issues
from ..model import NON_TEXT_LAYERS, GlyphIssue, Layer, ReadResult, Section
from . import register
from .common import ReaderContext, SectionIndex, implicit_title, is_classic
from .kanripo_conventions import Conventions, Edition, conventions
from .notes import find_glosses

# ---------------------------------------------------------------------------------------------
# Printed lines


@dataclass
class Line:
    """One printed line: ``[start, end)`` without indentation, ¶ and newline."""

    number: int  # 1-based line of the file
    start: int
    end: int
    indent: int  # number of leading indentation characters
    kind: str  # "header" | "page" | "blank" | "text"
    page: str | None  # the page it is printed on (``005-2a``), None before the first break
    on_page: int  # 1-based printed line on that page


def printed_lines(text: str, conv: Conventions) -> list[Line]:
    """The file's lines with their kinds and page citations."""
    lines: list[Line] = []
    page: str | None = None
    on_page = 0
    offset = 0
    for number, raw in enumerate(text.split("\n"), start=1):
        start, end = offset, offset + len(raw)
        offset = end + 1
        body = raw[:-len(conv.line_end)] if raw.endswith(conv.line_end) else raw
        stripped = body.lstrip(conv.indent)
        indent = len(body) - len(stripped)
        pb = conv.page_break.fullmatch(stripped)
        if raw.startswith(conv.header):
            kind = "header"
        elif pb:
            page, on_page, kind = f"{pb['juan']}-{pb['page']}", 0, "page"
        elif not stripped.strip():
            kind = "blank"
        else:
            kind = "text"
            on_page += 1
        lines.append(Line(number, start + indent, start + len(body), indent, kind, page,
                          on_page))
    return lines


def line_juans(text: str, lines: list[Line], conv: Conventions) -> list[str | None]:
    """The 卷 property in force on each line (``#+PROPERTY: JUAN``)."""
    juan: str | None = None
    out = []
    for line in lines:
        if line.kind == "header":
            match = conv.juan_property.match(text, line.start - line.indent, line.end)
            if match:
                juan = match["juan"]
        out.append(juan)
    return out


# ---------------------------------------------------------------------------------------------
# Segments: full-size runs and notes


@dataclass
class Segment:
    """A run of one kind: full-size text (``note`` False) or a note of ``( … )`` groups."""

    start: int
    end: int
    note: bool
    line: Line
    kind: str = "text"  # "text" | "title" | "jie" | "zhuan"


def line_segments(text: str, line: Line, conv: Conventions, ctx: ReaderContext,
                  kind: str = "text") -> list[Segment]:
    """Split one printed line into full-size runs and ``( … )`` groups (unbalanced: warned)."""
    out: list[Segment] = []
    pos, i = line.start, line.start
    while i < line.end:
        ch = text[i]
        if ch == conv.note_open:
            if text[pos:i].strip():  # spaces between notes (a diagram's cells) are layout
                out.append(Segment(pos, i, False, line, kind))
            close = text.find(conv.note_close, i + 1, line.end)
            if close < 0:
                ctx.warn(i, f"'{conv.note_open}' is not closed on its line; the note is taken "
                            "to end with the line")
                close = line.end - 1
            out.append(Segment(i, close + 1, True, line, kind))
            pos = i = close + 1
            continue
        if ch == conv.note_close:
            ctx.warn(i, f"'{conv.note_close}' without '{conv.note_open}'; kept in the text")
        i += 1
    if pos < line.end:
        out.append(Segment(pos, line.end, False, line, kind))
    return out


def _joins(last: Segment, seg: Segment) -> bool:
    if last.note != seg.note:
        return False
    if seg.note:  # a note runs on over lines of any kind, but a title's note stays the title's
        return (last.kind == "title") == (seg.kind == "title")
    if seg.kind == "jie_more":
        return last.kind == "jie"
    return last.kind == seg.kind and seg.kind not in ("jie", "title")


def merge_segments(segments: list[Segment]) -> list[Segment]:
    """Join consecutive segments that continue each other: a note over several printed lines
    (``)¶\\n(``) or ``)(``) is one note, a full-size run goes on across line ends and pages, a
    章 line that fills its line goes on into the next."""
    merged: list[Segment] = []
    for seg in segments:
        last = merged[-1] if merged else None
        if last and _joins(last, seg):
            last.end = seg.end
        else:
            kind = "jie" if seg.kind == "jie_more" else seg.kind
            merged.append(Segment(seg.start, seg.end, seg.note, seg.line, kind))
    return merged


# ---------------------------------------------------------------------------------------------
# The reader


class KanripoContext(ReaderContext):
    """A reader context whose gaps may hold markup (标记) as well as whitespace."""

    def __init__(self, file: CorpusFile, text: str, conv: Conventions) -> None:
        super().__init__(file, text)
        self.conv = conv
        self.markup = conv.markup

    def gap_layer(self, start: int, end: int) -> Layer:
        rest = self.markup.sub("", self.text[start:end])
        if rest.strip():
            raise AssertionError(f"{self.name}: text at {self.where(start)} unassigned")
        return Layer.SPACE if not self.text[start:end].strip() else Layer.MARKUP


def edition_of(text: str, file: CorpusFile, conv: Conventions) -> Edition:
    match = re.search(r"^#\+PROPERTY: ID (\S+)", text[:2000], re.M)
    if match is None or match.group(1) not in conv.editions:
        found = match.group(1) if match else "none"
        raise InputError(f"no Kanripo edition conventions for this file (ID {found})",
                         path=str(file.path), line=1, column=1,
                         hint=f"add an [edition.{found}] table to ingest/kanripo.toml "
                              f"(known: {', '.join(sorted(conv.editions))})")
    return conv.editions[match.group(1)]


def _classify(text: str, line: Line, edition: Edition, state: dict) -> str:
    """What an indented or title line is: "title", "jie", "zhuan" or "text"."""
    body = text[line.start:line.end]
    if line.indent and edition.jie_start and body.startswith(edition.jie_start):
        state["jie_runs_on"] = line.indent + len(body) >= edition.line_width
        return "jie"
    if line.indent and state.get("jie_runs_on") and not body.startswith("("):
        state["jie_runs_on"] = line.indent + len(body) >= edition.line_width
        return "jie_more"
    state["jie_runs_on"] = False
    if edition.titles.fullmatch(body.split("(", 1)[0]):
        return "title"
    if line.indent and edition.jie_start:  # KR1d0038: indented lines are never 经
        if edition.zhuan_start.match(body) or state.get("zhuan"):
            state["zhuan"] = True  # a 傳 block: every line indented, its notes included
            return "zhuan"
        if body.startswith("("):
            return "text"  # a note continuing from an indented line (a title's)
        return "title"
    state["zhuan"] = False
    return "text"


def scan(ctx: KanripoContext, lines: list[Line], edition: Edition) -> list[Segment]:
    """Every text line as segments, classified and merged."""
    text, conv = ctx.text, ctx.conv
    state: dict = {}
    segments: list[Segment] = []
    previous = "text"
    for line in lines:
        if line.kind != "text":
            continue
        kind = _classify(text, line, edition, state)
        if kind == "text" and previous == "title" and text.startswith("(", line.start):
            kind = "title"  # a title's note runs on (鄭目録 after 鄉射禮第五, 經…字)
        segments.extend(line_segments(text, line, conv, ctx, kind))
        previous = kind
    return merge_segments(segments)


def _is_gloss_only(text: str, start: int, end: int, markup: re.Pattern[str]) -> bool:
    body = markup.sub("", text[start:end])
    if not body:
        return False
    covered = sum(b - a for a, b in find_glosses(body, 0, len(body)))
    return covered == len(body)


def note_parts(ctx: KanripoContext, seg: Segment, edition: Edition
               ) -> list[tuple[int, int, Layer]]:
    """A note's passages: split at the separator into the edition's note layers."""
    layers = edition.note_layers
    if not edition.separator:
        return [(seg.start, seg.end, layers[0])]
    cuts = [i for i in range(seg.start, seg.end) if ctx.text[i] == edition.separator]
    bounds = [seg.start, *cuts, seg.end]
    parts = []
    for k in range(len(bounds) - 1):
        a, b = bounds[k], bounds[k + 1]
        if b <= a:
            continue
        layer = layers[min(k, len(layers) - 1)]
        if k and _is_gloss_only(ctx.text, a + 1, b, ctx.markup):
            layer = Layer.YIN
        parts.append((a, b, layer))
    return parts


_SEGMENT_LAYER = {"title": Layer.BIAOTI, "jie": Layer.JIE, "zhuan": Layer.ZHUAN}


def notes_passages(ctx: KanripoContext, segments: list[Segment], edition: Edition) -> None:
    """Top-level passages of a ``notes`` layout, each note anchored to the 经/传 before it."""
    anchor: int | None = None
    pieces = _classic_pieces(ctx, segments, edition)
    for seg in segments:
        if seg.note:
            counts = seg.kind == "title" and edition.title_notes is not None \
                and edition.title_notes.match(ctx.text, seg.start)
            parts = [(seg.start, seg.end, Layer.BIAOTI)] if counts \
                else note_parts(ctx, seg, edition)
            for start, end, layer in parts:
                index = ctx.add(start, end, layer)
                if index is not None and seg.kind != "title":
                    ctx.passages[index].anchor = anchor
            continue
        for start, end, layer in pieces.get(id(seg)) or [
                (seg.start, seg.end, _SEGMENT_LAYER.get(seg.kind, Layer.JING))]:
            if layer is Layer.JING and edition.zhuan_start.match(ctx.text, start):
                layer = Layer.ZHUAN
            index = ctx.add(start, end, layer)
            if index is not None and layer in (Layer.JING, Layer.ZHUAN):
                anchor = index


def _classic_pieces(ctx: KanripoContext, segments: list[Segment], edition: Edition
                    ) -> dict[int, list[tuple[int, int, Layer]]]:
    """Full-size runs cut into 经 and 传 by the ``zhuan_from`` edition's layout, where 傳 runs
    inside the classic text (喪服) and this edition does not mark where it ends."""
    runs = [s for s in segments if not s.note and s.kind == "text"]
    if not edition.zhuan_from or not any(edition.zhuan_start.search(ctx.text, r.start, r.end)
                                         for r in runs):
        return {}
    from .kanripo_align import run_labels, sibling, split_run

    reference = sibling(ctx, edition.zhuan_from)
    if reference is None:
        return {}
    markers = {Layer.ZHUAN: edition.zhuan_start}
    labels = run_labels(ctx, runs, reference, (Layer.JING, Layer.ZHUAN))
    return {id(run): split_run(ctx, run, run_labelled, markers)
            for run, run_labelled in zip(runs, labels, strict=True)}


def cite(ctx: KanripoContext, lines: list[Line]) -> None:
    """``Passage.citation``: page and printed line it starts on, numbered within that line."""
    starts = [line.start - line.indent for line in lines]
    per_line: dict[int, int] = {}
    for p in ctx.passages:
        k = max(0, bisect_right(starts, p.start) - 1)
        line = lines[k]
        if p.layer in NON_TEXT_LAYERS:
            continue  # cited after the passage before (common.complete_citations)
        n = per_line[k] = per_line.get(k, 0) + 1
        page = line.page or "0"
        p.citation = f"{page}.{line.on_page}.{n}"


def sections_from_jie(ctx: KanripoContext, rite: str) -> list[Section]:
    """Each 节 closes the section since the previous one; classic text after the last forms an
    implicit section (记 …)."""
    sections: list[Section] = []
    start = 0
    for p in ctx.passages:
        if p.layer is Layer.JIE:
            title = ctx.conv.markup.sub("", p.text).lstrip("右")
            sections.append(Section(ctx.name, len(sections), title, rite, start, p.end, "右",
                                    p.index))
            start = p.end
    return _close(ctx, sections, start, rite)


def _close(ctx: KanripoContext, sections: list[Section], start: int, rite: str
           ) -> list[Section]:
    """An implicit section for the classic text after ``start``, if there is any."""
    rest = [p for p in ctx.passages if p.start >= start and is_classic(p)]
    if rest:
        end = max(p.end for p in ctx.passages if p.layer not in NON_TEXT_LAYERS)
        sections.append(Section(ctx.name, len(sections),
                                ctx.markup.sub("", implicit_title(ctx, start, end)), rite,
                                start, end, "implicit"))
    return sections


def by_incipits(ctx: KanripoContext, rite: str) -> list[Section]:
    """The chapter's incipit sections, if the conventions list any for it."""
    chapter = re.search(r"_(\d{3})\.txt$", ctx.file.name)
    entries = ctx.conv.incipit_sections.get(int(chapter.group(1))) if chapter else None
    if not entries:
        return []
    from .kanripo_sections import incipit_sections

    return incipit_sections(ctx, entries, rite)


def assign(ctx: KanripoContext, sections: list[Section], rite: str) -> None:
    index = SectionIndex(sections)
    for p in ctx.passages:
        if p.layer in NON_TEXT_LAYERS:
            continue
        p.rite = rite
        p.section = index.at(p.start)


def kanripo_glyphs(ctx: KanripoContext) -> list[GlyphIssue]:
    """Damaged glyphs as everywhere, plus ``&KR…;`` codes and non-BMP characters."""
    issues = [g for g in find_glyph_issues(ctx.name, ctx.text, ctx.lines)
              if not _in_markup(ctx, g.offset)]
    for match in GLYPH_CODE.finditer(ctx.text):
        line, column = ctx.lines.position(match.start())
        issues.append(GlyphIssue(ctx.name, match.start(), match.group(), "kanripo-code", line,
                                 column))
    for k, ch in enumerate(ctx.text):
        if ord(ch) > 0xFFFF:
            line, column = ctx.lines.position(k)
            issues.append(GlyphIssue(ctx.name, k, ch, "non-bmp", line, column))
    return sorted(issues, key=lambda g: g.offset)


def _in_markup(ctx: KanripoContext, offset: int) -> bool:
    line_start = ctx.text.rfind("\n", 0, offset) + 1
    return ctx.text.startswith((ctx.conv.header, "<pb:"), line_start)


def check_shares(ctx: KanripoContext, edition: Edition) -> None:
    """Silent misreads become warnings: no 经 at all, or an absurd share of it."""
    counts: dict[Layer, int] = {}
    for p in ctx.passages:
        counts[p.layer] = counts.get(p.layer, 0) + (p.end - p.start)
    text_total = sum(v for k, v in counts.items() if k not in NON_TEXT_LAYERS)
    jing = counts.get(Layer.JING, 0)
    if not jing:
        ctx.warn(0, f"no 经 found with the {edition.id} conventions: is the edition right?")
    elif edition.layout == "notes" and edition.jie_start and jing > 0.8 * text_total:
        ctx.warn(0, f"{jing / text_total:.0%} of the text read as 经: are the notes recognised?")


@register("kanripo")
def read(file: CorpusFile, text: str) -> ReadResult:
    conv = conventions()
    edition = edition_of(text, file, conv)
    if edition.layout == "zhushu":
        from .kanripo_zhushu import read_zhushu

        return read_zhushu(file, text, conv, edition)
    ctx = KanripoContext(file, text, conv)
    lines = printed_lines(text, conv)
    notes_passages(ctx, scan(ctx, lines, edition), edition)
    ctx.close()
    rite = file.rites[0].rite
    sections = sections_from_jie(ctx, rite) if edition.jie_start else []
    if not sections and edition.sections_from:
        from .kanripo_sections import aligned_sections

        sections = aligned_sections(ctx, edition.sections_from, rite)
    sections = by_incipits(ctx, rite) or sections or _close(ctx, [], 0, rite)
    assign(ctx, sections, rite)
    cite(ctx, lines)
    check_shares(ctx, edition)
    return ReadResult(file.name, text, ctx.passages, sections, kanripo_glyphs(ctx),
                      ctx.warnings, markup=conv.markup)


__all__ = ["Conventions", "Edition", "Line", "conventions", "printed_lines", "read"]
