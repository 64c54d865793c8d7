"""A snapshot of the graph as records: rites, concepts, sections, passages, mentions, steps.

Everything is pulled with the small queries in ``ritegraph/read/queries/*.rq`` and joined in
Python: on the embedded store this is several times faster than one query joining mentions,
selectors and passages. Restricted to some rites, the rite-level queries run over those rites'
named graphs only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pyoxigraph as ox

from ..errors import UsageError
from ..querytext import bind as bind_values
from ..rdf.iris import evidenced_by_selector
from ..store import GRAPH_CORPUS, GRAPH_LEXICON, rite_graph
from ..variants import KIND_CLASS, Reading, Variant
from ..vocab import BASE, EDITION, sparql_prefixes
from .records import (
    STEP_SLOTS,
    Concept,
    Mention,
    Passage,
    Rite,
    RiteStepRecord,
    Section,
    Step,
    Where,
)

LAYER_BASE = BASE + "layer/"
_QUERIES = Path(__file__).parent / "queries"


@dataclass
class Snapshot:
    rites: dict[str, Rite]  # slug → rite, in chapter order
    concepts: dict[str, Concept]
    broader: dict[str, frozenset[str]]  # concept → all broader concepts (transitive)
    related: dict[str, frozenset[str]]  # concept → skos:related concepts (both directions)
    sections: dict[str, Section]  # section IRI → section
    mentions: list[Mention]
    steps: list[Step]
    passages: list[Passage]  # the top-level classic text and its translation, with text

    def concept(self, iri: str) -> Concept:
        """The concept for an IRI (a stand-in built from the IRI when it is not in the lexicon)."""
        found = self.concepts.get(iri)
        if found is None:
            found = concept_from_iri(iri, None, None)
            self.concepts[iri] = found
        return found

    def label(self, iri: str) -> str:
        return self.concept(iri).label

    def gloss(self, iri: str) -> str:
        return self.concept(iri).gloss

    def section_title(self, iri: str | None) -> str:
        section = self.sections.get(iri or "")
        return section.title if section else ""


@cache
def query_text(name: str) -> str:
    """A read query by name, with the prefixes of the generated vocabulary."""
    return (sparql_prefixes("rg", "oa", "skos", "rdf", "rdfs", "prov", "dcterms")
            + (_QUERIES / f"{name}.rq").read_text(encoding="utf-8"))


_IRIREF = re.compile(r'[^<>"{}|^`\\\x00-\x20]+')


def is_iri(text: str) -> bool:
    """Whether ``text`` can be written as ``<text>`` in SPARQL and N-Triples (IRIREF)."""
    return bool(_IRIREF.fullmatch(text))


def bind_iris(text: str, bind: dict[str, str]) -> str:
    """The query with each variable of ``bind`` written as its IRI. Written into the text, not
    passed as substitutions: pyoxigraph joins substitutions after evaluating a UNION (a
    passage's commentary: 1.7 s substituted, 1 ms written in). IRIs are checked first."""
    for name, iri in bind.items():
        if not is_iri(iri):
            raise ValueError(f"not an IRI: {iri!r}")
        text = re.sub(rf"\?{name}(?!\w)", lambda _m, iri=iri: f"<{iri}>", text)
    return text


def select(store: ox.Store, name: str, graphs: list[str] | None = None,
           bind: dict[str, str] | None = None, values: dict[str, str] | None = None
           ) -> Iterable[dict[str, str | int | float | bool | None]]:
    """Run a read query over the union of the named graphs (or over ``graphs`` only), with
    the variables of ``bind`` set to IRIs and the ``VALUES`` blocks of ``values`` to strings
    (``witness``); rows as dicts of Python values."""
    options: dict = {}
    if graphs is None:
        options["use_default_graph_as_union"] = True
    else:
        options["default_graph"] = [ox.NamedNode(g) for g in graphs]
    text = bind_iris(query_text(name), bind or {})
    if values:
        text = bind_values(text, {k: str(ox.Literal(v)) for k, v in values.items()})
    result = store.query(text, **options)
    columns = [v.value for v in result.variables]
    for row in result:
        yield {c: python_value(row[c]) for c in columns}


def python_value(term: object) -> str | int | float | bool | None:
    """An RDF term as a Python value (integers, decimals and booleans typed; else its string)."""
    if term is None:
        return None
    if isinstance(term, ox.Literal):
        datatype = term.datatype.value.rsplit("#", 1)[-1]
        if datatype in ("integer", "int", "long", "nonNegativeInteger"):
            return int(term.value)
        if datatype in ("decimal", "double", "float"):
            return float(term.value)
        if datatype == "boolean":
            return term.value in ("true", "1")
    return term.value  # type: ignore[attr-defined]


def concept_from_iri(iri: str, label: str | None, en: str | None) -> Concept:
    scheme, _, slug = iri.removeprefix(BASE).partition("/")
    return Concept(iri, scheme, label or slug or iri, en or label or slug or iri)


def slug_of(iri: str) -> str:
    return iri.rstrip("/").rsplit("/", 1)[-1]


def layer_slug(layer: str | None, translates: str | None) -> str:
    slug = (layer or "").removeprefix(LAYER_BASE)
    if slug == "yi" and translates and translates.removeprefix(LAYER_BASE) == "jing":
        return "yi-of-jing"
    return slug


def _closure(parents: dict[str, set[str]]) -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}

    def ancestors(node: str, seen: frozenset[str]) -> frozenset[str]:
        if node in out:
            return out[node]
        found: set[str] = set()
        for parent in parents.get(node, ()):
            if parent not in seen:
                found |= {parent} | ancestors(parent, seen | {node})
        out[node] = frozenset(found)
        return out[node]

    for node in list(parents):
        ancestors(node, frozenset())
    return out


def _line(passage: Passage | None, start: int | None) -> int | None:
    if passage is None or passage.line is None or start is None:
        return None
    return passage.line + passage.text[: max(0, start - passage.start)].count("\n")


def _selectors(store: ox.Store, graphs: list[str] | None) -> dict[str, tuple[int, int, str]]:
    """Mention or step → (start, end, exact), from its position and quote selectors. Selectors
    minted by the build are joined by their IRIs (a SPARQL join through every target is 10×
    slower on the whole book); any others through their targets."""
    owner = {r["selector"]: r["annotation"] for r in select(store, "targets", graphs)}

    def of(selector: str) -> str:
        return owner.get(selector) or evidenced_by_selector(selector)

    found: dict[str, list] = {}
    for r in select(store, "positions", graphs):
        entry = found.setdefault(of(r["selector"]), [None, None, ""])
        entry[0], entry[1] = r["start"], r["end"]
    for r in select(store, "quotes", graphs):
        found.setdefault(of(r["selector"]), [None, None, ""])[2] = r["exact"]
    return {k: (v[0], v[1], v[2]) for k, v in found.items()}


def resolve_rite(store: ox.Store, name: str) -> str:
    """The slug of the rite named ``name``: its slug, IRI or any label (燕礼, 燕禮, Yan Li …);
    :class:`UsageError` (exit 2) naming the known slugs for any other name."""
    names: dict[str, list[str]] = {}
    for row in select(store, "rite_names", [GRAPH_CORPUS]):
        names.setdefault(str(row["rite"]), []).append(str(row["name"] or ""))
    wanted = name.strip()
    for iri, labels in names.items():
        if wanted in (slug_of(iri), iri) or wanted.casefold() in map(str.casefold, labels):
            return slug_of(iri)
    known = ", ".join(f"{slug_of(iri)} ({labels[0]})" if labels[0] else slug_of(iri)
                      for iri, labels in names.items())
    raise UsageError(f"unknown rite {name!r}; give a slug or a label of one of: "
                     + (known or "(the store has no rites: rebuild it)"))


def read_rites(store: ox.Store) -> list[Rite]:
    """The rites in chapter order."""
    return sorted((Rite(r["rite"], slug_of(r["rite"]), r["label"] or slug_of(r["rite"]),
                        r["en"] or r["label"] or slug_of(r["rite"]), r["order"] or 0)
                   for r in select(store, "rites", [GRAPH_CORPUS])),
                  key=lambda r: (r.order, r.slug))


def read_concepts(store: ox.Store) -> dict[str, Concept]:
    """The lexicon's concepts by IRI, with their zh-Hans and English labels."""
    return {r["concept"]: concept_from_iri(r["concept"], r["label"], r["en"])
            for r in select(store, "concepts", [GRAPH_LEXICON])}


def read_lexicon(store: ox.Store) -> tuple[dict[str, Concept], dict[str, frozenset[str]],
                                        dict[str, frozenset[str]]]:
    """Concepts by IRI, their transitive broader concepts, and their related concepts."""
    concepts = read_concepts(store)
    parents: dict[str, set[str]] = {}
    for r in select(store, "broader", [GRAPH_LEXICON]):
        parents.setdefault(r["concept"], set()).add(r["broader"])
    related: dict[str, set[str]] = {}
    for r in select(store, "related", [GRAPH_LEXICON]):
        related.setdefault(r["concept"], set()).add(r["related"])
        related.setdefault(r["related"], set()).add(r["concept"])
    return concepts, _closure(parents), {k: frozenset(v) for k, v in related.items()}


class _Reader:
    """The rite-level part of a snapshot: passages, mentions and steps of some rites."""

    def __init__(self, store: ox.Store, rites: dict[str, Rite], graphs: list[str] | None):
        self.store, self.rites, self.graphs = store, rites, graphs
        self.files = {r["document"]: r["file"]
                      for r in select(store, "documents", [GRAPH_CORPUS])}
        self.info: dict[str, dict] = {}  # passage → its row
        self.passages: list[Passage] = []
        for r in select(store, "passages", graphs):
            if slug_of(r["rite"]) not in rites:
                continue
            self.info[r["passage"]] = r
            if r["text"] is not None:
                where = Where(slug_of(r["rite"]), self.files.get(r["document"]), r["start"],
                              r["start"] + len(r["text"]), r["text"], r["passage"], r["section"],
                              r["line"])
                self.passages.append(Passage(r["passage"], layer_slug(r["layer"],
                                                                      r["translates"]),
                                             r["text"], r["start"], r["line"], where))
        self.by_iri = {p.iri: p for p in self.passages}
        self.selectors = _selectors(store, graphs)

    def layer(self, passage: str | None) -> str:
        row = self.info.get(passage or "")
        return layer_slug(row["layer"], row["translates"]) if row else ""

    def where(self, annotation: str, passage: str | None, rite: str | None,
              section: str | None) -> Where:
        start, end, exact = self.selectors.get(annotation, (None, None, ""))
        row = self.info.get(passage or "", {})
        return Where(rite or slug_of(row.get("rite") or ""), self.files.get(row.get("document")),
                     start, end, exact, passage, section or row.get("section"),
                     _line(self.by_iri.get(passage or ""), start))

    def sections(self) -> dict[str, Section]:
        return {r["section"]: Section(r["section"], slug_of(r["rite"] or ""), r["label"] or "",
                                      r["order"] or 0, self.files.get(r["document"]))
                for r in select(self.store, "sections", self.graphs)
                if slug_of(r["rite"] or "") in self.rites}

    def mentions(self) -> list[Mention]:
        return [Mention(r["mention"], r["concept"], self.layer(r["passage"]),
                        self.where(r["mention"], r["passage"], None, None))
                for r in select(self.store, "mention_links", self.graphs)
                if r["passage"] in self.info]

    def steps(self) -> list[Step]:
        properties: dict[str, dict[str, list]] = {}
        for r in select(self.store, "act_properties", self.graphs):
            name = r["property"].rsplit("#", 1)[-1]
            properties.setdefault(r["act"], {}).setdefault(name, []).append(r["value"])
        steps = []
        for iri, props in properties.items():
            rite = slug_of(props["inRite"][0]) if "inRite" in props else None
            if rite not in self.rites:
                continue
            passage = props.get("attestedIn", [None])[0]
            steps.append(Step(
                iri, self.where(iri, passage, rite, props.get("inSection", [None])[0]),
                props.get("order", [0])[0], bool(props.get("negated", [False])[0]),
                bool(props.get("implicitAgent", [False])[0]), self.layer(passage),
                props.get("confidence", [None])[0],
                {slot: frozenset(props[name]) for name, slot in STEP_SLOTS.items()
                 if name in props}, props.get("stepOf", [None])[0]))
        return steps


def read_variants(store: ox.Store, graphs: list[str] | None = None) -> list[Variant]:
    """The variant readings (of the rites whose graphs are given, else all), each with its
    readings in the order they were written (the reference witness first)."""
    kinds = {str(cls): kind for kind, cls in KIND_CLASS.items()}
    found: dict[str, tuple[Variant, list[tuple[int, Reading]]]] = {}
    for r in select(store, "variants", graphs):
        variant, readings = found.setdefault(r["variant"], (
            Variant(slug_of(r["rite"]), kinds[r["kind"]], [], r["by"]), []))
        edition = r["edition"] or ""
        readings.append((int(r["reading"].rsplit("#r", 1)[-1]), Reading(
            edition.removeprefix(str(EDITION)), r["file"], "", r["passage"] or "", r["start"],
            r["end"], r["quote"], r["prefix"] or "", r["suffix"] or "", r["tradition"] or "",
            r["reads"])))
    out = []
    for variant, readings in found.values():
        variant.readings = [reading for _, reading in sorted(readings)]
        out.append(variant)
    return sorted(out, key=lambda v: (v.rite, v.readings[0].file, v.readings[0].start))


def read_rite_steps(store: ox.Store, graphs: list[str] | None = None) -> list[dict]:
    """The rite steps (of the rites whose graphs are given, else all): IRI, rite slug, action
    IRI, attesting step IRIs, whether its witnesses disagree, on what, the files that carry
    the clause but state no such step, and whether a variant reading lies in the clause."""
    found: dict[str, dict] = {}
    for r in select(store, "rite_steps", graphs):
        step = found.setdefault(r["step"], {
            "iri": r["step"], "rite": slug_of(r["rite"]), "action": r["action"],
            "disagree": bool(r["disagree"]), "at_variant": bool(r["atVariant"]),
            "attestations": set(), "disagrees_on": set(), "missing_in": set()})
        for key, column in (("attestations", "act"), ("disagrees_on", "on"),
                            ("missing_in", "missing")):
            if r[column] is not None:
                step[key].add(r[column])
    return list(found.values())


def one_per_rite_step(steps: list[Step], witness: str | None = None) -> list[Step]:
    """The steps as the rite has them: one per rite step (the attestation it is named after,
    the reference witness's), and the steps that belong to none (translations); with
    ``witness`` (part of a file name), that witness's own steps instead."""
    if witness is not None:
        return [s for s in steps if witness in (s.where.file or "")]
    return [s for s in steps
            if s.rite_step is None or s.rite_step == s.iri.replace("/act/", "/step/", 1)]


def read_attestations(store: ox.Store, graphs: list[str] | None = None) -> dict[str, Step]:
    """The witnesses' steps that attest a rite step, by IRI, with file, offsets, quote,
    negation, agents and objects (not the other slots, order or layer)."""
    found: dict[str, dict] = {}
    for r in select(store, "rite_step_attestations", graphs):
        act = found.setdefault(r["act"], {"row": r, "agent": set(), "object": set()})
        for slot in ("agent", "object"):
            if r[slot] is not None:
                act[slot].add(r[slot])
    return {iri: Step(iri, Where(slug_of(a["row"]["rite"]), a["row"]["file"], a["row"]["start"],
                                 a["row"]["end"], a["row"]["quote"], a["row"]["passage"],
                                 a["row"]["section"]),
                      0, bool(a["row"]["negated"]), False,
                      slots={"agent": frozenset(a["agent"]), "object": frozenset(a["object"])},
                      rite_step=a["row"]["step"])
            for iri, a in found.items()}


def read_rite_step_records(store: ox.Store, graphs: list[str] | None = None,
                           attested: Mapping[str, Step] | None = None) -> list[RiteStepRecord]:
    """The rite steps as records, each with its attestations in file order: the steps of
    ``attested`` (by IRI: a snapshot's, already read), else read (:func:`read_attestations`)."""
    if attested is None:
        attested = read_attestations(store, graphs)
    out = []
    for r in read_rite_steps(store, graphs):
        steps = sorted((attested[a] for a in r["attestations"] if a in attested),
                       key=lambda s: (s.where.file or "", s.where.start or 0))
        out.append(RiteStepRecord(r["iri"], r["rite"], r["action"], tuple(steps),
                                  r["disagree"], frozenset(r["disagrees_on"]),
                                  frozenset(r["missing_in"]), r["at_variant"]))
    return out


def load_snapshot(store: ox.Store, rites: Iterable[str] | None = None) -> Snapshot:
    """Read the graph as records; ``rites`` (slugs) restricts sections, passages, mentions and
    steps to those rites (and their queries to those rites' named graphs). ``steps`` are every
    witness's (see :func:`one_per_rite_step` for the rite's)."""
    wanted = set(rites) if rites else None
    rite_map = {r.slug: r for r in read_rites(store) if wanted is None or r.slug in wanted}
    graphs = None if wanted is None else [rite_graph(slug) for slug in rite_map]
    concepts, broader, related = read_lexicon(store)
    reader = _Reader(store, rite_map, graphs)
    rank = {slug: i for i, slug in enumerate(rite_map)}
    passages = sorted(reader.passages, key=lambda p: (rank[p.where.rite], p.where.file or "",
                                                       p.start))
    steps = sorted(reader.steps(), key=lambda a: (rank[a.where.rite], a.where.file or "",
                                                  a.where.start or 0, a.order, a.iri))
    mentions = sorted(reader.mentions(), key=lambda m: (rank[m.where.rite], m.where.file or "",
                                                        m.where.start or 0, m.iri))
    return Snapshot(rite_map, concepts, broader, related, reader.sections(), mentions, steps,
                    passages)
