"""Rite-level steps: the acts every witness states, merged through the alignment of the 经.

Each witness of a rite states its acts (extracted file by file); a scholar asks about the rite.
An act's quote is carried onto the reference witness's folded 经 (the positions equal after
folding, :mod:`ritegraph.witnesses`), and acts of different witnesses with the same action whose
reference spans overlap are one :class:`RiteStep`, attested by each. A step *disagrees* when a
witness that carries the clause states no such act (``missing``) or when its witnesses differ on
the agent or the object (``differing``); a variant reading at the place (``variant``) says the
texts differ there, else the difference is the extractor's.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from .acts.model import Act
from .variants import Variant
from .witnesses import Witness, by_rite, opcodes, reference_first


@dataclass(frozen=True)
class WitnessAct:
    """One witness's act, as much of it as the merge needs."""

    rite: str
    file: str
    edition: str
    iri: str
    start: int
    end: int
    quote: str
    action: str
    agents: frozenset[str]
    objects: frozenset[str]
    negated: bool


def witness_act(act: Act, edition: str, iri: str) -> WitnessAct:
    return WitnessAct(act.rite, act.file, edition, iri, act.start, act.end, act.quote,
                      act.action, frozenset(act.agents), frozenset(act.objects), act.negated)


@dataclass
class RiteStep:
    """One prescribed step of a rite, attested by the acts of one or more witnesses."""

    rite: str
    action: str
    span: tuple[int, int]  # positions of the reference witness's folded 经
    acts: list[WitnessAct] = field(default_factory=list)  # the reference witness's first
    missing: list[tuple[str, str]] = field(default_factory=list)  # (file, document IRI) of
    # the witnesses that carry the clause but state no such act
    differing: list[str] = field(default_factory=list)  # "agent", "object", "negated"
    variant: bool = False  # a variant reading overlaps the clause

    @property
    def disagrees(self) -> bool:
        return bool(self.missing or self.differing)

    @property
    def files(self) -> set[str]:
        return {a.file for a in self.acts}


class _Mapped:
    """One witness on the reference: its view positions' reference positions, and which
    reference positions it carries."""

    def __init__(self, reference: Witness, witness: Witness) -> None:
        self.witness = witness
        self.to_reference = [-1] * len(witness.chars)
        self.covered = bytearray(len(reference.chars))
        if witness is reference:
            self.to_reference = list(range(len(witness.chars)))
            self.covered = bytearray(b"\x01" * len(reference.chars))
            return
        for tag, a1, a2, b1, _b2 in opcodes(reference.chars, witness.chars):
            if tag == "equal":
                for k in range(a2 - a1):
                    self.to_reference[b1 + k] = a1 + k
                self.covered[a1:a2] = b"\x01" * (a2 - a1)

    def span(self, start: int, end: int) -> tuple[int, int] | None:
        """The reference span of file offsets [start, end) of this witness (None: unaligned)."""
        offsets = self.witness.offsets
        found = [self.to_reference[j]
                 for j in range(bisect_left(offsets, start), bisect_left(offsets, end))]
        found = [r for r in found if r >= 0]
        return (min(found), max(found) + 1) if found else None

    def carries(self, span: tuple[int, int]) -> bool:
        """Whether this witness carries at least half of a reference span."""
        return 2 * sum(self.covered[span[0]:span[1]]) >= span[1] - span[0]


def _merge(placed: list[tuple[tuple[int, int], int, WitnessAct]]) -> list[RiteStep]:
    """Acts (reference span, witness rank, act) → steps: same action, overlapping spans, one
    act per witness."""
    steps: list[RiteStep] = []
    active: list[RiteStep] = []
    for span, _rank, act in sorted(placed, key=lambda p: (p[0], p[1])):
        active = [s for s in active if s.span[1] > span[0]]
        best, overlap = None, 0
        for s in active:
            shared = min(s.span[1], span[1]) - max(s.span[0], span[0])
            if s.action == act.action and act.file not in s.files and shared > overlap:
                best, overlap = s, shared
        if best is None:
            best = RiteStep(act.rite, act.action, span)
            steps.append(best)
            active.append(best)
        else:
            best.span = (min(best.span[0], span[0]), max(best.span[1], span[1]))
        best.acts.append(act)
    return steps


def _judge(step: RiteStep, mapped: list[_Mapped], variant_spans: list[tuple[int, int]]) -> None:
    files = step.files
    step.missing = sorted((m.witness.file, m.witness.document) for m in mapped
                          if m.witness.file not in files and m.carries(step.span))
    for name, values in (("agent", [a.agents for a in step.acts]),
                         ("object", [a.objects for a in step.acts]),
                         ("negated", [a.negated for a in step.acts])):
        if len(set(values)) > 1:
            step.differing.append(name)
    step.variant = any(a < step.span[1] and step.span[0] < b for a, b in variant_spans)


def rite_steps(witnesses: Iterable[Witness], acts: Iterable[WitnessAct],
               variants: Iterable[Variant] = ()) -> list[RiteStep]:
    """The steps of every rite: the acts of its witnesses merged through the alignment; a rite
    with one witness gets one step per act. Acts outside the top-level 经 are left out."""
    by_file: dict[tuple[str, str], list[WitnessAct]] = defaultdict(list)
    for act in acts:
        by_file[(act.rite, act.file)].append(act)
    witnesses = list(witnesses)
    groups = dict(by_rite(witnesses))
    for w in witnesses:
        if w.chars and w.rite not in groups:
            groups[w.rite] = [w]
    variant_refs = defaultdict(list)
    for v in variants:
        variant_refs[v.rite].append(v.readings[0])
    steps: list[RiteStep] = []
    for rite in sorted(groups):
        steps += _steps_of_rite(rite, groups[rite], by_file, variant_refs[rite])
    return steps


def _steps_of_rite(rite: str, witnesses: list[Witness],
                   by_file: dict[tuple[str, str], list[WitnessAct]],
                   variant_readings: list) -> list[RiteStep]:
    """One rite's steps: its witnesses' acts placed on the reference witness and merged."""
    ordered = reference_first(witnesses)
    mapped = [_Mapped(ordered[0], w) for w in ordered]
    reference = mapped[0]
    spans = [s for r in variant_readings if r.file == ordered[0].file
             and (s := reference.span(r.start, max(r.end, r.start + 1)))]
    placed = []
    for rank, m in enumerate(mapped):
        for act in by_file[(rite, m.witness.file)]:
            span = m.span(act.start, act.end)
            if span is not None:
                placed.append((span, rank, act))
    found = _merge(placed)
    rank_of = {m.witness.file: k for k, m in enumerate(mapped)}
    for step in found:
        step.acts.sort(key=lambda a: rank_of[a.file])  # the reference witness's act first
        _judge(step, mapped, spans)
    return found


def step_summary(steps: list[RiteStep], acts: list[WitnessAct]) -> list[dict]:
    """Per rite: steps, disagreeing steps (by variant or extraction), and acts per witness
    (with how many of them found a step: acts outside the top-level 经 do not) — build.json."""
    rows: dict[str, dict] = {}
    for step in steps:
        row = rows.setdefault(step.rite, {"rite": step.rite, "steps": 0, "disagreeing": 0,
                                          "disagreeing_at_variants": 0, "acts": {}})
        row["steps"] += 1
        row["disagreeing"] += step.disagrees
        row["disagreeing_at_variants"] += step.disagrees and step.variant
    stepped = {a.iri for s in steps for a in s.acts}
    for act in acts:
        row = rows.setdefault(act.rite, {"rite": act.rite, "steps": 0, "disagreeing": 0,
                                         "disagreeing_at_variants": 0, "acts": {}})
        counts = row["acts"].setdefault(act.file, {"acts": 0, "in_steps": 0})
        counts["acts"] += 1
        counts["in_steps"] += act.iri in stepped
    return [rows[r] for r in sorted(rows)]


def step_iri(step: RiteStep) -> str:
    """``step/<document>/<span>/<n>``: named by its first act (the reference witness's, when
    it has one)."""
    return step.acts[0].iri.replace("/act/", "/step/", 1)
