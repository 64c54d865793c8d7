"""Validate the graph against the SHACL shapes in ``shapes/*.ttl``: the entry point of
``ritegraph validate``.

Two engines give the same results (tests compare them on every shape fixture):

- ``sparql`` (default): each constraint becomes one whole-graph SPARQL query answered by
  Oxigraph (:mod:`ritegraph.shaclsparql`), on the store itself or on a file loaded into an
  in-memory Oxigraph store; the full seed graph validates in well under the 5 s budget.
- ``pyshacl``: the reference implementation, on rdflib's default in-memory store, every
  constraint (SHACL core and sh:sparql, each query pre-bound per focus node). Slow at full size.

The report (:mod:`ritegraph.shaclreport`) is the same from either engine.

The ontology graph is never mixed into the data: only its ``rdfs:subClassOf`` links are used,
so that ``sh:class`` and ``sh:targetClass`` see instances of subclasses.
"""

from __future__ import annotations

import re
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pyoxigraph as ox
import rdflib
from rdflib import RDFS, XSD, Graph, Literal, URIRef
from rdflib.namespace import SH
from rdflib.term import Node

from .errors import InputError, UsageError
from .rdfinput import check_rdfxml, checked_size, offline_jsonld, read_bytes
from .read.snapshot import query_text
from .reason import ontology_graph
from .resources import data_dir
from .shaclsparql import Result, ShapeCompiler, UnsupportedShape, named_node_shapes
from .store import GRAPH_BASE, GRAPH_INFERRED, GRAPH_ONTOLOGY, named_graphs, open_store

SEVERITIES = {"violation": "Violation", "warning": "Warning", "info": "Info"}
_RANK = {"Info": 0, "Warning": 1, "Violation": 2}
ENGINES = ("sparql", "pyshacl")

#: RDF formats by file suffix (rdflib / pyoxigraph names).
_FORMATS = {".ttl": ("turtle", ox.RdfFormat.TURTLE), ".nt": ("nt", ox.RdfFormat.N_TRIPLES),
            ".trig": ("trig", ox.RdfFormat.TRIG), ".nq": ("nquads", ox.RdfFormat.N_QUADS),
            ".jsonld": ("json-ld", None), ".json": ("json-ld", None),
            ".rdf": ("xml", ox.RdfFormat.RDF_XML), ".owl": ("xml", ox.RdfFormat.RDF_XML)}
_SKIP_GRAPHS = {GRAPH_ONTOLOGY, GRAPH_INFERRED}


@dataclass
class FocusContext:
    """What a reader needs to find a focus node: a label, the quoted text and where it is."""

    label: str | None = None
    quote: str | None = None
    file: str | None = None
    offset: int | None = None
    rite: str | None = None


@dataclass
class Report:
    """The outcome of one validation run."""

    results: list[Result]
    shapes: int
    triples: int
    severity: str  # threshold: "Violation" | "Warning" | "Info"
    contexts: dict[str, FocusContext] = field(default_factory=dict)  # by focus IRI
    seconds: dict[str, float] = field(default_factory=dict)
    shapes_graph: Graph = field(default_factory=Graph)  # what source shapes and paths are in

    @property
    def reported(self) -> list[Result]:
        """Results at or above the threshold severity."""
        floor = _RANK[self.severity]
        return [r for r in self.results if _RANK[r.severity] >= floor]

    @property
    def conforms(self) -> bool:
        return not self.reported

    def counts(self) -> Counter:
        return Counter(r.severity for r in self.results)

    def per_rite(self) -> dict[str, Counter]:
        """Severity counts per rite slug (``-`` when the focus node has no rite)."""
        out: dict[str, Counter] = defaultdict(Counter)
        for r in self.results:
            ctx = self.contexts.get(str(r.focus))
            out[(ctx.rite if ctx and ctx.rite else "-").rsplit("/", 1)[-1]][r.severity] += 1
        return dict(out)


# -- inputs ---------------------------------------------------------------------------------

def load_shapes(shapes_dir: Path | None = None) -> Graph:
    """All ``*.ttl`` files of the shapes directory in one graph; :class:`InputError` if none
    or one does not parse."""
    directory = Path(shapes_dir) if shapes_dir else data_dir("shapes")
    files = sorted(directory.glob("*.ttl")) if directory.is_dir() else []
    if not files:
        raise InputError("no shapes (*.ttl) found", path=str(directory))
    graph = Graph()
    for path in files:
        checked_size(path)
        try:
            graph.parse(path, format="turtle")
        except Exception as exc:  # rdflib raises several unrelated types on bad syntax
            raise InputError(f"shapes do not parse: {exc}", path=str(path)) from exc
    return graph


def schema_graph() -> Graph:
    """The ontology's ``rdfs:subClassOf`` links between named classes (nothing else)."""
    schema = Graph()
    for sub, sup in ontology_graph().subject_objects(RDFS.subClassOf):
        if isinstance(sub, URIRef) and isinstance(sup, URIRef):
            schema.add((sub, RDFS.subClassOf, sup))
    return schema


@dataclass
class DataSource:
    """An Oxigraph store whose union of graphs is the data to validate."""

    store: ox.Store

    def query(self, sparql: str):
        return self.store.query(sparql, use_default_graph_as_union=True)

    def triples(self) -> int:
        rows = self.query("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")
        return int(next(iter(rows))["n"].value)

    def to_rdflib(self) -> Graph:
        graph = Graph()
        data = self.store.dump(format=ox.RdfFormat.N_QUADS)
        dataset = rdflib.Dataset()
        dataset.parse(data=data, format="nquads")
        for quad in dataset.quads():
            graph.add(quad[:3])
        return graph


def _keep(graph: str, rite: str | None) -> bool:
    if graph in _SKIP_GRAPHS:
        return False
    return rite is None or graph == GRAPH_BASE + rite or graph.endswith(("/corpus", "/lexicon"))


def store_source(store_dir: Path, rite: str | None = None) -> DataSource:
    """The built store's data graphs (all, or the corpus, lexicon and one rite's graph),
    copied into an in-memory Oxigraph store without the ontology and inferred graphs.

    Copying costs ~2.7 s on the seed graph but makes the queries ~4× faster than on the
    on-disk store (whose lookups go through RocksDB), and restricting queries on the disk
    store to a list of graphs is slower still.
    """
    store = open_store(store_dir)
    graphs = named_graphs(store)
    if rite is not None and GRAPH_BASE + rite not in graphs:
        rites = sorted(g.rsplit("/", 1)[-1] for g in graphs
                       if g not in _SKIP_GRAPHS and not g.endswith(("/corpus", "/lexicon")))
        raise UsageError(f"unknown rite {rite!r}: the store has {', '.join(rites)}")
    memory = ox.Store()
    for g in graphs:
        if _keep(g, rite):
            data = store.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=ox.NamedNode(g))
            memory.load(data, format=ox.RdfFormat.N_TRIPLES, to_graph=ox.NamedNode(g))
    return DataSource(memory)


def file_source(path: Path, rite: str | None = None) -> DataSource:
    """An RDF file loaded into an in-memory Oxigraph store (its ontology graph left out):
    bounded in size, RDF/XML without a DTD, JSON-LD without fetching (:mod:`ritegraph.rdfinput`);
    :class:`InputError` when it holds no triple to validate."""
    path = Path(path)
    if not path.is_file():
        raise InputError("data file not found", path=str(path))
    rdflib_format, ox_format = _FORMATS.get(path.suffix.lower(), (None, None))
    if rdflib_format is None:
        raise InputError(f"unknown RDF format {path.suffix!r}", path=str(path),
                         hint="use .ttl, .nt, .trig, .nq, .jsonld or .rdf")
    store = ox.Store()
    try:
        if ox_format is None:  # JSON-LD: through rdflib, its contexts inlined (never fetched)
            data = rdflib.Dataset().parse(data=offline_jsonld(path), format=rdflib_format)
            store.load(data.serialize(format="nquads", encoding="utf-8"),
                       format=ox.RdfFormat.N_QUADS)
        else:
            content = read_bytes(path)
            if ox_format == ox.RdfFormat.RDF_XML:
                check_rdfxml(content, path)
            store.load(content, format=ox_format)
    except InputError:
        raise
    except Exception as exc:  # pyoxigraph: SyntaxError; rdflib's JSON-LD parser: many types
        raise InputError(f"cannot read RDF: {exc}", path=str(path)) from exc
    if not len(store):
        raise InputError("no RDF triples in the file: empty, or not RDF in this format "
                         "(nothing to validate)", path=str(path))
    for g in list(store.named_graphs()):
        if not _keep(g.value, rite):
            store.remove_graph(g)
    if not len(store):
        raise InputError("the file holds only graphs that are not validated (the ontology, "
                         "inferred triples" + (f", or rites other than {rite}" if rite else "")
                         + ")", path=str(path))
    return DataSource(store)


# -- engines --------------------------------------------------------------------------------

_TEMPLATE = re.compile(r"\{[?$](\w+)\}")

#: Messages for results whose shape gives none (keyed by constraint component).
_DEFAULT_MESSAGES = {
    "MinCount": "a required value is missing", "MaxCount": "too many values",
    "Class": "the value is not of the expected class",
    "Datatype": "the value has the wrong datatype",
    "NodeKind": "the value is of the wrong kind (IRI / literal)", "In": "the value is not allowed",
    "HasValue": "the expected value is missing",
    "LanguageIn": "the label's language is not allowed",
    "UniqueLang": "two labels share a language", "MinInclusive": "the value is too small",
    "MaxInclusive": "the value is too large", "MinLength": "the text is too short",
    "MaxLength": "the text is too long", "LessThan": "start is not before end",
    "Disjoint": "the value is shared with another property",
    "QualifiedMinCount": "a required kind of value is missing",
    "QualifiedMaxCount": "too many values of one kind",
}


def _lexical(term) -> str:
    return term.value if term is not None else ""


def _severity(node) -> str:
    return str(node).rsplit("#", 1)[-1]


def run_sparql(source: DataSource, shapes: Graph, schema: Graph,
               include_core: bool = True, batch: int = 2000) -> list[Result]:
    """Every constraint as whole-graph queries on the source's Oxigraph store.

    Core constraints: one screening query per node shape finds the failing focus nodes; the
    per-component queries then run on those only (a conforming graph costs one query per shape).
    """
    compiler = ShapeCompiler(shapes, schema)
    results: list[Result] = []
    for shape in named_node_shapes(shapes):
        queries = compiler.sparql_constraints(shape)
        screen = compiler.screen(shape) if include_core else None
        if screen is not None:
            failing = [row["this"] for row in source.query(screen)]
            if any(isinstance(f, ox.BlankNode) for f in failing):
                queries += compiler.queries(shape)  # blank nodes cannot be named in VALUES
            else:
                terms = sorted({str(f) for f in failing})
                for i in range(0, len(terms), batch):
                    queries += compiler.queries(shape, terms[i:i + batch])
        for meta, query in queries:
            for row in source.query(query):
                results.append(_result(str(shape), meta, row))
    return results


def _result(shape: str, meta: dict, row) -> Result:
    focus = row["this"]
    value = _get(row, "value")
    if value is None and meta.get("value_is_focus"):
        value = focus
    messages = tuple(meta["messages"])
    if not messages:
        component = meta["component"].removesuffix("ConstraintComponent")
        messages = (Literal(_DEFAULT_MESSAGES.get(component, component), lang="en"),)
    if meta.get("template"):
        messages = tuple(Literal(_TEMPLATE.sub(lambda m: _lexical(_get(row, m.group(1))), msg),
                                 lang=msg.language) for msg in messages)
    return Result(shape=shape, focus=rdflib_term(focus), component=meta["component"],
                  severity=_severity(meta["severity"]), source_shape=meta["source_shape"],
                  path=meta.get("path_node"), path_sparql=meta.get("path"),
                  value=rdflib_term(value) if value is not None else None, messages=messages)


def rdflib_term(term: ox.NamedNode | ox.BlankNode | ox.Literal) -> Node:
    """The rdflib term for a pyoxigraph term (hand-written: neither library converts)."""
    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if isinstance(term, ox.BlankNode):
        return rdflib.BNode(term.value)
    if term.language:
        return Literal(term.value, lang=term.language)
    datatype = term.datatype.value
    return Literal(term.value, datatype=None if datatype == str(XSD.string) else datatype)


def _get(row, name: str):
    try:
        return row[name]
    except (KeyError, IndexError):
        return None


def run_pyshacl(data: Graph, shapes: Graph, schema: Graph) -> list[Result]:
    """The reference engine: pyshacl on rdflib's default store, every constraint (SHACL core
    and SPARQL-based; sh:sparql needs no SHACL-AF, so ``advanced`` stays off)."""
    import pyshacl
    from pyshacl.errors import ReportableRuntimeError

    try:  # a refused SPARQL constraint is raised, or returned in the report's place
        _, report, _ = pyshacl.validate(data + schema, shacl_graph=shapes, inference="none",
                                        advanced=False)
        if isinstance(report, ReportableRuntimeError):
            raise report
    except ReportableRuntimeError as exc:  # ValidationFailure, ConstraintLoadError …
        reason = " ".join(str(exc.message).split())
        raise InputError(f"pyshacl refuses the shapes: {reason}") from exc
    compiler = ShapeCompiler(shapes, schema)
    owner = {}
    for shape in named_node_shapes(shapes):
        owner[shape] = shape
        for prop in shapes.objects(shape, SH.property):
            owner[prop] = shape
    results = []
    top = report.value(predicate=rdflib.RDF.type, object=SH.ValidationReport, any=False)
    for node in report.objects(top, SH.result):  # not the nested sh:detail results
        source = report.value(node, SH.sourceShape)
        path = report.value(node, SH.resultPath)
        results.append(Result(
            shape=str(owner.get(source, source)), focus=report.value(node, SH.focusNode),
            component=str(report.value(node, SH.sourceConstraintComponent)).rsplit("#", 1)[-1],
            severity=_severity(report.value(node, SH.resultSeverity)), source_shape=source,
            path=path, path_sparql=compiler.path(path) if path is not None else None,
            value=report.value(node, SH.value),
            messages=tuple(report.objects(node, SH.resultMessage))))
    return results


# -- context for the report -----------------------------------------------------------------



def describe(source: DataSource, focuses: Iterable[str],
             batch: int = 500) -> dict[str, FocusContext]:
    """Label, quote, file, offset and rite of each focus node (IRIs only)."""
    iris = sorted({f for f in focuses if "://" in f})
    out: dict[str, FocusContext] = {}
    for i in range(0, len(iris), batch):
        values = " ".join(ox.NamedNode(f).__str__() for f in iris[i:i + batch])
        query = query_text("focus-context").replace("VALUES ?focus { }",
                                                    f"VALUES ?focus {{ {values} }}")
        for row in source.query(query):
            get = lambda name, row=row: _lexical(_get(row, name)) or None  # noqa: E731
            offset = get("offset")
            out[row["focus"].value] = FocusContext(
                label=get("label"), quote=get("quote"), file=get("file"),
                offset=int(offset) if offset is not None else None, rite=get("rite"))
    return out


# -- entry point ----------------------------------------------------------------------------

def validate(*, store: Path | None = None, data_file: Path | None = None,
             shapes_dir: Path | None = None, rite: str | None = None,
             severity: str = "violation", engine: str = "sparql") -> Report:
    """Validate the store (or ``data_file``) against the shapes; see the module docstring."""
    if severity not in SEVERITIES:
        raise UsageError(f"unknown severity {severity!r}: use one of {', '.join(SEVERITIES)}")
    if engine not in ENGINES:
        raise UsageError(f"unknown engine {engine!r}: use one of {', '.join(ENGINES)}")
    seconds: dict[str, float] = {}
    clock = time.perf_counter()
    shapes = load_shapes(shapes_dir)
    schema = schema_graph()
    source = file_source(data_file, rite) if data_file is not None else store_source(store, rite)
    seconds["load"] = time.perf_counter() - clock
    clock = time.perf_counter()
    try:
        if engine == "pyshacl":
            results = run_pyshacl(source.to_rdflib(), shapes, schema)
        else:
            results = run_sparql(source, shapes, schema)
    except UnsupportedShape as exc:
        raise InputError(f"shapes use an unsupported feature: {exc}") from exc
    except SyntaxError as exc:
        raise InputError(f"a SPARQL constraint does not parse: {exc}") from exc
    seconds["validate"] = time.perf_counter() - clock
    clock = time.perf_counter()
    results.sort(key=lambda r: (-_RANK[r.severity], r.shape, str(r.focus), r.path_sparql or "",
                                str(r.value or "")))
    contexts = describe(source, (str(r.focus) for r in results if isinstance(r.focus, URIRef)))
    seconds["describe"] = time.perf_counter() - clock
    return Report(results=results, shapes=len(named_node_shapes(shapes)),
                  triples=source.triples(), severity=SEVERITIES[severity],
                  contexts=contexts, seconds=seconds, shapes_graph=shapes)
