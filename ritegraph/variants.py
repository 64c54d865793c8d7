"""Variant readings (異文) of the 经, found where the aligned witnesses of a rite differ.

Each rite's witnesses are aligned against its reference witness (:mod:`ritegraph.witnesses`).
A *local* difference — a run of edit operations of at most :data:`MAX_READING` characters,
flanked on both sides by at least :data:`FLANK` equal characters — is a variant reading; longer
or unflanked differences are *gaps* (a section one witness lacks, a note read as 经), counted
but not reported as readings. Differences of several witnesses at overlapping reference
positions make one :class:`Variant` with every witness's :class:`Reading` (its exact quote and
file offsets), classified by :func:`kind_of`:

- ``graphic``: the readings are equal on the folded view only through the lexicon's variant
  table (荅/答, 賔/賓), not through the script conversion alone (獻/献 is no variant);
- ``order``: the same characters in another order;
- ``addition-omission``: one reading is the other with characters added;
- ``substitution``: anything else (壺/壼, 授/受).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .align import glyph_end
from .vocab import RG
from .witnesses import Opcode, Witness, by_rite, opcodes, reference_first

KINDS = ("graphic", "substitution", "addition-omission", "order")
#: The class of each kind, below rg:VariantReading.
KIND_CLASS = {"graphic": RG.GraphicVariant, "substitution": RG.Substitution,
              "addition-omission": RG.AdditionOmission, "order": RG.Transposition}
#: The longest reading (in characters of the view) a local difference may have.
MAX_READING = 8
#: Equal characters needed on each side of a local difference.
FLANK = 4
#: Differences closer than this (equal characters between them) are one difference.
GAP = 2
#: Characters of context kept on each side of a reading (``prefix``/``suffix``).
CONTEXT = 4


@dataclass(frozen=True)
class Reading:
    """One witness's reading: ``quote == text[start:end]`` of its file (empty: omitted)."""

    edition: str
    file: str
    document: str
    passage: str
    start: int
    end: int
    quote: str
    prefix: str
    suffix: str
    tradition: str = ""  # a note's statement: the text it reports on (古文, 今文)
    reads: str | None = None  # a note's statement: that text's reading ("" if it lacks X)

    def to_json(self) -> dict:
        out = {"witness": self.edition or self.tradition, "file": self.file,
               "start": self.start, "end": self.end, "quote": self.quote,
               "prefix": self.prefix, "suffix": self.suffix}
        if self.reads is not None:
            out["reads"] = self.reads
        return out


@dataclass
class Variant:
    """A place where the witnesses of a rite read differently."""

    rite: str
    kind: str
    readings: list[Reading]
    attributed_to: str | None = None  # who reports it (a note's author), None: the alignment

    def to_json(self) -> dict:
        return {"rite": self.rite, "kind": self.kind, "attributed_to": self.attributed_to,
                "readings": [r.to_json() for r in self.readings]}


@dataclass
class Gap:
    """A difference too long or too loose to be a reading, between reference and witness."""

    rite: str
    reference: str
    file: str
    characters: int


@dataclass
class _Pair:
    """The alignment of one witness with the reference: opcodes and their a-side starts."""

    witness: Witness
    ops: tuple[Opcode, ...]
    starts: list[int]

    @classmethod
    def of(cls, reference: Witness, witness: Witness) -> _Pair:
        ops = opcodes(reference.chars, witness.chars)
        return cls(witness, ops, [op[1] for op in ops])

    def ops_at(self, i: int) -> list[Opcode]:
        """The opcodes whose reference range touches boundary ``i``."""
        k = bisect_right(self.starts, i)
        return [op for op in self.ops[max(0, k - 2):k + 1] if op[1] <= i <= op[2]]

    def boundary(self, i: int, *, end: bool) -> int:
        """The witness position of reference boundary ``i`` (last one if ``end``)."""
        found = []
        for tag, a1, _a2, b1, b2 in self.ops_at(i):
            found.append(b1 + min(i - a1, b2 - b1) if tag != "insert" else (b2 if end else b1))
        return max(found) if end else min(found)

    def witnesses(self, i1: int, i2: int) -> tuple[int, int] | None:
        """The witness span of reference span [i1, i2), if both its ends lie on equal runs
        of this witness and it is no longer than a reading (else the witness has a gap)."""
        def on_equal(i: int) -> bool:
            return any(op[0] == "equal" for op in self.ops_at(i))
        if not (on_equal(i1) and on_equal(i2)):
            return None
        j1, j2 = self.boundary(i1, end=False), self.boundary(i2, end=True)
        return (j1, j2) if j2 - j1 <= MAX_READING else None


def local_differences(pair: _Pair, gaps: list[Gap], rite: str, reference: str
                      ) -> list[tuple[int, int]]:
    """Reference spans of the local differences of one witness (gaps appended to ``gaps``);
    the start or end of both texts counts as a flank."""
    merged: list[list[int]] = []
    for tag, a1, a2, b1, b2 in pair.ops:
        if tag == "equal":
            continue
        if merged and a1 - merged[-1][1] < GAP and b1 - merged[-1][3] < GAP:
            merged[-1][1], merged[-1][3] = a2, b2
        else:
            merged.append([a1, a2, b1, b2])
    last_a, last_b = pair.ops[-1][2], pair.ops[-1][4]
    ends, starts = {}, {}  # equal runs by their end and start: length (a whole text: FLANK)
    for tag, a1, a2, b1, b2 in pair.ops:
        if tag == "equal":
            ends[a2] = FLANK if a1 == b1 == 0 else a2 - a1
            starts[a1] = FLANK if (a2, b2) == (last_a, last_b) else a2 - a1
    spans = []
    for a1, a2, b1, b2 in merged:
        if (max(a2 - a1, b2 - b1) <= MAX_READING and ends.get(a1, 0) >= FLANK
                and starts.get(a2, 0) >= FLANK):
            spans.append((a1, a2))
        else:
            gaps.append(Gap(rite, reference, pair.witness.file, max(a2 - a1, b2 - b1)))
    return spans


def _graphic_spans(reference: Witness, pairs: list[_Pair], script: Callable[[str], str]
                   ) -> list[tuple[int, int]]:
    """Reference positions where a witness is equal on the view but differs in writing
    otherwise than by script (each a one-character span)."""
    traditional = {id(w): _is_traditional(w, script)
                   for w in [reference, *(p.witness for p in pairs)]}
    positions = set()
    for pair in pairs:
        w = pair.witness
        same_script = traditional[id(w)] == traditional[id(reference)]
        for tag, a1, a2, b1, _b2 in pair.ops:
            if tag != "equal":
                continue
            for k in range(a2 - a1):
                x, y = _raw(reference, a1 + k), _raw(w, b1 + k)
                if x != y and (same_script or script(x) != script(y)):
                    positions.add(a1 + k)
    return [(i, i + 1) for i in sorted(positions)]


def _is_traditional(w: Witness, script: Callable[[str], str]) -> bool:
    """Whether a witness is written in traditional characters (>2% change under t2s)."""
    sample = range(0, len(w.chars), max(1, len(w.chars) // 2000))
    changed = sum(script(_raw(w, i)) != _raw(w, i) for i in sample)
    return changed > 0.02 * len(sample)


def _union(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping spans merged, and spans touching an empty one (an insertion point)."""
    out: list[list[int]] = []
    for a1, a2 in sorted(spans):
        if out and (a1 < out[-1][1] or (a1 == out[-1][1] and (a1 == a2 or
                                                              out[-1][0] == out[-1][1]))):
            out[-1][1] = max(out[-1][1], a2)
        else:
            out.append([a1, a2])
    return [(a, b) for a, b in out]


def reading_of(w: Witness, j1: int, j2: int) -> Reading | None:
    """The reading of view positions [j1, j2) of ``w`` (None if it crosses passages)."""
    if j1 < j2:
        passage = w.passages[j1]
        if w.passages[j2 - 1] != passage:
            return None
        start = w.offsets[j1]
        end = glyph_end(w.texts[passage][1], w.offsets[j2 - 1] - w.texts[passage][0])
        end += w.texts[passage][0]
    elif j1 > 0:
        passage = w.passages[j1 - 1]
        offset, text = w.texts[passage]
        start = end = offset + glyph_end(text, w.offsets[j1 - 1] - offset)
    else:
        return None
    offset, text = w.texts[passage]
    return Reading(w.edition, w.file, w.document, passage, start, end,
                   text[start - offset:end - offset],
                   text[max(0, start - offset - CONTEXT):start - offset],
                   text[end - offset:end - offset + CONTEXT])


def kind_of(folded: list[str]) -> str:
    """The kind of a variant from its witnesses' folded readings (see the module docstring):
    readings that differ only in writing are equal on the view."""
    distinct = sorted(set(folded), key=folded.index)
    if len(distinct) == 1:
        return "graphic"
    first, others = distinct[0], distinct[1:]
    if any(len(o) == len(first) > 1 and sorted(o) == sorted(first) for o in others):
        return "order"
    if any(_contains(first, o) or _contains(o, first) for o in others):
        return "addition-omission"
    return "substitution"


def _contains(longer: str, shorter: str) -> bool:
    """Whether ``shorter`` is ``longer`` with characters left out (a subsequence)."""
    if len(shorter) >= len(longer):
        return False
    chars = iter(longer)
    return all(ch in chars for ch in shorter)


def rite_variants(witnesses: list[Witness], script: Callable[[str], str]
                  ) -> tuple[list[Variant], list[Gap]]:
    """The variant readings of one rite's witnesses, and the gaps between them."""
    ordered = reference_first(witnesses)
    reference, pairs = ordered[0], [_Pair.of(ordered[0], w) for w in ordered[1:]]
    rite = reference.rite
    gaps: list[Gap] = []
    differing = [s for p in pairs for s in local_differences(p, gaps, rite, reference.file)]
    graphic = _graphic_spans(reference, pairs, script)
    variants = []
    for i1, i2 in _union(differing + graphic):
        readings, folded = [reading_of(reference, i1, i2)], [reference.chars[i1:i2]]
        for pair in pairs:
            span = pair.witnesses(i1, i2)
            if span is not None:  # else the witness has a gap here and does not witness it
                readings.append(reading_of(pair.witness, *span))
                folded.append(pair.witness.chars[span[0]:span[1]])
        if None not in readings and len(readings) > 1:
            variants.append(Variant(rite, kind_of(folded), readings))
    return variants, gaps


def _raw(w: Witness, j: int) -> str:
    """The file's character(s) behind view position ``j`` of ``w``."""
    offset, text = w.texts[w.passages[j]]
    k = w.offsets[j] - offset
    return text[k:glyph_end(text, k)]


def find_variants(witnesses: Iterable[Witness], script: Callable[[str], str]
                  ) -> tuple[list[Variant], list[Gap]]:
    """The variant readings and gaps of every rite held by two or more witnesses."""
    variants: list[Variant] = []
    gaps: list[Gap] = []
    for _rite, group in by_rite(witnesses):
        found, missing = rite_variants(group, script)
        variants += found
        gaps += missing
    return variants, gaps


def variant_summary(variants: list[Variant], gaps: list[Gap]) -> list[dict]:
    """Per rite: variant readings of the alignment by kind, the commentators' claims, and the
    gaps (count, characters) — for build.json."""
    rows: dict[str, dict] = {}

    def row_of(rite: str) -> dict:
        return rows.setdefault(rite, {"rite": rite, **dict.fromkeys(KINDS, 0), "claims": 0,
                                      "gaps": 0, "gap_characters": 0})
    for v in variants:
        row_of(v.rite)["claims" if v.attributed_to else v.kind] += 1
    for g in gaps:
        row = row_of(g.rite)
        row["gaps"] += 1
        row["gap_characters"] += g.characters
    return [rows[r] for r in sorted(rows)]
