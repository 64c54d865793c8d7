"""SHACL shapes evaluated as whole-graph SPARQL queries on Oxigraph.

pyshacl checks each focus node in Python against rdflib's store: on the seed graph (~280k
triples) loading the graph into rdflib alone takes 6–9 s and validation several times that.
Here each constraint of a named node shape becomes one SPARQL SELECT over all its focus nodes,
answered by Oxigraph in milliseconds, with the same results as pyshacl (tests compare the two
on every shape fixture). Supported: targets sh:targetClass (with the ontology's subclasses) and
sh:targetNode; paths (predicate, sequence, inverse, alternative, zero-or-more/one-or-more);
the SHACL-core components the ritegraph shapes use (counts, value type, value range, string,
language, property-pair, logical, shape-based, sh:hasValue, sh:in, qualified counts) and
SPARQL-based constraints (sh:sparql, whose query must itself state the target).
An unsupported component raises :class:`UnsupportedShape` rather than being skipped.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from rdflib import RDF, RDFS, BNode, Graph, Literal, URIRef
from rdflib.collection import Collection
from rdflib.namespace import SH
from rdflib.term import Node


class UnsupportedShape(ValueError):
    """A shape uses a SHACL feature this evaluator does not implement."""


@dataclass(frozen=True)
class Result:
    """One validation result, engine-independent, with the terms of a SHACL report."""

    shape: str  # IRI of the named node shape the result belongs to (for grouping)
    focus: Node  # sh:focusNode (URIRef or BNode of the data)
    component: str  # local name, e.g. "MinCountConstraintComponent"
    severity: str  # "Violation" | "Warning" | "Info"
    source_shape: Node | None = None  # sh:sourceShape: the named shape, or its property shape
    path: Node | None = None  # sh:resultPath: the path node of the shapes graph
    path_sparql: str | None = None  # the same path as a SPARQL property path
    value: Node | None = None  # sh:value: the value node as it is (IRI, literal, blank node)
    messages: tuple[Literal, ...] = ()  # sh:resultMessage, language-tagged

    @property
    def key(self) -> tuple:
        """What identifies the result across engines (messages may differ)."""
        return (self.source_shape, self.focus, self.component, self.severity, self.path,
                self.value)


#: Parameters handled per property shape / node shape; anything else with the sh: prefix that
#: is not descriptive is unsupported.
_DESCRIPTIVE = {SH.name, SH.description, SH.message, SH.severity, SH.order, SH.group,
                SH.path, SH.property, SH.targetClass, SH.targetNode, SH.deactivated,
                SH.defaultValue, SH.sparql, SH.prefixes, SH.declare}


def _local(iri: Node) -> str:
    text = str(iri)
    return text.rsplit("#", 1)[-1].rsplit("/", 1)[-1]


def _term(node: Node) -> str:
    if isinstance(node, URIRef | Literal):
        return node.n3()
    raise UnsupportedShape(f"blank node {node} used as a value in a shape")


@dataclass
class _Fresh:
    counter: itertools.count = field(default_factory=lambda: itertools.count(1))

    def __call__(self, stem: str = "v") -> str:
        return f"?_{stem}{next(self.counter)}"


class ShapeCompiler:
    """Compiles the shapes of a shapes graph into SPARQL queries.

    ``schema`` holds the ontology's ``rdfs:subClassOf`` links: ``sh:class`` and
    ``sh:targetClass`` accept instances of subclasses, as pyshacl does when the links are in
    the data graph.
    """

    def __init__(self, shapes: Graph, schema: Graph | None = None) -> None:
        self.shapes = shapes
        self.schema = schema if schema is not None else Graph()
        self.fresh = _Fresh()

    # -- helpers ------------------------------------------------------------------------------

    def _list(self, node: Node) -> list[Node]:
        return list(Collection(self.shapes, node))

    def _one(self, shape: Node, prop: URIRef) -> Node | None:
        return self.shapes.value(shape, prop)

    def subclasses(self, cls: Node) -> list[Node]:
        found = {cls}
        for graph in (self.schema, self.shapes):
            found.update(graph.transitive_subjects(RDFS.subClassOf, cls))
        return sorted(found, key=str)

    def path(self, node: Node) -> str:
        """SPARQL property path for a SHACL path node."""
        if isinstance(node, URIRef):
            return node.n3()
        if (node, RDF.first, None) in self.shapes:
            return "(" + "/".join(self.path(p) for p in self._list(node)) + ")"
        if (inverse := self._one(node, SH.inversePath)) is not None:
            return "^" + self.path(inverse)
        if (alternatives := self._one(node, SH.alternativePath)) is not None:
            return "(" + "|".join(self.path(p) for p in self._list(alternatives)) + ")"
        for prop, mark in ((SH.zeroOrMorePath, "*"), (SH.oneOrMorePath, "+"),
                           (SH.zeroOrOnePath, "?")):
            if (inner := self._one(node, prop)) is not None:
                return "(" + self.path(inner) + ")" + mark
        raise UnsupportedShape(f"unsupported path {node}")

    def hop(self, node: Node) -> Callable[[str, str], str]:
        """A builder of the graph pattern ``subject PATH object``.

        Sequences of predicates become chains of triple patterns through fresh variables
        (Oxigraph evaluates those far faster than a sequence property path inside EXISTS).
        """
        if (node, RDF.first, None) in self.shapes and all(
                isinstance(p, URIRef) for p in self._list(node)):
            steps = [p.n3() for p in self._list(node)]

            def chain(subject: str, obj: str) -> str:
                nodes = [subject] + [self.fresh("h") for _ in steps[:-1]] + [obj]
                hops = zip(nodes, steps, nodes[1:], strict=False)
                return " . ".join(f"{a} {p} {b}" for a, p, b in hops)
            return chain
        path = self.path(node)
        return lambda subject, obj: f"{subject} {path} {obj}"

    def target(self, shape: Node, var: str = "?this") -> str | None:
        """A graph pattern binding ``var`` to every focus node of ``shape`` (None: no target)."""
        parts = []
        for cls in self.shapes.objects(shape, SH.targetClass):
            t = self.fresh("t")
            values = " ".join(_term(c) for c in self.subclasses(cls))
            parts.append(f"{{ {var} a {t} . VALUES {t} {{ {values} }} }}")
        nodes = [_term(n) for n in self.shapes.objects(shape, SH.targetNode)]
        if nodes:
            parts.append(f"{{ VALUES {var} {{ {' '.join(nodes)} }} }}")
        if not parts:
            return None
        return " UNION ".join(parts)

    # -- conformance expressions (for value nodes of nested shapes) ----------------------------

    def value_checks(self, shape: Node) -> list[tuple[str, Callable[[str], str]]]:
        """(component, expression builder) for each node-level constraint of ``shape``.

        Each expression is false, never an error, when the value cannot be compared (SHACL:
        an incomparable value is a violation; in SPARQL an error would silently drop it).
        """
        return [(component, lambda v, build=build: f"COALESCE({build(v)}, false)")
                for component, build in self._value_checks(shape)]

    def _value_checks(self, shape: Node) -> list[tuple[str, Callable[[str], str]]]:
        checks: list[tuple[str, Callable[[str], str]]] = []
        for param, component, make in _VALUE_PARAMETERS:
            for obj in self.shapes.objects(shape, param):
                build = make(self, obj, shape)
                if build is not None:
                    checks.append((component + "ConstraintComponent", build))
        return checks

    def _class_check(self, cls: Node, _shape: Node) -> Callable[[str], str]:
        values = ", ".join(_term(c) for c in self.subclasses(cls))

        def check(v: str) -> str:
            t = self.fresh("c")
            return f"EXISTS {{ {v} a {t} . FILTER({t} IN ({values})) }}"
        return check

    def _in_check(self, lst: Node, _shape: Node) -> Callable[[str], str]:
        members = self._list(lst)
        return lambda v: ("(" + " || ".join(f"sameTerm({v}, {_term(m)})" for m in members)
                          + ")") if members else "false"

    def _has_value_check(self, value: Node, shape: Node) -> Callable[[str], str] | None:
        if (shape, SH.path, None) in self.shapes:
            return None  # on a property shape: a focus-level check (property_checks)
        return lambda v: f"sameTerm({v}, {_term(value)})"

    def _language_check(self, lst: Node, _shape: Node) -> Callable[[str], str]:
        tags = [str(t) for t in self._list(lst)]
        return lambda v: f"(isLiteral({v}) && (" + " || ".join(
            f'langMatches(lang({v}), "{t}")' for t in tags) + "))"

    def _pattern_check(self, pattern: Node, shape: Node) -> Callable[[str], str]:
        flags = self.shapes.value(shape, SH.flags)
        extra = f", {Literal(str(flags)).n3()}" if flags else ""
        return lambda v: f"(!isBlank({v}) && REGEX(STR({v}), {Literal(str(pattern)).n3()}{extra}))"

    def conforms(self, shape: Node, var: str) -> str:
        """A SPARQL boolean expression: ``var`` conforms to ``shape``."""
        self._check_supported(shape)
        parts = []
        if (shape, SH.path, None) in self.shapes:
            parts.extend(expr for _, expr in self.property_checks(shape, var))
        else:
            parts.extend(build(var) for _, build in self.value_checks(shape))
            for prop_shape in self.shapes.objects(shape, SH.property):
                parts.extend(expr for _, expr in self.property_checks(prop_shape, var))
        return "(" + " && ".join(parts) + ")" if parts else "true"

    def property_checks(self, shape: Node, var: str) -> list[tuple[str, str]]:
        """(component, expression) for each constraint of a property shape on focus ``var``."""
        self._check_supported(shape)
        hop = self.hop(self._one(shape, SH.path))
        g = self.shapes
        out: list[tuple[str, str]] = []
        for component, build in self.value_checks(shape):
            v = self.fresh()
            out.append((component, f"NOT EXISTS {{ {hop(var, v)} . FILTER(!({build(v)})) }}"))
        for value in g.objects(shape, SH.hasValue):
            out.append(("HasValueConstraintComponent",
                        f"EXISTS {{ {hop(var, _term(value))} }}"))
        if (n := g.value(shape, SH.minCount)) is not None and int(n) > 0:
            out.append(("MinCountConstraintComponent", self._at_least(var, hop, int(n))))
        if (n := g.value(shape, SH.maxCount)) is not None:
            out.append(("MaxCountConstraintComponent",
                        f"!({self._at_least(var, hop, int(n) + 1)})"))
        for other in g.objects(shape, SH.disjoint):
            v = self.fresh()
            out.append(("DisjointConstraintComponent",
                        f"NOT EXISTS {{ {hop(var, v)} . {var} {_term(other)} {v} }}"))
        for other, op, comp in self._pair_comparisons(shape):
            v, w = self.fresh(), self.fresh()
            out.append((comp, f"NOT EXISTS {{ {hop(var, v)} . {var} {_term(other)} {w} . "
                              f"FILTER(!({v} {op} {w})) }}"))
        return out

    def _pair_comparisons(self, shape: Node) -> Iterator[tuple[Node, str, str]]:
        for other in self.shapes.objects(shape, SH.lessThan):
            yield other, "<", "LessThanConstraintComponent"
        for other in self.shapes.objects(shape, SH.lessThanOrEquals):
            yield other, "<=", "LessThanOrEqualsConstraintComponent"

    def _at_least(self, var: str, hop: Callable[[str, str], str], n: int,
                  condition: str | None = None) -> str:
        """``var`` has at least ``n`` distinct values on ``path`` (satisfying ``condition``,
        an expression over ``?_q``)."""
        values = [self.fresh() for _ in range(n)]
        tests = [f"!sameTerm({a}, {b})" for a, b in itertools.combinations(values, 2)]
        if condition is not None:
            tests += [condition.replace("?_q", v) for v in values]
        pattern = " . ".join(hop(var, v) for v in values)
        where = f" FILTER({' && '.join(tests)})" if tests else ""
        return f"EXISTS {{ {pattern} .{where} }}"

    def _check_supported(self, shape: Node) -> None:
        supported = _DESCRIPTIVE | {
            SH["class"], SH.datatype, SH.nodeKind, SH["in"], SH.hasValue, SH.languageIn,
            SH.minInclusive, SH.maxInclusive, SH.minExclusive, SH.maxExclusive, SH.minLength,
            SH.maxLength, SH.pattern, SH.flags, SH["or"], SH["and"], SH.xone, SH["not"],
            SH.node, SH.minCount, SH.maxCount, SH.disjoint, SH.lessThan, SH.lessThanOrEquals,
            SH.uniqueLang, SH.qualifiedValueShape, SH.qualifiedMinCount, SH.qualifiedMaxCount}
        for prop in self.shapes.predicates(shape, None):
            if str(prop).startswith(str(SH)) and prop not in supported:
                raise UnsupportedShape(f"{shape}: {prop} is not supported")

    # -- result queries for a named node shape ------------------------------------------------

    def screen(self, shape: Node) -> str | None:
        """One query listing the focus nodes of ``shape`` that fail any of its core constraints
        (None: no target or no core constraint). Detail queries then run on those only."""
        target = self.target(shape)
        if target is None:
            return None
        self._check_supported(shape)
        parts = [build("?this") for _, build in self.value_checks(shape)]
        for prop_shape in self.shapes.objects(shape, SH.property):
            parts.extend(expr for _, expr in self.property_checks(prop_shape, "?this"))
            parts.extend(self._extra_property_checks(prop_shape, "?this"))
        if not parts:
            return None
        return f"SELECT DISTINCT ?this WHERE {{ {target} FILTER(!({' && '.join(parts)})) }}"

    def _extra_property_checks(self, shape: Node, var: str) -> list[str]:
        """Focus-level forms of the components only result queries handle otherwise."""
        g = self.shapes
        hop = self.hop(self._one(shape, SH.path))
        out = []
        qualified = self._one(shape, SH.qualifiedValueShape)
        if qualified is not None:
            condition = self.conforms(qualified, "?_q")
            if (low := g.value(shape, SH.qualifiedMinCount)) is not None and int(low) > 0:
                out.append(self._at_least(var, hop, int(low), condition))
            if (high := g.value(shape, SH.qualifiedMaxCount)) is not None:
                out.append(f"!({self._at_least(var, hop, int(high) + 1, condition)})")
        if g.value(shape, SH.uniqueLang) == Literal(True):
            a, b = self.fresh(), self.fresh()
            out.append(f"NOT EXISTS {{ {hop(var, a)} . {hop(var, b)} . FILTER(!sameTerm({a}, {b}) "
                       f"&& lang({a}) != \"\" && LCASE(lang({a})) = LCASE(lang({b}))) }}")
        return out

    def queries(self, shape: Node, focus: list[str] | None = None) -> list[tuple[dict, str]]:
        """(metadata, SELECT query) pairs; each solution of a query is one result.

        The queries bind ``?this`` (focus node) and optionally ``?value``. With ``focus``
        (SPARQL terms), only those focus nodes are checked.
        """
        target = self.target(shape)
        if target is None:
            return []
        if focus is not None:
            target = f"{{ {target} }} VALUES ?this {{ {' '.join(focus)} }}"
        self._check_supported(shape)
        severity = self._one(shape, SH.severity) or SH.Violation
        out: list[tuple[dict, str]] = []
        messages = tuple(self.shapes.objects(shape, SH.message))
        for component, build in self.value_checks(shape):
            meta = {"component": component, "severity": severity, "messages": messages,
                    "value_is_focus": True, "source_shape": shape}
            query = f"SELECT DISTINCT ?this WHERE {{ {target} FILTER(!({build('?this')})) }}"
            out.append((meta, query))
        for prop_shape in self.shapes.objects(shape, SH.property):
            out.extend(self._property_queries(prop_shape, target))
        return out

    def _property_queries(self, shape: Node, target: str) -> list[tuple[dict, str]]:
        self._check_supported(shape)
        g = self.shapes
        path_node = self._one(shape, SH.path)
        path = self.path(path_node)
        base = {"severity": self._one(shape, SH.severity) or SH.Violation,
                "messages": tuple(g.objects(shape, SH.message)), "path": path,
                "path_node": path_node, "source_shape": shape}
        out: list[tuple[dict, str]] = []
        for component, build in self.value_checks(shape):
            out.append(({**base, "component": component},
                        f"SELECT DISTINCT ?this ?value WHERE {{ {target} ?this {path} ?value . "
                        f"FILTER(!({build('?value')})) }}"))
        for value in g.objects(shape, SH.hasValue):
            out.append(({**base, "component": "HasValueConstraintComponent"},
                        f"SELECT DISTINCT ?this WHERE {{ {target} "
                        f"FILTER NOT EXISTS {{ ?this {path} {_term(value)} }} }}"))
        low, high = g.value(shape, SH.minCount), g.value(shape, SH.maxCount)
        for bound, comp, test in ((low, "MinCountConstraintComponent", "<"),
                                  (high, "MaxCountConstraintComponent", ">")):
            if bound is not None and not (comp.startswith("Min") and int(bound) == 0):
                out.append(({**base, "component": comp},
                            self._count_query(target, path, f"?n {test} {int(bound)}")))
        qualified = self._one(shape, SH.qualifiedValueShape)
        if qualified is not None:
            condition = self.conforms(qualified, "?value")
            for prop, comp, test in ((SH.qualifiedMinCount, "QualifiedMinCount", "<"),
                                     (SH.qualifiedMaxCount, "QualifiedMaxCount", ">")):
                if (bound := g.value(shape, prop)) is not None:
                    out.append(({**base, "component": comp + "ConstraintComponent"},
                                self._count_query(target, path, f"?n {test} {int(bound)}",
                                                  condition)))
        if g.value(shape, SH.uniqueLang) == Literal(True):
            out.append(({**base, "component": "UniqueLangConstraintComponent"},
                        f"SELECT DISTINCT ?this WHERE {{ {target} ?this {path} ?a , ?b . "
                        "FILTER(!sameTerm(?a, ?b) && lang(?a) != \"\" "
                        "&& LCASE(lang(?a)) = LCASE(lang(?b))) }"))
        for other in g.objects(shape, SH.disjoint):
            out.append(({**base, "component": "DisjointConstraintComponent"},
                        f"SELECT DISTINCT ?this ?value WHERE {{ {target} ?this {path} ?value . "
                        f"?this {_term(other)} ?value }}"))
        for other, op, comp in self._pair_comparisons(shape):
            out.append(({**base, "component": comp},
                        f"SELECT DISTINCT ?this ?value WHERE {{ {target} ?this {path} ?value . "
                        f"?this {_term(other)} ?w . FILTER(!(?value {op} ?w)) }}"))
        return out

    @staticmethod
    def _count_query(target: str, path: str, having: str, condition: str | None = None) -> str:
        inner = f"?this {path} ?value ." + (f" FILTER({condition})" if condition else "")
        having = having.replace("?n", "COUNT(DISTINCT ?value)")  # an alias is unbound in HAVING
        return (f"SELECT ?this (COUNT(DISTINCT ?value) AS ?n) WHERE {{ {target} "
                f"OPTIONAL {{ {inner} }} }} GROUP BY ?this HAVING({having})")

    def sparql_constraints(self, shape: Node) -> list[tuple[dict, str]]:
        """The shape's sh:sparql constraints as (metadata, whole-graph query) pairs."""
        out = []
        severity = self._one(shape, SH.severity) or SH.Violation
        for constraint in self.shapes.objects(shape, SH.sparql):
            select = self._one(constraint, SH.select)
            if select is None:
                raise UnsupportedShape(f"{shape}: only sh:select SPARQL constraints are supported")
            prefixes = "".join(
                f"PREFIX {d_prefix}: <{d_ns}>\n"
                for source in self.shapes.objects(constraint, SH.prefixes)
                for decl in self.shapes.objects(source, SH.declare)
                for d_prefix, d_ns in [(self._one(decl, SH.prefix), self._one(decl, SH.namespace))])
            messages = tuple(self.shapes.objects(constraint, SH.message)) or \
                tuple(self.shapes.objects(shape, SH.message))
            meta = {"component": "SPARQLConstraintComponent", "severity": severity,
                    "messages": messages, "template": True, "source_shape": shape,
                    "value_is_focus": True}  # a node shape: ?value unbound is the focus node
            out.append((meta, prefixes + str(select)))
        return out


def _node_kind(v: str, kind: Node) -> str:
    tests = {SH.IRI: f"isIRI({v})", SH.BlankNode: f"isBlank({v})", SH.Literal: f"isLiteral({v})",
             SH.BlankNodeOrIRI: f"(isBlank({v}) || isIRI({v}))",
             SH.BlankNodeOrLiteral: f"(isBlank({v}) || isLiteral({v}))",
             SH.IRIOrLiteral: f"(isIRI({v}) || isLiteral({v}))"}
    if kind not in tests:
        raise UnsupportedShape(f"unknown node kind {kind}")
    return tests[kind]


def _compare(op: str) -> Callable[[ShapeCompiler, Node, Node], Callable[[str], str]]:
    return lambda _c, bound, _s: lambda v: f"({v} {op} {_term(bound)})"


def _logical(joiner: str) -> Callable[[ShapeCompiler, Node, Node], Callable[[str], str]]:
    """sh:or / sh:and (joined with ``joiner``) or sh:xone (``"xone"``: exactly one conforms)."""
    def make(compiler: ShapeCompiler, lst: Node, _shape: Node) -> Callable[[str], str]:
        members = compiler._list(lst)
        if joiner == "xone":
            return lambda v: "((" + " + ".join(
                f"IF({compiler.conforms(s, v)}, 1, 0)" for s in members) + ") = 1)"
        return lambda v: "(" + joiner.join(compiler.conforms(s, v) for s in members) + ")"
    return make


def _length(op: str) -> Callable[[ShapeCompiler, Node, Node], Callable[[str], str]]:
    return lambda _c, bound, _s: lambda v: f"(!isBlank({v}) && STRLEN(STR({v})) {op} {int(bound)})"


#: The node-level constraint parameters: (parameter, component without the
#: "ConstraintComponent" suffix, factory of the SPARQL expression builder for one value).
_VALUE_PARAMETERS: tuple[tuple[URIRef, str, Callable], ...] = (
    (SH["class"], "Class", ShapeCompiler._class_check),
    (SH.datatype, "Datatype",
     lambda _c, dt, _s: lambda v: f"(isLiteral({v}) && datatype({v}) = {_term(dt)})"),
    (SH.nodeKind, "NodeKind", lambda _c, kind, _s: lambda v: _node_kind(v, kind)),
    (SH["in"], "In", ShapeCompiler._in_check),
    (SH.hasValue, "HasValue", ShapeCompiler._has_value_check),
    (SH.languageIn, "LanguageIn", ShapeCompiler._language_check),
    (SH.minInclusive, "MinInclusive", _compare(">=")),
    (SH.maxInclusive, "MaxInclusive", _compare("<=")),
    (SH.minExclusive, "MinExclusive", _compare(">")),
    (SH.maxExclusive, "MaxExclusive", _compare("<")),
    (SH.minLength, "MinLength", _length(">=")),
    (SH.maxLength, "MaxLength", _length("<=")),
    (SH.pattern, "Pattern", ShapeCompiler._pattern_check),
    (SH["or"], "Or", _logical(" || ")),
    (SH["and"], "And", _logical(" && ")),
    (SH.xone, "Xone", _logical("xone")),
    (SH["not"], "Not", lambda c, inner, _s: lambda v: f"!({c.conforms(inner, v)})"),
    (SH.node, "Node", lambda c, inner, _s: lambda v: c.conforms(inner, v)),
)


def named_node_shapes(shapes: Graph) -> list[Node]:
    """Node shapes with a target, in a stable order."""
    found = {s for s in shapes.subjects(RDF.type, SH.NodeShape)}
    found.update(s for p in (SH.targetClass, SH.targetNode) for s in shapes.subjects(p, None))
    return sorted((s for s in found if not isinstance(s, BNode)), key=str)
