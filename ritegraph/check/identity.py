"""Identity consistency: surface forms per concept and rite, split concepts, lexicon gaps."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

from ..build import is_cjk
from ..read.records import Passage, Where
from ..read.snapshot import Snapshot
from .config import IdentityConfig

ENTITY_SCHEMES = ("role", "object", "place", "action")


@cache
def default_fold() -> Callable[[str], str]:
    """The lexicon's character folding (OpenCC t2s, then ``variants.toml``)."""
    from ..lexicon import load_lexicon

    return load_lexicon().fold


@dataclass
class ConceptForms:
    concept: str
    forms: dict[str, Counter[str]]  # rite slug → surface form → mentions

    @property
    def rites(self) -> list[str]:
        return [r for r, c in self.forms.items() if c]


@dataclass
class OneRiteForm:
    concept: str
    form: str
    rite: str
    count: int
    example: Where


@dataclass
class SplitCandidate:
    """Two concepts of one scheme sharing a folded surface form: perhaps one entity split."""

    concepts: tuple[str, str]
    shared: list[str]  # folded forms in common
    rites: tuple[list[str], list[str]]
    complementary: bool  # never in the same rite


@dataclass
class GapCandidate:
    """A frequent string in the classic text that no mention covers, in a role/object position."""

    text: str
    count: int
    positions: Counter[str]  # "role" (before an action) / "object" (after 执/取/奠 …)
    rites: Counter[str]
    example: Where


@dataclass
class IdentityReport:
    forms: list[ConceptForms] = field(default_factory=list)
    one_rite_forms: list[OneRiteForm] = field(default_factory=list)
    splits: list[SplitCandidate] = field(default_factory=list)
    gaps: list[GapCandidate] = field(default_factory=list)


def surface_forms(data: Snapshot, skip_layers: Iterable[str] = ()) -> list[ConceptForms]:
    """Forms (``oa:exact``) of every role, object, place and action concept, per rite."""
    table: dict[str, dict[str, Counter[str]]] = defaultdict(
        lambda: {r: Counter() for r in data.rites})
    skip = set(skip_layers)
    for m in data.mentions:
        if data.concept(m.concept).scheme in ENTITY_SCHEMES and m.layer not in skip:
            table[m.concept][m.where.rite][m.where.quote] += 1
    return [ConceptForms(c, forms) for c, forms in sorted(
        table.items(), key=lambda kv: (data.concept(kv[0]).scheme, -sum(
            sum(x.values()) for x in kv[1].values()), kv[0]))]


def one_rite_forms(data: Snapshot, config: IdentityConfig) -> list[OneRiteForm]:
    """Forms of a concept met in several rites that themselves occur in one rite only.

    Mentions in ``config.form_skip_layers`` (the modern translation) are left out.
    """
    first: dict[tuple[str, str], Where] = {}
    for m in data.mentions:
        if m.layer not in config.form_skip_layers:
            first.setdefault((m.concept, m.where.quote), m.where)
    out = []
    for cf in surface_forms(data, skip_layers=config.form_skip_layers):
        if len(cf.rites) < 2:
            continue
        seen: dict[str, list[str]] = defaultdict(list)
        for rite, counter in cf.forms.items():
            for form in counter:
                seen[form].append(rite)
        for form, rites in seen.items():
            if len(rites) == 1:
                out.append(OneRiteForm(cf.concept, form, rites[0], cf.forms[rites[0]][form],
                                       first[(cf.concept, form)]))
    return sorted(out, key=lambda o: (-o.count, o.concept, o.form))


def split_candidates(data: Snapshot, forms: list[ConceptForms],
                     fold: Callable[[str], str]) -> list[SplitCandidate]:
    """Pairs of concepts in one scheme whose folded labels or forms coincide."""
    folded: dict[str, set[str]] = {}
    by_concept = {cf.concept: cf for cf in forms}
    for cf in forms:
        concept = data.concept(cf.concept)
        names = {concept.label} | {f for c in cf.forms.values() for f in c}
        folded[cf.concept] = {fold(n) for n in names}
    out = []
    for a, b in combinations(sorted(folded), 2):
        if data.concept(a).scheme != data.concept(b).scheme:
            continue
        shared = sorted(folded[a] & folded[b])
        if shared:
            rites_a, rites_b = (by_concept[c].rites for c in (a, b))
            out.append(SplitCandidate((a, b), shared, (rites_a, rites_b),
                                      not set(rites_a) & set(rites_b)))
    return out


def _runs(text: str, covered: set[int], begin: int, step: int, limit: int) -> str:
    """Uncovered CJK characters from ``begin`` walking by ``step`` (at most ``limit``)."""
    chars = []
    i = begin
    while 0 <= i < len(text) and len(chars) < limit and i not in covered and is_cjk(text[i]):
        chars.append(text[i])
        i += step
    return "".join(chars) if step > 0 else "".join(reversed(chars))


def _candidates(run: str, from_end: bool, stop: str, max_length: int) -> Iterable[str]:
    for n in range(1, min(len(run), max_length) + 1):
        piece = run[-n:] if from_end else run[:n]
        if piece[0] not in stop and piece[-1] not in stop:
            yield piece


def lexicon_gaps(data: Snapshot, config: IdentityConfig, fold: Callable[[str], str]
                 ) -> list[GapCandidate]:
    """Frequent uncovered strings right before an action verb or right after 执/取/奠 …"""
    found, examples = _gap_occurrences(data, config, fold)
    rite_of = {p.iri: p.where.rite for p in data.passages}
    gaps = []
    for text, occurrences in found.items():
        if len(occurrences) < config.gap_min_count:
            continue
        p, offset = examples[text]
        rites = Counter(rite_of[iri] for iri, _ in occurrences)
        quote = p.text[offset:offset + len(text)]
        example = Where(p.where.rite, p.where.file, p.start + offset, p.start + offset + len(text),
                        quote, p.iri, p.where.section, _line(p, offset))
        gaps.append(GapCandidate(text, len(occurrences), Counter(occurrences.values()), rites,
                                 example))
    gaps = [g for g in gaps if not any(
        g.text in h.text and h.text != g.text and h.count >= g.count for h in gaps)]
    return sorted(gaps, key=lambda g: (-g.count, -len(g.text), g.text))[:config.gap_limit]


def _gap_occurrences(data: Snapshot, config: IdentityConfig, fold: Callable[[str], str]
                     ) -> tuple[dict[str, dict[tuple, str]], dict[str, tuple[Passage, int]]]:
    """Each uncovered string (folded) at a role or object site: its occurrences (passage,
    offset) with their position, and its first example."""
    by_passage: dict[str, list] = defaultdict(list)
    for m in data.mentions:
        by_passage[m.where.passage].append(m)
    stop = "".join(fold(c) for c in config.stop_chars)
    verbs = {fold(v) for v in config.object_verbs}
    found: dict[str, dict[tuple, str]] = defaultdict(dict)  # text → occurrence → position
    examples: dict[str, tuple[Passage, int]] = {}
    for p in data.passages:
        if p.layer not in config.gap_layers:
            continue
        view = fold(p.text)
        covered, sites = _gap_sites(data, p, by_passage.get(p.iri, []), view, verbs)
        for begin, step, position in sites:
            run = _runs(view, covered, begin, step, config.gap_max_length + 2)
            for piece in _candidates(run, step < 0, stop, config.gap_max_length):
                offset = begin - len(piece) + 1 if step < 0 else begin
                text = p.text[offset:offset + len(piece)]
                found[fold(text)].setdefault((p.iri, offset), position)
                examples.setdefault(fold(text), (p, offset))
    return found, examples


def _gap_sites(data: Snapshot, p: Passage, mentions: list, view: str, verbs: set[str]
               ) -> tuple[set[int], list[tuple[int, int, str]]]:
    """The offsets of ``p`` its mentions cover, and where a gap may end (before an action:
    a role) or start (after an object verb: an object), with its reading direction."""
    covered = {i - p.start for m in mentions for i in range(m.where.start, m.where.end)}
    starts = {m.where.start - p.start for m in mentions
              if data.concept(m.concept).scheme == "action"}
    sites = [(s - 1, -1, "role") for s in starts]
    sites += [(i + 1, 1, "object") for i, c in enumerate(view) if c in verbs]
    return covered, sites


def _line(p: Passage, offset: int) -> int | None:
    return None if p.line is None else p.line + p.text[:offset].count("\n")


def identity(data: Snapshot, config: IdentityConfig,
             fold: Callable[[str], str] | None = None) -> IdentityReport:
    fold = fold or default_fold()
    forms = surface_forms(data)
    return IdentityReport(forms, one_rite_forms(data, config), split_candidates(data, forms, fold),
                          lexicon_gaps(data, config, fold))
