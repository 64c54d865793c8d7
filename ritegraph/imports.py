"""The vendored external vocabularies (``ontology/imports/``) and what OWL reasoning adds to them.

CIDOC-CRM 7.1.3, W3C Web Annotation, PROV-O, SKOS and DCMI Terms are kept as published (see
``ontology/imports/README.md``; the files are never edited). Most of them are RDFS, not OWL 2
DL: :func:`owl_bridge` computes the declarations that let owlready2 and HermiT read them, and
:func:`crm_disjointness` the disjointness that CIDOC-CRM states only in its scope notes.
"""

from __future__ import annotations

from pathlib import Path

import rdflib
from rdflib.namespace import DC, DCTERMS, OWL, RDF, RDFS, XSD

from .resources import data_dir

CRM = rdflib.Namespace("http://www.cidoc-crm.org/cidoc-crm/")

#: vocabulary name -> (vendored file, rdflib parser format, namespace)
IMPORTS: dict[str, tuple[str, str, str]] = {
    "crm": ("CIDOC_CRM_v7.1.3.rdf", "xml", str(CRM)),
    "oa": ("oa.ttl", "turtle", "http://www.w3.org/ns/oa#"),
    "prov": ("prov-o.ttl", "turtle", "http://www.w3.org/ns/prov#"),
    "skos": ("skos.nq", "nquads", "http://www.w3.org/2004/02/skos/core#"),
    "dcterms": ("dublin_core_terms.ttl", "turtle", str(DCTERMS)),
}

#: the W3C Web Annotation JSON-LD context (http://www.w3.org/ns/anno.jsonld)
ANNO_CONTEXT = "anno.jsonld"

_BUILTIN = (str(RDF), str(RDFS), str(OWL), str(XSD))
_LITERAL_RANGES = {RDFS.Literal, RDF.langString, RDF.PlainLiteral, RDF.XMLLiteral, RDF.HTML}
_OWL_PROPERTIES = (OWL.ObjectProperty, OWL.DatatypeProperty, OWL.AnnotationProperty)
#: namespaces whose properties are annotation properties: DCMI values may be literals or IRIs
_ANNOTATION_NAMESPACES = (str(DCTERMS), str(DC))
_ANNOTATION_SUPERS = {RDFS.label, RDFS.comment, RDFS.seeAlso, RDFS.isDefinedBy}


def imports_dir() -> Path:
    """The folder of vendored vocabularies (``ontology/imports`` in a checkout or a wheel)."""
    return data_dir("ontology") / "imports"


def import_paths() -> dict[str, Path]:
    """Vocabulary name -> vendored file, for every vocabulary in :data:`IMPORTS`."""
    directory = imports_dir()
    return {name: directory / filename for name, (filename, _, _) in IMPORTS.items()}


def anno_context_path() -> Path:
    """The vendored Web Annotation JSON-LD context ``anno.jsonld``."""
    return imports_dir() / ANNO_CONTEXT


#: What CIDOC-CRM 7.1.3's RDFS says of a SKOS term against SKOS itself, left out when the two
#: are read together: it declares ``skos:inScheme`` with domain ``skos:ConceptScheme`` (CRM's
#: P71 "lists", scheme → entry), the reverse of SKOS's own use (concept → scheme, range
#: ConceptScheme), so that every concept ``inScheme`` a scheme would become a ConceptScheme,
#: which SKOS makes disjoint from Concept. SKOS's own definition is kept.
SKOS_IN_SCHEME = rdflib.URIRef("http://www.w3.org/2004/02/skos/core#inScheme")
CRM_OVERRIDDEN = ((SKOS_IN_SCHEME, RDFS.domain), (SKOS_IN_SCHEME, RDFS.range),
                  (SKOS_IN_SCHEME, RDFS.subPropertyOf))


def import_graph(name: str) -> rdflib.Graph:
    """One vendored vocabulary parsed into a fresh graph (N-Quads graph names are dropped;
    for CIDOC-CRM, without the statements of :data:`CRM_OVERRIDDEN`)."""
    filename, fmt, _ = IMPORTS[name]
    path = imports_dir() / filename
    if fmt != "nquads":
        graph = rdflib.Graph().parse(path, format=fmt)
        if name == "crm":
            for subject, predicate in CRM_OVERRIDDEN:
                graph.remove((subject, predicate, None))
        return graph
    import pyoxigraph as ox  # rdflib reads N-Quads only into a (deprecated-API) Dataset

    triples = [quad.triple for quad in ox.parse(path=path, format=ox.RdfFormat.N_QUADS)]
    data = ox.serialize(triples, format=ox.RdfFormat.N_TRIPLES)
    return rdflib.Graph().parse(data=data.decode("utf-8"), format="nt")


def import_graphs() -> list[rdflib.Graph]:
    """Every vendored vocabulary parsed, in the order of :data:`IMPORTS`."""
    return [import_graph(name) for name in IMPORTS]


def _builtin(term: rdflib.term.Node) -> bool:
    return isinstance(term, rdflib.URIRef) and str(term).startswith(_BUILTIN)


def _is_datatype(graph: rdflib.Graph, term: rdflib.term.Node) -> bool:
    return (term in _LITERAL_RANGES or str(term).startswith(str(XSD))
            or (term, RDF.type, RDFS.Datatype) in graph)


def _property_kind(graph: rdflib.Graph, prop: rdflib.URIRef) -> rdflib.URIRef | None:
    """The OWL kind an RDFS property gets from its namespace or its own range (None: unknown)."""
    if str(prop).startswith(_ANNOTATION_NAMESPACES):
        return OWL.AnnotationProperty
    if set(graph.objects(prop, RDFS.subPropertyOf)) & _ANNOTATION_SUPERS:
        return OWL.AnnotationProperty
    ranges = set(graph.objects(prop, RDFS.range))
    if ranges and all(_is_datatype(graph, r) for r in ranges):
        return OWL.DatatypeProperty
    if ranges:
        return OWL.ObjectProperty
    return None


def owl_bridge(graph: rdflib.Graph) -> rdflib.Graph:
    """The OWL 2 declarations ``graph`` (RDFS vocabularies, possibly merged) needs for OWL tools.

    * ``owl:Class`` for each ``rdfs:Class`` and each IRI used as a class (``rdf:type``,
      ``rdfs:subClassOf``, ``rdfs:domain``, a non-datatype ``rdfs:range``) that is not yet an
      OWL class or datatype;
    * for each ``rdf:Property`` (or IRI used as one in ``rdfs:subPropertyOf`` / ``owl:inverseOf``)
      with no OWL property type yet: ``owl:AnnotationProperty`` for DCMI terms and label/comment
      sub-properties, ``owl:DatatypeProperty`` when every range is a literal or XSD datatype,
      ``owl:ObjectProperty`` when a range is a class; a property without a range takes the kind
      of its super- or inverse property, else ``owl:ObjectProperty``.

    Nothing already declared is redeclared; the input graph is not changed.
    """
    bridge = rdflib.Graph()
    bridge.bind("owl", OWL)
    for cls in _undeclared_classes(graph):
        bridge.add((cls, RDF.type, OWL.Class))
    for prop, kind in _undeclared_property_kinds(graph).items():
        bridge.add((prop, RDF.type, kind))
    return bridge


def _undeclared_classes(graph: rdflib.Graph) -> set[rdflib.URIRef]:
    """The IRIs ``graph`` uses as classes that are neither OWL classes nor datatypes yet."""
    classes = set(graph.subjects(RDF.type, RDFS.Class))
    for s, o in graph.subject_objects(RDFS.subClassOf):
        classes.update((s, o))
    classes.update(graph.objects(None, RDFS.domain))
    classes.update(graph.objects(None, RDF.type))  # the builtin ones are skipped below
    classes.update(r for r in graph.objects(None, RDFS.range) if not _is_datatype(graph, r))
    return {cls for cls in classes
            if isinstance(cls, rdflib.URIRef) and not _builtin(cls)
            and (cls, RDF.type, OWL.Class) not in graph
            and (cls, RDF.type, RDFS.Datatype) not in graph}


def _undeclared_property_kinds(graph: rdflib.Graph) -> dict[rdflib.URIRef, rdflib.URIRef]:
    """The OWL property type of each property of ``graph`` that has none yet."""
    props = set(graph.subjects(RDF.type, RDF.Property))
    for predicate in (RDFS.subPropertyOf, OWL.inverseOf):
        for s, o in graph.subject_objects(predicate):
            props.update((s, o))
    declared = {p: kind for kind in _OWL_PROPERTIES for p in graph.subjects(RDF.type, kind)}
    todo = {p for p in props if isinstance(p, rdflib.URIRef) and not _builtin(p)
            and p not in declared}
    kinds = {p: k for p in todo if (k := _property_kind(graph, p)) is not None}
    _inherit_kinds(graph, todo - kinds.keys(), kinds, declared)
    return {p: kinds.get(p, OWL.ObjectProperty) for p in todo}


def _inherit_kinds(graph: rdflib.Graph, unknown: set, kinds: dict, declared: dict) -> None:
    """Give each property of ``unknown`` (no range) the kind of a super- or inverse property,
    in ``kinds``, until nothing changes."""
    changed = True
    while changed:
        changed = False
        for p in unknown - kinds.keys():
            related = [*graph.objects(p, RDFS.subPropertyOf), *graph.objects(p, OWL.inverseOf),
                       *graph.subjects(OWL.inverseOf, p), *graph.subjects(RDFS.subPropertyOf, p)]
            known = [k for r in related if (k := kinds.get(r) or declared.get(r)) is not None]
            if known:
                kinds[p] = known[0]
                changed = True


#: (class, class): the disjointness CIDOC-CRM states in prose (see :func:`crm_disjointness`)
CRM_DISJOINT = (
    (CRM.E2_Temporal_Entity, CRM.E77_Persistent_Item),
    (CRM.E28_Conceptual_Object, CRM.E18_Physical_Thing),
)


def crm_disjointness() -> rdflib.Graph:
    """``owl:disjointWith`` axioms for what CIDOC-CRM 7.1.3 says only in its scope notes.

    * E2 Temporal Entity / E77 Persistent Item: E2's scope note says "This class is disjoint
      from E77 Persistent Item".
    * E28 Conceptual Object / E18 Physical Thing: E28 comprises "non-material products of our
      minds" that "have the ability to exist on more than one particular carrier at the same
      time" and "cannot be destroyed", E18 "all persistent physical items"; the 7.1.3 RDFS
      comments do not use the word "disjoint" here, the axiom is this reading of the notes.
    """
    graph = rdflib.Graph()
    graph.bind("crm", CRM)
    graph.bind("owl", OWL)
    for first, second in CRM_DISJOINT:
        graph.add((first, OWL.disjointWith, second))
    return graph
