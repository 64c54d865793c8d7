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
    """One validation result, engine-independent."""

    shape: str  # IRI of the named node shape the result belongs to
    focus: str  # focus node (IRI, or blank-node label)
    component: str  # e.g. "MinCountConstraintComponent", "SPARQLConstraintComponent"
    severity: str  # "Violation" | "Warning" | "Info"
    path: str | None = None  # SPARQL form of the result path, if any
    value: str | None = None  # lexical form of the value node, if any
    messages: tuple[str, ...] = ()

    @property
    def key(self) -> tuple:
        """What identifies the result across engines (messages may differ)."""
        return (self.shape, self.focus, self.component, self.path, self.value)


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
        g = self.shapes
        for cls in g.objects(shape, SH["class"]):
            values = ", ".join(_term(c) for c in self.subclasses(cls))

            def class_check(v: str, values: str = values) -> str:
                t = self.fresh("c")
                return f"EXISTS {{ {v} a {t} . FILTER({t} IN ({values})) }}"
            checks.append(("ClassConstraintComponent", class_check))
        for dt in g.objects(shape, SH.datatype):
            checks.append(("DatatypeConstraintComponent",
                           lambda v, dt=dt: f"(isLiteral({v}) && datatype({v}) = {_term(dt)})"))
        for kind in g.objects(shape, SH.nodeKind):
            checks.append(("NodeKindConstraintComponent", lambda v, k=kind: _node_kind(v, k)))
        for lst in g.objects(shape, SH["in"]):
            members = self._list(lst)

            def in_check(v: str, members: list[Node] = members) -> str:
                return "(" + " || ".join(f"sameTerm({v}, {_term(m)})" for m in members) + ")" \
                    if members else "false"
            checks.append(("InConstraintComponent", in_check))
        if (shape, SH.path, None) not in g:
            for value in g.objects(shape, SH.hasValue):
                checks.append(("HasValueConstraintComponent",
                               lambda v, x=value: f"sameTerm({v}, {_term(x)})"))
        for lst in g.objects(shape, SH.languageIn):
            tags = [str(t) for t in self._list(lst)]
            checks.append(("LanguageInConstraintComponent", lambda v, tags=tags: (
                f"(isLiteral({v}) && (" + " || ".join(
                    f'langMatches(lang({v}), "{t}")' for t in tags) + "))")))
        for prop, op, comp in ((SH.minInclusive, ">=", "MinInclusive"),
                               (SH.maxInclusive, "<=", "MaxInclusive"),
                               (SH.minExclusive, ">", "MinExclusive"),
                               (SH.maxExclusive, "<", "MaxExclusive")):
            for bound in g.objects(shape, prop):
                checks.append((comp + "ConstraintComponent",
                               lambda v, op=op, b=bound: f"({v} {op} {_term(b)})"))
        for prop, op, comp in ((SH.minLength, ">=", "MinLength"),
                               (SH.maxLength, "<=", "MaxLength")):
            for bound in g.objects(shape, prop):
                checks.append((comp + "ConstraintComponent", lambda v, op=op, b=int(bound): (
                    f"(!isBlank({v}) && STRLEN(STR({v})) {op} {b})")))
        for pattern in g.objects(shape, SH.pattern):
            flags = g.value(shape, SH.flags)
            checks.append(("PatternConstraintComponent", lambda v, p=pattern, f=flags: (
                f"(!isBlank({v}) && REGEX(STR({v}), {Literal(str(p)).n3()}"
                + (f", {Literal(str(f)).n3()}" if f else "") + "))")))
        for lst in g.objects(shape, SH["or"]):
            members = self._list(lst)
            checks.append(("OrConstraintComponent", lambda v, m=members: (
                "(" + " || ".join(self.conforms(s, v) for s in m) + ")")))
        for lst in g.objects(shape, SH["and"]):
            members = self._list(lst)
            checks.append(("AndConstraintComponent", lambda v, m=members: (
                "(" + " && ".join(self.conforms(s, v) for s in m) + ")")))
        for lst in g.objects(shape, SH.xone):
            members = self._list(lst)
            checks.append(("XoneConstraintComponent", lambda v, m=members: (
                "((" + " + ".join(f"IF({self.conforms(s, v)}, 1, 0)" for s in m) + ") = 1)")))
        for inner in g.objects(shape, SH["not"]):
            checks.append(("NotConstraintComponent",
                           lambda v, s=inner: f"!({self.conforms(s, v)})"))
        for inner in g.objects(shape, SH.node):
            checks.append(("NodeConstraintComponent", lambda v, s=inner: self.conforms(s, v)))
        return checks

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
                    "value_is_focus": True}
            query = f"SELECT DISTINCT ?this WHERE {{ {target} FILTER(!({build('?this')})) }}"
            out.append((meta, query))
        for prop_shape in self.shapes.objects(shape, SH.property):
            out.extend(self._property_queries(prop_shape, target))
        return out

    def _property_queries(self, shape: Node, target: str) -> list[tuple[dict, str]]:
        self._check_supported(shape)
        g = self.shapes
        path = self.path(self._one(shape, SH.path))
        base = {"severity": self._one(shape, SH.severity) or SH.Violation,
                "messages": tuple(g.objects(shape, SH.message)), "path": path}
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
                    "messages": messages, "template": True}
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


def named_node_shapes(shapes: Graph) -> list[Node]:
    """Node shapes with a target, in a stable order."""
    found = {s for s in shapes.subjects(RDF.type, SH.NodeShape)}
    found.update(s for p in (SH.targetClass, SH.targetNode) for s in shapes.subjects(p, None))
    return sorted((s for s in found if not isinstance(s, BNode)), key=str)
