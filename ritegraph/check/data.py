"""What ``ritegraph check`` reads from the graph: concepts, mentions, acts, passages (SPARQL).

Everything is pulled with the queries in ``checks/queries/*.rq`` over the union of the named
graphs; the checks themselves are plain Python over these records.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

import pyoxigraph as ox

from ..resources import data_dir
from ..store import BASE

SCHEMES = ("role", "object", "place", "action", "direction")
LAYER_BASE = BASE + "layer/"


@dataclass(frozen=True)
class Concept:
    iri: str
    scheme: str  # role, object, place, action, direction (from the IRI)
    label: str  # zh-Hans prefLabel, else the slug
    en: str  # English prefLabel, else the label

    @property
    def key(self) -> str:
        """``scheme/slug``, as written in configs."""
        return self.iri.removeprefix(BASE)


@dataclass(frozen=True)
class Rite:
    iri: str
    slug: str
    label: str
    en: str
    order: int


@dataclass(frozen=True)
class Where:
    """Provenance of a mention or an act: file, offsets, quote, passage, rite, section."""

    rite: str  # rite slug
    file: str | None
    start: int | None
    end: int | None
    quote: str
    passage: str | None
    section: str | None  # section IRI
    line: int | None = None

    @property
    def file_offset(self) -> str:
        return f"{self.file}:{self.start}" if self.file else ""


@dataclass(frozen=True)
class Mention:
    iri: str
    concept: str
    layer: str  # layer slug; "yi-of-jing" for a translation of the classic
    where: Where


@dataclass
class Act:
    iri: str
    where: Where
    order: int
    negated: bool
    implicit_agent: bool
    slots: dict[str, frozenset[str]] = field(default_factory=dict)  # slot → concept IRIs

    def values(self, slot: str) -> frozenset[str]:
        return self.slots.get(slot, frozenset())


@dataclass(frozen=True)
class Passage:
    iri: str
    layer: str
    text: str
    start: int
    line: int | None
    where: Where


@dataclass
class CheckData:
    rites: dict[str, Rite]  # slug → rite, in chapter order
    concepts: dict[str, Concept]
    broader: dict[str, frozenset[str]]  # concept → all broader concepts (transitive)
    sections: dict[str, tuple[str, int]]  # section IRI → (title, order)
    mentions: list[Mention]
    acts: list[Act]
    passages: list[Passage]

    def concept(self, iri: str) -> Concept:
        """The concept for an IRI (a stand-in built from the IRI when it is not in the lexicon)."""
        found = self.concepts.get(iri)
        if found is None:
            found = concept_from_iri(iri, None, None)
            self.concepts[iri] = found
        return found

    def label(self, iri: str) -> str:
        return self.concept(iri).label

    def section_title(self, iri: str | None) -> str:
        return self.sections.get(iri, ("", 0))[0] if iri else ""


ACT_SLOTS = {"actionType": "action", "agent": "agent", "recipient": "recipient",
             "object": "object", "place": "place", "facing": "facing"}


@cache
def query_text(name: str) -> str:
    folder = data_dir("checks") / "queries"
    return (folder / "prefixes.rq").read_text(encoding="utf-8") + (
        folder / f"{name}.rq").read_text(encoding="utf-8")


def select(store: ox.Store, name: str) -> Iterable[dict[str, str | int | bool | None]]:
    """Run a named query over the union graph; rows as dicts of Python values."""
    result = store.query(query_text(name), use_default_graph_as_union=True)
    columns = [v.value for v in result.variables]
    for row in result:
        yield {c: _python(row[c]) for c in columns}


def _python(term: object) -> str | int | bool | None:
    if term is None:
        return None
    if isinstance(term, ox.Literal):
        datatype = term.datatype.value.rsplit("#", 1)[-1]
        if datatype in ("integer", "int", "long", "nonNegativeInteger"):
            return int(term.value)
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


def load(store: ox.Store, rites: Iterable[str] | None = None) -> CheckData:
    """Read everything the checks need; ``rites`` (slugs) restricts mentions, acts and passages."""
    wanted = set(rites) if rites else None
    all_rites = sorted(
        (Rite(r["rite"], slug_of(r["rite"]), r["label"] or slug_of(r["rite"]),
              r["en"] or r["label"] or slug_of(r["rite"]), r["order"] or 0)
         for r in select(store, "rites")), key=lambda r: (r.order, r.slug))
    rite_map = {r.slug: r for r in all_rites if wanted is None or r.slug in wanted}

    def keep(rite_iri: str | None) -> bool:
        return rite_iri is not None and slug_of(rite_iri) in rite_map

    concepts = {r["concept"]: concept_from_iri(r["concept"], r["label"], r["en"])
                for r in select(store, "concepts")}
    parents: dict[str, set[str]] = {}
    for r in select(store, "broader"):
        parents.setdefault(r["concept"], set()).add(r["broader"])
    sections = {r["section"]: (r["label"] or "", r["order"] or 0)
                for r in select(store, "sections")}

    passages = []
    for r in select(store, "passages"):
        if not keep(r["rite"]):
            continue
        where = Where(slug_of(r["rite"]), r["file"], r["start"], r["start"] + len(r["text"]),
                      r["text"], r["passage"], r["section"], r["line"])
        passages.append(Passage(r["passage"], layer_slug(r["layer"], r["translates"]), r["text"],
                                r["start"], r["line"], where))
    passage_by_iri = {p.iri: p for p in passages}
    rank = {slug: i for i, slug in enumerate(rite_map)}

    mentions = [
        Mention(r["mention"], r["concept"], layer_slug(r["layer"], r["translates"]),
                Where(slug_of(r["rite"]), r["file"], r["start"], r["end"], r["exact"],
                      r["passage"], r["section"],
                      _line(passage_by_iri.get(r["passage"]), r["start"])))
        for r in select(store, "mentions") if keep(r["rite"])]

    acts: dict[str, Act] = {}
    for r in select(store, "acts"):
        if not keep(r["rite"]) or r["act"] in acts:
            continue
        where = Where(slug_of(r["rite"]), r["file"], r["start"], r["end"], r["exact"] or "",
                      r["passage"], r["section"],
                      _line(passage_by_iri.get(r["passage"]), r["start"]))
        acts[r["act"]] = Act(r["act"], where, r["order"] or 0, bool(r["negated"]),
                             bool(r["implicit"]))
    values: dict[str, dict[str, set[str]]] = {}
    for r in select(store, "act_slots"):
        if r["act"] in acts:
            slot = ACT_SLOTS[r["property"].rsplit("#", 1)[-1]]
            values.setdefault(r["act"], {}).setdefault(slot, set()).add(r["value"])
    for iri, slots in values.items():
        acts[iri].slots = {slot: frozenset(v) for slot, v in slots.items()}

    passages.sort(key=lambda p: (rank[p.where.rite], p.where.file or "", p.start))
    ordered_acts = sorted(acts.values(), key=lambda a: (
        rank[a.where.rite], a.where.file or "", a.where.start or 0, a.order, a.iri))
    return CheckData(rite_map, concepts, _closure(parents), sections, mentions, ordered_acts,
                     passages)
