"""The validation report of ``ritegraph validate`` as text, JSON and a SHACL report in Turtle.

All three list every result, whatever ``--severity`` says (the threshold decides the verdict
and the exit code, not what is shown), each with the terms of a SHACL validation result:
``sh:focusNode``, ``sh:resultPath``, ``sh:value`` (an IRI stays an IRI, a literal keeps its
datatype or language), ``sh:sourceShape``, ``sh:sourceConstraintComponent``,
``sh:resultSeverity`` and the language-tagged ``sh:resultMessage``.

A blank source shape (a property shape) or blank result path is labelled by a hash of its
content, so the labels are the same in every run; in Turtle its description is copied from
the shapes graph, as SHACL engines do. The Turtle report's ``sh:conforms`` is SHACL's (no
result at all); the JSON ``conforms`` is the verdict at the chosen severity.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from typing import TYPE_CHECKING

import pyoxigraph as ox
import rdflib
from rdflib import BNode, Graph, Literal, URIRef
from rdflib.compare import to_canonical_graph
from rdflib.namespace import SH
from rdflib.term import Node

from .query import term_to_json
from .shaclsparql import Result
from .vocab import PREFIXES

if TYPE_CHECKING:
    from .validate import FocusContext, Report

_RANK = {"Info": 0, "Warning": 1, "Violation": 2}
SHAPES_NS = "https://w3id.org/ritegraph/shapes#"


class _Labels:
    """Stable labels for the blank nodes of the shapes graph that a report names."""

    def __init__(self, shapes: Graph) -> None:
        self.shapes = shapes
        self.cache: dict[Node, BNode] = {}

    def __call__(self, node: Node) -> Node:
        if not isinstance(node, BNode):
            return node
        if node not in self.cache:
            canonical = to_canonical_graph(self.shapes.cbd(node))
            digest = hashlib.sha1("".join(sorted(
                " ".join(t.n3() for t in triple) for triple in canonical)).encode()).hexdigest()
            self.cache[node] = BNode("s" + digest[:12])
        return self.cache[node]


def _short(iri: str) -> str:
    return iri.replace("https://w3id.org/ritegraph/", "").replace("shapes#", "")


def _n3(term: Node, graph: Graph) -> str:
    return term.n3(graph.namespace_manager)


def _namespaces() -> Graph:
    graph = Graph()
    for prefix, namespace in PREFIXES.items():
        graph.bind(prefix, namespace, replace=True)
    graph.bind("rgsh", SHAPES_NS)
    graph.bind("sh", SH)
    return graph


def _message(result: Result) -> str:
    return " / ".join(result.messages) if result.messages else result.component


def _source(result: Result, labels: _Labels, graph: Graph) -> str:
    source = result.source_shape
    if source is None or isinstance(source, URIRef):
        return _short(str(source or result.shape))
    return f"{_n3(labels(source), graph)} (a property shape of {_short(result.shape)})"


def render_text(report: Report, limit: int = 20) -> str:
    """A grouped, readable report: per shape its severity and count, then each result with
    its focus node (label, file:offset, quote), message, path, value and constraint."""
    from .validate import FocusContext

    lines = []
    labels, names = _Labels(report.shapes_graph), _namespaces()
    groups: dict[tuple[str, str], list[Result]] = defaultdict(list)
    for r in report.results:
        groups[(r.severity, r.shape)].append(r)
    for (severity, shape), results in sorted(groups.items(),
                                             key=lambda kv: (-_RANK[kv[0][0]], kv[0][1])):
        lines.append(f"{severity}  {_short(shape)}  ({len(results)})")
        for r in results[:limit]:
            ctx = report.contexts.get(str(r.focus), FocusContext())
            where = f"{ctx.file}:{ctx.offset}" if ctx.file else "-"
            quote = (ctx.quote or "").replace("\n", " ")
            quote = quote if len(quote) <= 30 else quote[:30] + "…"
            label = f" {ctx.label}" if ctx.label else ""
            lines.append(f"  {_short(str(r.focus))}{label}  {where}  「{quote}」")
            lines.append(f"    {_message(r)}")
            facts = [r.component.removesuffix("ConstraintComponent")]
            if r.path is not None:
                facts.append(f"path {_n3(labels(r.path), names)}")
            if r.value is not None:
                facts.append(f"value {_n3(r.value, names)}")
            facts.append(f"source {_source(r, labels, names)}")
            lines.append(f"    {' · '.join(facts)}")
        if len(results) > limit:
            lines.append(f"  … and {len(results) - limit} more")
    counts = report.counts()
    verdict = "conforms" if report.conforms else "does not conform"
    lines.append(f"{report.triples} triples, {report.shapes} shapes: "
                 f"{counts['Violation']} violations, {counts['Warning']} warnings, "
                 f"{counts['Info']} infos; {verdict} at severity {report.severity.lower()} "
                 f"({sum(report.seconds.values()):.2f} s)")
    for rite, c in sorted(report.per_rite().items()):
        lines.append(f"  {rite}: {c['Violation']} violations, {c['Warning']} warnings")
    return "\n".join(lines) + "\n"


def _json_term(term: Node | None) -> dict[str, str] | None:
    """A term in the SPARQL 1.1 results JSON form (``type``, ``value``, ``xml:lang`` …)."""
    if term is None:
        return None
    if isinstance(term, URIRef):
        return term_to_json(ox.NamedNode(str(term)))
    if isinstance(term, BNode):
        return term_to_json(ox.BlankNode(str(term)))
    if term.language:
        return term_to_json(ox.Literal(str(term), language=term.language))
    return term_to_json(ox.Literal(str(term), datatype=ox.NamedNode(
        str(term.datatype or rdflib.XSD.string))))


def render_json(report: Report) -> str:
    """Every result (as the text lists them), its terms in the SPARQL results JSON form."""
    from .validate import FocusContext

    labels = _Labels(report.shapes_graph)
    results = []
    for r in report.results:
        ctx: FocusContext = report.contexts.get(str(r.focus), FocusContext())
        results.append({
            "shape": r.shape, "severity": r.severity, "focus": _json_term(r.focus),
            "component": r.component,
            "source_shape": _json_term(labels(r.source_shape) if r.source_shape else None),
            "path": r.path_sparql, "result_path": _json_term(labels(r.path) if r.path else None),
            "value": _json_term(r.value), "messages": [_json_term(m) for m in r.messages],
            "label": ctx.label, "quote": ctx.quote, "file": ctx.file, "offset": ctx.offset,
            "rite": ctx.rite})
    return json.dumps({"conforms": report.conforms, "severity": report.severity,
                       "shapes": report.shapes, "triples": report.triples,
                       "counts": dict(report.counts()), "seconds": report.seconds,
                       "results": results}, ensure_ascii=False, indent=1) + "\n"


def _copy_description(graph: Graph, shapes: Graph, node: Node, label: Node) -> None:
    """The shapes graph's description of a blank node, under its stable label."""
    for s, p, o in shapes.cbd(node):
        graph.add((label if s == node else s, p, label if o == node else o))


def render_turtle(report: Report) -> str:
    """A SHACL validation report (sh:ValidationReport) in Turtle, every result in it."""
    g = _namespaces()
    shapes = report.shapes_graph
    labels = _Labels(shapes)
    root = BNode("report")
    g.add((root, rdflib.RDF.type, SH.ValidationReport))
    g.add((root, SH.conforms, Literal(not report.results)))
    for i, r in enumerate(report.results, 1):
        node = BNode(f"r{i}")
        g.add((root, SH.result, node))
        g.add((node, rdflib.RDF.type, SH.ValidationResult))
        g.add((node, SH.focusNode, r.focus))
        g.add((node, SH.resultSeverity, SH[r.severity]))
        g.add((node, SH.sourceConstraintComponent, SH[r.component]))
        for prop, term in ((SH.sourceShape, r.source_shape or URIRef(r.shape)),
                           (SH.resultPath, r.path)):
            if term is None:
                continue
            g.add((node, prop, labels(term)))
            if isinstance(term, BNode):
                _copy_description(g, shapes, term, labels(term))
        if r.value is not None:
            g.add((node, SH.value, r.value))
        for m in r.messages:
            g.add((node, SH.resultMessage, m))
    return g.serialize(format="turtle")


RENDERERS = {"text": render_text, "json": render_json, "turtle": render_turtle}
