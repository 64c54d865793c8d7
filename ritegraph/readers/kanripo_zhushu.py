"""The ``zhushu`` layout of the Kanripo reader: KR1d0028 儀禮注疏 (文淵閣四庫全書).

經 and 注 are both full size: a 注 opens with the character 注, and its end is not marked when
the next 經 clause follows it directly. The reader finds it by aligning the file's full-size text
with the reference edition (``reference``: KR1d0026, whose 注 is in parentheses) and carrying the
reference's 经/注/传 labels over (:mod:`ritegraph.align`); a 注 starts at its 注 marker. Small
print is ``音義( … )`` (音, anchored to the 经 before it) and ``疏( … )``: 疏 on the 經 from
``釋曰``, on the 注 from ``注釋曰`` (two passages, each anchored to the 經; the one on the 注 also
``explains`` that 注). A 疏 that opens ``釋曰自此至X論Y之事`` starts a section titled Y at
the 經 it follows. From the ``#+PROPERTY: JUAN 卷N考證`` header on, each entry (a line and the
indented lines after it) is a 考证 passage; other non-chapter parts (跋語) are 标题.
"""

from __future__ import annotations

import re

from ..corpus import CorpusFile
from ..errors import InputError
from ..model import Layer, ReadResult, Section
from .kanripo import (
    Conventions,
    Edition,
    KanripoContext,
    Line,
    Segment,
    _close,
    assign,
    by_incipits,
    check_shares,
    cite,
    kanripo_glyphs,
    line_juans,
    printed_lines,
    scan,
)
from .kanripo_align import run_labels, sibling, split_run


def _detach_markers(ctx: KanripoContext, segments: list[Segment], edition: Edition) -> None:
    """Move the full-size 疏/音義 marker before a note into the note (its kind says which)."""
    for k, seg in enumerate(segments):
        if not seg.note or k == 0 or segments[k - 1].note:
            continue
        before = segments[k - 1]
        for marker, kind in ((edition.yinyi_marker, "yinyi"), (edition.shu_marker, "shu")):
            if ctx.text.endswith(marker, before.start, before.end):
                before.end -= len(marker)
                seg.start, seg.kind = before.end, kind  # the marker may end the line before
                break


def _shu_parts(ctx: KanripoContext, seg: Segment, edition: Edition
               ) -> list[tuple[int, int, bool]]:
    """A 疏 cut at its 注釋曰: (start, end, on_zhu)."""
    body = ctx.markup.sub(lambda m: "\0" * len(m.group()), ctx.text[seg.start:seg.end])
    squeezed = body.replace("\0", "")
    at = squeezed.find(edition.shu_on_zhu)
    if at < 0:
        return [(seg.start, seg.end, False)]
    kept = [k for k, ch in enumerate(body) if ch != "\0"]
    cut = seg.start + kept[at]
    if cut <= seg.start + len(edition.shu_marker) + 1:
        return [(seg.start, seg.end, True)]
    return [(seg.start, cut, False), (cut, seg.end, True)]


class _MainPassages:
    """The top-level passages of a chapter part, segment by segment: each 注 and 疏 is anchored
    to the 经 before it, a 疏 on the 注 (after 注釋曰) explains that 注; an opener 疏 names a
    section."""

    def __init__(self, ctx: KanripoContext, segments: list[Segment], edition: Edition,
                 reference) -> None:
        self.ctx, self.edition = ctx, edition
        runs = [s for s in segments if not s.note and s.kind == "text"]
        self.labels = dict(zip((id(r) for r in runs), run_labels(ctx, runs, reference),
                               strict=True))
        self.markers = {Layer.ZHU: re.compile(re.escape(edition.zhu_marker)),
                        Layer.ZHUAN: edition.zhuan_start}
        self.openers: list[tuple[int, str]] = []
        self.jing: int | None = None
        self.zhu: int | None = None

    def _plain(self, seg: Segment) -> str:
        return self.ctx.markup.sub("", self.ctx.text[seg.start:seg.end])

    def add(self, seg: Segment) -> None:
        if seg.note:
            self._note(seg)
        elif seg.kind == "text" and not self.edition.titles.fullmatch(self._plain(seg)):
            self._run(seg)
        else:
            self.ctx.add(seg.start, seg.end, Layer.BIAOTI)  # a title (記 before its 疏)

    def _run(self, seg: Segment) -> None:
        ctx = self.ctx
        for start, end, layer in split_run(ctx, seg, self.labels[id(seg)], self.markers):
            if not ctx.markup.sub("", ctx.text[start:end]).strip():
                continue  # a cut that left only layout: it goes into the gap
            index = ctx.add(start, end, layer)
            if layer is Layer.ZHU:
                ctx.passages[index].anchor, self.zhu = self.jing, index
            else:
                self.jing, self.zhu = index, None

    def _note(self, seg: Segment) -> None:
        ctx = self.ctx
        if seg.kind == "shu":
            self._shu(seg)
            return
        layer = Layer.BIAOTI if seg.kind == "title" else (
            Layer.YIN if seg.kind == "yinyi" else Layer.ZHU)
        index = ctx.add(seg.start, seg.end, layer)
        if layer is not Layer.BIAOTI:
            ctx.passages[index].anchor = self.jing

    def _shu(self, seg: Segment) -> None:
        ctx, edition = self.ctx, self.edition
        for start, end, on_zhu in _shu_parts(ctx, seg, edition):
            index = ctx.add(start, end, Layer.SHU)
            ctx.passages[index].anchor = self.jing
            if on_zhu and self.zhu is not None:
                ctx.passages[index].explains = self.zhu
        opener = edition.section_opener.search(self._plain(seg)) if edition.section_opener \
            else None
        if opener and self.jing is not None:
            self.openers.append((self.jing, opener["title"]))


def _main_passages(ctx: KanripoContext, segments: list[Segment], edition: Edition,
                   reference) -> list[tuple[int, str]]:
    """Top-level passages of the chapter part; returns (经 passage, opener title) pairs."""
    passages = _MainPassages(ctx, segments, edition, reference)
    for seg in segments:
        passages.add(seg)
    return passages.openers


def _apparatus_passages(ctx: KanripoContext, lines: list[Line], layer: Layer,
                        edition: Edition) -> None:
    """考證 (or 跋語) lines: an entry is a line with the indented lines that follow it."""
    entry: tuple[int, int] | None = None
    for line in lines:
        if line.kind != "text":
            continue
        body = ctx.text[line.start:line.end]
        if edition.titles.fullmatch(body):
            if entry:
                ctx.add(*entry, layer)
                entry = None
            ctx.add(line.start, line.end, Layer.BIAOTI)
        elif line.indent and entry:
            entry = (entry[0], line.end)
        else:
            if entry:
                ctx.add(*entry, layer)
            entry = (line.start, line.end)
    if entry:
        ctx.add(*entry, layer)


def _opener_sections(ctx: KanripoContext, openers: list[tuple[int, str]], rite: str
                     ) -> list[Section]:
    sections: list[Section] = []
    for k, (jing, title) in enumerate(openers):
        start = 0 if k == 0 else ctx.passages[jing].start
        if sections:
            sections[-1].end = start
        sections.append(Section(ctx.name, len(sections), title, rite, start,
                                len(ctx.text), "疏"))
    return sections


def _is_apparatus(juan: str | None, edition: Edition) -> bool:
    return juan is not None and bool(edition.kaozheng_juan.search(juan) or juan.startswith("["))


def _main_lines(ctx: KanripoContext, lines: list[Line], juans: list[str | None],
                edition: Edition) -> list[Line]:
    """The chapter's lines before its 考證 (or other apparatus 卷); text of the chapter after
    the apparatus began is an :class:`InputError` (a 注疏 file ends with its 考證)."""
    main: list[Line] = []
    in_apparatus = False
    for line, juan in zip(lines, juans, strict=True):
        if _is_apparatus(juan, edition):
            in_apparatus = True
        elif not in_apparatus:
            main.append(line)
        elif line.kind == "text":
            raise InputError(f"chapter text after the 考證 (卷 {juan or 'unnamed'}): a "
                             f"{edition.id} file ends with its 考證", path=str(ctx.file.path),
                             line=line.number, column=line.indent + 1,
                             hint="split the file where the next chapter starts")
    return main


def read_zhushu(file: CorpusFile, text: str, conv: Conventions, edition: Edition
                ) -> ReadResult:
    ctx = KanripoContext(file, text, conv)
    lines = printed_lines(text, conv)
    juans = line_juans(text, lines, conv)
    main = _main_lines(ctx, lines, juans, edition)
    end_of_main = main[-1].end if main else 0
    segments = scan(ctx, main, edition)
    _detach_markers(ctx, segments, edition)
    reference = sibling(ctx, edition.reference) if edition.reference else None
    if reference is None:
        ctx.warn(0, "no reference edition: 注 ends are taken at the next small print, which "
                    "merges the 經 after an unmarked 注 into it")
    openers = _main_passages(ctx, segments, edition, reference)
    rest = [(ln, j) for ln, j in zip(lines, juans, strict=True) if ln.start > end_of_main]
    for flag in (True, False):
        part = [ln for ln, j in rest if j and bool(edition.kaozheng_juan.search(j)) is flag]
        _apparatus_passages(ctx, part, Layer.KAOZHENG if flag else Layer.BIAOTI, edition)
    ctx.close()
    rite = file.rites[0].rite
    sections = by_incipits(ctx, rite) or _opener_sections(ctx, openers, rite)
    if not sections:
        sections = _close(ctx, [], 0, rite)
    else:
        sections[-1].end = max(p.end for p in ctx.passages)
    assign(ctx, sections, rite)
    cite(ctx, lines)
    check_shares(ctx, edition)
    if not openers:
        ctx.warn(0, "no 疏 section opener (釋曰自此至…論…之事) found")
    return ReadResult(file.name, text, ctx.passages, sections, kanripo_glyphs(ctx),
                      ctx.warnings, markup=conv.markup)


__all__ = ["read_zhushu"]
