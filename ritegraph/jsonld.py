"""JSON-LD export of the store as a dataset: one ``{"@id": graph, "@graph": [...]}`` per named
graph, compacted through ritegraph's published context (``ontology/context.jsonld``, served as
:data:`CONTEXT_IRI`), sorted, and written one node a line as the quads are read.

Hand-written rather than rdflib's serializer (which holds the whole dataset in memory, drops
the named graphs and takes ~10 times pyoxigraph's N-Quads dump) or pyoxigraph's (expanded
JSON-LD with full IRIs as keys, in store order): the compaction needed here is a lookup per
predicate, since the context has one term per predicate and only prefixes besides.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterator
from functools import cache
from typing import BinaryIO

import pyoxigraph as ox

from .resources import data_dir
from .store import graph_quads

#: Where the context is published; the export embeds it, so that no reader has to fetch it.
CONTEXT_IRI = "https://w3id.org/ritegraph/context.jsonld"
CONTEXT_FILE = "context.jsonld"

RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
XSD = "http://www.w3.org/2001/XMLSchema#"
_INTEGERS = {XSD + t for t in ("integer", "nonNegativeInteger", "positiveInteger", "int",
                               "long")}
_CANONICAL_INT = re.compile(r"-?(0|[1-9][0-9]{0,14})")  # exact as a JSON number (< 2**53)
_EXPLICIT = "@explicit"  # coercion for list items: every value says what it is

Value = str | int | bool | dict | list


@cache
def context() -> dict:
    """The ``@context`` object of ``ontology/context.jsonld``."""
    path = data_dir("ontology") / CONTEXT_FILE
    return json.loads(path.read_text(encoding="utf-8"))["@context"]


class Compactor:
    """Compact IRIs and values through :func:`context`: predicate → key and coercion."""

    def __init__(self, ctx: dict) -> None:
        self.prefixes = sorted(((ns, p) for p, ns in ctx.items()
                                if isinstance(ns, str) and ns.endswith(("/", "#"))),
                               key=lambda pair: -len(pair[0]))
        self.terms: dict[str, tuple[str, str | None]] = {}
        for key, definition in ctx.items():
            if isinstance(definition, str) and definition.endswith(("/", "#")):
                continue
            if isinstance(definition, str):
                definition = {"@id": definition}
            coercion = definition.get("@type")
            if coercion and coercion != "@id":
                coercion = self.expand(coercion)
            self.terms[self.expand(definition.get("@id", key))] = (key, coercion)
        self._iris: dict[str, str] = {}

    def expand(self, curie: str) -> str:
        prefix, _, local = curie.partition(":")
        return next((ns + local for ns, p in self.prefixes if p == prefix), curie)

    def iri(self, value: str) -> str:
        """``prefix:local`` when a prefix of the context covers ``value``, else ``value``."""
        found = self._iris.get(value)
        if found is None:
            found = value
            for namespace, prefix in self.prefixes:
                if value.startswith(namespace) and not value[len(namespace):].startswith("//"):
                    found = f"{prefix}:{value[len(namespace):]}"
                    break
            self._iris[value] = found
        return found

    def key(self, predicate: str) -> tuple[str, str | None]:
        """The key for ``predicate`` and its coercion (``@id``, a datatype IRI or None)."""
        found = self.terms.get(predicate)
        if found is None:
            found = self.terms[predicate] = (self.iri(predicate), None)
        return found

    def literal(self, term: ox.Literal, coercion: str | None) -> Value:
        if term.language:
            return {"@value": term.value, "@language": term.language}
        datatype = term.datatype.value
        if datatype == coercion:
            return _native(term.value, datatype)
        if datatype == XSD + "string":
            return term.value if coercion is None else {"@value": term.value}
        return {"@value": term.value, "@type": self.iri(datatype)}


def _native(value: str, datatype: str) -> Value:
    """A JSON number or boolean where it reads back as exactly ``value``, else the string."""
    if datatype in _INTEGERS and _CANONICAL_INT.fullmatch(value):
        return int(value)
    if datatype == XSD + "boolean" and value in ("true", "false"):
        return value == "true"
    return value


class _GraphNodes:
    """The node objects of one graph, sorted, blank nodes nested where used once."""

    def __init__(self, quads: list[ox.Quad], compact: Compactor) -> None:
        self.compact = compact
        self.by_subject: dict = defaultdict(list)
        has_blank = False
        for q in quads:
            self.by_subject[q.subject].append((q.predicate, q.object))
            has_blank = has_blank or isinstance(q.object, ox.BlankNode)
        self.blanks = None
        if has_blank or any(isinstance(s, ox.BlankNode) for s in self.by_subject):
            from .export import _TurtleWriter  # its content labels and nesting, shared

            self.blanks = _TurtleWriter((q.subject, q.predicate, q.object) for q in quads)

    def nodes(self) -> Iterator[dict]:
        """The top-level node objects, IRIs first, each group in the order of its ``@id``."""
        subjects = [s for s in self.by_subject
                    if not (self.blanks and s in self.blanks.inline)]
        named = [(self._id(s), s) for s in subjects]
        for ident, s in sorted(named, key=_subject_order):
            yield self.node(s, ident)

    def _id(self, term) -> str:
        if isinstance(term, ox.BlankNode):
            return self.blanks.label(term)
        return self.compact.iri(term.value)

    def node(self, subject, ident: str | None) -> dict:
        node: dict = {} if ident is None else {"@id": ident}
        types, values = [], defaultdict(list)
        for predicate, obj in self.by_subject[subject]:
            if predicate.value == RDF + "type" and isinstance(obj, ox.NamedNode):
                types.append(self.compact.iri(obj.value))
                continue
            key, coercion = self.compact.key(predicate.value)
            values[key].append(self.value(obj, coercion))
        if types:
            node["@type"] = _one_or_sorted(types)
        for key in sorted(values):
            node[key] = _one_or_sorted(values[key])
        return node

    def value(self, term, coercion: str | None) -> Value:
        if isinstance(term, ox.Literal):
            if coercion == _EXPLICIT and term.datatype.value == XSD + "string":
                return {"@value": term.value}
            return self.compact.literal(term, coercion)
        if self.blanks and term in self.blanks.inline:
            items = self.blanks._as_list(term)
            if items is not None:
                return {"@list": [self.value(item, _EXPLICIT) for item in items]}
            return self.node(term, None)
        ident = self._id(term)
        return ident if coercion == "@id" else {"@id": ident}


def _subject_order(pair: tuple[str, object]) -> tuple[bool, str]:
    ident, subject = pair
    return isinstance(subject, ox.BlankNode), ident


def _one_or_sorted(values: list[Value]) -> Value:
    if len(values) == 1:
        return values[0]
    dumped = {json.dumps(v, ensure_ascii=False, sort_keys=True): v for v in values}
    return [dumped[k] for k in sorted(dumped)]


def _dump(value: Value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def write_jsonld(store: ox.Store, graphs: list[str], out: BinaryIO) -> None:
    """Write the named ``graphs`` of ``store`` to ``out`` as one JSON-LD dataset document."""
    ctx = context()
    compact = Compactor(ctx)
    terms = ",\n".join(f"  {_dump(k)}: {_dump(v)}" for k, v in ctx.items())
    out.write(f'{{"@context": {{\n{terms}\n }},\n "@graph": ['.encode())
    for n, name in enumerate(sorted(graphs)):
        out.write(f'{"," if n else ""}\n  {{"@id": {_dump(compact.iri(name))}, "@graph": ['
                  .encode())
        for i, node in enumerate(_GraphNodes(graph_quads(store, name), compact).nodes()):
            out.write(f'{"," if i else ""}\n   {_dump(node)}'.encode())
        out.write(b"\n  ]}")
    out.write(b"\n ]\n}\n")
