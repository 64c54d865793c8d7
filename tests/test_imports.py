"""The vendored vocabularies (ontology/imports): they parse, are the files the README names, and
the OWL bridge plus the CIDOC-CRM disjointness let HermiT reason over them."""

from __future__ import annotations

import hashlib
import json
import re
import shutil

import pytest
import rdflib
from rdflib.namespace import OWL, RDF, RDFS, SKOS

from ritegraph import imports
from ritegraph.imports import CRM

needs_java = pytest.mark.skipif(shutil.which("java") is None, reason="HermiT needs Java")

# (vocabulary, type, at least this many subjects of that type in the vocabulary's namespace),
# measured on the vendored files
MINIMUM = [
    ("crm", RDFS.Class, 74),
    ("crm", RDF.Property, 304),
    ("oa", RDFS.Class, 21),
    ("oa", RDF.Property, 29),
    ("prov", OWL.Class, 30),
    ("prov", OWL.ObjectProperty, 44),
    ("skos", OWL.Class, 4),
    ("skos", RDF.Property, 28),
    ("dcterms", RDFS.Class, 22),
    ("dcterms", RDF.Property, 55),
]
#: Triples as read: CIDOC-CRM's file holds 4,051, less the 3 of imports.CRM_OVERRIDDEN.
TRIPLES = {"crm": 4048, "oa": 334, "prov": 1146, "skos": 252, "dcterms": 700}


@pytest.fixture(scope="module")
def graphs() -> dict[str, rdflib.Graph]:
    return {name: imports.import_graph(name) for name in imports.IMPORTS}


def test_every_vendored_file_exists():
    paths = imports.import_paths()
    assert set(paths) == {"crm", "oa", "prov", "skos", "dcterms"}
    for path in [*paths.values(), imports.anno_context_path()]:
        assert path.is_file(), path
        assert path.parent == imports.imports_dir()


@pytest.mark.parametrize("name", sorted(TRIPLES))
def test_vocabulary_parses_in_its_namespace(graphs, name):
    graph = graphs[name]
    namespace = imports.IMPORTS[name][2]
    assert len(graph) == TRIPLES[name]
    subjects = {str(s) for s in graph.subjects() if isinstance(s, rdflib.URIRef)}
    in_namespace = {s for s in subjects if s.startswith(namespace)}
    assert len(in_namespace) > len(subjects) / 2


def test_crm_reversed_skos_in_scheme_is_left_out_and_skos_keeps_its_own():
    """CRM 7.1.3 declares skos:inScheme with domain skos:ConceptScheme (its P71 "lists"),
    which would make every SKOS concept a ConceptScheme; read with SKOS, SKOS's wins."""
    raw = rdflib.Graph().parse(imports.import_paths()["crm"], format="xml")
    read = imports.import_graph("crm")
    for subject, predicate in imports.CRM_OVERRIDDEN:
        assert (subject, predicate, None) in raw and (subject, predicate, None) not in read
    assert len(raw) - len(read) == len(imports.CRM_OVERRIDDEN)
    skos = imports.import_graph("skos")
    assert (imports.SKOS_IN_SCHEME, RDFS.range, SKOS.ConceptScheme) in skos


@pytest.mark.parametrize(("name", "kind", "minimum"), MINIMUM)
def test_vocabulary_has_its_classes_and_properties(graphs, name, kind, minimum):
    namespace = imports.IMPORTS[name][2]
    found = {s for s in graphs[name].subjects(RDF.type, kind) if str(s).startswith(namespace)}
    assert len(found) >= minimum


def test_crm_is_version_7_1_3(graphs):
    info = {str(o) for o in graphs["crm"].objects(rdflib.URIRef(str(CRM)), OWL.versionInfo)}
    assert any("7.1.3" in text for text in info), info
    # 7.1.3's RDFS uses skos:Concept for E55 Type and puts it under E28 Conceptual Object
    assert (SKOS.Concept, RDFS.subClassOf, CRM.E28_Conceptual_Object) in graphs["crm"]
    assert (CRM.E22_Human_Made_Object, RDF.type, RDFS.Class) not in graphs["crm"]  # hyphen
    assert (rdflib.URIRef(CRM + "E22_Human-Made_Object"), RDF.type, RDFS.Class) in graphs["crm"]


def test_readme_sha256_match_the_files():
    readme = (imports.imports_dir() / "README.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `([^`]+)` \|.*\| ([0-9a-f]{64}) \|$", readme, re.MULTILINE))
    files = {p.name for p in imports.import_paths().values()} | {imports.ANNO_CONTEXT}
    assert set(rows) == files
    for name, digest in rows.items():
        data = (imports.imports_dir() / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == digest, name


def test_anno_context_is_json_ld():
    context = json.loads(imports.anno_context_path().read_text(encoding="utf-8"))
    assert isinstance(context["@context"], dict)
    assert context["@context"]["oa"] == "http://www.w3.org/ns/oa#"
    assert context["@context"]["Annotation"] == "oa:Annotation"


def test_bridge_declares_every_crm_class_and_property(graphs):
    crm = graphs["crm"]
    before = len(crm)
    bridge = imports.owl_bridge(crm)
    assert len(crm) == before  # the vendored graph is not touched
    for cls in crm.subjects(RDF.type, RDFS.Class):
        assert (cls, RDF.type, OWL.Class) in bridge, cls
    kinds = (OWL.ObjectProperty, OWL.DatatypeProperty)
    for prop in crm.subjects(RDF.type, RDF.Property):
        assert sum((prop, RDF.type, kind) in bridge for kind in kinds) == 1, prop
    assert (CRM.P3_has_note, RDF.type, OWL.DatatypeProperty) in bridge
    assert (CRM.P90_has_value, RDF.type, OWL.DatatypeProperty) in bridge
    assert (CRM.P2_has_type, RDF.type, OWL.ObjectProperty) in bridge
    assert not set(bridge.subjects(RDF.type, OWL.AnnotationProperty))


def test_bridge_adds_nothing_to_owl_vocabularies(graphs):
    assert len(imports.owl_bridge(graphs["prov"])) == 0
    assert len(imports.owl_bridge(graphs["skos"])) == 0


def test_bridge_types_oa_and_dcterms(graphs):
    oa = rdflib.Namespace("http://www.w3.org/ns/oa#")
    bridge = imports.owl_bridge(graphs["oa"])
    assert (oa.Annotation, RDF.type, OWL.Class) in bridge
    assert (oa.hasTarget, RDF.type, OWL.ObjectProperty) in bridge
    assert (oa.start, RDF.type, OWL.DatatypeProperty) in bridge
    assert (oa.exact, RDF.type, OWL.DatatypeProperty) in bridge
    dct = imports.owl_bridge(graphs["dcterms"])
    dcterms = rdflib.Namespace("http://purl.org/dc/terms/")
    for prop in graphs["dcterms"].subjects(RDF.type, RDF.Property):
        assert (prop, RDF.type, OWL.AnnotationProperty) in dct, prop
    assert (dcterms.Agent, RDF.type, OWL.Class) in dct


def test_bridge_skips_what_is_already_declared(graphs):
    merged = graphs["crm"] + graphs["skos"]
    bridge = imports.owl_bridge(merged)
    assert (SKOS.Concept, RDF.type, OWL.Class) not in bridge  # SKOS declares it
    assert (SKOS.broader, RDF.type, OWL.ObjectProperty) not in bridge


def test_crm_disjointness():
    graph = imports.crm_disjointness()
    assert (CRM.E28_Conceptual_Object, OWL.disjointWith, CRM.E18_Physical_Thing) in graph
    assert (CRM.E2_Temporal_Entity, OWL.disjointWith, CRM.E77_Persistent_Item) in graph


@pytest.mark.slow
@needs_java
def test_hermit_reasons_over_imports_and_the_disjointness_bites():
    """All imports + bridge + disjointness are consistent with no unsatisfiable class; a class
    under both skos:Concept (so E28, by CRM) and E22 (so E18) is unsatisfiable."""
    from ritegraph.reason import load_world, run_hermit

    probe = rdflib.URIRef("https://w3id.org/ritegraph/test#ConceptAndObject")
    probes = rdflib.Graph()
    probes.add((probe, RDF.type, OWL.Class))
    probes.add((probe, RDFS.subClassOf, SKOS.Concept))
    probes.add((probe, RDFS.subClassOf, rdflib.URIRef(CRM + "E22_Human-Made_Object")))
    vocabularies = imports.import_graphs()
    merged = rdflib.Graph()
    for graph in vocabularies:
        merged += graph
    world, onto = load_world([*vocabularies, imports.owl_bridge(merged),
                              imports.crm_disjointness(), probes])
    run_hermit(world, onto)  # raises when inconsistent
    unsatisfiable = {c.iri for c in world.inconsistent_classes()} - {str(OWL.Nothing)}
    assert unsatisfiable == {str(probe)}
