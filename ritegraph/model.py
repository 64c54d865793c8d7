"""The data that flows from readers to the graph: layers, passages, sections, glyph issues.

Offsets are always Unicode code points into the file's text exactly as read as UTF-8
(``text[start:end]``); nothing here normalises the source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum


class Layer(StrEnum):
    """The textual layer a passage belongs to (value = the Chinese name, used in output)."""

    JING = "经"  # classic text
    ZHU = "注"  # 郑玄's commentary
    SHU = "疏"  # 贾公彦's subcommentary
    AN = "按"  # 张尔岐's own notes (after ○ inside 【】 in 句读 editions)
    YIN = "音"  # pronunciation glosses (nested inside a commentary passage)
    YI = "译"  # modern-Chinese translation (``translates`` says of which layer)
    BIAOTI = "标题"  # 卷 titles, rite headings, colophons
    JIE = "节"  # section lines (右…)
    ZHUAN = "传"  # 子夏's 傳 in 喪服, between 经 and 注
    KAOZHENG = "考证"  # the 考證 (collation notes) closing each 卷 of the 四库 注疏
    SPACE = "空白"  # whitespace runs between passages (kept so that passages tile the file)
    MARKUP = "标记"  # layout markup between passages (file header, page breaks, ¶): no text

    @property
    def slug(self) -> str:
        return _LAYER_SLUGS[self]


_LAYER_SLUGS = {
    Layer.JING: "jing", Layer.ZHU: "zhu", Layer.SHU: "shu", Layer.AN: "an", Layer.YIN: "yin",
    Layer.YI: "yi", Layer.BIAOTI: "biaoti", Layer.JIE: "jie", Layer.SPACE: "kongbai",
    Layer.ZHUAN: "zhuan", Layer.KAOZHENG: "kaozheng", Layer.MARKUP: "biaoji",
}

#: Layers that hold no text of the work: what lies between passages.
NON_TEXT_LAYERS = frozenset({Layer.SPACE, Layer.MARKUP})


@dataclass
class Passage:
    """A run of one layer in one file.

    Top-level passages (``parent is None``) tile the file: in file order, without gaps or
    overlaps, whitespace runs included as ``Layer.SPACE``. Nested passages (``parent`` set,
    e.g. an 音 gloss inside a 注) lie inside their parent and never overlap within a layer.
    """

    file: str
    index: int  # position in the reader's output list (stable id within a file)
    start: int
    end: int
    layer: Layer
    text: str  # == file_text[start:end], never normalised
    line: int  # 1-based line of ``start``
    rite: str | None = None  # rite slug (e.g. "xiangsheli"); None only for SPACE
    section: int | None = None  # index into the reader's Section list
    parent: int | None = None  # index of the enclosing passage (nested layers only)
    translates: Layer | None = None  # for Layer.YI: which layer is translated
    anchor: int | None = None  # 注/按/音/译-of-注: index of the 经 passage it follows
    explains: int | None = None  # 疏 on the 注: index of the 注 passage it explains
    anchor_span: tuple[int, int] | None = None  # 疏: [start, end) of the 经 text X…Y it comments
    citation: str | None = None  # where it starts, as a scholar cites it (page.line.n, p12.1)

    @property
    def is_top_level(self) -> bool:
        return self.parent is None


@dataclass
class Section:
    """A section (分节) of a rite: ``title`` from a 右 line or a 疏 opener."""

    file: str
    index: int
    title: str
    rite: str
    start: int  # first character covered
    end: int  # one past the last character covered
    source: str  # "右" (section line), "疏" (derived from 自此尽…论…之事), "aligned" (another
    #              edition's section carried over by aligning the 经), or "implicit"
    line_passage: int | None = None  # index of the 节 passage that names it, if any


@dataclass
class GlyphIssue:
    """A damaged or stand-in glyph, kept in the text and reported."""

    file: str
    offset: int
    char: str
    kind: str  # "lost" (〇), "private-use", "foreign-script", "replacement", "question-mark"
    line: int
    column: int


@dataclass
class ReaderWarning:
    """A recoverable problem (e.g. an unbalanced bracket), reported with its position."""

    file: str
    line: int
    column: int
    message: str


@dataclass
class ReadResult:
    """Everything a reader extracts from one file."""

    file: str
    text: str
    passages: list[Passage]
    sections: list[Section]
    glyphs: list[GlyphIssue] = field(default_factory=list)
    warnings: list[ReaderWarning] = field(default_factory=list)
    markup: re.Pattern[str] | None = None  # layout markup that matching skips (Kanripo: ¶ …)
