"""Reader for 張爾岐's collation lists in Kanripo's mandoku text (format ``collation``).

KR1d0038 closes with two lists: ``_018`` 儀禮監本正誤 (the errors of the 監本, the Directorate
edition) and ``_019`` 儀禮石本誤字 (the errors of the 石本, the stone classics). The markup is
the Kanripo markup (``ingest/kanripo.toml``: header lines, ``<pb:…>``, ``¶``, indentation), read
with the same printed lines. The layout:

- an unindented line is a title (``儀禮監本正誤(附/)``) or a rite heading (``鄉射禮``, ``䘮服``):
  ``Layer.BIAOTI``; a heading is a line that is one of the file's ``from_heading`` in the
  manifest, and the rite it names holds what follows (the title and the preface before the
  first heading go with the manifest's first rite);
- the indented lines are the preface (before the first heading) and the entries, each a
  ``Layer.KAOZHENG`` passage: an entry runs over its indented lines until one ends with its
  ``( … )`` location note (its continuation is mostly indented deeper, but 視諸衿鞶下脱…¶
  ``　十四字(…)`` is not), and a line opening with ``(`` continues that note in any case
  (``(第/六)¶`` ``　　(&KR1114;/)``); after a closed entry an indented line opens the next
  passage (an entry, or the count closing 監本正誤, which has no note).

Passages tile the file: what lies between them (header and page lines, indentation, ``¶``,
newlines) is markup or whitespace. There are no sections. Entries are read as variant claims by
:mod:`ritegraph.collation_lists`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..corpus import CorpusFile
from ..model import Layer, ReadResult
from . import register
from .kanripo import KanripoContext, Line, cite, kanripo_glyphs, printed_lines
from .kanripo_conventions import conventions


@dataclass
class _Block:
    start: int
    end: int
    layer: Layer
    rite: str
    closed: bool  # its last line ends with a ( … ) note


def _closes(body: str, close: str) -> bool:
    return body.rstrip().endswith(close)


def blocks(ctx: KanripoContext, lines: list[Line]) -> list[_Block]:
    """The passages of a list, with the rite each belongs to (headings missing: warned)."""
    text, conv = ctx.text, ctx.conv
    headings = {span.from_heading: span.rite for span in ctx.file.rites if span.from_heading}
    found: set[str] = set()
    rite = ctx.file.rites[0].rite
    out: list[_Block] = []
    for line in lines:
        if line.kind != "text":
            continue
        body = text[line.start:line.end]
        closed = _closes(body, conv.note_close)
        last = out[-1] if out and out[-1].layer is Layer.KAOZHENG else None
        if line.indent == 0:
            name = body.split(conv.note_open, 1)[0].strip()
            if name in headings:
                rite = headings[name]
                found.add(name)
            elif found:
                ctx.warn(line.start, f"unindented line {name[:12]!r} is no rite heading of "
                                     "the manifest; read as a title")
            out.append(_Block(line.start, line.end, Layer.BIAOTI, rite, True))
        elif last is not None and (body.startswith(conv.note_open) or not last.closed):
            last.end, last.closed = line.end, closed
        else:
            out.append(_Block(line.start, line.end, Layer.KAOZHENG, rite, closed))
    for heading in headings.keys() - found:
        ctx.warn(0, f"heading {heading!r} of rite {headings[heading]} not found; the rite "
                    "before it continues")
    return out


@register("collation")
def read(file: CorpusFile, text: str) -> ReadResult:
    conv = conventions()
    ctx = KanripoContext(file, text, conv)
    lines = printed_lines(text, conv)
    for block in blocks(ctx, lines):
        index = ctx.add(block.start, block.end, block.layer)
        if index is not None:
            ctx.passages[index].rite = block.rite
    ctx.close()
    cite(ctx, lines)
    return ReadResult(file.name, text, ctx.passages, [], kanripo_glyphs(ctx), ctx.warnings,
                      markup=conv.markup)
