"""One rite, many witnesses: the 经 of every file holding a rite, aligned on the folded view.

While the build reads file after file it keeps, per (rite, file), only the :class:`Witness`: the
folded 经 characters with their file offsets and passage IRIs (a few KB; the file's reading is
dropped). Then each rite's witnesses are aligned against one reference (the witness with the
most 经 characters) with rapidfuzz's edit-distance opcodes (:mod:`ritegraph.align`); characters
that are equal after folding pair the passages they lie in, for every pair of witnesses (two
witnesses are paired through the reference positions they share). The result is a list of
:class:`Parallel` links, each with the aligned span on both sides, and a coverage table.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz.distance import Levenshtein

from .align import view
from .model import Layer, ReadResult

#: A link needs this many equal characters, unless it covers the whole shorter passage:
#: single equal characters inside a dissimilar region pair passages by chance.
MIN_EQUAL = 3


@dataclass
class Witness:
    """The 经 of one rite in one file, folded, with a map back to the file."""

    rite: str
    stem: str  # document id
    document: str  # document IRI
    file: str  # corpus file name
    chars: str  # folded 经, markup, punctuation and whitespace left out
    offsets: list[int]  # file offset of each character
    passages: list[str]  # passage IRI of each character
    sections: dict[str, str] = field(default_factory=dict)  # passage IRI → section IRI
    texts: dict[str, tuple[int, str]] = field(default_factory=dict)  # passage → (start, text)
    edition: str = ""  # the manifest's edition id

    def quote(self, passage: str, start: int, end: int) -> str:
        """The file's text at [start, end), from the passage holding it."""
        offset, text = self.texts[passage]
        return text[start - offset:end - offset]


def witnesses_of(result: ReadResult, stem: str, document: str, file: str,
                 fold: Callable[[str], str], passage_iri: Callable[[int], str],
                 section_iri: Callable[[int], str | None], edition: str = "") -> list[Witness]:
    """One :class:`Witness` per rite the file holds 经 of (top-level 经 passages only)."""
    by_rite: dict[str, list] = defaultdict(list)
    for p in result.passages:
        if p.layer is Layer.JING and p.rite and p.parent is None:
            by_rite[p.rite].append(p)
    out = []
    for rite, passages in by_rite.items():
        folded = view(result.text, [(p.start, p.end, passage_iri(p.index)) for p in passages],
                      fold, result.markup)
        sections = {passage_iri(p.index): s for p in passages
                    if (s := section_iri(p.index)) is not None}
        texts = {passage_iri(p.index): (p.start, p.text) for p in passages}
        out.append(Witness(rite, stem, document, file, folded.chars, folded.offsets,
                           folded.labels, sections, texts, edition))
    return out


@dataclass
class Side:
    passage: str
    document: str
    start: int  # file offset of the first aligned character
    end: int  # one past the last aligned character
    quote: str  # the file's text at [start, end)


@dataclass
class Parallel:
    """Two passages of different witnesses that carry the same 经 (``equal`` characters)."""

    rite: str
    a: Side
    b: Side
    equal: int


@dataclass
class Coverage:
    rite: str
    file: str
    reference: str  # the reference witness's file
    characters: int
    aligned: int  # characters equal after folding to a character of another witness
    sections: int
    unaligned_sections: list[str]

    def to_json(self) -> dict:
        return {"rite": self.rite, "file": self.file, "reference": self.reference,
                "characters": self.characters, "aligned": self.aligned,
                "coverage": round(self.aligned / max(1, self.characters), 4),
                "sections": self.sections, "unaligned_sections": self.unaligned_sections}


Opcode = tuple[str, int, int, int, int]


#: A witness shorter than this share of the other is a fragment (seed 002 holds part of 燕礼).
FRAGMENT = 0.8
#: Identical runs at least this long anchor a fragment in the longer text.
ANCHOR = 12


@lru_cache(maxsize=64)
def opcodes(a: str, b: str) -> tuple[Opcode, ...]:
    """The edit-distance alignment of two folded texts (rapidfuzz's opcodes). Cached: the
    alignment, the variant readings and the rite steps all align each witness with its
    rite's reference.

    ``a`` is the rite's reference (the longest witness, :func:`reference_first`). A fragment
    ``b`` is aligned semi-globally: inside the window of the longer text its anchors
    place it in (its first and last long identical runs, widened by twice its unanchored
    ends), the rest of the longer text one deletion before and after; a global
    alignment may spread the fragment's edges over the whole chapter (seed 002's opening
    卒歌主人洗 matched to the first 主人卒洗 of KR1d0028's 燕礼, eleven leaves earlier)."""
    ops = tuple(tuple(op) for op in Levenshtein.opcodes(a, b))
    return _within_window(a, b, ops) if len(b) < FRAGMENT * len(a) else ops


def _within_window(long: str, short: str, ops: tuple[Opcode, ...]) -> tuple[Opcode, ...]:
    """``ops`` of a fragment ``short`` redone inside the window its anchors place it in."""
    anchors = [op for op in ops if op[0] == "equal" and op[2] - op[1] >= ANCHOR]
    if not anchors:
        return ops
    first, last = anchors[0], anchors[-1]
    lo = max(0, first[1] - 2 * first[3])
    hi = min(len(long), last[2] + 2 * (len(short) - last[4]))
    inner = [(t, a1 + lo, a2 + lo, b1, b2)
             for t, a1, a2, b1, b2 in Levenshtein.opcodes(long[lo:hi], short)]
    before = [("delete", 0, lo, 0, 0)] if lo else []
    after = [("delete", hi, len(long), len(short), len(short))] if hi < len(long) else []
    merged: list[Opcode] = []
    for op in (*before, *inner, *after):  # one delete, not two, where the window begins
        if merged and merged[-1][0] == op[0] == "delete" and merged[-1][2] == op[1]:
            merged[-1] = ("delete", merged[-1][1], op[2], merged[-1][3], op[4])
        else:
            merged.append(op)
    return tuple(merged)


def reference_first(witnesses: Iterable[Witness]) -> list[Witness]:
    """A rite's witnesses, the reference (the one with the most 经) first."""
    return sorted(witnesses, key=lambda w: (-len(w.chars), w.file))


def equal_pairs(a: str, b: str) -> list[tuple[int, int]]:
    """Positions ``(i, j)`` with ``a[i] == b[j]`` in an edit-distance alignment of a and b."""
    pairs = []
    for tag, a1, a2, b1, _b2 in opcodes(a, b):
        if tag == "equal":
            pairs.extend((a1 + k, b1 + k) for k in range(a2 - a1))
    return pairs


class _Links:
    """Aligned character pairs, grouped by passage pair."""

    def __init__(self) -> None:
        self.spans: dict[tuple[int, str, int, str], list[int]] = {}

    def add(self, w: int, x: Witness, i: int, v: int, y: Witness, j: int) -> None:
        key = (w, x.passages[i], v, y.passages[j])
        span = self.spans.setdefault(key, [x.offsets[i], x.offsets[i], y.offsets[j],
                                           y.offsets[j], 0])
        span[0], span[1] = min(span[0], x.offsets[i]), max(span[1], x.offsets[i])
        span[2], span[3] = min(span[2], y.offsets[j]), max(span[3], y.offsets[j])
        span[4] += 1


def align_rite(witnesses: list[Witness]) -> tuple[list[Parallel], list[Coverage]]:
    """The parallels between every two witnesses of one rite, and each witness's coverage."""
    ordered = reference_first(witnesses)
    reference = ordered[0]
    at_reference: dict[int, list[tuple[int, int]]] = defaultdict(list)  # ref pos → (w, pos)
    for k, w in enumerate(ordered[1:], start=1):
        for i, j in equal_pairs(reference.chars, w.chars):
            at_reference[i].append((k, j))
    links = _Links()
    aligned: dict[int, set[int]] = defaultdict(set)
    for i, found in at_reference.items():
        aligned[0].add(i)
        for k, j in found:
            aligned[k].add(j)
            links.add(0, reference, i, k, ordered[k], j)
        for (k, j), (m, n) in ((p, q) for p in found for q in found if p[0] < q[0]):
            links.add(k, ordered[k], j, m, ordered[m], n)
    length = defaultdict(int)
    for w, x in enumerate(ordered):
        for passage in x.passages:
            length[(w, passage)] += 1
    parallels = []
    for (w, pa, v, pb), (s1, e1, s2, e2, n) in sorted(links.spans.items()):
        if n >= MIN_EQUAL or n >= min(length[(w, pa)], length[(v, pb)]):
            x, y = ordered[w], ordered[v]
            parallels.append(Parallel(
                x.rite, Side(pa, x.document, s1, e1 + 1, x.quote(pa, s1, e1 + 1)),
                Side(pb, y.document, s2, e2 + 1, y.quote(pb, s2, e2 + 1)), n))
    return parallels, [_coverage(w, reference, aligned[k]) for k, w in enumerate(ordered)]


def _coverage(w: Witness, reference: Witness, aligned: set[int]) -> Coverage:
    sections: dict[str, int] = defaultdict(int)
    for k, passage in enumerate(w.passages):
        section = w.sections.get(passage)
        if section is not None:
            sections[section] += k in aligned
    return Coverage(w.rite, w.file, reference.file, len(w.chars), len(aligned), len(sections),
                    sorted(s for s, n in sections.items() if n == 0))


def by_rite(witnesses: Iterable[Witness]) -> list[tuple[str, list[Witness]]]:
    """The rites held by two or more (non-empty) witnesses, sorted, with their witnesses."""
    grouped: dict[str, list[Witness]] = defaultdict(list)
    for w in witnesses:
        if w.chars:
            grouped[w.rite].append(w)
    return [(rite, grouped[rite]) for rite in sorted(grouped) if len(grouped[rite]) > 1]


def align_witnesses(witnesses: Iterable[Witness]
                    ) -> tuple[list[Parallel], list[Coverage]]:
    """Align every rite held by two or more witnesses; coverage of every witness."""
    parallels, coverage = [], []
    for _rite, group in by_rite(witnesses):
        found, table = align_rite(group)
        parallels += found
        coverage += table
    return parallels, coverage
