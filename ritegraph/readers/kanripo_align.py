"""Reading one Kanripo edition with the help of another of the same chapter.

:func:`sibling` reads the other edition's file (a path template of ``ingest/kanripo.toml``,
relative to the file's folder); :func:`aligned_sections` carries its sections over to a file
that has no section lines of its own, by aligning the two editions' 經 on the folded view.
"""

from __future__ import annotations

import re

from ..align import transfer, view
from ..corpus import CorpusFile, read_text
from ..lexicon import default_folder
from ..model import Layer, ReadResult, Section
from .common import ReaderContext


def sibling(ctx: ReaderContext, template: str) -> ReadResult | None:
    """The same chapter read in the edition ``template`` names, or None (with a warning)."""
    from .kanripo import read

    chapter = re.search(r"_(\d{3})\.txt$", ctx.file.name)
    if chapter is None:
        return None
    path = ctx.file.path.parent / template.format(chapter=chapter.group(1))
    if not path.is_file():
        ctx.warn(0, f"{path.name}, the edition this file is read with, is not found")
        return None
    other = CorpusFile(path.name, path, "kanripo", "", (), ctx.file.rites)
    return read(other, read_text(path))


def aligned_sections(ctx: ReaderContext, template: str, rite: str) -> list[Section]:
    """Sections of the sibling edition carried over: each 經 passage goes to the section of the
    sibling's 經 it aligns with (never backwards); a section starts at its first passage."""
    other = sibling(ctx, template)
    if other is None or not other.sections:
        return []
    fold, markup = default_folder(), other.markup
    ref = view(other.text, [(p.start, p.end, str(p.section)) for p in other.passages
                            if p.layer is Layer.JING and p.section is not None], fold, markup)
    jing = [p for p in ctx.passages if p.layer is Layer.JING]
    target = view(ctx.text, [(p.start, p.end, "") for p in jing], fold, markup)
    labels = dict(zip(target.offsets, transfer(ref, target), strict=True))
    firsts: dict[int, int] = {}  # sibling section → start of its first passage here
    current = 0
    for p in jing:
        found = next((labels[k] for k in range(p.start, p.end) if labels.get(k)), None)
        current = max(current, int(found)) if found is not None else current
        firsts.setdefault(current, p.start)
    ordered = sorted(firsts.items())
    starts = [0] + [start for _, start in ordered[1:]]
    ends = [*starts[1:], len(ctx.text)]
    return [Section(ctx.name, k, other.sections[index].title, rite, starts[k], ends[k],
                    "aligned") for k, (index, _) in enumerate(ordered)]
