"""Reading collation remarks on their folded view: the numbered commentators' word tables
(``ingest/collation.toml``) and the parse of one entry of 張爾岐's lists into claims (the forms
are listed in :mod:`ritegraph.collation_lists`); :func:`find_words`, :func:`variant_kind` and
:func:`trimmed` serve the 考證 reader (:mod:`ritegraph.kaozheng`) too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from .errors import InputError
from .variant_notes import PERSON_KEYS, Commentator, load_table

_KEYS = {**PERSON_KEYS, "edition": str,
         "lists": dict, "named": dict, "error": list, "writes": list, "omission": list,
         "addition": list, "after": list, "before": list, "later": list, "earlier": list,
         "ordinal": str, "one": str, "unit": str, "numerals": str, "transposition": list,
         "longest": int}


#: Examples of unparsed and unlocated entries kept for the report.
EXAMPLES = 5


Span = tuple[int, int]


@dataclass(frozen=True)
class Numbered(Commentator):
    """A commentator whose entries count characters (脱二字, 羨一字): ``numerals`` are the
    characters 1–9, 10, 100."""

    numerals: str

    def number(self, text: str) -> int | None:
        """The value of a numeral (十四, 八十八, 百二十八), None if ``text`` is none."""
        return number(text, self.numerals)


@dataclass(frozen=True)
class ListGrammar(Numbered):
    """How 張爾岐 states the errors of a text (the ``[zhang]`` table of ``collation.toml``)."""

    edition: str
    lists: dict[str, str]
    named: dict[str, str]
    error: tuple[str, ...]
    writes: tuple[str, ...]
    omission: tuple[str, ...]
    addition: tuple[str, ...]
    after: tuple[str, ...]
    before: tuple[str, ...]
    later: tuple[str, ...]
    earlier: tuple[str, ...]
    ordinal: str
    one: str
    unit: str
    transposition: tuple[str, ...]
    longest: int


def number(text: str, numerals: str) -> int | None:
    """The value of a numeral written with ``numerals`` (the characters 1–9, 10, 100: 十四,
    八十八, 百二十八), None if ``text`` is none."""
    if not text or any(ch not in numerals for ch in text):
        return None
    ten, hundred = numerals[9], numerals[10]
    total, digit = 0, None
    for ch in text:
        if ch in (ten, hundred):
            total += (digit or 1) * (10 if ch == ten else 100)
            digit = None
        elif digit is not None:
            return None
        else:
            digit = numerals.index(ch) + 1
    return total + (digit or 0)


def load_list_grammar(path: Path | None = None, table: str = "zhang") -> ListGrammar:
    """The grammar of 張爾岐's lists; unknown, missing or mistyped keys are errors."""
    data = load_numbered(path, table, _KEYS)
    if len(data["transposition"]) != 3:
        raise InputError(f"[{table}]: transposition takes three words",
                         path=str(path or "ingest/collation.toml"))
    return ListGrammar(**data)


def load_numbered(path: Path | None, table: str, keys: dict[str, type]) -> dict:
    """A table of a :class:`Numbered` commentator, checked (``numerals`` included), lists
    made tuples."""
    data = load_table(path, table, keys)
    if len(data["numerals"]) != 11:
        raise InputError(f"[{table}]: numerals takes the eleven characters 1–9, 10, 100",
                         path=str(path or "ingest/collation.toml"))
    return {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}


@dataclass(frozen=True)
class Parsed:
    """One claim of an entry, in positions of the entry's view ``s``."""

    form: str
    kind: str
    located: tuple[Span, ...]  # spans of s whose characters, joined, are the 經 to find
    x: Span  # X in the joined located text (empty: an insertion point)
    reads: tuple[Span, ...]  # spans of s whose file text is the reported reading ("": none)
    tradition: str | None = None  # the text the entry names instead of its list's


def _ends(s: str, end: int, words: tuple[str, ...]) -> str | None:
    """The word of ``words`` that ``s[:end]`` ends with (longest first)."""
    return next((w for w in sorted(words, key=len, reverse=True)
                 if w and s.endswith(w, 0, end)), None)


def find_words(s: str, words: tuple[str, ...], start: int = 0) -> tuple[int, str] | None:
    """The first occurrence of any of ``words`` in ``s`` from ``start``."""
    found = [(i, w) for w in words if w and (i := s.find(w, start)) >= 0]
    return min(found, key=lambda f: (f[0], -len(f[1]))) if found else None


def variant_kind(x: str, y: str) -> str | None:
    if x == y:
        return None
    if not x or not y:
        return "addition-omission"
    return "order" if len(x) > 1 and sorted(x) == sorted(y) else "substitution"


def trimmed(s: str, x: Span, y: Span) -> tuple[Span, Span]:
    """X and Y without the characters they share at both ends."""
    (x0, x1), (y0, y1) = x, y
    while x0 < x1 and y0 < y1 and s[x0] == s[y0]:
        x0, y0 = x0 + 1, y0 + 1
    while x0 < x1 and y0 < y1 and s[x1 - 1] == s[y1 - 1]:
        x1, y1 = x1 - 1, y1 - 1
    return (x0, x1), (y0, y1)


def _claim(s: str, form: str, context: Span, x: Span, y: Span,
           tradition: str | None) -> Parsed | None:
    """A substitution-like claim: X (inside ``context``) read as Y, trimmed and classified."""
    x, y = trimmed(s, x, y)
    kind = variant_kind(s[x[0]:x[1]], s[y[0]:y[1]])
    if kind is None:
        return None
    return Parsed(form, kind, (context,), (x[0] - context[0], x[1] - context[0]),
                  (y,) if y[0] < y[1] else (), tradition)


def _near(s: str, b: int, r: Span) -> Span | None:
    """The span of ``s[:b]`` most like ``s[r]``: same length ±1, sharing its first or last
    character, at most half of it different; sharing both ends first, then as long as Y, then
    the last one (the context ends near its error: 受主婦爵以降 誤作 受尸爵), then the closest."""
    y = s[r[0]:r[1]]
    best = None
    for length in {len(y), len(y) + 1, len(y) - 1} - {0}:
        for i in range(b - length, -1, -1):
            t = s[i:i + length]
            ends = (t[0] == y[0]) + (t[-1] == y[-1])
            distance = Levenshtein.distance(t, y)
            if ends and distance <= max(1, length // 2):
                rank = (-ends, abs(length - len(y)), -i, distance)
                if best is None or rank < best[0]:
                    best = (rank, (i, i + length))
    return best[1] if best else None


def _permuted(s: str, b: int, r: Span) -> Span | None:
    """The last span of ``s[:b]`` that is ``s[r]`` in another order."""
    y = s[r[0]:r[1]]
    n = len(y)
    for i in range(b - n, -1, -1):
        t = s[i:i + n]
        if n > 1 and t != y and sorted(t) == sorted(y):
            return (i, i + n)
    return None


def _repeated(s: str, b: int, g: ListGrammar) -> int:
    """The length of the longest end of ``s[:b]`` that occurs before it (0: none)."""
    for k in range(min(g.longest, b - 1), 0, -1):
        if s.find(s[b - k:b], 0, b - k) >= 0:
            return k
    return 0


def _substitution(s: str, at: int, op: str, form: str, g: ListGrammar) -> list[Parsed]:
    """The claims of ``X 误作 Y`` / ``X 作 Y`` at ``at`` (the operator ``op``)."""
    b, r = at, (at + len(op), len(s))
    if r[0] == r[1]:
        return []  # 腶誤作□: the reading is not text
    tradition = None
    if (name := _ends(s, b, tuple(g.named))) is not None:
        tradition, b = g.named[name], b - len(name)
    k = _repeated(s, b, g)
    if k and r[1] - r[0] == k:
        return _last(s, (0, b - k), s[b - k:b], r, form, tradition)
    found = _nearest(s, b, r)
    if found is not None:
        claim = _claim(s, form, (0, b), found, r, tradition)
        return [claim] if claim else []
    if k and r[1] - r[0] > k:
        claims = _last(s, (0, b - k), s[b - k:b], (r[0], r[0] + k), form, tradition)
        return claims + _chained(s, (0, b - k), r[0] + k, form, tradition, g) if claims else []
    return []


def _nearest(s: str, b: int, r: Span) -> Span | None:
    """X for a Y that is no repeated word: Y in another order at the end of the context,
    else the nearest span sharing both ends with Y, else Y in another order, else the
    nearest span (see :func:`_near`)."""
    permuted, near = _permuted(s, b, r), _near(s, b, r)
    both = near is not None and s[near[0]] == s[r[0]] and s[near[1] - 1] == s[r[1] - 1]
    if permuted is not None and permuted[1] == b:
        return permuted
    return near if both else permuted or near


def _last(s: str, context: Span, x: str, y: Span, form: str, tradition: str | None
          ) -> list[Parsed]:
    """The claim on the last ``x`` of the context."""
    i = s.rfind(x, *context)
    claim = _claim(s, form, context, (i, i + len(x)), y, tradition) if i >= 0 else None
    return [claim] if claim else []


def _chained(s: str, context: Span, at: int, form: str, tradition: str | None,
             g: ListGrammar) -> list[Parsed]:
    """A second ``X误作Y`` after a claim, about the same context (左誤作右簠誤作簋)."""
    found = find_words(s, g.error, at)
    if found is None:
        return []
    i, op = found
    x, y0 = s[at:i], i + len(op)
    if not x or s.find(x, *context) < 0 or len(s) - y0 != len(x):
        return []
    return _last(s, context, x, (y0, len(s)), form, tradition)


def _count_of(s: str, start: int, end: int, g: ListGrammar) -> tuple[int, int] | None:
    """``s[start:end]`` as ``Y N字`` with N the length of Y: (start, end) of Y."""
    if not s.endswith(g.unit, start, end):
        return None
    for n in range(1, 5):
        y_end = end - len(g.unit) - n
        if y_end > start and g.number(s[y_end:end - len(g.unit)]) == y_end - start:
            return start, y_end
    return None


def _omission(s: str, at: int, g: ListGrammar) -> list[Parsed]:
    """``脱`` at ``at``: missing after or before the context, or a word of the context."""
    rest = at + len(next(w for w in g.omission if s.startswith(w, at)))
    beside = _omission_beside(s, at, rest, g)
    if beside:
        return beside
    if not s.endswith(g.unit):
        return []
    body = (rest, len(s) - len(g.unit))
    for x, which in _omitted_words(s, body, g):
        places = [i for i in range(at - len(x) + 1) if s.startswith(x, i)]
        if places and (which is None or which < len(places)):
            i = places[-1 if which is None else which]
            return [Parsed("omission", "addition-omission", ((0, at),), (i, i + len(x)), ())]
    return []


def _omission_beside(s: str, at: int, rest: int, g: ListGrammar) -> list[Parsed]:
    """``…下脱N字`` / ``…上脱N字``: N characters missing after or before the context."""
    for words, after in ((g.after, True), (g.before, False)):
        side = _ends(s, at, words)
        y = _count_of(s, rest, len(s), g) if side else None
        if side and y:
            context = (0, at - len(side))
            n = y[1] - y[0]
            located, x = ((context, y), (context[1], context[1] + n)) if after \
                else ((y, context), (0, n))
            return [Parsed("omission-beside", "addition-omission", located, x, ())]
    return []


def _omitted_words(s: str, body: Span, g: ListGrammar) -> list[tuple[str, int | None]]:
    """Readings of ``脱…字``: (X, which occurrence: index, or None for the last)."""
    text = s[body[0]:body[1]]
    out: list[tuple[str, int | None]] = []
    if text.startswith(g.ordinal):
        for n in range(1, 3):
            which = g.number(text[len(g.ordinal):len(g.ordinal) + n])
            if which:
                out.append((text[len(g.ordinal) + n:], which - 1))
    for words, which in ((g.later, None), (g.earlier, 0), ((g.one,), None)):
        word = next((w for w in words if w and text.startswith(w)), None)
        if word:
            out.append((text[len(word):], which))
    counted = _count_of(s, body[0], body[1] + len(g.unit), g)
    if counted:
        out.append((s[counted[0]:counted[1]], None))
    out.append((text, None))
    return [(x, which) for x, which in out if x]


def _addition(s: str, at: int, g: ListGrammar) -> list[Parsed]:
    """``<context>下羡一Y字``: Y added after the context."""
    y0 = at + len(next(w for w in g.addition if s.startswith(w, at)))
    y0 += s.startswith(g.one, y0) * len(g.one)
    side = _ends(s, at, g.after)
    if side is None or not s.endswith(g.unit) or y0 >= len(s) - len(g.unit):
        return []
    c1 = at - len(side)
    return [Parsed("addition", "addition-omission", ((0, c1),), (c1, c1),
                   ((y0, len(s) - len(g.unit)),))]


def _transposition(s: str, g: ListGrammar) -> list[Parsed]:
    """``<context>误以A句倒置B句之上``: the text puts clause A before clause B."""
    w0, w1, w2 = g.transposition
    i, j = s.find(w0), s.find(w1)
    if not (0 < i < j) or not s.endswith(w2) or len(s) - len(w2) <= j + len(w1):
        return []
    a, b = s[i + len(w0):j], s[j + len(w1):len(s) - len(w2)]
    a0 = s.rfind(a, 0, i)
    b0 = s.rfind(b, 0, a0) if a0 > 0 else -1
    if b0 < 0 or b0 + len(b) > a0:
        return []
    a_span, b_span = (a0, a0 + len(a)), (b0, b0 + len(b))
    return [Parsed("transposition", "order", ((0, i),), (b0, a_span[1]),
                   (a_span, (b_span[1], a0), b_span))]


def parse_entry(s: str, g: ListGrammar) -> list[Parsed]:
    """The claims of one entry (its folded view without notes); [] if it is not understood."""
    if all(w in s for w in g.transposition):
        return _transposition(s, g)
    for words, read in ((g.error, "error"), (g.addition, "addition"), (g.omission, "omission"),
                        (g.writes, "writes")):
        found = find_words(s, words)
        if found is None:
            continue
        at, op = found
        if read == "addition":
            return _addition(s, at, g)
        if read == "omission":
            return _omission(s, at, g)
        if read == "writes" and any(w[:1] in s[:at] for w in g.error):
            return []  # 誤倒作, 誤從: another error word before 作
        return _substitution(s, at, op, read, g)
    return []
