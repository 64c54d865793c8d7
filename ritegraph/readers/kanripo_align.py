"""Reading one Kanripo edition with the help of another of the same chapter.

:func:`sibling` reads the other edition's file (a path template of ``ingest/kanripo.toml``,
relative to the file's folder); :func:`run_labels` carries its 经/注/传 labels over to this
file's full-size runs by aligning the folded views, and :func:`split_run` cuts a run where its
labels change, moving each cut onto the layer's marker (注, 傳曰) when one is near.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..align import transfer, view
from ..corpus import CorpusFile, read_text
from ..lexicon import default_folder
from ..model import Layer, ReadResult
from .common import ReaderContext

#: Layers a reference edition lends its labels for.
LABELLED = (Layer.JING, Layer.ZHU, Layer.ZHUAN)


def sibling(ctx: ReaderContext, template: str) -> ReadResult | None:
    """The same chapter read in the edition ``template`` names, or None (with a warning)."""
    chapter = re.search(r"_(\d{3})\.txt$", ctx.file.name)
    if chapter is None:
        return None
    path = ctx.file.path.parent / template.format(chapter=chapter.group(1))
    if not path.is_file():
        ctx.warn(0, f"{path.name}, the edition this file is read with, is not found")
        return None
    return _read_sibling(path, path.stat().st_mtime_ns, ctx.file.rites)


@lru_cache(maxsize=8)
def _read_sibling(path: Path, mtime_ns: int, rites: tuple) -> ReadResult:
    """A sibling read once per build, not once per file that leans on it (KR1d0038 serves
    KR1d0026 twice in 喪服 and, through it, KR1d0028); callers only read the result."""
    from .kanripo import read

    return read(CorpusFile(path.name, path, "kanripo", "", (), rites), read_text(path))


_SNAP = 3  # how far a 注 start found by alignment may move to reach its 注 marker


def run_labels(ctx: ReaderContext, runs: list, reference: ReadResult | None,
               layers: tuple[Layer, ...] = LABELLED) -> list[list[str]]:
    """The reference's label (its passages of ``layers``: 经/注/传) of every character of each
    full-size run (markup gets its neighbour's)."""
    fold = default_folder()
    target = view(ctx.text, [(r.start, r.end, "") for r in runs], fold, ctx.markup)
    if reference is None:
        labels = ["经"] * len(target.chars)
    else:
        spans = [(p.start, p.end, p.layer.value) for p in reference.passages
                 if p.parent is None and p.layer in layers]
        ref = view(reference.text, spans, fold, ctx.markup)
        labels = [lab or "经" for lab in transfer(ref, target)]
    by_offset = dict(zip(target.offsets, labels, strict=True))
    out = []
    for run in runs:
        last = "经"
        run_labels = []
        for offset in range(run.start, run.end):
            last = by_offset.get(offset, last)
            run_labels.append(last)
        out.append(run_labels)
    return out


def split_run(ctx: ReaderContext, run, labels: list[str], markers: dict[Layer, re.Pattern[str]]
              ) -> list[tuple[int, int, Layer]]:
    """A full-size run cut where its labels change; a 注 or 传 starts at its marker when one is
    near (``markers``)."""
    pieces: list[tuple[int, int, Layer]] = []
    start = run.start
    for k in range(1, len(labels) + 1):
        if k < len(labels) and labels[k] == labels[k - 1]:
            continue
        end = run.start + k
        marker = markers.get(Layer(labels[k])) if k < len(labels) else None
        if marker is not None:
            near = marker.search(ctx.text, max(start + 1, end - _SNAP), end + _SNAP)
            end = near.start() if near else end
        if end > start:
            pieces.append((start, end, Layer(labels[k - 1])))
            start = end
    if start < run.end:
        pieces.append((start, run.end, Layer(labels[-1])))
    return _marked(ctx, [(a, _trim(ctx.text, a, b), layer) for a, b, layer in pieces], markers)


def _trim(text: str, start: int, end: int) -> int:
    """``end`` moved back over the line end and indentation a cut may leave at a piece's end."""
    while end > start + 1 and text[end - 1] in "¶\n\u3000":
        end -= 1
    return end


def _marked(ctx: ReaderContext, pieces: list[tuple[int, int, Layer]],
            markers: dict[Layer, re.Pattern[str]]) -> list[tuple[int, int, Layer]]:
    """A piece labelled 经 that opens with a layer's marker (after another piece) is of that
    layer whatever the alignment said; adjacent pieces of one layer are joined."""
    out: list[tuple[int, int, Layer]] = []
    for start, end, layer in pieces:
        opened = next((other for other, marker in markers.items() if marker.match(ctx.text, start)),
                      None)
        if opened is not None and layer is Layer.JING and out:
            layer = opened
        if out and out[-1][2] is layer:
            out[-1] = (out[-1][0], end, layer)
        else:
            out.append((start, end, layer))
    return out
