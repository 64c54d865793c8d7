"""The description of a minted IRI: what dereferencing it answers.

A document IRI (``…/role/bin``, ``…/act/…/1``, ``…/ontology``) is described by

* its own triples (as subject, from every named graph, without duplicates);
* the triples of the hash IRIs that belong to it (``<step>#evidence`` and the annotation's
  target and selectors, ``<mention>#target`` …, ``ontology#Step``) and of the blank nodes they
  reach, as in a concise bounded description;
* the labels (``rdfs:label``, ``skos:prefLabel``) of every other IRI those triples use.

:func:`describe` runs in a query worker of `ritegraph serve`; :class:`Description` is what the
HTML page gets.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

import pyoxigraph as ox

from ..vocab import BASE, OA, RDFS, SKOS, XSD

ONTOLOGY = BASE + "ontology"
ONTOLOGY_GRAPH = BASE + "graph/ontology"
LABELS = (str(SKOS.prefLabel), str(RDFS.label))
_LABEL_NODES = tuple(ox.NamedNode(p) for p in LABELS)
_HAS_BODY = ox.NamedNode(str(OA.hasBody))
_SD_NAME = ox.NamedNode("http://www.w3.org/ns/sparql-service-description#name")
_OFFSETS = frozenset(ox.NamedNode(str(p)) for p in (OA.start, OA.end))
_NON_NEGATIVE = ox.NamedNode(str(XSD.nonNegativeInteger))

Subject = ox.NamedNode | ox.BlankNode


def document_of(iri: str) -> str:
    """The document an IRI belongs to: the IRI without its fragment."""
    return iri.split("#", 1)[0]


def _own(store: ox.Store, subject: Subject) -> list[ox.Triple]:
    """The subject's triples, selector offsets with their declared type back (docs/model.md,
    "Known limits of the stores"), as ``ritegraph export`` writes them."""
    triples = []
    for quad in store.quads_for_pattern(subject, None, None, None):
        triple = quad.triple
        if triple.predicate in _OFFSETS and isinstance(triple.object, ox.Literal):
            triple = ox.Triple(triple.subject, triple.predicate,
                               ox.Literal(triple.object.value, datatype=_NON_NEGATIVE))
        triples.append(triple)
    return triples


def _seeds(store: ox.Store, doc: str) -> list[Subject]:
    """The document's IRI, its own annotations (``#evidence``), the dataset subset naming it
    (for a named graph) and, for the ontology, its terms."""
    seeds: list[Subject] = [ox.NamedNode(doc)]
    for quad in store.quads_for_pattern(None, _HAS_BODY, ox.NamedNode(doc), None):
        if isinstance(quad.subject, ox.NamedNode) and document_of(quad.subject.value) == doc:
            seeds.append(quad.subject)
    # a named graph: the dataset description's subset that names it
    seeds.extend(q.subject for q in store.quads_for_pattern(None, _SD_NAME, ox.NamedNode(doc)))
    if doc == ONTOLOGY:
        prefix = ONTOLOGY + "#"
        terms = {q.subject for q in store.quads_for_pattern(None, None, None,
                                                            ox.NamedNode(ONTOLOGY_GRAPH))
                 if isinstance(q.subject, ox.NamedNode) and q.subject.value.startswith(prefix)}
        seeds.extend(sorted(terms, key=lambda n: n.value))
    return seeds


def _belongs(term: object, doc: str) -> bool:
    return isinstance(term, ox.BlankNode) or (
        isinstance(term, ox.NamedNode) and term.value.startswith(doc + "#"))


def _labels(store: ox.Store, nodes: Iterable[ox.NamedNode]) -> list[ox.Triple]:
    found = []
    for node in nodes:
        for predicate in _LABEL_NODES:
            found.extend(q.triple for q in store.quads_for_pattern(node, predicate, None, None))
    return found


def describe(store: ox.Store, iri: str) -> list[ox.Triple]:
    """The description of the document ``iri`` belongs to; empty when nothing is known."""
    doc = document_of(iri)
    queue, seen = deque(_seeds(store, doc)), set()
    triples: dict[ox.Triple, None] = {}
    while queue:
        subject = queue.popleft()
        if subject in seen:
            continue
        seen.add(subject)
        for triple in _own(store, subject):
            triples.setdefault(triple)
            if _belongs(triple.object, doc) and triple.object not in seen:
                queue.append(triple.object)
    if not triples:
        return []
    linked = {t for triple in triples for t in (triple.predicate, triple.object)
              if isinstance(t, ox.NamedNode) and t not in seen}
    for triple in _labels(store, sorted(linked, key=lambda n: n.value)):
        triples.setdefault(triple)
    return list(triples)


# ------------------------------------------------------------------------ for the pages


def _rank(label: ox.Literal) -> tuple[int, str]:
    lang = (label.language or "").lower()
    return (0 if lang == "zh-hans" else 1 if lang.startswith("zh") or not lang else 2, lang)


@dataclass
class Description:
    """A resource's description, as :func:`ritegraph.serve.pages.resource_page` receives it.

    ``iri`` is the persistent IRI (``https://w3id.org/ritegraph/…``), ``triples`` the whole
    description (also what the RDF formats write), ``root`` the local server's root path
    ("" or a prefix) that :meth:`href` uses to make links to other minted IRIs local.
    """

    iri: str
    triples: list[ox.Triple]
    root: str = ""
    formats: dict[str, str] = field(default_factory=dict)  # media type → local URL

    @cached_property
    def _by_subject(self) -> dict[Subject, list[ox.Triple]]:
        """The triples by subject (a rite's description holds thousands: its acts)."""
        index: dict[Subject, list[ox.Triple]] = {}
        for t in self.triples:
            index.setdefault(t.subject, []).append(t)
        return index

    def of(self, subject: Subject) -> list[ox.Triple]:
        """The triples whose subject is ``subject`` (an IRI or a blank node)."""
        return list(self._by_subject.get(subject, ()))

    def about(self, subject: str | None = None) -> list[ox.Triple]:
        """The triples whose subject is ``subject`` (default: the resource itself)."""
        return self.of(ox.NamedNode(subject or self.iri))

    def subjects(self) -> list[Subject]:
        """The resource, then every other subject described beyond its labels, in order."""
        seen: dict[Subject, None] = {ox.NamedNode(self.iri): None}
        for t in self.triples:
            if t.predicate.value not in LABELS:
                seen.setdefault(t.subject)
        return list(seen)

    def labels(self, iri: str) -> list[ox.Literal]:
        """The labels of an IRI (skos:prefLabel first, then rdfs:label), best language first."""
        found = [(LABELS.index(t.predicate.value), t.object)
                 for t in self._by_subject.get(ox.NamedNode(iri), ())
                 if t.predicate.value in LABELS and isinstance(t.object, ox.Literal)]
        return [lit for _p, lit in sorted(found, key=lambda x: (_rank(x[1]), x[0]))]

    def label(self, iri: str) -> str:
        """The best label of an IRI, else its last path segment."""
        found = self.labels(iri)
        if found:
            return found[0].value
        return iri.rstrip("/").rsplit("/", 1)[-1].rsplit("#", 1)[-1] or iri

    def href(self, iri: str) -> str:
        """A link for an IRI: minted ones on the local server, others unchanged."""
        if iri.startswith(BASE):
            return self.root + "/" + iri[len(BASE):]
        return iri
