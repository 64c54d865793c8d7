"""張爾岐's collation lists (KR1d0038 _018 監本正誤, _019 石本誤字) read as variant claims.

Each entry of a list (a 考证 passage of the ``collation`` reader with a ``( … )`` location
note) quotes the correct 經 — its *context* — and says how the 監本 or the 石本 goes wrong. It is
read on the folded view of the entry without its notes, with the words of the ``[zhang]`` table
of ``ingest/collation.toml``. The forms read (``form`` in the counts):

- ``error``: ``<context>X誤作Y`` — X is the end of the text before 誤作 that also occurs in
  the context before it, as long as Y (兩圜壺|壺誤作壼: the last such X), or else Y is a span of
  the context in another order (外内皆埽作内外), or the span nearest to Y (坐啐醴誤作啐酒); a
  second ``X誤作Y`` about the same context may follow (左誤作右簠誤作簋); ``X並誤作Y`` (every X)
  and ``三壺字並誤作壼`` are not read;
- ``writes``: the same with 作 alone (命去侯侯作俟), or ``監本作`` naming the text it reports;
- ``omission``: ``<context>脱X字``, ``脱一X字``, ``脱X二字``, ``脱下X字`` (the last X),
  ``脱上X字`` (the first), ``脱第二X字`` (the n-th);
- ``omission-beside``: ``<context>下脱Y N字`` / ``上脱Y N字`` (N the length of Y): Y is missing
  after (before) the context;
- ``addition``: ``<context>下羨一Y字`` (Y added after the context);
- ``transposition``: ``<context>誤以A句倒置B句之上`` (A put before B).

X and Y are trimmed of what they share at both ends (載亦右體 作 載右體: the text lacks 亦). The
context is located in the folded 經 of the rite in 張爾岐's own edition (the witness of
``edition``), after all files are read (:func:`resolve_entries`); each located claim is one
:class:`~ritegraph.variants.Variant` attributed to him, with X in that 經 and the entry (its
``tradition`` 監本 or 石本, ``reads`` Y or "" for an omission). The same place claimed by both
lists is one variant with both entries. Other entries, and contexts not found, are counted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from .align import View, glyph_end, view
from .collation_parse import EXAMPLES, ListGrammar, Span, parse_entry
from .model import Layer, ReadResult
from .readers.kanripo_conventions import conventions
from .variant_notes import span_reading
from .variants import Reading, Variant, reading_of
from .witnesses import Witness

# ---------------------------------------------------------------------------------------------
# The entries of one list (each read by collation_parse.parse_entry), their claims in the 經


@dataclass(frozen=True)
class Entry:
    """A parsed claim of a list entry, not yet located."""

    rite: str
    form: str
    kind: str
    located: str  # the folded 經 the context gives
    x: Span  # X in ``located``
    entry: Reading  # the list entry: its statement, tradition and reported reading


@dataclass
class ListCounts:
    """What one list gave: entries, parsed ones by form, claims, located claims."""

    file: str
    tradition: str
    entries: int = 0
    parsed: Counter = field(default_factory=Counter)  # entries by form
    claims: int = 0
    located: int = 0
    unparsed: list[str] = field(default_factory=list)  # the entries' texts
    unlocated: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"file": self.file, "tradition": self.tradition, "entries": self.entries,
                "parsed": sum(self.parsed.values()), "forms": dict(sorted(self.parsed.items())),
                "unparsed": len(self.unparsed), "claims": self.claims, "located": self.located,
                "unlocated": len(self.unlocated),
                "unparsed_examples": self.unparsed[:EXAMPLES],
                "unlocated_examples": self.unlocated[:EXAMPLES]}


def _tradition(result: ReadResult, fold: Callable[[str], str], g: ListGrammar) -> str:
    for p in result.passages:
        if p.layer is Layer.BIAOTI:
            title = fold(p.text)
            for key, tradition in g.lists.items():
                if key in title:
                    return tradition
    return ""


def raw_text(text: str, v: View, spans: tuple[Span, ...]) -> str:
    return "".join(text[o:glyph_end(text, o)] for a, b in spans for o in v.offsets[a:b])


def file_entries(result: ReadResult, file: str, document: str, fold: Callable[[str], str],
                 passage_iri: Callable[[int], str], g: ListGrammar
                 ) -> tuple[list[Entry], ListCounts]:
    """The parsed claims of every entry of one list, and the list's counts."""
    text, note = result.text, conventions().note_open
    counts = ListCounts(file, _tradition(result, fold, g))
    out = []
    for p in result.passages:
        if p.layer is not Layer.KAOZHENG or note not in p.text or not p.rite:
            continue  # the preface and the closing count have no location note
        counts.entries += 1
        body_end = p.start + p.text.index(note)
        statement = result.markup.sub("", text[p.start:body_end]) if result.markup else ""
        v = view(text, [(p.start, body_end, "")], fold, result.markup)
        several = any(ch.isspace() for ch in statement.strip())  # 兩圜壺　兩壺獻酒　俱誤作壼
        parsed = [] if several or not counts.tradition or not v.chars else parse_entry(v.chars, g)
        if not parsed:
            counts.unparsed.append(p.text)
            continue
        counts.parsed[parsed[0].form] += 1
        for c in parsed:
            reading = span_reading(text, v, 0, len(v.chars), (p.start, p.end),
                                   ("", file, document, passage_iri(p.index),
                                    c.tradition or counts.tradition), raw_text(text, v, c.reads))
            located = "".join(v.chars[a:b] for a, b in c.located)
            out.append(Entry(p.rite, c.form, c.kind, located, c.x, reading))
        counts.claims += len(parsed)
    return out, counts


def resolve_entries(entries: list[Entry], witnesses: list[Witness], g: ListGrammar,
                    person: str, counts: list[ListCounts]) -> list[Variant]:
    """Each claim located in the 經 of its rite in ``g.edition``; claims of one place are
    one variant (its 經 reading, then each entry). ``counts`` get the located claims."""
    by_rite = {}
    for w in witnesses:
        if w.edition == g.edition and w.chars:
            by_rite.setdefault(w.rite, w)
    per_file = {c.file: c for c in counts}
    merged: dict[tuple, Variant] = {}
    for e in entries:
        w = by_rite.get(e.rite)
        pos = w.chars.find(e.located) if w else -1
        classic = reading_of(w, pos + e.x[0], pos + e.x[1]) if w and pos >= 0 else None
        tally = per_file[e.entry.file]
        if classic is None:
            tally.unlocated.append(e.entry.quote)
            continue
        tally.located += 1
        key = (e.rite, classic.document, classic.start, classic.end)
        if key in merged:
            merged[key].readings.append(e.entry)
        else:
            merged[key] = Variant(e.rite, e.kind, [classic, e.entry], person)
    return list(merged.values())


def claims_by_rite(variants: list[Variant], person: str) -> dict[str, dict[str, int]]:
    """The located claims of ``person`` per rite and kind."""
    table: dict[str, Counter] = {}
    for v in variants:
        if v.attributed_to == person:
            table.setdefault(v.rite, Counter())[v.kind] += 1
    return {rite: dict(sorted(table[rite].items())) for rite in sorted(table)}
