"""Export the store as linked data.

Turtle, TriG, N-Triples and N-Quads are written canonically by this module (sorted subjects,
predicates and objects, fixed prefixes, blank nodes inlined or named by content), so that
rebuilding an unchanged corpus gives a byte-identical file. JSON-LD (with a compact context) and
RDF/XML go through rdflib. CJK text is written as UTF-8, never as ``\\u`` escapes.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

import pyoxigraph as ox

from .errors import UsageError
from .rdf.iris import DATASET_GRAPH
from .store import graph_quads
from .vocab import GRAPH, sparql_prefixes
from .vocab import PREFIXES as VOCAB_PREFIXES

PREFIXES: dict[str, str] = {**VOCAB_PREFIXES, "graph": str(GRAPH)}

FORMATS = {
    "turtle": ".ttl", "trig": ".trig", "ntriples": ".nt", "nquads": ".nq", "jsonld": ".jsonld",
    "rdfxml": ".rdf", "annotations": ".jsonld",
}

#: The official Web Annotation JSON-LD context, by reference (vendored: ontology/imports/).
ANNO_CONTEXT = "http://www.w3.org/ns/anno.jsonld"

RDF_TYPE = PREFIXES["rdf"] + "type"
RDF_FIRST, RDF_REST, RDF_NIL = (PREFIXES["rdf"] + n for n in ("first", "rest", "nil"))
XSD = PREFIXES["xsd"]
_PLAIN_DATATYPES = {XSD + "integer", XSD + "boolean", XSD + "decimal"}
_ESCAPES = str.maketrans({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r"})
_LOCAL_OK = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")

Term = ox.NamedNode | ox.BlankNode | ox.Literal
Triple = tuple[Term, ox.NamedNode, Term]


def _qname(value: str) -> str:
    best = None
    for prefix, namespace in PREFIXES.items():
        if value.startswith(namespace) and (best is None or len(namespace) > len(best[1])):
            best = (prefix, namespace)
    if best:
        local = value[len(best[1]):]
        if local and set(local) <= _LOCAL_OK and local[0] != "-" and local[-1] != "-":
            return f"{best[0]}:{local}"
    return f"<{value}>"


def _literal(term: ox.Literal, *, turtle: bool) -> str:
    datatype = term.datatype.value
    if turtle and datatype in _PLAIN_DATATYPES:
        return term.value
    text = '"' + term.value.translate(_ESCAPES) + '"'
    if term.language:
        return f"{text}@{term.language}"
    if datatype == XSD + "string":
        return text
    return f"{text}^^{_qname(datatype) if turtle else '<' + datatype + '>'}"


class _TurtleWriter:
    """Canonical Turtle for one graph's triples."""

    def __init__(self, triples: Iterable[Triple]) -> None:
        self.by_subject: dict[Term, list[tuple[ox.NamedNode, Term]]] = defaultdict(list)
        refs: dict[ox.BlankNode, int] = defaultdict(int)
        for s, p, o in triples:
            self.by_subject[s].append((p, o))
            if isinstance(o, ox.BlankNode):
                refs[o] += 1
        # Blank nodes used once as an object are written inline; others get content labels.
        self.inline = {b for b, n in refs.items() if n == 1 and b in self.by_subject}
        self.referenced = set(refs)
        self._labels: dict[ox.BlankNode, str] = {}

    def term(self, term: Term, depth: int = 0) -> str:
        if isinstance(term, ox.NamedNode):
            return _qname(term.value)
        if isinstance(term, ox.Literal):
            return _literal(term, turtle=True)
        if term in self.inline and depth < 32:
            items = self._as_list(term)
            if items is not None:
                return "(" + " ".join(self.term(i, depth + 1) for i in items) + ")"
            return "[ " + " ; ".join(self._predicate_objects(term, depth + 1)) + " ]"
        return self.label(term)

    def label(self, node: ox.BlankNode) -> str:
        """A label derived from the node's rendered content (store bnode ids are random)."""
        if node not in self._labels:
            self._labels[node] = "_:b"  # provisional, guards against cycles
            lines = []
            for p, o in self.by_subject.get(node, []):
                shown = o in self.inline or not isinstance(o, ox.BlankNode)
                lines.append(f"{p.value} {self.term(o, 1) if shown else '_'}")
            content = "\n".join(sorted(lines))
            self._labels[node] = "_:b" + hashlib.sha1(content.encode()).hexdigest()[:12]
        return self._labels[node]

    def _as_list(self, node: Term) -> list[Term] | None:
        items: list[Term] = []
        seen = set()
        while isinstance(node, ox.BlankNode) and node not in seen:
            seen.add(node)
            props = dict((p.value, o) for p, o in self.by_subject.get(node, []))
            if set(props) != {RDF_FIRST, RDF_REST} or len(self.by_subject[node]) != 2:
                return None
            items.append(props[RDF_FIRST])
            node = props[RDF_REST]
            if node != ox.NamedNode(RDF_NIL) and node not in self.inline:
                return None
        return items if node == ox.NamedNode(RDF_NIL) else None

    def _predicate_objects(self, subject: Term, depth: int) -> list[str]:
        grouped: dict[str, list[str]] = defaultdict(list)
        for p, o in self.by_subject[subject]:
            grouped[p.value].append(self.term(o, depth))
        order = sorted(grouped, key=lambda p: (p != RDF_TYPE, _qname(p)))
        return [("a" if p == RDF_TYPE else _qname(p)) + " " + " , ".join(sorted(set(grouped[p])))
                for p in order]

    def body(self, indent: str = "") -> str:
        blocks = []
        sep = f" ;\n{indent}    "
        for s in self.by_subject:
            if s in self.inline:
                continue
            po = sep.join(self._predicate_objects(s, 0))
            if isinstance(s, ox.BlankNode) and s not in self.referenced:
                blocks.append((1, f"{indent}[ {po} ] .\n"))  # an anonymous top-level node
            else:
                blocks.append((isinstance(s, ox.BlankNode), f"{indent}{self.term(s)} {po} .\n"))
        return "\n".join(text for _, text in sorted(blocks))


def _prefix_header() -> str:
    return "".join(f"@prefix {p}: <{ns}> .\n" for p, ns in PREFIXES.items()) + "\n"


def _nt_term(term: Term) -> str:
    if isinstance(term, ox.NamedNode):
        return f"<{term.value}>"
    if isinstance(term, ox.Literal):
        return _literal(term, turtle=False)
    return f"_:{term.value}"


def _dedupe(quads: Iterable[ox.Quad]) -> list[Triple]:
    return list({(q.subject, q.predicate, q.object) for q in quads})


def serialize(store: ox.Store, fmt: str, graphs: list[str] | None = None) -> bytes:
    """Serialise the named ``graphs`` (default: every named graph) of ``store`` in ``fmt``."""
    names = graphs if graphs is not None else sorted(g.value for g in store.named_graphs())

    def quads_of(name: str) -> list[ox.Quad]:
        return graph_quads(store, name)

    if fmt == "turtle":
        triples = _dedupe(q for name in names for q in quads_of(name))
        return (_prefix_header() + _TurtleWriter(triples).body()).encode("utf-8")
    if fmt == "trig":
        parts = [_prefix_header()]
        for name in names:
            writer = _TurtleWriter((q.subject, q.predicate, q.object) for q in quads_of(name))
            parts.append(f"{_qname(name)} {{\n{writer.body('    ')}}}\n\n")
        return "".join(parts).encode("utf-8")
    if fmt in ("ntriples", "nquads"):
        lines = set()
        for name in names:
            for q in quads_of(name):
                g = f" <{name}>" if fmt == "nquads" else ""
                terms = (_nt_term(q.subject), _nt_term(q.predicate), _nt_term(q.object))
                lines.add(" ".join(terms) + f"{g} .\n")
        return "".join(sorted(lines)).encode("utf-8")
    if fmt == "annotations":
        return annotation_collection(store, names)
    if fmt in ("jsonld", "rdfxml"):
        import rdflib

        graph = rdflib.Graph()
        for name in names:
            triples = [ox.Triple(q.subject, q.predicate, q.object) for q in quads_of(name)]
            graph.parse(data=ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES), format="nt")
        for prefix, namespace in PREFIXES.items():
            graph.bind(prefix, namespace, replace=True)
        if fmt == "jsonld":
            return graph.serialize(format="json-ld", context=dict(PREFIXES), auto_compact=True,
                                   ensure_ascii=False, indent=1).encode("utf-8")
        refuse_xml_illegal(graph)
        return graph.serialize(format="xml").encode("utf-8")
    raise ValueError(f"unknown export format {fmt!r}")


#: Characters XML 1.0 cannot carry, not even as character references.
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def refuse_xml_illegal(graph) -> None:
    """:class:`UsageError` naming the first literal RDF/XML cannot hold (the texts keep every
    character as the file has it: KR1d0026 卷一 holds a U+0001)."""
    for s, p, o in graph:
        found = _XML_ILLEGAL.search(str(o))
        if found:
            raise UsageError(f"RDF/XML (XML 1.0) cannot carry U+{ord(found.group()):04X}, which "
                             f"<{s}> has in <{p}>; export turtle, trig, nquads or jsonld instead")


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file in the same directory and a rename."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent or ".", prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


_ANNOTATIONS_QUERY = sparql_prefixes("oa", "dcterms", "as") + """
SELECT ?a ?body ?motivation ?created ?generator ?t ?source ?p ?start ?end ?q ?exact WHERE {
  GRAPH ?g { ?a a oa:Annotation ; oa:hasBody ?body ; oa:motivatedBy ?motivation ;
                dcterms:created ?created ; as:generator ?generator ; oa:hasTarget ?t .
             ?t oa:hasSource ?source ; oa:hasSelector ?p , ?q .
             ?p a oa:TextPositionSelector ; oa:start ?start ; oa:end ?end .
             ?q a oa:TextQuoteSelector ; oa:exact ?exact . }
  VALUES ?g { %s }
} ORDER BY ?a
"""


def annotation_collection(store: ox.Store, graphs: list[str]) -> bytes:
    """The Web Annotations of ``graphs`` as one ``AnnotationCollection`` in the official
    JSON-LD form (``anno.jsonld`` context): what annotation clients read.

    Written from one SPARQL query rather than by framing the RDF with a JSON-LD processor,
    which takes minutes for the whole book's 300k annotations; the test reads the result back
    with the official context and compares it with the store."""
    import json

    rows = store.query(_ANNOTATIONS_QUERY % " ".join(f"<{g}>" for g in graphs))
    oa = PREFIXES["oa"]
    items = [{
        "id": r["a"].value, "type": "Annotation",
        "motivation": r["motivation"].value.removeprefix(oa),
        "created": r["created"].value, "generator": r["generator"].value,
        "body": r["body"].value,
        "target": {"id": r["t"].value, "type": "SpecificResource", "source": r["source"].value,
                   "selector": [
                       {"id": r["p"].value, "type": "TextPositionSelector",
                        "start": int(r["start"].value), "end": int(r["end"].value)},
                       {"id": r["q"].value, "type": "TextQuoteSelector",
                        "exact": r["exact"].value}]},
    } for r in rows]
    collection = f"{DATASET_GRAPH}/annotations"
    document = {
        "@context": ANNO_CONTEXT, "id": collection, "type": "AnnotationCollection",
        "label": "ritegraph: the evidence of every mention and step", "total": len(items),
        "first": {"id": f"{collection}/page1", "type": "AnnotationPage", "partOf": collection,
                  "startIndex": 0, "items": items},
    }
    return json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8")
