"""Offset-preserving lexicon matching.

The text is never normalised. Matching runs on a *view* in which every character is folded on
its own (OpenCC t2s, then ``variants.toml``: 賔→宾, 觶→觯, 於→于 …), so the view has the
text's length and a view offset is a file offset. An Aho–Corasick automaton over the folded
labels finds leftmost-longest, non-overlapping matches; then:

- a blocker word (``blockers.toml``) that wins a position consumes it and yields nothing;
- a one-character label of a guarded concept (``preceded_by``/``followed_by``, e.g. 中 the
  tally holder) counts only in that context, otherwise it yields nothing;
- a label shared by several (ambiguous) concepts yields one :class:`Match` per concept, all
  with the same span.

Modern synonyms and modern-only blockers are used only with ``modern=True`` (译 text).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import ahocorasick

from .lexicon import Concept, Lexicon
from .model import NON_TEXT_LAYERS, Layer, Passage

#: Automaton payload: (label length, concepts); no concepts = a blocker.
_Entry = tuple[int, tuple[Concept, ...]]
#: A selected hit in the view: (start, end, entry).
_Hit = tuple[int, int, _Entry]


@dataclass(frozen=True)
class Match:
    """A lexicon match: ``surface == file_text[start:end]`` (code points into the file)."""

    start: int
    end: int
    surface: str
    concept: Concept


class Matcher:
    """Finds lexicon concepts in file text; build once, reuse for every passage."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.fold = lexicon.fold
        self._entries = {modern: _entries(lexicon, modern=modern) for modern in (False, True)}
        self._automata = {modern: _automaton(entries) for modern, entries in self._entries.items()}

    def find(self, text: str, start: int = 0, end: int | None = None, *,
             modern: bool = False, markup: re.Pattern[str] | None = None) -> list[Match]:
        """Matches in ``text[start:end]``; ``text`` is the whole file, so offsets are file's.

        With ``markup`` (a reader's layout markup: ``¶``, newlines, ``( … )`` joints, page
        breaks), matching runs on the text with the markup left out, so that a word runs on
        across a line end (司¶\n射); a match spanning markup keeps it in its quote.
        """
        end = len(text) if end is None else end
        if markup is None or not markup.search(text, start, end):
            view = self.fold(text[start:end])
            hits = ((start + stop + 1 - entry[0], start + stop + 1, entry)
                    for stop, entry in self._automata[modern].iter_long(view))
            return list(self._emit(text, hits))
        kept = kept_offsets(text, start, end, markup)
        view = self.fold("".join(text[k] for k in kept))
        hits = ((kept[stop + 1 - entry[0]], kept[stop] + 1, entry)
                for stop, entry in self._automata[modern].iter_long(view))
        return list(self._emit(text, hits))

    def find_naive(self, text: str, start: int = 0, end: int | None = None, *,
                   modern: bool = False) -> list[Match]:
        """Reference implementation (``str.find`` per label): same result, much slower.

        Used by the tests and by ``benchmarks/bench_matching.py`` as the baseline.
        """
        end = len(text) if end is None else end
        view = self.fold(text[start:end])
        candidates = []
        for label, entry in self._entries[modern].items():
            at = view.find(label)
            while at != -1:
                candidates.append((at, -len(label), entry))
                at = view.find(label, at + 1)
        candidates.sort(key=lambda c: (c[0], c[1]))
        hits, free_from = [], 0
        for at, negative_length, entry in candidates:
            if at >= free_from:
                hits.append((start + at, start + at - negative_length, entry))
                free_from = at - negative_length
        return list(self._emit(text, hits))

    def _emit(self, text: str, hits: Iterable[_Hit]) -> Iterator[Match]:
        for begin, stop, (_, concepts) in hits:
            for concept in concepts:
                if stop - begin == 1 and concept.guarded and not self._in_context(
                        text, begin, stop, concept):
                    continue
                yield Match(begin, stop, text[begin:stop], concept)

    def _in_context(self, text: str, begin: int, stop: int, concept: Concept) -> bool:
        """Whether a guarded one-character match has one of its required neighbours."""
        fold = self.fold
        return (any(fold(text[max(0, begin - len(w)):begin]) == fold(w)
                    for w in concept.preceded_by)
                or any(fold(text[stop:stop + len(w)]) == fold(w) for w in concept.followed_by))


def kept_offsets(text: str, start: int, end: int, markup: re.Pattern[str]) -> list[int]:
    """The offsets of ``[start, end)`` that are not markup, in order."""
    kept: list[int] = []
    cursor = start
    for m in markup.finditer(text, start, end):
        kept.extend(range(cursor, m.start()))
        cursor = max(cursor, m.end())
    kept.extend(range(cursor, end))
    return kept


def _entries(lexicon: Lexicon, *, modern: bool) -> dict[str, _Entry]:
    """Folded label or blocker word → payload; a blocker overrides an equal label."""
    entries: dict[str, _Entry] = {label: (len(label), concepts)
                                  for label, concepts in lexicon.label_index(modern=modern).items()}
    for word in lexicon.blocker_words(modern=modern):
        entries[word] = (len(word), ())
    return entries


def _automaton(entries: dict[str, _Entry]) -> ahocorasick.Automaton:
    automaton = ahocorasick.Automaton()
    for key, entry in entries.items():
        automaton.add_word(key, entry)
    automaton.make_automaton()
    return automaton


def match_ranges(passages: list[Passage]) -> Iterable[tuple[Passage, int, int]]:
    """(passage, start, end) ranges to match against the lexicon.

    Top-level passages except whitespace and markup, minus the 音 glosses nested in them (a
    gloss such as ``X音Y`` names a sound, not an entity).
    """
    glosses: dict[int, list[Passage]] = {}
    for p in passages:
        if p.parent is not None and p.layer is Layer.YIN:
            glosses.setdefault(p.parent, []).append(p)
    for p in passages:
        if not p.is_top_level or p.layer in NON_TEXT_LAYERS or p.layer is Layer.YIN:
            continue
        cursor = p.start
        for gloss in sorted(glosses.get(p.index, ()), key=lambda g: g.start):
            if gloss.start > cursor:
                yield p, cursor, gloss.start
            cursor = max(cursor, gloss.end)
        if cursor < p.end:
            yield p, cursor, p.end
