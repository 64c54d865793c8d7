"""HermiT over the ontology, the official vocabularies it aligns with, the lexicon and one real
rite: the model is consistent with CIDOC-CRM 7.1.3 (and its conceptual/physical disjointness),
Web Annotation, PROV-O, SKOS and DCMI Terms, and infers nothing a modeller would reject."""

from __future__ import annotations

import shutil
from pathlib import Path

import pyoxigraph as ox
import pytest
import rdflib
from rdflib import RDF, URIRef

from ritegraph.imports import crm_disjointness, import_graphs, owl_bridge
from ritegraph.reason import load_world, ontology_graph, run_hermit
from ritegraph.store import GRAPH_BASE, GRAPH_CORPUS, GRAPH_LEXICON, open_store, to_rdflib

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("java") is None, reason="HermiT needs Java")]

RG = "https://w3id.org/ritegraph/ontology#"
CRM = "http://www.cidoc-crm.org/cidoc-crm/"
OA = "http://www.w3.org/ns/oa#"
RITE = "gongshidafulili"  # 公食大夫礼: one seed file, steps, participants, mentions, 疏 on 注


#: One rite's steps with everything they link to (participants, evidence annotations with their
#: targets and selectors, passages, sections), and a sample of its mentions. All of the rite's
#: 10k mentions and passages keep HermiT busy for more than ten minutes; this is 4.7k triples
#: (the seed 公食大夫礼: 114 steps).
RITE_DATA = """
PREFIX rg: <https://w3id.org/ritegraph/ontology#>
PREFIX oa: <http://www.w3.org/ns/oa#>
CONSTRUCT { ?s ?p ?o } WHERE { GRAPH <%s> {
  { ?s a rg:Step } UNION { ?s a rg:Participant } UNION { ?s a rg:Section }
  UNION { ?step a rg:Step ; rg:attestedIn ?s }
  UNION { ?s oa:hasBody/a rg:Step }
  UNION { ?evidence oa:hasBody/a rg:Step ; oa:hasTarget ?s }
  UNION { ?evidence oa:hasBody/a rg:Step ; oa:hasTarget/oa:hasSelector ?s }
  UNION { { SELECT ?s WHERE { ?s a rg:Mention } ORDER BY ?s LIMIT 50 } }
  UNION { { SELECT ?m WHERE { ?m a rg:Mention } ORDER BY ?m LIMIT 50 }
          ?m oa:hasTarget/oa:hasSelector? ?s }
  ?s ?p ?o } }
"""


def rite_data(store_dir: Path, rite: str) -> rdflib.Graph:
    result = open_store(store_dir).query(RITE_DATA % (GRAPH_BASE + rite))
    data = rdflib.Graph()
    data.parse(data=result.serialize(format=ox.RdfFormat.N_TRIPLES), format="nt")
    return data


@pytest.fixture(scope="module")
def reasoned(built_store: Path):
    """(asserted graph, owlready2 world) after HermiT over everything together."""
    data = to_rdflib(built_store, [GRAPH_LEXICON, GRAPH_CORPUS]) + rite_data(built_store, RITE)
    ontology = ontology_graph()
    imports = rdflib.Graph()
    for graph in import_graphs():
        imports += graph
    everything = ontology + imports + data
    world, onto = load_world([ontology, imports, owl_bridge(everything), crm_disjointness(),
                              data])
    run_hermit(world, onto)  # raises OwlReadyInconsistentOntologyError when inconsistent
    return data, world


def inferred_types(world, iri: str) -> set[str]:
    entity = world[iri]
    return {c.iri for c in entity.INDIRECT_is_a if hasattr(c, "iri")} if entity else set()


def individuals(data: rdflib.Graph, cls: str) -> list[str]:
    return sorted(str(s) for s in data.subjects(RDF.type, URIRef(cls)))


def test_no_class_of_the_ontology_is_unsatisfiable(reasoned):
    _, world = reasoned
    unsatisfiable = [c.iri for c in world.inconsistent_classes() if c.iri.startswith(RG)]
    assert unsatisfiable == []


def test_steps_are_procedures_never_annotations_or_activities(reasoned):
    data, world = reasoned
    steps = individuals(data, RG + "Step")
    assert len(steps) > 100
    for step in steps[:200]:
        types = inferred_types(world, step)
        assert CRM + "E29_Design_or_Procedure" in types
        assert OA + "Annotation" not in types and CRM + "E7_Activity" not in types


def test_roles_are_types_not_actors_and_object_types_not_physical_things(reasoned):
    data, world = reasoned
    for cls, forbidden in ((RG + "RitualRole", CRM + "E39_Actor"),
                           (RG + "RitualObject", CRM + "E18_Physical_Thing")):
        members = individuals(data, cls) or [
            str(s) for sub in data.subjects(rdflib.RDFS.subClassOf, URIRef(cls))
            for s in data.subjects(RDF.type, sub)]
        assert members, cls
        for concept in members:
            types = inferred_types(world, concept)
            assert forbidden not in types and CRM + "E28_Conceptual_Object" in types


def test_a_negated_step_is_never_inferred_a_bowing_or_drinking_step(reasoned):
    data, world = reasoned
    negated = {str(s) for s in data.subjects(URIRef(RG + "negated"), rdflib.Literal(True))}
    bowing = [s for s in individuals(data, RG + "Step")
              if RG + "BowingStep" in inferred_types(world, s)]
    assert bowing  # the defined classes do infer something
    assert negated  # 公食大夫礼 has 不拜 / 不祭 steps
    for step in negated:
        types = inferred_types(world, step)
        assert RG + "BowingStep" not in types and RG + "DrinkingStep" not in types
