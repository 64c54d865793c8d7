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
from ..vocab import BASE

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
    related: dict[str, frozenset[str]]  # concept → skos:related concepts (both directions)
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

    def gloss(self, iri: str) -> str:
        """A short English name: the English prefLabel without its parenthetical notes."""
        return self.concept(iri).en.split(" (", 1)[0]

    def section_title(self, iri: str | None) -> str:
        return self.sections.get(iri, ("", 0))[0] if iri else ""


ACT_SLOTS = {"actionType": "action", "agent": "agent", "recipient": "recipient",
             "object": "object", "place": "place", "placement": "placement",
             "facing": "facing"}


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


def _selectors(store: ox.Store) -> dict[str, tuple[int, int, str]]:
    """Annotation (mention or act) → (start, end, exact), from its position and quote selectors."""
    positions = {r["selector"]: (r["start"], r["end"]) for r in select(store, "positions")}
    quotes = {r["selector"]: r["exact"] for r in select(store, "quotes")}
    found: dict[str, list] = {}
    for r in select(store, "targets"):
        entry = found.setdefault(r["annotation"], [None, None, ""])
        if r["selector"] in positions:
            entry[0], entry[1] = positions[r["selector"]]
        if r["selector"] in quotes:
            entry[2] = quotes[r["selector"]]
    return {k: (v[0], v[1], v[2]) for k, v in found.items()}


def load(store: ox.Store, rites: Iterable[str] | None = None) -> CheckData:
    """Read everything the checks need; ``rites`` (slugs) restricts mentions, acts and passages.

    Small queries joined here: on the embedded store this is several times faster than one
    query joining mentions, selectors and passages.
    """
    wanted = set(rites) if rites else None
    all_rites = sorted(
        (Rite(r["rite"], slug_of(r["rite"]), r["label"] or slug_of(r["rite"]),
              r["en"] or r["label"] or slug_of(r["rite"]), r["order"] or 0)
         for r in select(store, "rites")), key=lambda r: (r.order, r.slug))
    rite_map = {r.slug: r for r in all_rites if wanted is None or r.slug in wanted}
    rank = {slug: i for i, slug in enumerate(rite_map)}
    concepts = {r["concept"]: concept_from_iri(r["concept"], r["label"], r["en"])
                for r in select(store, "concepts")}
    parents: dict[str, set[str]] = {}
    for r in select(store, "broader"):
        parents.setdefault(r["concept"], set()).add(r["broader"])
    sections = {r["section"]: (r["label"] or "", r["order"] or 0)
                for r in select(store, "sections")}
    files = {r["document"]: r["file"] for r in select(store, "documents")}
    related: dict[str, set[str]] = {}
    for r in select(store, "related"):
        related.setdefault(r["concept"], set()).add(r["related"])
        related.setdefault(r["related"], set()).add(r["concept"])

    info: dict[str, dict] = {}  # passage → its row
    passages = []
    for r in select(store, "passages"):
        if slug_of(r["rite"]) not in rite_map:
            continue
        info[r["passage"]] = r
        if r["text"] is not None:
            where = Where(slug_of(r["rite"]), files.get(r["document"]), r["start"],
                          r["start"] + len(r["text"]), r["text"], r["passage"], r["section"],
                          r["line"])
            passages.append(Passage(r["passage"], layer_slug(r["layer"], r["translates"]),
                                    r["text"], r["start"], r["line"], where))
    passages.sort(key=lambda p: (rank[p.where.rite], p.where.file or "", p.start))
    passage_by_iri = {p.iri: p for p in passages}
    selectors = _selectors(store)

    def where_of(annotation: str, passage: str | None, rite: str | None,
                 section: str | None) -> Where:
        start, end, exact = selectors.get(annotation, (None, None, ""))
        row = info.get(passage or "", {})
        return Where(rite or slug_of(row.get("rite") or ""), files.get(row.get("document")),
                     start, end, exact, passage, section or row.get("section"),
                     _line(passage_by_iri.get(passage or ""), start))

    mentions = [
        Mention(r["mention"], r["concept"],
                layer_slug(info[r["passage"]]["layer"], info[r["passage"]]["translates"]),
                where_of(r["mention"], r["passage"], None, None))
        for r in select(store, "mention_links") if r["passage"] in info]

    properties: dict[str, dict[str, list]] = {}
    for r in select(store, "act_properties"):
        name = r["property"].rsplit("#", 1)[-1].rsplit("/", 1)[-1]
        properties.setdefault(r["act"], {}).setdefault(name, []).append(r["value"])
    acts = []
    for iri, props in properties.items():
        rite = slug_of(props["inRite"][0]) if "inRite" in props else None
        if rite not in rite_map:
            continue
        passage = props.get("attestedIn", [None])[0]
        act = Act(iri, where_of(iri, passage, rite, props.get("inSection", [None])[0]),
                  props.get("order", [0])[0], bool(props.get("negated", [False])[0]),
                  bool(props.get("implicitAgent", [False])[0]))
        act.slots = {slot: frozenset(props[name]) for name, slot in ACT_SLOTS.items()
                     if name in props}
        acts.append(act)
    acts.sort(key=lambda a: (rank[a.where.rite], a.where.file or "", a.where.start or 0,
                             a.order, a.iri))
    mentions.sort(key=lambda m: (rank[m.where.rite], m.where.file or "", m.where.start or 0,
                                 m.iri))
    return CheckData(rite_map, concepts, _closure(parents),
                     {k: frozenset(v) for k, v in related.items()}, sections, mentions, acts,
                     passages)
