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
name). Y has the length of X unless counted or ended otherwise (see :func:`_y_span`); X and Y
are trimmed of what they share (:func:`ritegraph.collation_parse.trimmed`). Only X in the 經
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
from pathlib import Path

from rapidfuzz.distance import Hamming

from .align import View, glyph_end, view
from .collation_lists import raw_text
from .collation_parse import Numbered, find_words, load_numbered, trimmed, variant_kind
from .model import Layer, ReadResult
from .variant_notes import PERSON_KEYS, span_reading
from .variants import Reading, Variant, reading_of
from .witnesses import Witness

_KEYS = {**PERSON_KEYS, "edition": str,
         "named": dict, "joined": str, "joined_end": list, "error": list, "writes": list,
         "omission": list, "addition": list, "after": list, "before": list, "here": list,
         "unit": str, "numerals": str, "marks": list, "stops": list, "longest": int}
#: The separator of lemma and remark (and of a remark's segments) in the file.
CIRCLE = "○"
#: Examples kept for the report.
EXAMPLES = 5

Span = tuple[int, int]


@dataclass(frozen=True)
class KaozhengGrammar(Numbered):
    """How the 四庫 editors state a variant (the ``[kaozheng]`` table of ``collation.toml``)."""

    edition: str
    named: dict[str, str]
    joined: str
    joined_end: tuple[str, ...]
    error: tuple[str, ...]
    writes: tuple[str, ...]
    omission: tuple[str, ...]
    addition: tuple[str, ...]
    after: tuple[str, ...]
    before: tuple[str, ...]
    here: tuple[str, ...]
    unit: str
    marks: tuple[str, ...]
    stops: tuple[str, ...]
    longest: int



def load_kaozheng_grammar(path: Path | None = None, table: str = "kaozheng"
                          ) -> KaozhengGrammar:
    """The grammar of the 考證; unknown, missing or mistyped keys are errors."""
    return KaozhengGrammar(**load_numbered(path, table, _KEYS))


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
# Parsing one segment of a remark (on its folded view), given the lemma's folded view


@dataclass(frozen=True)
class Parsed:
    """One claim of a segment ``s``: X (a span of ``s``, or the lemma with ``此``)."""

    form: str
    kind: str
    tradition: Span  # the text named, in ``s``
    x: str  # the words of the lemma the claim is on, as folded
    sub: Span  # the part of ``x`` the variant is on (empty: an insertion point)
    statement: Span  # the claim in ``s``
    reads: Span | None  # Y in ``s`` (None: an omission)
    x_at: Span | None = None  # X in ``s`` (a substitution)


def _starts(s: str, at: int, words: tuple[str, ...]) -> str | None:
    """The word of ``words`` that ``s`` has at ``at`` (longest first)."""
    return next((w for w in sorted(words, key=len, reverse=True)
                 if w and s.startswith(w, at)), None)


def _object(s: str, start: int, end: int, lemma: str, g: KaozhengGrammar
            ) -> tuple[str, bool] | None:
    """``s[start:end]`` as the words of the lemma a claim is on: ``此N字`` (the whole lemma),
    ``X N字``, ``X字`` or ``X``; (X, whether counted), None if no such X is in the lemma."""
    body = s[start:end]
    if body.endswith(g.unit):
        body = body[:-len(g.unit)]
        here = _starts(body, 0, g.here)
        if here and g.number(body[len(here):]) == len(lemma):
            return lemma, True
        for n in range(1, 4):
            if len(body) > n and g.number(body[-n:]) == len(body) - n and body[:-n] in lemma:
                return body[:-n], True
    if 0 < len(body) <= g.longest and body in lemma:
        return body, False
    return None


def _counted(s: str, start: int, g: KaozhengGrammar) -> tuple[Span, int] | None:
    """``Y N字`` (N the length of Y, up to 99) or ``Y字`` at ``start``: Y's span and the end
    after 字."""
    end = s.find(g.unit, start + 1)
    first = end
    while 0 <= end <= start + 99 + 3:
        y = s[start:end]
        for n in range(1, 4):
            if len(y) > n and g.number(y[-n:]) == len(y) - n:
                return (start, end - n), end + len(g.unit)
        end = s.find(g.unit, end + 1)
    if 0 < first - start <= g.longest:
        return (start, first), first + len(g.unit)
    return None


def _y_span(s: str, start: int, n: int, g: KaozhengGrammar) -> Span | None:
    """Y at ``start`` for an X of ``n`` characters: as long as X if the segment ends or a stop
    word follows, else the nearest length (n-1 … n+2) that ends so, else as long as X."""
    for k in (n, n - 1, n + 1, n + 2):
        end = start + k
        if k > 0 and end <= len(s) and (end == len(s) or _starts(s, end, g.stops)):
            return start, end
    return (start, start + n) if start + n <= len(s) else None


def _tradition(s: str, at: int, name: str, g: KaozhengGrammar) -> Span:
    """The text named at ``at``, with the others it is joined with (石經及楊本敖本: up to the
    last 本 or 文 before the verb)."""
    end = at + len(name)
    if g.joined and s.startswith(g.joined, end):
        found = find_words(s, g.error + g.writes + g.omission + g.addition, end)
        stop = found[0] if found and found[0] - end <= g.longest + 4 else end
        last = max(s.rfind(w, end, stop) for w in g.joined_end)
        if last > end:
            return at, last + 1
    return at, end


def _substitution(s: str, x: tuple[str, bool], xs: Span, y0: int, form: str,
                  tradition: Span, g: KaozhengGrammar) -> Parsed | None:
    """X (at ``xs``) written as Y (from ``y0``): trimmed and classified."""
    counted = _counted(s, y0, g) if x[1] else None
    ys = counted[0] if counted else _y_span(s, y0, len(x[0]), g)
    if ys is None:
        return None
    xt, yt = trimmed(s, xs, ys)
    kind = variant_kind(s[xt[0]:xt[1]], s[yt[0]:yt[1]])
    if kind is None:  # equal on the view: a graphic variant, if the file's words differ
        kind, xt, yt = "graphic", xs, ys
    end = counted[1] if counted else ys[1]
    return Parsed(form, kind, tradition, x[0], (xt[0] - xs[0], xt[1] - xs[0]),
                  (min(xs[0], tradition[0]), end), yt, xt)


def _x_span(s: str, x: str, start: int) -> Span:
    i = s.find(x, start)
    return i, i + len(x)


def parse_segment(s: str, lemma: str, g: KaozhengGrammar) -> list[Parsed]:
    """The claim of one segment of a remark (``s``: its folded view) about ``lemma`` (the
    lemma's folded view); [] if it names no text or is not understood."""
    found = find_words(s, tuple(g.named))
    if found is None:
        return []
    at, name = found
    tradition = _tradition(s, at, name, g)
    rest = tradition[1]
    pre = _object(s, 0, at, lemma, g) if at else None
    for words, form in ((g.error, "error"), (g.writes, "writes")):
        claim = _substitution_claim(s, at, rest, pre, words, form, tradition, lemma, g)
        if claim is not None:
            return claim
    if (op := _starts(s, rest, g.omission)) is not None:
        return _omission(s, at, rest + len(op), pre, tradition, lemma, g)
    return _addition(s, at, rest, tradition, lemma, g)


def _substitution_claim(s: str, at: int, rest: int, pre: tuple[str, bool] | None,
                        words: tuple[str, ...], form: str, tradition: Span, lemma: str,
                        g: KaozhengGrammar) -> list[Parsed] | None:
    """``X 監本譌作 Y`` (X before the name) or ``監本 X 字譌作 Y`` (after it), with ``words``
    (error or writes); None if the segment says neither, so the next reading is tried."""
    op = _starts(s, rest, words)
    if op is not None and pre is not None:
        xs = _x_span(s, pre[0], 0) if pre[0] != lemma or s.find(lemma) == 0 else (0, 0)
        made = _substitution(s, pre, xs, rest + len(op), form, tradition, g) \
            if xs[1] > xs[0] else None
        return [made] if made else []
    inner = find_words(s, words, rest) if at == 0 and op is None else None
    if inner and s.startswith(g.unit, inner[0] - 1) and inner[0] - rest <= g.longest + 1:
        x = _object(s, rest, inner[0], lemma, g)  # 監本湪字譌作緣
        if x is not None and not x[1]:
            made = _substitution(s, x, _x_span(s, x[0], rest), inner[0] + len(inner[1]),
                                 form, tradition, g)
            return [made] if made else []
    return None


def _omission(s: str, at: int, rest: int, pre: tuple[str, bool] | None, tradition: Span,
              lemma: str, g: KaozhengGrammar) -> list[Parsed]:
    """``X N字監本脱去`` (X before the name) or ``監本脱X字`` (after it)."""
    if at:
        if pre is None or not (rest == len(s) or _starts(s, rest, g.stops)):
            return []
        return [Parsed("omission", "addition-omission", tradition, pre[0], (0, len(pre[0])),
                       (0, rest), None)]
    end = s.find(g.unit, rest)
    while 0 <= end <= rest + g.longest + 4:
        obj = _object(s, rest, end + len(g.unit), lemma, g)
        if obj is not None:
            return [Parsed("omission", "addition-omission", tradition, obj[0],
                           (0, len(obj[0])), (0, end + len(g.unit)), None)]
        end = s.find(g.unit, end + 1)
    return []


def _placed(s: str, start: int, end: int, lemma: str, g: KaozhengGrammar
            ) -> tuple[str, Span] | None:
    """``X下`` / ``X字上`` / ``此下`` at ``s[start:end]``: X (the lemma for 此) and the
    insertion point in it."""
    for words, after in ((g.after, True), (g.before, False)):
        side = _ends(s, end, words, start)
        if side is None:
            continue
        body = s[start:end - len(side)]
        x = lemma if body in g.here else body
        if x and (x is lemma or (len(x) <= g.longest and x in lemma)):
            return x, ((len(x), len(x)) if after else (0, 0))
    return None


def _ends(s: str, end: int, words: tuple[str, ...], start: int) -> str | None:
    return next((w for w in sorted(words, key=len, reverse=True)
                 if w and end - len(w) >= start and s.endswith(w, start, end)), None)


def _addition(s: str, at: int, rest: int, tradition: Span, lemma: str, g: KaozhengGrammar
              ) -> list[Parsed]:
    """``監本X下衍Y N字``, ``X下監本衍Y``, ``監本此下衍Y N字``, ``石經X上有Y字``."""
    found = find_words(s, g.addition, rest)
    if found is None or found[0] - rest > g.longest + 2:
        return []
    k, op = found
    if at:  # X下 before the name, the verb right after it
        place = _placed(s, 0, at, lemma, g) if k == rest else None
    else:
        place = _placed(s, rest, k, lemma, g) if k > rest else None
    counted = _counted(s, k + len(op), g) if place else None
    if place is None or counted is None:
        return []
    return [Parsed("addition", "addition-omission", tradition, place[0], place[1],
                   (0, counted[1]), counted[0])]


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
