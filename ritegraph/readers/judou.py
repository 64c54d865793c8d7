"""Reader for 张尔岐《仪礼郑注句读》 (format ``judou``): the classic with 郑玄's notes in 【】.

Paragraph by paragraph (paragraphs are separated by blank lines; indentation, NBSP
included, is whitespace):

- 标题: 卷 titles and colophons (仪礼郑注句读卷六, 卷六, 钦定四库全书, 《经部，…》,
  济阳张尔岐撰), the 记 heading (a paragraph ``记``, or ``记`` glued after a closing 】), and
  a rite heading opening a paragraph (燕礼第六; its 【】 note is read as a note).
- 节: section lines ``右X`` / ``右边是X。`` (optionally after the 译 marker or indentation),
  either a whole paragraph or the last clause of a paragraph (…】右立司正。, …放在篚里，右边旅酬。).
- Otherwise text outside 【】 is 经; 【…】 is 注 up to its first separator ○ (or a 〇 used as
  one, see :func:`ritegraph.glyphs.circle_is_separator`), 按 (张尔岐) from there to the 】.
  Text after an unbracketed ○ is 按 to the end of its paragraph. Notes may run across
  paragraph breaks (see :class:`~ritegraph.readers.notes.BracketScanner`).

Translated files (manifest ``translation = true``, file 000) use the same layout, each layer
rendered as 译 with ``translates`` naming the layer it renders:

- text outside brackets translates 经 (whether or not the paragraph starts with 译);
- 【】 translates 注, or 按 after the separator; text after an unbracketed ○ translates 按;
- （…） inside 经 text: a translator's supplement when it is short and unpunctuated
  (``（主人）``, ``（十根）``: 译 with ``translates`` None, it renders nothing of the source);
  otherwise a translated note (``translates`` 注);
- a paragraph opening with 按：, 注解说：, 注云：, 疏说：, 疏云：, 下面所说, 以下说的是 translates
  commentary as a whole (注 for 注…, else 按), and 注解说： inside a paragraph starts translated
  注 running to the paragraph end (patterns.toml, ``[translation]``);
- the opening intro of a rite: before its first section line and its first 【】 note, the
  paragraphs up to the last one that opens with such a marker or quotes a book title (《…》)
  are translated commentary; an unmarked one continues the layer of the marked one before it
  (注 when there is none: the translated 目录 note after the 卷 title).

Rites switch where the manifest's ``from_heading`` paragraph starts. Sections: each 节
passage closes the section running from the end of the previous one (or the rite start)
through it; a rite change closes the running section too. Classic text after the last
section line of a rite forms an implicit section (source ``implicit``) titled by the heading
it starts with (e.g. 记) or else by the incipit of its first classic passage followed by ….
Every 注/按/supplement passage is anchored to the last classic passage before it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..corpus import CorpusFile
from ..glyphs import circle_is_separator, find_glyph_issues
from ..model import Layer, ReadResult, Section
from . import register
from .common import (
    PATTERNS,
    Paragraph,
    ReaderContext,
    SectionIndex,
    assign_rites,
    heading_length,
    implicit_title,
    is_classic,
    is_title,
    rite_at,
    rite_starts,
    section_line_title,
    section_tail,
    split_paragraphs,
    strip_marker,
)
from .notes import BracketScanner, Piece, add_glosses, paired_spans

_TRANSLATION = PATTERNS["translation"]
_OPENINGS = [(o["prefix"], Layer(o["translates"])) for o in _TRANSLATION["openings"]]
_INLINE = [(o["prefix"], Layer(o["translates"])) for o in _TRANSLATION["inline"]]
_SUPPLEMENT_MAX = int(_TRANSLATION["supplement_max_chars"])
_INTRO_CUE = re.compile(_TRANSLATION["intro_cue"])
_TRAILING_JI = re.compile(PATTERNS["titles"]["trailing"])
_SEPARATOR = "○"
_SUPPLEMENT_PUNCTUATION = re.compile(r"[，。；：！？、]")


@dataclass
class _Plan:
    """What a paragraph is, decided before its text is split."""

    paragraph: Paragraph
    kind: str  # "title" | "jie" | "commentary" | "main"
    layer: Layer | None = None  # for "commentary": the layer it is (or translates)
    heading: int = 0  # for "main": length of a rite heading at its start


def _opening_layer(body: str) -> Layer | None:
    rest = strip_marker(body)[0]
    for prefix, layer in _OPENINGS:
        if rest.startswith(prefix):
            return layer
    return None


def _plan(ctx: ReaderContext, paragraphs: list[Paragraph],
          starts: list[tuple[int, str]]) -> list[_Plan]:
    plans: list[_Plan] = []
    for p in paragraphs:
        body = ctx.text[p.start:p.end]
        if is_title(body):
            plans.append(_Plan(p, "title"))
        elif section_line_title(body) is not None:
            plans.append(_Plan(p, "jie"))
        elif ctx.file.translation and (layer := _opening_layer(body)) is not None:
            plans.append(_Plan(p, "commentary", layer))
        else:
            plans.append(_Plan(p, "main", heading=heading_length(body)))
    if ctx.file.translation:
        _mark_intros(ctx, plans, [offset for offset, _ in starts])
    return plans


def _mark_intros(ctx: ReaderContext, plans: list[_Plan], rite_offsets: list[int]) -> None:
    """Turn the opening intro of each rite into translated commentary (see module doc)."""
    for k, rite_start in enumerate(rite_offsets):
        rite_end = rite_offsets[k + 1] if k + 1 < len(rite_offsets) else len(ctx.text)
        chunk = [plan for plan in plans if rite_start <= plan.paragraph.start < rite_end]
        candidates: list[_Plan] = []
        last_cue = -1
        for plan in chunk:
            body = ctx.text[plan.paragraph.start:plan.paragraph.end]
            if plan.kind == "jie" or "【" in body:
                break
            if plan.kind == "title":
                continue
            candidates.append(plan)
            if plan.kind == "commentary" or _INTRO_CUE.search(body):
                last_cue = len(candidates) - 1
        layer = Layer.ZHU
        for plan in candidates[:last_cue + 1]:
            if plan.kind == "commentary" and plan.layer is not None:
                layer = plan.layer
            plan.kind, plan.layer = "commentary", layer


class _Emitter:
    """Turns the pieces of main paragraphs into passages."""

    def __init__(self, ctx: ReaderContext) -> None:
        self.ctx, self.text = ctx, ctx.text
        self.translation = ctx.file.translation
        self.after_separator: set[int] = set()  # notes (by opener offset) already in their 按
        self.jie_titles: dict[int, str] = {}

    def add(self, start: int, end: int, source: Layer | None) -> int | None:
        """Add a passage of ``source`` layer (a translation of it in translated files)."""
        if self.translation and source not in (Layer.BIAOTI, Layer.JIE):
            return self.ctx.add(start, end, Layer.YI, source)
        return self.ctx.add(start, end, source or Layer.JING)

    def paragraph(self, plan: _Plan, scanner: BracketScanner) -> None:
        p, text = plan.paragraph, self.text
        start = p.start
        if plan.heading:
            self.ctx.add(start, start + plan.heading, Layer.BIAOTI)
            start += plan.heading
        pieces = scanner.scan(start, p.end)
        tail_start, tail_layer, tail_title = p.end, None, None
        if pieces and not pieces[-1].note:
            last = pieces[-1]
            body = text[last.start:last.end]
            tail = section_tail(body)
            if tail is not None:
                tail_start, tail_layer, tail_title = last.start + tail[0], Layer.JIE, tail[1]
            elif _TRAILING_JI.search(text, p.start, p.end):
                tail_start, tail_layer = p.end - 1, Layer.BIAOTI
        commentary: Layer | None = None
        for piece in pieces:
            if piece.note:
                self.note(piece)
            else:
                commentary = self.plain(piece.start, min(piece.end, tail_start), commentary)
        if tail_layer is not None:
            index = self.ctx.add(tail_start, p.end, tail_layer)
            if tail_title is not None and index is not None:
                self.jie_titles[index] = tail_title

    def note(self, piece: Piece) -> None:
        note_id = piece.note_id if piece.note_id is not None else piece.start
        cut = piece.start if note_id in self.after_separator else piece.end
        if note_id not in self.after_separator:
            for i in range(piece.start, piece.end):
                ch = self.text[i]
                if ch == _SEPARATOR or (ch == "〇" and circle_is_separator(self.text, i)):
                    cut = i
                    self.after_separator.add(note_id)
                    break
            self.add(piece.start, cut, Layer.ZHU)
        self.add(cut, piece.end, Layer.AN)

    def plain(self, start: int, end: int, commentary: Layer | None) -> Layer | None:
        """Text outside notes; returns the commentary layer running on to the paragraph end."""
        if start >= end:
            return commentary
        if commentary is not None:
            self.add(start, end, commentary)
            return commentary
        cut, layer = end, None
        separator = self.text.find(_SEPARATOR, start, end)
        if separator >= 0:
            cut, layer = separator, Layer.AN
        if self.translation:
            for prefix, inline_layer in _INLINE:
                at = self.text.find(prefix, start, cut)
                if at >= 0:
                    cut, layer = at, inline_layer
        self.classic(start, cut)
        if layer is not None:
            self.add(cut, end, layer)
        return layer

    def classic(self, start: int, end: int) -> None:
        if not self.translation:
            self.add(start, end, Layer.JING)
            return
        pos = start
        for open_at, close_at in paired_spans(self.text, start, end, "（", "）", self.ctx):
            self.add(pos, open_at, Layer.JING)
            inner = self.text[open_at + 1:close_at - 1]
            supplement = (len(inner) <= _SUPPLEMENT_MAX
                          and not _SUPPLEMENT_PUNCTUATION.search(inner))
            if supplement:
                self.ctx.add(open_at, close_at, Layer.YI, None)
            else:
                self.add(open_at, close_at, Layer.ZHU)
            pos = close_at
        self.add(pos, end, Layer.JING)


def _anchor(ctx: ReaderContext) -> None:
    """Anchor notes to the last classic passage before them (none right after a heading)."""
    last_classic: int | None = None
    for p in ctx.passages:
        if is_classic(p):
            last_classic = p.index
        elif p.layer is Layer.BIAOTI:
            last_classic = None
        elif p.layer in (Layer.ZHU, Layer.AN, Layer.YI):
            p.anchor = last_classic


def _sections(ctx: ReaderContext, starts: list[tuple[int, str]],
              titles: dict[int, str]) -> list[Section]:
    sections: list[Section] = []
    boundaries = [offset for offset, _ in starts[1:]] + [len(ctx.text)]
    passages = ctx.passages

    def close_implicit(begin: int, end: int) -> None:
        if any(is_classic(p) and begin <= p.start < end for p in passages):
            sections.append(Section(ctx.name, len(sections), implicit_title(ctx, begin, end),
                                    rite_at(starts, begin), begin, end, "implicit"))

    cursor, boundary = 0, 0
    for p in passages:
        while boundary < len(boundaries) - 1 and p.start >= boundaries[boundary]:
            close_implicit(cursor, boundaries[boundary])
            cursor = boundaries[boundary]
            boundary += 1
        if p.layer is Layer.JIE:
            sections.append(Section(ctx.name, len(sections), titles.get(p.index) or "",
                                    rite_at(starts, p.start), cursor, p.end, "右",
                                    line_passage=p.index))
            cursor = p.end
    for end in boundaries[boundary:]:
        close_implicit(cursor, end)
        cursor = end
    index = SectionIndex(sections)
    for p in passages:
        if p.layer is not Layer.SPACE:
            p.section = index.at(p.start)
    return sections


@register("judou")
def read(file: CorpusFile, text: str) -> ReadResult:
    """Split a 句读 file into passages and sections (see the module docstring for the rules)."""
    ctx = ReaderContext(file, text)
    paragraphs = split_paragraphs(text)
    starts = rite_starts(ctx, paragraphs)
    emitter = _Emitter(ctx)
    scanner = BracketScanner(ctx, "【", "】")
    for plan in _plan(ctx, paragraphs, starts):
        p = plan.paragraph
        if plan.kind == "main":
            emitter.paragraph(plan, scanner)
            continue
        scanner.interrupt()
        if plan.kind == "title":
            ctx.add(p.start, p.end, Layer.BIAOTI)
        elif plan.kind == "jie":
            index = ctx.add(p.start, p.end, Layer.JIE)
            title = section_line_title(text[p.start:p.end])
            if index is not None and title is not None:
                emitter.jie_titles[index] = title
        else:
            emitter.add(p.start, p.end, plan.layer)
    scanner.interrupt()
    ctx.close()
    assign_rites(ctx, starts)
    _anchor(ctx)
    sections = _sections(ctx, starts, emitter.jie_titles)
    add_glosses(ctx)
    return ReadResult(file.name, text, ctx.passages, sections,
                      find_glyph_issues(file.name, text, ctx.lines), ctx.warnings)
