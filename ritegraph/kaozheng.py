"""The 四庫 editors' 考證 closing each 卷 of KR1d0028 (儀禮注疏) read as variant claims.

Each 考证 passage of the Kanripo reader is an entry: a *lemma* (a quotation of the 經, or of
the 經 and then the 注 after 注 or the 疏 after 疏) and the editors' *remark* after ○; a remark
may quote a further 注 or 疏 and remark on it after another ○ (its *segments*). Entries are split
on the file text at ○ (:func:`split_entries`); lemma and segments are read on their folded views
(markup, page breaks and line indentation left out) with the words of the ``[kaozheng]`` table of
``ingest/collation.toml``. The forms read (``form`` in the counts):

- ``error``: ``X監本譌作Y``, ``X字監本誤作Y``, ``X監本譌Y``, ``X N字監本譌作Y M字``;
- ``writes``: ``X監本作Y``;
- ``omission``: ``監本脱X字``, ``監本脱X N字``, ``X N字監本脱去``, ``此N字監本全脱`` and
  ``監本脱此N字`` (此: the lemma itself), ``石經無X字``;
- ``addition``: ``監本X下衍Y N字``, ``X下監本衍Y``, ``監本此下衍Y N字`` (after the lemma),
  ``石經X下有Y字``, ``X上有Y`` (before X).

The text named is 監本 or 石經, alone or with others (石經及敖本作 …: the tradition is the whole
name). Y has the length of X unless counted or ended otherwise; X and Y are trimmed of what they
share (:func:`ritegraph.collation_parse.trimmed`); segments are parsed in
:mod:`ritegraph.kaozheng_parse`. Only X in the 經
part of a lemma is located (:func:`resolve_claims`): the 經 part is the longest part of the
lemma before a 注/疏 mark (or the whole lemma) found in the 經 of the same rite and file; an X in
the 注/疏 part, or any claim of a later segment (on a quoted 注 or 疏), is *not in the 經*. Each
located claim is one :class:`~ritegraph.variants.Variant` attributed to the editors, with X in
KR1d0028's 經 and the remark's claim (``tradition`` the text named, ``reads`` Y or "").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from rapidfuzz.distance import Hamming

from .align import View, glyph_end, view
from .collation_lists import raw_text
from .collation_parse import find_words
from .kaozheng_parse import CIRCLE, EXAMPLES, KaozhengGrammar, Span, parse_segment
from .model import Layer, ReadResult
from .variant_notes import span_reading
from .variants import Reading, Variant, reading_of
from .witnesses import Witness

# ---------------------------------------------------------------------------------------------
# Entries


@dataclass(frozen=True)
class KaozhengEntry:
    """One entry of a 考證: file spans of its lemma and of each segment of its remark."""

    passage: int  # index of the 考证 passage
    rite: str
    lemma: Span
    segments: tuple[Span, ...]

    @property
    def remark(self) -> Span:
        return self.segments[0][0], self.segments[-1][1]


def _tight(text: str, v: View, start: int, end: int) -> Span:
    """``(start, end)`` narrowed to the first and last character of its view."""
    return (v.offsets[0], glyph_end(text, v.offsets[-1])) if v.chars else (start, start)


def split_entries(result: ReadResult, fold: Callable[[str], str]) -> list[KaozhengEntry]:
    """The entries of the 考证 passages of one file (a passage without ○ is none)."""
    text, out = result.text, []
    for p in result.passages:
        if p.layer is not Layer.KAOZHENG or CIRCLE not in p.text or not p.rite:
            continue
        cuts = [p.start + k for k, ch in enumerate(p.text) if ch == CIRCLE]
        bounds = list(zip([p.start, *(c + 1 for c in cuts)], [*cuts, p.end], strict=True))
        spans = [_tight(text, view(text, [(a, b, "")], fold, result.markup), a, b)
                 for a, b in bounds]
        out.append(KaozhengEntry(p.index, p.rite, spans[0], tuple(spans[1:])))
    return out


# ---------------------------------------------------------------------------------------------
# The claims of one file, and their location in the 經


@dataclass(frozen=True)
class KaozhengClaim:
    """A parsed claim of an entry, not yet located."""

    rite: str
    file: str
    form: str
    kind: str
    lemma: str  # the lemma's folded view
    x: str  # the words of the lemma the claim is on
    sub: Span  # the variant's part of ``x``
    first: bool  # in the remark's first segment (on the lemma), not on a quoted 注/疏
    statement: Reading  # the remark's claim: its text, tradition and reported reading


@dataclass
class KaozhengCounts:
    """What the 考證 gave: entries, segments naming a text, parsed claims by form, located."""

    files: int = 0
    entries: int = 0
    naming: int = 0  # segments of remarks that name a text (監本, 石經)
    parsed: Counter = field(default_factory=Counter)
    located: int = 0
    not_in_jing: int = 0
    unlocated: list[str] = field(default_factory=list)
    unparsed: list[str] = field(default_factory=list)
    located_examples: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"files": self.files, "entries": self.entries, "naming": self.naming,
                "parsed": sum(self.parsed.values()), "forms": dict(sorted(self.parsed.items())),
                "unparsed": len(self.unparsed), "located": self.located,
                "not_in_jing": self.not_in_jing, "unlocated": len(self.unlocated),
                "located_examples": self.located_examples[:EXAMPLES],
                "unparsed_examples": self.unparsed[:EXAMPLES],
                "unlocated_examples": self.unlocated[:EXAMPLES]}


def file_claims(result: ReadResult, file: str, document: str, fold: Callable[[str], str],
                passage_iri: Callable[[int], str], g: KaozhengGrammar,
                counts: KaozhengCounts) -> list[KaozhengClaim]:
    """The parsed claims of every 考證 entry of one file (``counts`` updated)."""
    text, markup, out = result.text, result.markup, []
    counts.files += 1
    for e in split_entries(result, fold):
        counts.entries += 1
        p = result.passages[e.passage]
        lemma = quoted = view(text, [(*e.lemma, "")], fold, markup).chars
        for k, (a, b) in enumerate(e.segments):
            v = view(text, [(a, b, "")], fold, markup)
            if k:  # a 注/疏 the remark quotes: it ends the segment before
                quoted = view(text, [(*e.segments[k - 1], "")], fold, markup).chars
            if find_words(v.chars, tuple(g.named)) is None:
                continue
            counts.naming += 1
            parsed = parse_segment(v.chars, quoted, g)
            if not parsed:
                counts.unparsed.append(markup.sub("", text[a:b]) if markup else text[a:b])
                continue
            for c in parsed:
                reads = None if c.reads is None else raw_text(text, v, (c.reads,))
                if c.kind == "graphic" and c.x_at and raw_text(text, v, (c.x_at,)) == reads:
                    counts.unparsed.append(markup.sub("", text[a:b]) if markup else text[a:b])
                    continue  # 持字監本譌作持: no difference the file shows
                counts.parsed[c.form] += 1
                statement = span_reading(text, v, *c.statement, (p.start, p.end),
                                         ("", file, document, passage_iri(p.index),
                                                  _named(text, v, c.tradition, g)), reads or "")
                out.append(KaozhengClaim(e.rite, file, c.form, c.kind, lemma, c.x, c.sub,
                                         k == 0, statement))
    return out


def _named(text: str, v: View, span: Span, g: KaozhengGrammar) -> str:
    """The text a claim names, as printed (監本), or the file's words (石經及敖本)."""
    return g.named.get(v.chars[span[0]:span[1]]) or raw_text(text, v, (span,))


def _near(chars: str, part: str, start: int) -> int:
    """The first place of ``chars`` from ``start`` (else from 0) where ``part`` is read with at
    most one character in six otherwise (閒/間; a part of four or more); -1 if none."""
    n, most = len(part), len(part) // 6 or 1
    if n < 4:
        return -1
    for frm, to in ((start, len(chars)), (0, start)):
        for i in range(frm, to - n + 1):
            if Hamming.distance(chars[i:i + n], part, score_cutoff=most) <= most:
                return i
    return -1


def jing_part(lemma: str, w: Witness, start: int, g: KaozhengGrammar) -> tuple[int, int]:
    """(length of the lemma's 經 part, its position in ``w``): the longest part before a 注/疏
    mark (or the whole lemma) found in the 經, from ``start`` on, else from the beginning;
    else the longest read with a character otherwise (:func:`_near`); (0, -1) if none is."""
    cuts = sorted({len(lemma), *(k for k, ch in enumerate(lemma) if k and ch in g.marks)},
                  reverse=True)
    for cut in cuts:
        for frm in (start, 0):
            pos = w.chars.find(lemma[:cut], frm)
            if pos >= 0:
                return cut, pos
    for cut in cuts:
        pos = _near(w.chars, lemma[:cut], start)
        if pos >= 0:
            return cut, pos
    return 0, -1


def _x_at(c: KaozhengClaim, cut: int) -> int | None:
    """Where X lies in the lemma's 經 part (None: in the 注/疏 part, or across it)."""
    if c.lemma.find(c.x, cut) >= 0:
        return None
    i = c.lemma.find(c.x)
    return i if i >= 0 and i + len(c.x) <= cut else None


def _locate(c: KaozhengClaim, w: Witness | None, cursor: dict, g: KaozhengGrammar
            ) -> Reading | str:
    """X of a claim in the witness, or why not: "not in the 經", "lemma not found"."""
    if not c.first:
        return "not in the 經"  # a claim on a 注/疏 the remark quotes
    cut, pos = jing_part(c.lemma, w, cursor.get(c.file, 0), g) if w else (0, -1)
    if pos < 0:
        return "lemma not found"
    cursor[c.file] = pos
    i = _x_at(c, cut)
    if i is None:
        return "not in the 經"
    found = reading_of(w, pos + i + c.sub[0], pos + i + c.sub[1])
    return found if found is not None else "across passages"


def resolve_claims(claims: list[KaozhengClaim], witnesses: list[Witness], g: KaozhengGrammar,
                   person: str, counts: KaozhengCounts) -> list[Variant]:
    """Each claim on the 經 located in the 經 of its rite in its own file (entries follow the
    經, so each lemma is looked for from the previous one on); claims of one place are one
    variant (the 經 reading, then each statement). ``counts`` get the outcome."""
    own = {(w.file, w.rite): w for w in witnesses if w.edition == g.edition and w.chars}
    cursor: dict[str, int] = {}
    merged: dict[tuple, Variant] = {}
    for c in claims:
        classic = _locate(c, own.get((c.file, c.rite)), cursor, g)
        if classic == "not in the 經":
            counts.not_in_jing += 1
            continue
        if isinstance(classic, str):
            counts.unlocated.append(f"{c.statement.quote} ({classic})")
            continue
        counts.located += 1
        if len(counts.located_examples) < EXAMPLES:
            counts.located_examples.append(f"{classic.quote} | {c.statement.quote}")
        place = (c.rite, classic.document, classic.start, classic.end)
        if place in merged:
            merged[place].readings.append(c.statement)
        else:
            merged[place] = Variant(c.rite, c.kind, [classic, c.statement], person)
    return list(merged.values())
