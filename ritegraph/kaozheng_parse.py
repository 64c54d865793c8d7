"""The 考證 editors' words (the ``[kaozheng]`` table of ``ingest/collation.toml``) and the parse
of one segment of a remark on its folded view into claims; the forms are listed in
:mod:`ritegraph.kaozheng`, which splits the entries and locates the claims in the 經.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .collation_parse import Numbered, find_words, load_numbered, trimmed, variant_kind
from .variant_notes import PERSON_KEYS

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
