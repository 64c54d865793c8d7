"""The Python API over a built store: ``open_graph()`` and the :class:`RiteGraph` it returns.

``g = open_graph(); g.steps(rite="燕礼", role="宾", action="拜")``: the worked examples, run as a
doctest against the seed build, are in docs/api.md.

Records are the dataclasses of :mod:`ritegraph.read.records`; ``records_frame(steps)`` makes a
pandas DataFrame of any list of them. Everything that reads the store (``ritegraph acts``,
``check``, ``stats``, ``serve``) goes through this module or :mod:`ritegraph.read.snapshot`.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterable
from dataclasses import replace
from functools import cached_property
from pathlib import Path

import pyoxigraph as ox

from ..errors import UsageError
from ..store import GRAPH_CORPUS, GRAPH_LEXICON, open_store, rite_graph
from ..storepath import store_location
from ..variants import KINDS, Variant
from .records import Concept, Mention, Passage, Rite, RiteStepRecord, Section, Step
from .snapshot import (
    Snapshot,
    concept_from_iri,
    load_snapshot,
    python_value,
    read_concepts,
    read_rite_step_records,
    read_rites,
    read_variants,
    resolve_rite,
    select,
)


def open_graph(store: str | os.PathLike[str] | None = None) -> RiteGraph:
    """The graph built in ``store`` (default: ``$RITEGRAPH_STORE``, else ``./ritegraph-data``)."""
    path = Path(store_location(store))
    return RiteGraph(open_store(path), path)


def fold_label(text: str) -> str:
    """A label for comparison: lower case, no tone marks or spaces (pinyin ``bīn`` = ``bin``)."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c) and not c.isspace())


class RiteGraph:
    """Read-only access to one build: rites, concepts, sections, passages, mentions and steps.

    Rite-level records are read once per set of rites and kept (a build never changes)."""

    def __init__(self, store: ox.Store, path: Path | None = None) -> None:
        self.store, self.path = store, path
        self._snapshots: dict[frozenset[str] | None, Snapshot] = {}
        self._mention_counts: dict[str, int] = {}  # counted on demand (search's tie-break)

    def snapshot(self, rites: Iterable[str] | None = None) -> Snapshot:
        """All records of ``rites`` (slugs; default all), read once and cached."""
        key = frozenset(rites) if rites else None
        if key not in self._snapshots:
            self._snapshots[key] = load_snapshot(self.store, key)
        return self._snapshots[key]

    @cached_property
    def _rites(self) -> list[Rite]:
        return read_rites(self.store)

    @cached_property
    def _concepts(self) -> dict[str, Concept]:
        return read_concepts(self.store)

    # --- what the graph holds ---------------------------------------------------------------

    def rites(self) -> list[Rite]:
        """The rites in chapter order."""
        return list(self._rites)

    def rite(self, name: str) -> Rite:
        """A rite by slug, IRI or any label (燕礼, 燕禮, English); :class:`UsageError` naming
        the known rites for any other name."""
        slug = resolve_rite(self.store, name)
        return next(rite for rite in self.rites() if rite.slug == slug)

    def concepts(self, scheme: str | None = None) -> list[Concept]:
        """Lexicon concepts (of one scheme: role, object, place, action, direction)."""
        return sorted((c for c in self._concepts.values()
                       if scheme is None or c.scheme == scheme), key=lambda c: c.iri)

    def concept(self, name: str) -> Concept:
        """A concept by IRI, key (``role/bin``) or any one label (simplified, traditional,
        pinyin with or without tones, English): a label as written first, then folded (case,
        tone marks, spaces); ambiguity is an error naming the candidates."""
        concepts = self._concepts
        for iri in (name, f"https://w3id.org/ritegraph/{name}"):
            if iri in concepts:
                return concepts[iri]
        exact = self._by_exact_label.get(name, set())
        found = sorted(exact if len(exact) == 1 else self._by_label.get(fold_label(name), ()))
        if len(found) == 1:
            return concepts[found[0]]
        if not found:
            raise UsageError(f"no concept is labelled {name!r}")
        raise UsageError(f"{name!r} is ambiguous: " + ", ".join(concepts[i].key for i in found))

    def search(self, text: str, limit: int = 50) -> list[Concept]:
        """Concepts whose labels contain ``text`` (any script, pinyin without tones, English);
        exact label matches first, then the most mentioned."""
        needle = fold_label(text)
        if not needle:
            return []
        exact = self._by_label.get(needle, set())
        hits = {iri for label, iris in self._by_label.items() if needle in label for iri in iris}
        concepts = self._concepts
        tied = exact & hits if len(exact & hits) > 1 else set()
        ranked = sorted(hits, key=lambda i: (i not in exact,
                                             -self.mention_count(i) if i in tied else 0,
                                             concepts[i].key))
        return [concepts[i] for i in ranked[:limit] if i in concepts]

    def labels_of(self, iri: str) -> list[tuple[str, str]]:
        """Every (label, language tag) of a concept."""
        return sorted(self._labels.get(iri, ()))

    def label(self, iri: str) -> str:
        """The zh-Hans label of a concept (else its slug)."""
        found = self._concepts.get(iri)
        return found.label if found else concept_from_iri(iri, None, None).label

    def sections(self, rite: str | None = None) -> list[Section]:
        """Sections (分节) of one rite or all, by file and order."""
        data = self.snapshot([self.rite(rite).slug] if rite else None)
        return sorted(data.sections.values(), key=lambda s: (s.rite, s.document or "", s.order))

    def passages(self, rite: str | None = None, layer: str | None = None) -> list[Passage]:
        """The top-level classic text (经) and its translation, per passage."""
        data = self.snapshot([self.rite(rite).slug] if rite else None)
        return [p for p in data.passages if layer is None or p.layer == layer]

    def mentions(self, concept: str | None = None, rite: str | None = None) -> list[Mention]:
        """Mentions (of one concept, by any name :meth:`concept` accepts), in every layer."""
        data = self.snapshot([self.rite(rite).slug] if rite else None)
        wanted = self.concept(concept).iri if concept else None
        return [m for m in data.mentions if wanted is None or m.concept == wanted]

    def steps(self, rite: str | None = None, role: str | None = None,
              action: str | None = None, section: str | None = None,
              layer: str | None = None) -> list[Step]:
        """Prescribed steps by rite, agent role, action type (any name), section IRI and the
        layer that states them (``jing``, ``ji``, ``yi-of-jing`` …)."""
        data = self.snapshot([self.rite(rite).slug] if rite else None)
        agent = self.concept(role).iri if role else None
        verb = self.concept(action).iri if action else None
        return [s for s in data.steps
                if (agent is None or agent in s.values("agent"))
                and (verb is None or verb in s.values("action"))
                and (section is None or s.where.section == section)
                and (layer is None or s.layer == layer)]

    def rite_steps(self, rite: str | None = None, witness: str | None = None,
                   disagreeing: bool = False) -> list[RiteStepRecord]:
        """Steps of the rite merged across witnesses (of one rite or all); ``witness`` (part of
        a file name, e.g. ``KR1d0026``) keeps the steps that witness states, with its own
        attestation only; ``disagreeing`` keeps the steps whose witnesses disagree. The
        attestations carry their agents and objects (the other slots: :meth:`steps`)."""
        slug = self.rite(rite).slug if rite else None
        graphs = None if slug is None else [rite_graph(slug), GRAPH_CORPUS]
        out = []
        for step in read_rite_step_records(self.store, graphs):
            if disagreeing and not step.disagree:
                continue
            if witness is not None:
                own = tuple(s for s in step.attestations if witness in (s.where.file or ""))
                if not own:
                    continue
                step = replace(step, attestations=own)
            out.append(step)
        order = {r.slug: k for k, r in enumerate(self._rites)}
        return sorted(out, key=lambda s: (order.get(s.rite, 0), s.first_place))

    def variants(self, rite: str | None = None, kind: str | None = None) -> list[Variant]:
        """Variant readings (異文) of one rite or all, of one kind (``graphic``,
        ``substitution``, ``addition-omission``, ``order``) or all."""
        if kind is not None and kind not in KINDS:
            raise UsageError(f"unknown variant kind {kind!r}: one of {', '.join(KINDS)}")
        graphs = [rite_graph(self.rite(rite).slug), GRAPH_CORPUS] if rite else None
        return [v for v in read_variants(self.store, graphs) if kind is None or v.kind == kind]

    def sparql(self, text: str) -> list[dict]:
        """A SELECT query over the union of the named graphs; rows as dicts of Python values."""
        result = self.store.query(text, use_default_graph_as_union=True)
        if not isinstance(result, ox.QuerySolutions):
            raise UsageError("sparql() runs SELECT queries; use .store.query() for the others")
        columns = [v.value for v in result.variables]
        return [{c: python_value(row[c]) for c in columns} for row in result]

    # --- label index --------------------------------------------------------------------------

    @cached_property
    def _labels(self) -> dict[str, set[tuple[str, str]]]:
        labels: dict[str, set[tuple[str, str]]] = {}
        for row in select(self.store, "labels", [GRAPH_LEXICON]):
            labels.setdefault(row["concept"], set()).add((row["label"], row["lang"]))
        return labels

    def mention_count(self, iri: str) -> int:
        """How often a concept is mentioned, in every layer and witness (counted once)."""
        if iri not in self._mention_counts:
            (row,) = select(self.store, "concept-mentions", bind={"concept": iri})
            self._mention_counts[iri] = int(row["n"] or 0)
        return self._mention_counts[iri]

    def _index(self, key) -> dict[str, set[str]]:
        index: dict[str, set[str]] = {}
        for iri, labels in self._labels.items():
            for label, _ in labels:
                index.setdefault(key(label), set()).add(iri)
        return index

    @cached_property
    def _by_exact_label(self) -> dict[str, set[str]]:
        return self._index(str)

    @cached_property
    def _by_label(self) -> dict[str, set[str]]:  # folded: case, tone marks, spaces
        return self._index(fold_label)

