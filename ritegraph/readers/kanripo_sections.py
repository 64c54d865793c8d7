"""Sections for Kanripo chapters that have no 章 lines or 疏 openers of their own.

- :func:`aligned_sections`: another edition's sections carried over by aligning the 經 on the
  folded view (KR1d0026 takes KR1d0038's 章);
- :func:`incipit_sections`: sections that start where the 經 says, from the data's incipits
  (喪服's eleven mourning grades and its 記).
"""

from __future__ import annotations

from ..align import transfer, view
from ..lexicon import default_folder
from ..model import Layer, Section
from .common import ReaderContext
from .kanripo_align import sibling


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


def incipit_sections(ctx: ReaderContext, entries: tuple[tuple[str, str], ...], rite: str
                     ) -> list[Section]:
    """A section for each (title, incipit) found in order in the 經 (folded view), starting at
    the 經 passage holding the incipit (or the 传 one, where a reader could not tell where a
    傳 ends); the first section also takes what comes before it."""
    fold = default_folder()
    jing = [p for p in ctx.passages if p.layer in (Layer.JING, Layer.ZHUAN)]  # 經 may hide in
    text = view(ctx.text, [(p.start, p.end, str(k)) for k, p in enumerate(jing)], fold,
                ctx.markup)
    found: list[tuple[str, int]] = []
    cursor = 0
    for title, incipit in entries:
        at = text.chars.find(fold(incipit), cursor)
        if at < 0:
            ctx.warn(0, f"section {title}: its incipit {incipit} is not in the 經")
            continue
        start = jing[int(text.labels[at])].start
        if found and start <= found[-1][1]:
            continue  # two incipits in one passage: the first names it
        found.append((title, start))
        cursor = at + 1
    if not found:
        return []
    starts = [0] + [start for _, start in found[1:]]
    ends = [*starts[1:], len(ctx.text)]
    return [Section(ctx.name, k, title, rite, starts[k], ends[k], "incipit")
            for k, (title, _) in enumerate(found)]
