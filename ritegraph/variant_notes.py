"""Variant claims of the commentaries: 鄭注's 古文/今文 notes read as variant readings.

A note such as 古文壹皆作一 follows the 經 clause it is about (the 注 passage's ``anchor``). It
is read on the folded view of the note (:func:`ritegraph.align.view`) with the words of
``ingest/collation.toml``; X is located in the folded view of the clause, which also settles
its length. Each claim gives two readings: X in the 經 (the witness's own reading, with its
selector) and the note's statement (quoted exactly, with ``reads`` the other tradition's text,
empty for an omission). The same note in several editions is one claim with the readings of
each: claims are merged by rite, tradition, X, Y and the 經 characters before X.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .align import View, glyph_end, view
from .errors import InputError
from .model import Layer, ReadResult
from .resources import data_dir
from .variants import CONTEXT, Reading, Variant

#: The keys of every commentator's table: who makes its claims.
PERSON_KEYS = {"person": str, "label": str, "label_hant": str, "label_en": str}
_KEYS = {**PERSON_KEYS, "traditions": list, "substitution": list, "omission": list,
         "adverbs": list, "longest": int}
#: 經 characters before X that identify the place of a claim across editions.
PLACE_CONTEXT = 6


@dataclass(frozen=True)
class Commentator:
    """Who a table of ``collation.toml`` attributes its claims to (``person/<person>``)."""

    person: str
    label: str
    label_hant: str
    label_en: str


@dataclass(frozen=True)
class NoteGrammar(Commentator):
    """How 鄭玄's notes state variants (the ``[zheng]`` table of ``collation.toml``)."""

    traditions: tuple[str, ...]
    substitution: frozenset[str]
    omission: frozenset[str]
    adverbs: frozenset[str]
    longest: int


def load_table(path: Path | None, table: str, keys: dict[str, type]) -> dict:
    """One table of ``ingest/collation.toml`` (or ``path``), checked against its schema:
    ``keys`` maps every key to its type; unknown, missing or mistyped keys are errors."""
    path = path or data_dir("ingest") / "collation.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))[table]
    except (tomllib.TOMLDecodeError, KeyError) as exc:
        raise InputError(f"no valid [{table}] table: {exc}", path=str(path)) from exc
    unknown = sorted(set(data) - set(keys))
    missing = sorted(set(keys) - set(data))
    wrong = sorted(k for k, t in keys.items() if k in data and not isinstance(data[k], t))
    if unknown or missing or wrong:
        raise InputError(f"[{table}]: unknown keys {unknown}, missing {missing}, "
                         f"wrongly typed {wrong}", path=str(path),
                         hint=f"the keys are {', '.join(keys)}")
    return data


def load_grammar(path: Path | None = None, table: str = "zheng") -> NoteGrammar:
    """The grammar of one commentator's notes; unknown or mistyped keys are errors."""
    data = load_table(path, table, _KEYS)
    return NoteGrammar(**{k: data[k] for k in PERSON_KEYS}, traditions=tuple(data["traditions"]),
                       substitution=frozenset(data["substitution"]),
                       omission=frozenset(data["omission"]), adverbs=frozenset(data["adverbs"]),
                       longest=data["longest"])


@dataclass(frozen=True)
class Claim:
    """One witness's copy of a note's claim, with its two readings."""

    key: tuple[str, str, str, str, str, str]  # rite, tradition, kind, X, Y, 經 before X
    classic: Reading
    note: Reading


@dataclass(frozen=True)
class _Parsed:
    kind: str
    x: tuple[int, int]  # note view span of X
    y: tuple[int, int] | None  # note view span of Y (None: omission)
    end: int  # note view position after the claim


def parse_claim(note: str, at: int, classic: str, g: NoteGrammar) -> _Parsed | None:
    """The claim stated at view position ``at`` of a note (after the tradition's name)."""
    q = at + (at < len(note) and note[at] in g.adverbs)
    if q < len(note) and note[q] in g.omission:
        for k in range(g.longest, 0, -1):
            x = note[q + 1:q + 1 + k]
            if len(x) == k and x in classic and not _has_tradition(x, g):
                return _Parsed("addition-omission", (q + 1, q + 1 + k), None, q + 1 + k)
        return None
    for k in range(1, g.longest + 1):
        x, r = note[q:q + k], q + k
        r += r < len(note) and note[r] in g.adverbs
        if r < len(note) and note[r] in g.substitution and x in classic:
            y = (r + 1, r + 1 + k)
            if y[1] <= len(note):
                return _Parsed("substitution", (q, q + k), y, y[1])
    return None


def _has_tradition(text: str, g: NoteGrammar) -> bool:
    return any(t[0] in text for t in g.traditions)


def span_reading(text: str, v: View, j1: int, j2: int, bounds: tuple[int, int], meta: tuple,
                 reads: str | None = None) -> Reading:
    """The reading of view positions [j1, j2) of a passage with file ``bounds``."""
    edition, file, document, passage, tradition = meta
    start, end = v.offsets[j1], glyph_end(text, v.offsets[j2 - 1])
    lo, hi = bounds
    return Reading(edition, file, document, passage, start, end, text[start:end],
                   text[max(lo, start - CONTEXT):start], text[end:min(hi, end + CONTEXT)],
                   tradition, reads)


def file_claims(result: ReadResult, edition: str, file: str, document: str,
                fold: Callable[[str], str], passage_iri: Callable[[int], str],
                g: NoteGrammar) -> list[Claim]:
    """The claims of every 注 passage of one file that follows a 經 passage."""
    text, claims = result.text, []
    starts = re.compile("|".join(map(re.escape, g.traditions)))
    for p in result.passages:
        if p.layer is not Layer.ZHU or p.anchor is None or not p.rite:
            continue
        if not any(t[0] in p.text for t in g.traditions):
            continue  # quick: most notes hold no claim (the view is made only for the others)
        anchor = result.passages[p.anchor]
        note = view(text, [(p.start, p.end, "")], fold, result.markup)
        classic = view(text, [(anchor.start, anchor.end, "")], fold, result.markup)
        for m in starts.finditer(note.chars):
            at, tradition = m.end(), m.group()
            for _ in range(3):  # 今文糅爲縮韜爲翿: a second claim of the same tradition
                parsed = parse_claim(note.chars, at, classic.chars, g)
                if parsed is None:
                    break
                x = note.chars[slice(*parsed.x)]
                pos = classic.chars.find(x)
                y = "" if parsed.y is None else note.chars[slice(*parsed.y)]
                reads = "" if parsed.y is None else "".join(
                    text[o:glyph_end(text, o)] for o in note.offsets[slice(*parsed.y)])
                key = (p.rite, tradition, parsed.kind, x, y,
                       classic.chars[max(0, pos - PLACE_CONTEXT):pos])
                claims.append(Claim(
                    key,
                    span_reading(text, classic, pos, pos + len(x), (anchor.start, anchor.end),
                             (edition, file, document, passage_iri(anchor.index), "")),
                    span_reading(text, note, m.start(), parsed.end, (p.start, p.end),
                             ("", file, document, passage_iri(p.index), tradition), reads)))
                at = parsed.end
    return claims


def merge_claims(claims: list[Claim], person: str) -> list[Variant]:
    """One variant per claim: the 經 reading and the note of every witness that has it."""
    merged: dict[tuple, list[Claim]] = {}
    for c in claims:
        merged.setdefault(c.key, []).append(c)
    return [Variant(key[0], key[2], [c.classic for c in group] + [c.note for c in group],
                    person)
            for key, group in merged.items()]
