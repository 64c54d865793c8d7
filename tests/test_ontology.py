"""The OWL ontology: parses, loads in owlready2, labelled in zh and en, consistent under HermiT."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import owlready2
import pytest
import rdflib
from rdflib import OWL, RDF, RDFS, Literal, URIRef

from ritegraph import vocab
from ritegraph.model import Layer
from ritegraph.reason import load_world, ontology_graph, ontology_path, run_hermit
from ritegraph.vocab import LAYER, RG, SKOS

REPO = Path(__file__).resolve().parents[1]
needs_java = pytest.mark.skipif(shutil.which("java") is None, reason="HermiT needs Java")

DECLARED_KINDS = (OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty, OWL.AnnotationProperty)


@pytest.fixture(scope="module")
def onto() -> rdflib.Graph:
    return ontology_graph()


def rg_terms(graph: rdflib.Graph) -> set[URIRef]:
    return {s for kind in DECLARED_KINDS for s in graph.subjects(RDF.type, kind)
            if isinstance(s, URIRef) and str(s).startswith(str(RG))}


def test_ontology_parses_and_declares_the_design_terms(onto):
    terms = {str(t)[len(str(RG)):] for t in rg_terms(onto)}
    design = {"Rite", "Document", "Section", "Passage", "Layer", "RitualRole", "RitualObject",
              "DrinkingVessel", "FoodVessel", "Container", "ArcheryGear", "MusicalInstrument",
              "Food", "Drink", "Garment", "Gift", "Furnishing", "Utensil", "Place", "ActionType",
              "Direction", "Step", "Participant", "Work", "Edition", "Mention", "GlyphIssue",
              "inDocument", "inEdition", "editionOf", "explains", "attestedIn", "performer",
              "addressee", "actsAs", "placement", "layer", "start",
              "end", "text", "line", "inRite", "inSection", "parentPassage", "translates",
              "commentsOn", "anchorStart", "anchorEnd", "inPassage", "agent", "actionType",
              "object", "recipient", "place", "facing", "negated", "implicitAgent", "confidence",
              "order", "next", "title"}
    assert design - terms == set()


def test_every_term_has_zh_and_en_label_and_comment(onto):
    missing = []
    for term in sorted(rg_terms(onto)):
        for prop in (RDFS.label, RDFS.comment):
            langs = {v.language for v in onto.objects(term, prop) if isinstance(v, Literal)}
            if not any(lang and lang.startswith("zh") for lang in langs) or "en" not in langs:
                missing.append((term, prop))
    assert missing == []


def test_every_used_term_is_declared(onto):
    """OWL 2 DL: each property and class used in an axiom is declared."""
    declared = {s for kind in (*DECLARED_KINDS, OWL.NamedIndividual)
                for s in onto.subjects(RDF.type, kind)}
    builtin = (str(OWL), str(RDF), str(RDFS), "http://www.w3.org/2001/XMLSchema#")
    used = set()
    for _s, p, o in onto:
        used.add(p)
        if p in (RDFS.subClassOf, RDFS.subPropertyOf, RDFS.domain, RDFS.range, OWL.onProperty,
                 OWL.someValuesFrom, OWL.hasValue) or (p == RDF.type and o not in DECLARED_KINDS):
            used.add(o)
    undeclared = {t for t in used if isinstance(t, URIRef) and not str(t).startswith(builtin)
                  and t not in declared}
    assert undeclared == set()


def test_layer_individuals_match_the_model(onto):
    for layer in Layer:
        iri = URIRef(LAYER + layer.slug)
        assert (iri, RDF.type, URIRef(RG.Layer)) in onto
        assert Literal(layer.value, lang="zh-Hans") in set(onto.objects(iri, RDFS.label))


def test_vocab_module_is_generated_from_the_ontology():
    spec = importlib.util.spec_from_file_location("gen_vocab", REPO / "scripts" / "gen_vocab.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert gen.render(ontology_path()) == Path(vocab.__file__).read_text(encoding="utf-8"), \
        "ritegraph/vocab.py is stale: run python scripts/gen_vocab.py"


def test_vocab_is_closed():
    assert RG.Step == "https://w3id.org/ritegraph/ontology#Step" and type(RG.Step) is str
    with pytest.raises(AttributeError):
        _ = RG.RitualAct  # the old name of a step is gone, not silently minted


def test_loads_in_owlready2(onto):
    world, loaded = load_world([onto])
    names = {c.name for c in loaded.classes()}
    assert {"Passage", "Step", "DrinkingVessel"} <= names
    assert world is not owlready2.default_world
    assert loaded.agent.domain == [loaded.Step]


@needs_java
def test_hermit_finds_the_ontology_consistent(onto):
    world, loaded = load_world([onto])
    run_hermit(world, loaded)
    assert list(world.inconsistent_classes()) == []


@needs_java
def test_hermit_rejects_a_concept_typed_both_role_and_place(onto):
    wrong = rdflib.Graph()
    concept = URIRef("https://w3id.org/ritegraph/place/zuojie")
    wrong.add((concept, RDF.type, URIRef(SKOS.Concept)))
    wrong.add((concept, RDF.type, URIRef(RG.Place)))
    wrong.add((concept, RDF.type, URIRef(RG.RitualRole)))
    world, loaded = load_world([onto, wrong])
    with pytest.raises(owlready2.OwlReadyInconsistentOntologyError):
        run_hermit(world, loaded)
