"""The lexicon as SKOS: one concept scheme per kind, each concept with its labels in every
script, its definitions and notes, its place in the hierarchy and its Wikidata matches."""

from __future__ import annotations

from collections.abc import Iterable

from rdflib import RDF, Graph, Literal, URIRef
from rdflib.namespace import SKOS

from ..lexicon import SCHEME_FILES, Concept, Lexicon, scheme_iri
from ..vocab import RG

#: ``relation`` of a Wikidata match → SKOS mapping property.
_MATCH_PROPERTIES = {"exact": SKOS.exactMatch, "close": SKOS.closeMatch}


def lexicon_graph(lexicon: Lexicon) -> Graph:
    """The lexicon as SKOS.

    Each concept: ``skos:Concept`` and its ontology class; ``skos:inScheme``; ``skos:prefLabel``
    @zh-Hans, @zh-Hant and @en; ``skos:altLabel`` @zh (classical variants) and
    @zh-Latn-pinyin (the reading); ``rg:modernLabel`` @zh-Hans (translation synonyms, a
    subproperty of ``skos:altLabel`` in the ontology); ``skos:broader`` (or
    ``skos:topConceptOf``), ``skos:related``; ``skos:definition`` @zh-Hans and @en,
    ``skos:scopeNote`` @en and ``skos:editorialNote`` (the maintainers' note); and
    ``skos:exactMatch`` / ``skos:closeMatch`` to the Wikidata items of ``wikidata.toml``.
    """
    graph = Graph()
    graph.bind("skos", SKOS)
    graph.bind("rg", str(RG))
    for scheme in SCHEME_FILES:
        node = URIRef(scheme_iri(scheme))
        graph.add((node, RDF.type, SKOS.ConceptScheme))
        graph.add((node, SKOS.prefLabel, Literal(f"ritegraph {scheme}s", lang="en")))
    for concept in lexicon:
        graph += _concept_triples(concept)
    for match in lexicon.matches:
        graph.add((URIRef(match.concept), _MATCH_PROPERTIES[match.relation], URIRef(match.target)))
    return graph


def _concept_triples(concept: Concept) -> Iterable[tuple[URIRef, URIRef, URIRef | Literal]]:
    node, scheme = URIRef(concept.iri), URIRef(scheme_iri(concept.scheme))
    yield node, RDF.type, SKOS.Concept
    yield node, RDF.type, URIRef(concept.rdf_class)
    yield node, SKOS.inScheme, scheme
    yield node, SKOS.prefLabel, Literal(concept.zh, lang="zh-Hans")
    yield node, SKOS.prefLabel, Literal(concept.zh_hant, lang="zh-Hant")
    yield node, SKOS.prefLabel, Literal(concept.en, lang="en")
    yield node, SKOS.altLabel, Literal(concept.pinyin, lang="zh-Latn-pinyin")
    for alt in concept.alt:
        yield node, SKOS.altLabel, Literal(alt, lang="zh")
    for modern in concept.modern:
        yield node, URIRef(RG.modernLabel), Literal(modern, lang="zh-Hans")
    for broader in concept.broader:
        yield node, SKOS.broader, URIRef(broader)
    if not concept.broader:
        yield node, SKOS.topConceptOf, scheme
        yield scheme, SKOS.hasTopConcept, node
    for related in concept.related:
        yield node, SKOS.related, URIRef(related)
    if concept.definition_zh:
        yield node, SKOS.definition, Literal(concept.definition_zh, lang="zh-Hans")
    if concept.definition_en:
        yield node, SKOS.definition, Literal(concept.definition_en, lang="en")
    if concept.scope_note_en:
        yield node, SKOS.scopeNote, Literal(concept.scope_note_en, lang="en")
    if concept.note:
        yield node, SKOS.editorialNote, Literal(concept.note)
