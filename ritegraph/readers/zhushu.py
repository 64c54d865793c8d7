"""Reader for 《仪礼注疏》 (format ``zhushu``): 经 with 郑玄's 注 in （）, then 贾公彦's 疏.

Paragraphs (separated by blank lines):

- 标题: 卷 titles and colophons (仪礼注疏, 仪礼注疏/卷二十 中华文库), as in the 句读 reader.
- 疏: a paragraph starting with ``[疏]`` or ``○`` (○注“A”至“B”, ○释曰…). A ``[疏]`` paragraph
  opens a 疏 block; the ○ paragraphs and continuation paragraphs after it belong to it.
- 经: a paragraph holding a 注 （…）, or continuing a 注 left open by the paragraph before
  (a note may run across a paragraph break, e.g. 004 lines 23–25). Text outside （） is 经,
  （…） is 注.
- A paragraph with neither continues the layer of the content paragraph before it (in
  practice a 疏 running over several paragraphs). At the very start of a file (nothing but
  titles before it) it is taken as the tail of a 疏 cut off by the file boundary (003 opens
  with ``人君”者，…``): every 经 paragraph of these editions carries a 注.

Anchoring: a 注 comments the 经 passage it follows. A 疏 block's headline ``[疏]“X”至“Y”``
(also ‘X’至‘Y’, or “X” alone) is searched in the 经 before it — first in the 经 since the
previous 疏 block, then in all earlier 经, nearest first — on a normalised view (punctuation
dropped, 於/于 etc. folded, damaged glyphs match anything, one slip allowed for quotes of
three or more characters); ``anchor_span`` is the file span from X through Y and ``anchor``
the 经 passage where it starts. ``[疏]注“X”至“Y”`` quotes the 注: the block is anchored to the
经 passage of that 注, without a span, and ``explains`` that 注. Every passage of a block
carries the block's anchor.

Sections come from the 疏 openers ``自此尽“X”，论Y之事``: titled Y, from the 经 passage the
疏 block is anchored to through the 经 passage holding X (the first X after it). Sections do
not overlap: a later opener that starts inside a running section ends that section at the
last 经 passage before it (in 003 宾降答拜 cuts 公拜至宾答拜 short). 经 passages that no
opener covers (before the first opener, between sections) form implicit sections, one per
run, titled by the incipit of their first passage. 注 and 疏 passages belong to the section
of the 经 passage they are anchored to.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field

from ..corpus import CorpusFile
from ..glyphs import find_glyph_issues
from ..model import Layer, ReadResult, Section
from . import register
from .common import (
    PATTERNS,
    ReaderContext,
    SectionIndex,
    assign_rites,
    heading_length,
    implicit_title,
    is_title,
    rite_at,
    rite_starts,
    split_paragraphs,
)
from .matchview import MatchView
from .notes import BracketScanner, add_glosses

_SHU_STARTS = tuple(PATTERNS["commentary"]["shu_starts"])
_HEADLINE = re.compile(
    r"\[疏\](?P<zhu>注)?[“‘](?P<incipit>[^”’]{1,30})[”’](?:至[“‘](?P<explicit>[^”’]{1,30})[”’])?")
_OPENER = re.compile(PATTERNS["sections"]["opener"])


@dataclass
class _Block:
    """A [疏] line with the 疏 paragraphs that follow it."""

    passages: list[int] = field(default_factory=list)
    anchor: int | None = None
    anchor_span: tuple[int, int] | None = None
    explains: int | None = None  # the 注 passage a 疏 on the 注 explains


class _Classic:
    """The 经 (or 注) passages of a file, with a matching view over them."""

    def __init__(self, ctx: ReaderContext, layer: Layer) -> None:
        self.indices = [p.index for p in ctx.passages if p.layer is layer and p.parent is None]
        self.starts = [ctx.passages[i].start for i in self.indices]
        self.view = MatchView(ctx.text, ((ctx.passages[i].start, ctx.passages[i].end)
                                         for i in self.indices))

    def passage_at(self, offset: int) -> int | None:
        """Index of the passage holding ``offset`` (or the last one before it)."""
        k = bisect_right(self.starts, offset) - 1
        return self.indices[k] if k >= 0 else None

    def find_span(self, incipit: str, explicit: str | None, region: int,
                  limit: int) -> tuple[int, int] | None:
        """View span from ``incipit`` through ``explicit`` before ``limit`` (see module doc)."""
        view = self.view
        for low, nearest_first in ((region, False), (0, True)):
            candidates = list(view.find(incipit, low, limit))
            for x_start, x_end in (reversed(candidates) if nearest_first else candidates):
                if explicit is None:
                    return x_start, x_end
                for y_from in (x_end, x_start):
                    for _, y_end in view.find(explicit, y_from, limit):
                        if y_end >= x_end:
                            return x_start, y_end
        return None


def _paragraph_kind(body: str, in_note: bool, previous: str | None) -> str:
    """"shu" for a 疏 paragraph, "jing" for 经 with its bracketed 注 (or a run-on of one)."""
    if body.startswith(_SHU_STARTS):
        return "shu"
    if in_note or "（" in body or "）" in body or previous == "jing":
        return "jing"
    return "shu"


def _split(ctx: ReaderContext) -> list[_Block]:
    """Make the top-level passages; return the 疏 blocks."""
    text = ctx.text
    scanner = BracketScanner(ctx, "（", "）")
    blocks: list[_Block] = []
    previous: str | None = None
    for p in split_paragraphs(text):
        body = text[p.start:p.end]
        if is_title(body):
            scanner.interrupt()
            ctx.add(p.start, p.end, Layer.BIAOTI)
            continue
        start = p.start + heading_length(body)
        if start > p.start:
            ctx.add(p.start, start, Layer.BIAOTI)
        kind = _paragraph_kind(body, scanner.open_at is not None, previous)
        if kind == "shu":
            scanner.interrupt()
            index = ctx.add(start, p.end, Layer.SHU)
            if index is not None:  # nothing after a heading: no block (it would be empty)
                if body.startswith("[疏]") or previous != "shu" or not blocks:
                    blocks.append(_Block())
                blocks[-1].passages.append(index)
        else:
            for piece in scanner.scan(start, p.end):
                ctx.add(piece.start, piece.end, Layer.ZHU if piece.note else Layer.JING)
        previous = kind
    scanner.interrupt()
    ctx.close()
    return blocks


def _anchor(ctx: ReaderContext, blocks: list[_Block], jing: _Classic, zhu: _Classic) -> None:
    for p in ctx.passages:
        if p.layer is Layer.ZHU:
            p.anchor = jing.passage_at(p.start)
    block_end = 0  # end of the previous 疏 block: quotes are looked for after it first
    for block in blocks:
        first = ctx.passages[block.passages[0]]
        headline = _HEADLINE.match(first.text)
        block.anchor = jing.passage_at(first.start)
        if headline is not None:
            source = zhu if headline.group("zhu") else jing
            span = source.find_span(headline.group("incipit"), headline.group("explicit"),
                                    source.view.position(block_end),
                                    source.view.position(first.start))
            if span is None:
                ctx.warn(first.start, f"疏 headline {headline.group(0)} not found in the "
                                      f"{'注' if source is zhu else '经'} before it")
            elif source is jing:
                block.anchor_span = jing.view.file_span(*span)
                block.anchor = jing.passage_at(block.anchor_span[0])
            else:
                note = zhu.passage_at(zhu.view.file_span(*span)[0])
                if note is not None:
                    block.anchor, block.explains = ctx.passages[note].anchor, note
        for index in block.passages:
            ctx.passages[index].anchor = block.anchor
            ctx.passages[index].explains = block.explains
            ctx.passages[index].anchor_span = block.anchor_span
        block_end = ctx.passages[block.passages[-1]].end


def _opener_sections(ctx: ReaderContext, blocks: list[_Block], jing: _Classic,
                     starts: list[tuple[int, str]]) -> list[Section]:
    sections: list[Section] = []
    for block in blocks:
        for index in block.passages:
            opener = _OPENER.search(ctx.passages[index].text)
            if opener is None:
                continue
            if block.anchor is None:
                ctx.warn(ctx.passages[index].start + opener.start(),
                         "疏 opener without a 经 passage to start from; ignored")
                break
            first = ctx.passages[block.anchor]
            found = next(jing.view.find(opener.group("end"), jing.view.position(first.start)),
                         None)
            if found is None:
                ctx.warn(ctx.passages[index].start + opener.start(),
                         f"end of section “{opener.group('end')}” not found in the 经 after it; "
                         "the section runs to the next opener or the end of the text")
                last = jing.indices[-1]
            else:
                last = jing.passage_at(jing.view.file_span(*found)[1] - 1) or block.anchor
            sections.append(Section(ctx.name, 0, opener.group("title"),
                                    rite_at(starts, first.start), first.start,
                                    ctx.passages[last].end, "疏"))
            break
    return sections


def _cut(sections: list[Section], jing: _Classic, ctx: ReaderContext,
         boundaries: list[int]) -> list[Section]:
    """Make sections disjoint and keep each inside its rite. Of two openers starting at one
    passage the first names the section; the limit is the next section that starts *later*
    (a same-start one, dropped, once cut the section to end before it started)."""
    sections.sort(key=lambda s: s.start)
    kept: list[Section] = []
    for k, section in enumerate(sections):
        if kept and kept[-1].start == section.start:
            continue
        later = next((s.start for s in sections[k + 1:] if s.start > section.start), None)
        limits = ([] if later is None else [later]) + [
            b for b in boundaries if section.start < b]
        for limit in limits:
            if section.end > limit:
                last = jing.passage_at(limit - 1)
                section.end = ctx.passages[last].end if last is not None else limit
        kept.append(section)
    return kept


def _implicit_sections(ctx: ReaderContext, sections: list[Section], jing: _Classic,
                       starts: list[tuple[int, str]]) -> list[Section]:
    runs: list[list[int]] = []
    previous_covered = True
    previous_rite: str | None = None
    lookup = SectionIndex(sections)
    for index in jing.indices:
        p = ctx.passages[index]
        covered = lookup.at(p.start) is not None
        rite = rite_at(starts, p.start)
        if not covered:
            if previous_covered or rite != previous_rite:
                runs.append([])
            runs[-1].append(index)
        previous_covered, previous_rite = covered, rite
    return [Section(ctx.name, 0, implicit_title(ctx, ctx.passages[run[0]].start,
                                                  ctx.passages[run[-1]].end),
                    rite_at(starts, ctx.passages[run[0]].start), ctx.passages[run[0]].start,
                    ctx.passages[run[-1]].end, "implicit") for run in runs]


def _sections(ctx: ReaderContext, blocks: list[_Block], jing: _Classic,
              starts: list[tuple[int, str]]) -> list[Section]:
    boundaries = [offset for offset, _ in starts[1:]]
    sections = _cut(_opener_sections(ctx, blocks, jing, starts), jing, ctx, boundaries)
    sections = sorted(sections + _implicit_sections(ctx, sections, jing, starts),
                      key=lambda s: s.start)
    for k, section in enumerate(sections):
        section.index = k
    lookup = SectionIndex(sections)
    for p in ctx.passages:
        if p.layer is Layer.JING or (p.anchor is None and p.layer is not Layer.SPACE):
            p.section = lookup.at(p.start)
    for p in ctx.passages:
        if p.layer is not Layer.JING and p.anchor is not None:
            p.section = ctx.passages[p.anchor].section
    return sections


@register("zhushu")
def read(file: CorpusFile, text: str) -> ReadResult:
    """Split a 注疏 file into passages and sections (see the module docstring for the rules)."""
    ctx = ReaderContext(file, text)
    starts = rite_starts(ctx, split_paragraphs(text))
    blocks = _split(ctx)
    assign_rites(ctx, starts)
    jing, zhu = _Classic(ctx, Layer.JING), _Classic(ctx, Layer.ZHU)
    _anchor(ctx, blocks, jing, zhu)
    sections = _sections(ctx, blocks, jing, starts)
    add_glosses(ctx)
    return ReadResult(file.name, text, ctx.passages, sections,
                      find_glyph_issues(file.name, text, ctx.lines), ctx.warnings)
